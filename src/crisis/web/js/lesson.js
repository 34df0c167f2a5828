// Lessons on the real table page (/learn/<title>/<lesson>): the page draws each step's
// position exactly as it draws a live table, from a `state` message the server worked out
// (GET /api/lessons/<title>/<lesson>/<step>), and a lesson card above the prompt narrates it.
// The one control the step uses is lit; clicking it moves to the next step, any other action
// is answered with what the example does and changes nothing. Back and Forward walk the
// steps; the step reached is kept in this browser (localStorage) so that leaving and coming
// back resumes there. Nothing is sent to a table: acting goes through `app.ws`, which in a
// lesson is this module's own stand-in for the socket.

import { el, request } from "./api.js";
import { startCoachedGame } from "./coach.js";
import { $, app, cap, toast } from "./shared.js";

/** The lesson an address names ({title, id}), or null for an ordinary table. */
export function lessonAddress(path = location.pathname) {
  const m = path.match(/^\/learn\/([^/]+)\/([^/]+)\/?$/);
  return m ? { title: decodeURIComponent(m[1]), id: decodeURIComponent(m[2]) } : null;
}

const storeKey = (l) => `crisis.lesson.${l.title}.${l.id}`;

function saved(l) {
  try {
    const n = Number(localStorage.getItem(storeKey(l)));
    return Number.isInteger(n) && n >= 0 ? n : 0;
  } catch {
    return 0;
  }
}

function keep(l, step) {
  try {
    localStorage.setItem(storeKey(l), String(step));
  } catch {
    // private mode: the lesson still plays, it only forgets
  }
}

/** Play the lesson at `where` on this page (instead of connecting to a table). */
export async function startLesson(where) {
  document.body.classList.add("lesson");
  document.head.append(el("link", { rel: "stylesheet", href: "/static/lesson.css" }));
  const lesson = { ...where, script: null, step: 0, msg: null, seen: new Set(), others: [] };
  app.lesson = lesson;
  if ($("conn")) $("conn").textContent = "lesson";
  try {
    lesson.script = await request("GET", `/api/lessons/${encodeURIComponent(where.title)}/${encodeURIComponent(where.id)}`);
  } catch (err) {
    $("prompt").textContent = `This lesson could not be loaded: ${err.message}`;
    return;
  }
  request("GET", "/api/lessons").then((r) => { lesson.others = r.lessons || []; drawCard(); }).catch(() => {});
  document.title = `${lesson.script.name} · crisis`;
  buildCard();
  // Acting in a lesson never leaves the page: the prompt's `send` lands here.
  app.ws = { readyState: WebSocket.OPEN, send: (text) => tried(JSON.parse(text)) };
  const drawn = app.render;
  app.render = () => {
    drawn();
    light();
  };
  new MutationObserver(() => light()).observe($("menu"), { childList: true });
  new MutationObserver(() => light()).observe($("confirm"), { attributes: true, attributeFilter: ["open"] });
  await go(Math.min(saved(lesson), lesson.script.steps.length));
}

/** Show step `n` (the final board when n is the number of steps). */
async function go(n) {
  const lesson = app.lesson;
  const steps = lesson.script.steps.length;
  const step = Math.max(0, Math.min(steps, n));
  let msg;
  try {
    msg = await request("GET", `/api/lessons/${encodeURIComponent(lesson.title)}/${encodeURIComponent(lesson.id)}/${step}`);
  } catch (err) {
    toast(err.message);
    return;
  }
  lesson.step = step;
  lesson.msg = msg;
  lesson.said = "";
  keep(lesson, step);
  app.log = msg.view.log;
  app.latest = msg;
  app.pending = false;
  drawCard();
  app.render();
}

/** An action the learner took on the page: the expected one plays the step; any other is
 * answered with what the example does, and the position stays as it was. */
function tried(msg) {
  const lesson = app.lesson;
  const step = lesson.script.steps[lesson.step];
  if (msg.type !== "act" || !step) return;
  if (msg.role === step.role && JSON.stringify(msg.action) === JSON.stringify(step.action)) {
    lesson.seen.add(lesson.step);
    go(lesson.step + 1);
    return;
  }
  lesson.said = `That is allowed, but in the example ${cap(step.role)} does this: ${step.label}. Try that.`;
  // The prompt marks the action as on its way just after sending: undo that once it has.
  setTimeout(() => {
    app.pending = false;
    drawCard();
    app.render();
    $("lesson-said").focus();
  }, 0);
}

