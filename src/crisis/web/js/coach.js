// The coach of a first game (a table opened with ?coach=1, or switched on in its panel): on
// each of your decisions it shows what it would do and why (GET /api/tables/<id>/coach/<role>:
// the medium bot's choice in the title's words, and the rest of the turn it starts), and it
// asks before an action the title warns about (influence left unspent, a province the Support
// Check would take, buying nothing). Its switch is kept in this browser, per table.

import { el, myName, rememberSeat, request } from "./api.js";
import { notesToken } from "./notes.js";
import { $, app, tableId, toast } from "./shared.js";

const key = () => `crisis.coach.${tableId}`;

/** The switch as kept: "on", "off", or null where this table never had the coach. */
function kept() {
  try {
    return localStorage.getItem(key());
  } catch {
    return null;
  }
}

function setOn(yes) {
  try {
    localStorage.setItem(key(), yes ? "on" : "off");
  } catch {
    // private mode: the switch lasts as long as the page
  }
  app.coach.enabled = yes;
}

/** Set the coach up on a table page: switched on by ``?coach=1`` (kept from then on). */
export function setupCoach() {
  const asked = new URLSearchParams(location.search).get("coach") === "1";
  app.coach = { enabled: false, answer: null, asked: null, question };
  if (asked) {
    setOn(true);
    history.replaceState(null, "", location.pathname);
  }
  // A table that never had the coach shows none: it is for first games.
  if (kept() === null) return;
  app.coach.enabled = kept() === "on";
  const box = el("section", { id: "coach", class: "coach-box", "aria-labelledby": "coach-title" },
    el("div", { class: "coach-head" },
      el("h3", { id: "coach-title" }, "Coach"),
      el("label", { class: "coach-switch" },
        el("input", { id: "coach-on", type: "checkbox", onchange: (ev) => { setOn(ev.target.checked); renderCoach(); } }),
        " switched on")),
    el("div", { id: "coach-body", "aria-live": "polite" }));
  const buttons = $("buttons");
  buttons.parentNode.insertBefore(box, buttons);
  $("coach-on").checked = app.coach.enabled;
  document.head.append(el("link", { rel: "stylesheet", href: "/static/lesson.css" }));
}

/** The coach's warning for ``action`` as a question to ask before it is sent, if any. */
function question(action) {
  const c = app.coach;
  if (!c || !c.enabled || !c.answer || !app.latest || c.answer.version !== app.latest.version) return null;
  const found = c.answer.warnings.filter((w) => JSON.stringify(w.action) === JSON.stringify(action));
  return found.length ? `Coach: ${found.map((w) => w.text).join(" ")} Do it anyway?` : null;
}

/** How long the coach waits before asking again when the server says to slow down. */
const RETRY_MS = 1500;

/** Draw the coach for the latest state (asking the server once per decision). */
export function renderCoach() {
  const c = app.coach;
  const box = $("coach");
  if (!c || !box) return;
  const s = app.latest;
  const mine = Boolean(s && s.role && s.actions && s.actions.length && !app.pending && !app.offline);
  box.classList.toggle("hidden", !mine && !c.enabled);
  const body = $("coach-body");
  if (!c.enabled) {
    body.replaceChildren(el("p", { class: "muted small" }, "Switch on for a suggestion at each of your decisions, and a word before a common mistake."));
    return;
  }
  if (!mine) {
    body.replaceChildren(el("p", { class: "muted small" }, "The coach speaks on your turn."));
    return;
  }
  const want = `${s.role}:${s.version}`;
  if (c.answer && `${c.answer.role}:${c.answer.version}` === want) return draw(c.answer);
  if (c.asked === want) return;
  c.asked = want;
  body.replaceChildren(el("p", { class: "muted small" }, "The coach is looking…"));
  request("GET", `/api/tables/${encodeURIComponent(tableId)}/coach/${encodeURIComponent(s.role)}`, undefined, notesToken(s.role))
    .then((r) => {
      if (!app.latest || r.version !== app.latest.version) return;
      c.answer = r;
      draw(r);
    })
    .catch((err) => {
      if (err.code === "rate_limited") {
        // Decisions faster than the server's pace for coaching: ask again in a moment.
        body.replaceChildren(el("p", { class: "muted small" }, "The coach needs a moment…"));
        c.asked = null;
        setTimeout(renderCoach, RETRY_MS);
        return;
      }
      body.replaceChildren(el("p", { class: "muted small" }, `The coach is silent: ${err.message}`));
    });
}

function draw(r) {
  const steps = (r.turn && r.turn.steps) || [];
  const then = steps.slice(1, 5).map((x) => x.label);
  const extra = [r.cost, r.note].filter(Boolean).join("; ");
  $("coach-body").dataset.version = String(r.version);
  $("coach-body").replaceChildren(
    ...r.warnings.map((w) => el("p", { class: "coach-warning", role: "note" }, `Careful: ${w.text}`)),
    el("p", { class: "coach-say" }, "I would: ", el("strong", {}, r.label), extra ? ` (${extra})` : ""),
    then.length
      ? el("p", { class: "muted small" }, `Why: it starts this plan for the rest of your turn: ${then.join(", then ")}.`)
      : el("p", { class: "muted small" }, "Why: it is the best use of this decision as the bot sees it."),
    el("button", { type: "button", class: "coach-do", onclick: () => app.coachAct && app.coachAct(r.action) }, "Do that"),
  );
}

/** Open a first game with the coach: you and two easy bots, the short game where the title
 * offers one (its options, from /api/meta). */
export async function startCoachedGame(title) {
  const info = (app.meta && app.meta.titles && app.meta.titles[title]) || {};
  const short = (info.options || []).some((o) => o && o.name === "short_game");
  const body = {
    title,
    seats: [{ kind: "human", name: myName() || "" }, { kind: "bot", bot: "easy" }, { kind: "bot", bot: "easy" }],
    options: short ? { players: 3, short_game: true } : { players: 3 },
  };
  try {
    const res = await request("POST", "/api/tables", body);
    const id = res.table.id;
    for (const [role, token] of Object.entries(res.tokens || {})) rememberSeat(id, role, token, true);
    location.href = `/table/${encodeURIComponent(id)}?coach=1`;
  } catch (err) {
    toast(err.message);
  }
}
