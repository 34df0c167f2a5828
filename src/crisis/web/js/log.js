// The game log beside the board: dice drawn as dice, turns in bold, and each entry that
// names places lighting them on the board.

import { el } from "./api.js";
import { logLine } from "./dice.js";
import { $, app } from "./shared.js";

/** A log entry; one that names places lights them on the map while hovered, or after a
 * click (or Enter) until another entry is chosen. */
export function logEntry(line) {
  const places = app.board.regionsIn ? app.board.regionsIn(line) : [];
  const li = el("li", { class: app.board.heading(line) ? "turn" : "" }, ...logLine(line));
  if (!places.length) return li;
  li.classList.add("places");
  li.dataset.regions = places.join(",");
  li.title = `On the map: ${places.join(", ")}`;
  li.addEventListener("mouseenter", () => app.board.highlight(places));
  li.addEventListener("mouseleave", () => app.board.highlight(app.lit || []));
  li.addEventListener("click", () => {
    const same = li.classList.contains("chosen");
    document.querySelectorAll("#log li.chosen").forEach((x) => x.classList.remove("chosen"));
    app.lit = same ? [] : places;
    li.classList.toggle("chosen", !same);
    app.board.highlight(app.lit);
  });
  return li;
}

export function renderLog(view) {
  const log = $("log");
  const atBottom = log.scrollTop + log.clientHeight >= log.scrollHeight - 20;
  const lines = view.log.slice(-300);
  log.replaceChildren(...lines.map((line) => logEntry(line)));
  log.setAttribute("start", String(view.log.length - lines.length + 1));
  if (atBottom) log.scrollTop = log.scrollHeight;
}
