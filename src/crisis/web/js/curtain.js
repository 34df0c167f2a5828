// The hotseat curtain: with several seats in one browser, each hand stays covered until its
// owner says so.

import { $, app, cap, send } from "./shared.js";

/** The seat this browser should show now: the first of its seats that must act. */
function wantedSeat(view) {
  const mine = app.roles.filter((r) => view.active.includes(r));
  return mine[0] || app.shown || app.roles[0] || null;
}

export function curtain(view) {
  if (app.roles.length < 2 || view.result) {
    $("curtain").classList.add("hidden");
    return false;
  }
  const want = wantedSeat(view);
  if (want === app.shown) {
    $("curtain").classList.add("hidden");
    if (app.latest.role !== want) send({ type: "look", role: want });
    return false;
  }
  if (app.latest.role !== null) send({ type: "look", role: null }); // cover the old hand
  $("curtain-text").textContent = `${cap(want)} to play. Pass the screen to ${cap(want)}; the other hands stay hidden.`;
  const btn = $("curtain-show");
  btn.textContent = `I am ${cap(want)}: show my cards`;
  btn.onclick = () => {
    app.shown = want;
    $("curtain").classList.add("hidden");
    send({ type: "look", role: want });
  };
  $("curtain").classList.remove("hidden");
  return true;
}