// -- the lesson card ---------------------------------------------------------------------------
function buildCard() {
  const card = el("section", { id: "lesson-card", class: "card lesson-card", "aria-labelledby": "lesson-name" },
    el("h2", { id: "lesson-name" }, app.lesson.script.name),
    el("p", { id: "lesson-where", class: "muted small" }),
    el("div", { class: "buttons lesson-nav" },
      el("button", { id: "lesson-back", type: "button", onclick: () => go(app.lesson.step - 1) }, "‹ Back"),
      el("button", { id: "lesson-forward", type: "button", title: "Let the example play this step", onclick: () => go(app.lesson.step + 1) }, "Forward ›"),
      el("button", { id: "lesson-show", type: "button", title: "Scroll to the control to use", onclick: showLit }, "Show me"),
      el("button", { id: "lesson-rules", type: "button", onclick: openRules }, "Rules"),
      el("button", { id: "lesson-restart", type: "button", onclick: () => go(0) }, "Start over")),
    el("p", { id: "lesson-said", class: "lesson-said hidden", role: "alert", tabindex: "-1" }),
    el("p", { id: "lesson-say", class: "lesson-say", "aria-live": "polite" }),
    el("div", { id: "lesson-topic", class: "lesson-topic hidden", role: "note" }),
    el("details", { id: "lesson-about", class: "lesson-intro" },
      el("summary", {}, "About this lesson"),
      el("div", { id: "lesson-intro" })),
    el("div", { id: "lesson-end", class: "lesson-end hidden" }),
    // A wide screen caps the card's height: when the words run on below its edge, say so
    // (a scroll bar alone is easy to miss); a click scrolls on.
    el("button", { id: "lesson-more", type: "button", class: "lesson-more hidden", onclick: moreBelow }, "More below ▾"),
  );
  // Above the prompt: first in the side column (the prompt's own column on any layout).
  const prompt = document.querySelector(".prompt-card");
  const side = document.querySelector(".side") || (prompt && prompt.parentNode) || document.body;
  side.insertBefore(card, side.firstChild);
  card.addEventListener("scroll", markMore, { passive: true });
  card.addEventListener("toggle", markMore, true); // "About this lesson" opened or closed
  window.addEventListener("resize", markMore);
}

/** Show "More below" while the lesson card has words below its visible part. */
function markMore() {
  const card = $("lesson-card");
  if (!card) return;
  const hidden = card.scrollHeight - card.scrollTop - card.clientHeight;
  $("lesson-more").classList.toggle("hidden", hidden <= 4);
}

/** Scroll the lesson card on by most of its height. */
function moreBelow() {
  const card = $("lesson-card");
  card.scrollBy({ top: card.clientHeight * 0.8, behavior: "smooth" });
}

/** The rules at hand for this step, opened and brought into view. */
function openRules() {
  const box = $("rules-at-hand");
  if (box.classList.contains("hidden")) {
    toast("This step has no rules entry; the lesson's words above explain it.");
    return;
  }
  box.open = true;
  box.scrollIntoView({ block: "nearest" });
  $("rules-title").focus();
}

function paragraphs(text) {
  return text.split(/\n\s*\n/).map((p) => el("p", {}, p.replace(/\s+/g, " ").trim()));
}

function drawCard() {
  const lesson = app.lesson;
  if (!lesson || !lesson.script || !$("lesson-card")) return;
  const steps = lesson.script.steps;
  const n = lesson.step;
  const step = steps[n];
  const done = n >= steps.length;
  $("lesson-where").textContent = done ? `The end (${steps.length} steps)` : `Step ${n + 1} of ${steps.length} · you play ${cap(step.role)}`;
  if (!$("lesson-intro").childNodes.length) $("lesson-intro").replaceChildren(...paragraphs(lesson.script.intro || lesson.script.summary || ""));
  if (lesson.shownAt !== n) $("lesson-about").open = n === 0; // opened on the first step only
  lesson.shownAt = n;
  $("lesson-card").dataset.step = String(n);
  const topic = step && step.topic;
  $("lesson-topic").classList.toggle("hidden", !topic);
  $("lesson-topic").replaceChildren(...(topic ? [el("h3", {}, `New: ${topic.title}`), ...paragraphs(topic.text)] : []));
  $("lesson-say").textContent = done ? "" : step.say.replace(/\s+/g, " ");
  $("lesson-said").classList.toggle("hidden", !lesson.said);
  $("lesson-said").textContent = lesson.said || "";
  $("lesson-back").disabled = n === 0;
  $("lesson-forward").disabled = done;
  $("lesson-show").disabled = done;
  const end = $("lesson-end");
  end.classList.toggle("hidden", !done);
  requestAnimationFrame(markMore); // once the new words are laid out
  if (done) {
    const i = lesson.others.findIndex((x) => x.title === lesson.title && x.id === lesson.id);
    const next = i >= 0 ? lesson.others[i + 1] : null;
    end.replaceChildren(...paragraphs(lesson.script.outro),
      el("p", {}, next && next.title === lesson.title ? el("a", { href: next.url, class: "lesson-next" }, `Next lesson: ${next.name}`) : null),
      el("p", {}, el("button", { id: "lesson-coached", type: "button", class: "primary", onclick: () => startCoachedGame(lesson.title) }, "Play a first game with a coach")),
      el("p", { class: "muted small" }, "You against two easy bots, the short game; the coach suggests a move at each decision and can be switched off."));
  }
}

