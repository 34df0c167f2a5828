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
    list.replaceChildren(
      el("p", { class: "muted small" }, "The strongest bot's top choices for you, with its estimated chance to win after each:"),
      ...r.hints.map((h) => el("div", { class: "hint" },
        el("button", { type: "button", onclick: () => act(h.action) }, h.label),
        el("span", { class: "muted small" },
          [h.chance === null ? "" : `≈${Math.round(100 * h.chance)}% to win`, h.plan ? `plan: ${h.plan}` : "", h.basis].filter(Boolean).join(" · ")))),
    );
  } catch (err) {
    list.replaceChildren(el("p", { class: "error" }, err.message));
  }
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
