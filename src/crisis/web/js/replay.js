// Replays: any step of the game, from any seat's view once it is over, drawn by the same
// board with the title's words for each step.

import { el, mySeats, request } from "./api.js";
import { renderLog } from "./log.js";
import { renderHeader, renderPrompt } from "./prompt.js";
import { renderRules } from "./rules.js";
import { $, app, cap, toast, tableId } from "./shared.js";

/** The step last asked for (clicks in a row count from it, not from the last answer) and
 * the number of that request (an answer to an older one is dropped). */
let wanted = 0;
let asked = 0;

export async function showReplay(step) {
  wanted = step;
  const ticket = ++asked;
  const role = $("replay-role").value || null;
  const token = mySeats(tableId).map((x) => x.token).join(",");
  const q = role ? `?role=${encodeURIComponent(role)}` : "";
  try {
    const r = await request("GET", `/api/tables/${encodeURIComponent(tableId)}/replay/${step}${q}`, undefined, role ? token : undefined);
    if (ticket !== asked) return; // a later step was asked meanwhile
    app.replay = { step: r.step, steps: r.steps };
    const bar = $("replay-step");
    bar.max = String(r.steps);
    bar.value = String(r.step);
    // r.action is [role, verb, arg]; r.label is the title's own words for it.
    const words = r.label || (r.action ? app.board.label(r.action.slice(1), r.view) : "");
    const said = r.action ? `: ${cap(r.action[0])}: ${words}` : "";
    $("replay-label").textContent = `step ${r.step} of ${r.steps}${said}`;
    // That step's table: its result only once the game had ended there (never the final
    // state's words at an earlier step).
    const table = { ...app.latest.table, result: r.view.result || null, status: r.view.result ? "finished" : "playing" };
    const fake = { ...app.latest, table, role: r.role, view: { ...r.view, active: [] }, actions: [], replay: true };
    renderHeader(fake, fake.view, []);
    renderPrompt(fake, fake.view, []);
    renderRules(fake.view);
    $("prompt").textContent = `Replay: ${r.view.prompt}`;
    app.board.render(app.ctx, fake, fake.view, []);
    renderLog(fake.view);
  } catch (err) {
    toast(err.message);
  }
}

export function openReplay() {
  const s = app.latest;
  const select = $("replay-role");
  const roles = s.table.status === "finished" ? s.table.seats.map((x) => x.role) : app.roles;
  select.replaceChildren(el("option", { value: "" }, "public view"), ...roles.map((r) => el("option", { value: r }, `${r}'s view`)));
  $("replay-bar").classList.remove("hidden");
  $("curtain").classList.add("hidden");
  // the board comes back into view (the Replay button sits at the foot of its column)
  const column = document.querySelector(".main-col");
  if (column) column.scrollTop = 0;
  window.scrollTo(0, 0);
  showReplay(0);
}

export function closeReplay() {
  app.replay = null;
  $("replay-bar").classList.add("hidden");
  app.render();
}

export function setupReplay() {
  $("replay").addEventListener("click", openReplay);
  $("replay-close").addEventListener("click", closeReplay);
  $("replay-step").addEventListener("change", (ev) => showReplay(Number(ev.target.value)));
  $("replay-prev").addEventListener("click", () => app.replay && showReplay(Math.max(0, wanted - 1)));
  $("replay-next").addEventListener("click", () => app.replay && showReplay(Math.min(app.replay.steps, wanted + 1)));
  $("replay-first").addEventListener("click", () => showReplay(0));
  $("replay-last").addEventListener("click", () => app.replay && showReplay(app.replay.steps));
  $("replay-role").addEventListener("change", () => app.replay && showReplay(app.replay.step));
}
