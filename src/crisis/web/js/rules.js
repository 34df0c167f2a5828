// The rules at hand: beside the prompt, a folded panel explaining the step being played (and,
// in Time of Crisis, the phase of the turn), with the topics that belong to it (a battle's
// dice, advance or stay, what a bid does). The words are the title's own reference, from
// /api/meta (crisis.games.reference); the page adds none of its own. Each card face gets a
// small "?" button that opens the card's own entry (the reference's cards) in a dialog.

import { el } from "./api.js";
import { $, app } from "./shared.js";

let shownFor = null;

/** Paragraphs of a reference text (blank lines separate them). */
function paragraphs(text) {
  return text.split(/\n\s*\n/).map((p) => el("p", {}, p.replace(/\s+/g, " ").trim()));
}

/** One entry of the panel: a heading and its paragraphs, then ``more`` (another entry's words
 * under the same heading), if any. */
function entry(kind, item, more = "") {
  return el("section", { class: `rules-entry rules-${kind}` }, el("h3", {}, item.title),
    ...paragraphs(item.text), ...(more ? paragraphs(more) : []));
}

/** Draw the panel for the view's step and phase (only when they change: an open panel stays
 * open, and a reader's place in it stays, while the game moves within the step). */
export function renderRules(view) {
  const ref = (app.ctx && app.ctx.info && app.ctx.info.reference) || {};
  const key = `${app.ctx && app.ctx.title}|${view.step || ""}|${view.phase || ""}`;
  if (key === shownFor) return;
  shownFor = key;
  const step = (ref.steps || {})[view.step];
  const phase = (ref.phases || {})[view.phase];
  const topics = [...new Set([...(step && step.topics) || [], ...(phase && phase.topics) || []])]
    .map((name) => (ref.topics || {})[name]).filter(Boolean);
  const box = $("rules-at-hand");
  box.classList.toggle("hidden", !step && !phase);
  if (!step && !phase) return;
  $("rules-title").textContent = `Rules: ${(step || phase).title}`;
  // A step that is its phase's only decision (Take actions in the Take Actions phase) gets one
  // entry under one heading: the step's words, then the phase's.
  const same = step && phase && phase.title.toLowerCase() === step.title.toLowerCase();
  $("rules-body").replaceChildren(
    ...(step ? [entry("step", step, same ? phase.text : "")] : []),
    ...(phase && !same ? [entry("phase", phase)] : []),
    ...topics.map((t) => el("details", { class: "rules-topic" }, el("summary", {}, t.title), ...paragraphs(t.text))),
  );
}

/** The reference's entry for a card id, if the title has one. */
function cardEntry(id) {
  const ref = (app.ctx && app.ctx.info && app.ctx.info.reference) || {};
  return (ref.cards || {})[id] || null;
}

/** A "?" button that opens the entry of card ``id`` (an event named in a line of text), or
 * null when the title has none. ``cls``: its look ("card-help-inline" beside a line of text). */
export function cardHelpButton(id, cls = "card-help-inline") {
  const item = cardEntry(id);
  if (!item) return null;
  const help = el("button", {
    type: "button",
    class: `card-help ${cls}`.trim(),
    "aria-label": `About ${item.title}`,
    title: "What this card is for",
    "aria-haspopup": "dialog",
    onclick: (ev) => {
      ev.stopPropagation();
      showCard(item, help);
    },
  }, "?");
  return help;
}

/** ``face`` (a card face, a button when it can be played) with a "?" button beside it that
 * opens the card's entry; the face alone when the title has no entry for the card. */
export function withCardHelp(face, id) {
  const help = cardHelpButton(id, "");
  return help ? el("span", { class: "card-slot", "data-card-slot": id }, face, help) : face;
}

function showCard(item, opener) {
  let dialog = document.getElementById("card-rules");
  if (!dialog) {
    dialog = el("dialog", { id: "card-rules", class: "card-rules", "aria-labelledby": "card-rules-title" });
    document.body.append(dialog);
  }
  dialog.replaceChildren(
    el("h2", { id: "card-rules-title" }, item.title),
    el("div", { class: "card-rules-body" }, ...paragraphs(item.text)),
    el("form", { method: "dialog" }, el("button", { value: "close", class: "primary" }, "Close")),
  );
  dialog.addEventListener("close", () => opener.isConnected && opener.focus(), { once: true });
  dialog.showModal();
}
