// The rules at hand: beside the prompt, a folded panel explaining the step being played (and,
// in Time of Crisis, the phase of the turn), with the topics that belong to it (a battle's
// dice, advance or stay, what a bid does). The words are the title's own reference, from
// /api/meta (crisis.games.reference); the page adds none of its own.

import { el } from "./api.js";
import { $, app } from "./shared.js";

let shownFor = null;

/** Paragraphs of a reference text (blank lines separate them). */
function paragraphs(text) {
  return text.split(/\n\s*\n/).map((p) => el("p", {}, p.replace(/\s+/g, " ").trim()));
}

function entry(kind, item) {
  return el("section", { class: `rules-entry rules-${kind}` }, el("h3", {}, item.title), ...paragraphs(item.text));
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
  $("rules-body").replaceChildren(
    ...(step ? [entry("step", step)] : []),
    ...(phase && (!step || phase.title !== step.title) ? [entry("phase", phase)] : []),
    ...topics.map((t) => el("details", { class: "rules-topic" }, el("summary", {}, t.title), ...paragraphs(t.text))),
  );
}
