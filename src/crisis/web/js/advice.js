// Advice: "What would the bot do?" for this seat, and the review of a finished game
// (score and the bot's estimate of each player's chance to win, by round).

import { el, request } from "./api.js";
import { chart } from "./charts.js";
import { notesToken } from "./notes.js";
import { act } from "./prompt.js";
import { $, app, cap, tableId } from "./shared.js";

export async function askHint() {
  const s = app.latest;
  if (!s || !s.role) return;
  const list = $("hint-list");
  list.replaceChildren(el("p", { class: "muted" }, "The bot is thinking (about a second), from your view only…"));
  app.hintFor = `${s.role}:${s.version}`;
  try {
    const r = await request("GET", `/api/tables/${encodeURIComponent(tableId)}/hint/${encodeURIComponent(s.role)}`, undefined, notesToken(s.role));
    if (!app.latest || r.version !== app.latest.version) {
      list.replaceChildren(el("p", { class: "muted" }, "The game moved on; ask again."));
      return;
    }
    const mine = r.hints.find((h) => h.pick);
    const several = r.hints.length > 1;
    list.replaceChildren(
      el("p", { class: "muted small" }, several
        ? "The strongest bot's choice for you first, then its best other choices by its estimate of your chance to win after each (± one standard error: asked again, an estimate moves by about that much). Its own choice comes from its deeper search, so another may rate higher on these quick samples:"
        : "The strongest bot's choice for you:"),
      el("ol", { class: "hint-choices" }, ...r.hints.map(choice)),
      rated(r.hints[0]),
      mine && mine.turn ? plan(mine.turn) : null,
    );
  } catch (err) {
    list.replaceChildren(el("p", { class: "error" }, err.message));
  }
}

function percent(x) {
  return `${Math.round(100 * x)}%`;
}

// One choice: its button (the title's label) and the estimate behind it.
function choice(h) {
  const facts = [];
  if (h.chance !== null && h.chance !== undefined) {
    const known = h.error !== null && h.error !== undefined;
    const err = known ? ` ±${Math.max(1, Math.round(100 * h.error))}` : "";
    facts.push(`≈${percent(h.chance)}${err} to win`);
  }
  if (h.basis) facts.push(h.basis);
  return el("li", { class: h.pick ? "hint hint-pick" : "hint" },
    el("button", { type: "button", onclick: () => act(h.action) }, h.label),
    el("span", { class: "muted small" }, h.pick ? el("strong", {}, "The bot's choice") : null, h.pick ? " · " : null, facts.join(" · ")));
}

// How many of the choices the search weighed.
function rated(h) {
  if (!h || !h.choices || h.choices <= 1) return null;
  const all = h.rated >= h.choices ? `all ${h.choices} choices` : `${h.rated} of the ${h.choices} choices (the bot's own and a sample of the rest)`;
  return el("p", { class: "muted small" }, `It rated ${all}, each played out on the same sampled games.`);
}

// The rest of the turn as the bot would play it, in the title's words.
function plan(turn) {
  const steps = turn.steps || [];
  if (!steps.length) return null;
  const n = turn.samples;
  return el("div", { class: "hint-plan" },
    el("h3", { id: "hint-plan-title" }, "The bot's plan for the rest of your turn"),
    el("p", { class: "muted small" }, `Played out ${n} times on games sampled from what you can see; where dice or unseen cards change the plan, a step says how many of the ${n} took it.`),
    el("ol", { class: "hint-steps", "aria-labelledby": "hint-plan-title" }, ...steps.map((step) => {
      const taken = Math.round(step.share * n);
      return el("li", {},
        step.label,
        step.cost ? el("span", { class: "muted" }, ` (${step.cost})`) : null,
        taken < n ? el("span", { class: "muted small" }, ` · in ${taken} of ${n}`) : null);
    })),
    turn.others ? el("p", { class: "muted small" }, "Other players decide during your turn too; the plan has them play as the bot would.") : null,
  );
}

export async function showReview() {
  const t = app.latest && app.latest.table;
  if (!t || t.status !== "finished" || app.reviewed === tableId) return;
  app.reviewed = tableId;
  try {
    const r = await request("GET", `/api/tables/${encodeURIComponent(tableId)}/review`);
    const top = Math.max(1, ...Object.values(r.scores).flat());
    const parts = [chart(`${app.board.scoreName} by round`, r.rounds, r.scores, top, (v) => String(v))];
    if (r.chances) parts.push(chart("The bot's estimate of each player's chance to win", r.rounds, r.chances, 1, (v) => `${Math.round(100 * v)}%`));
    parts.push(el("p", { class: "muted small" }, ...Object.keys(r.scores).map((role) => el("span", { class: "legend-item" }, el("span", { class: `swatch ${role}` }), cap(role), " "))));
    $("review").replaceChildren(...parts);
    $("review-card").classList.remove("hidden");
  } catch (err) {
    app.reviewed = null;
  }
}
