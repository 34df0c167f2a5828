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

/** How many lines the log shows at most (the newest). */
const SHOWN = 300;
/** How many of the newest stand under the prompt too, on a phone (style.css shows them). */
const RECENT = 4;

/** The newest lines again under the prompt, where a phone shows them. */
function renderRecent(lines) {
  const box = $("recent");
  if (!box) return;
  const from = Math.max(0, lines.length - RECENT);
  box.replaceChildren(...lines.slice(from).map((line) => el("li", {}, ...logLine(line))));
  box.setAttribute("start", String(from + 1));
}
/** What the log shows now: lines `from` to `to` (exclusive) of the game's log, and the last
 * of them, to tell a longer log from a rewritten one (an undo, a replay's other moment). */
const drawn = { from: 0, to: 0, last: null };

/** Whether the log follows its newest line: until its reader scrolls up, and again once they
 * scroll back down to it. Kept by its scroll events, so that drawing a state never has to
 * ask where the list stands (asking would make the browser lay the whole page out there and
 * then, after the new lines, once more). */
let following = true;
/** Where the page itself last scrolled the list to: a scroll event that finds it higher was
 * the reader's; one that finds it lower only means that new lines came in meanwhile. */
let placed = 0;

function keepFollowing(log) {
  if (log.dataset.follows) return;
  log.dataset.follows = "yes";
  log.addEventListener("scroll", () => {
    if (log.scrollTop + log.clientHeight >= log.scrollHeight - 20) following = true;
    else if (log.scrollTop < placed - 2) following = false;
  }, { passive: true });
}

/** Show the newest lines of `view.log`. A log that only grew since the last call gets its new
 * lines appended (and its oldest dropped past SHOWN), so a state costs the page its new
 * lines, not all of them again; any other change draws the whole list afresh. */
export function renderLog(view) {
  const log = $("log");
  keepFollowing(log);
  const lines = view.log;
  renderRecent(lines);
  const from = Math.max(0, lines.length - SHOWN);
  const grew = drawn.to > 0 && lines.length >= drawn.to && lines[drawn.to - 1] === drawn.last && log.children.length === drawn.to - drawn.from;
  if (grew) {
    log.append(...lines.slice(drawn.to).map((line) => logEntry(line)));
    for (let gone = from - drawn.from; gone > 0; gone--) log.firstElementChild.remove();
  } else {
    log.replaceChildren(...lines.slice(from).map((line) => logEntry(line)));
  }
  Object.assign(drawn, { from, to: lines.length, last: lines.length ? lines[lines.length - 1] : null });
  log.setAttribute("start", String(from + 1));
  // at the next frame, before the browser lays it out anyway
  if (following) {
    requestAnimationFrame(() => {
      log.scrollTop = log.scrollHeight;
      placed = log.scrollTop;
    });
  }
}