// -- the lit control -----------------------------------------------------------------------------
const visible = (n) => n.isConnected && !n.closest(".hidden") && n.getClientRects().length > 0;

/** Light the control the step uses: the page's own question's OK (an action that loses
 * something asks first), an item of the menu its click opened; else, for a card
 * step, the card (in the hand or the market); else the action's button under the prompt or in
 * the list of the board's actions (opened). A map step also outlines its region. */
function light() {
  document.querySelectorAll(".lesson-lit, .lesson-spot").forEach((n) => n.classList.remove("lesson-lit", "lesson-spot"));
  const lesson = app.lesson;
  const step = lesson && lesson.script && lesson.script.steps[lesson.step];
  if (!step || app.pending || !lesson.msg || lesson.msg.version !== lesson.step) return;
  if ($("confirm").open) {
    // the page asks before an action that loses something (points left unspent): say yes
    $("confirm-ok").classList.add("lesson-lit");
    return;
  }
  const key = JSON.stringify(step.action);
  const buttons = [...document.querySelectorAll("[data-action]")].filter((n) => n.dataset.action === key);
  let lit = buttons.find((n) => n.closest("#menu") && visible(n));
  const [verb, arg] = step.action;
  if (!lit && (step.control === "hand" || step.control === "market")) {
    const box = step.control === "hand" ? "#hand" : "#market";
    lit = [...document.querySelectorAll(`${box} button[data-card="${CSS.escape(String(arg))}"]`)].find(visible);
  }
  if (!lit) lit = buttons.find((n) => n.closest("#buttons") && visible(n));
  if (!lit) {
    lit = buttons.find((n) => n.closest("#action-list"));
    if (lit) $("all-actions").open = true;
  }
  if (!lit) return;
  lit.classList.add("lesson-lit");
  // The piece the action is about, where the board draws it apart from the lit control (a
  // card on offer whose action the list holds): ringed too, so the words and the board meet.
  if (typeof arg === "string") {
    for (const piece of document.querySelectorAll(`[data-key="${CSS.escape(arg)}"]`)) {
      if (piece !== lit && visible(piece)) piece.classList.add("lesson-spot");
    }
  }
  if (step.control === "map") {
    const named = (Array.isArray(arg) ? arg : [arg]).filter((x) => typeof x === "string");
    for (const name of named) {
      const area = document.querySelector(`#map .area[data-region="${CSS.escape(name)}"]`);
      if (area) area.classList.add("lesson-spot");
    }
  }
  // Once per step the page brings the lesson into view: on a phone the narration (the lit
  // control is below it: "Show me" scrolls there), on a wide screen the lit control itself.
  if (lesson.scrolledAt !== lesson.step && verb && !lit.closest("#menu")) {
    lesson.scrolledAt = lesson.step;
    if (window.matchMedia("(max-width: 900px)").matches) bringCardTop();
    else lit.scrollIntoView({ block: "nearest", inline: "nearest" });
  }
}

/** On a phone, scroll so that the lesson card's heading is at the top of the screen, unless
 * it is already in the upper half of it: a lesson that has just opened keeps the page's own
 * header (the site's name, the round) in sight instead of starting scrolled past it. */
function bringCardTop() {
  const card = $("lesson-card");
  const top = card.getBoundingClientRect().top;
  if (top < 0 || top > window.innerHeight / 2) card.scrollIntoView({ block: "start" });
}

/** Scroll the lit control into view (and focus it, for the keyboard); a map step's region,
 * where the board shows it, comes first: the place on the map is what the words speak of, and
 * a click there does the step as the listed button does. */
function showLit() {
  const lit = document.querySelector(".lesson-lit");
  if (!lit) return;
  const spot = document.querySelector("#map .area.lesson-spot");
  (spot && visible(spot) ? spot : lit).scrollIntoView({ block: "center", inline: "nearest" });
  if (typeof lit.focus === "function") lit.focus({ preventScroll: true });
}
