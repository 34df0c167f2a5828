// What every part of the table page shares: the page's state (`app`), the socket's send,
// short helpers and the passing notices (toast, the turn's sound and notification).

import { $, cap } from "./dom.js";

export { $, cap };
export const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");

export const app = {
  meta: null,
  title: null, // the table's title ("time_of_crisis"), known from the first state
  board: null, // that title's board module
  ctx: null, // what the board gets: {meta, info, title, act, openMenu}
  ws: null,
  roles: [], // seats this browser plays here (hotseat: several)
  latest: null, // the last `state` message
  pending: false, // an action is on its way
  offline: false, // the socket is down (after it was up, or never came up): nothing to play
  shown: null, // hotseat: whose hand is uncovered
  wasMyTurn: false,
  retry: 0,
  replay: null, // {step, steps, role} while replaying
  log: null, // every log line so far
  notesRole: null, // whose private note the Notes box holds
  notesSaved: "", // that note as last loaded or saved
  hintFor: null, // "role:version" the hint list answers
  chat: [], // the table's chat messages, oldest first
  reviewed: null, // the table whose review is drawn
  lit: [], // the regions of the log entry chosen (lit on the map)
  listOpenedFor: null, // the state version whose short action list was opened (phones)
  greyedFor: "", // "role:prompt" the "Not possible now" list explains ("" when none)
  lesson: null, // the lesson this page plays instead of a table (lesson.js), if any
  coach: null, // the coach of a first game: {enabled, answer, asked, question} (coach.js)
  coachAct: null, // takes an action as the prompt does (set by table.js)
  render: () => {}, // redraws the page from `latest` (set by table.js)
};

export function send(msg) {
  if (!app.ws || app.ws.readyState !== WebSocket.OPEN) {
    toast("Not connected; reconnecting…");
    return false;
  }
  app.ws.send(JSON.stringify(msg));
  return true;
}

/** What a table that has not started waits for, in words: players to take its free seats
 * and invited players to accept (a declined seat waits for its maker). "" once it started. */
export function openTableWait(t) {
  if (t.status !== "open") return "";
  const parts = [];
  const free = t.seats.filter((x) => x.kind === "open").map((x) => cap(x.role));
  if (free.length) parts.push(`players to take the free ${free.length === 1 ? "seat" : "seats"}: ${free.join(", ")}`);
  for (const x of t.seats.filter((y) => y.offer === "waiting")) {
    parts.push(`${x.name || "the invited player"} to accept the invitation (${cap(x.role)})`);
  }
  for (const x of t.seats.filter((y) => y.offer === "declined")) {
    parts.push(`the table's maker to offer ${cap(x.role)} again (declined)`);
  }
  return parts.length ? `Waiting for ${parts.join("; ")}` : "Waiting for the game to start";
}

// -- notices -----------------------------------------------------------------------------------
let toastTimer = null;
/** Hide the toast; one function for every toast, so that its listeners are added once. */
function hideToast() {
  clearTimeout(toastTimer);
  $("toast").classList.add("hidden");
  document.removeEventListener("pointerdown", hideToast, true);
  document.removeEventListener("keydown", hideToast, true);
}

/** A passing line at the edge of the screen: gone after 4 s, or at the next tap or key (by
 * then the player has moved on, and what it said may no longer hold). Taps pass through it. */
export function toast(text) {
  const t = $("toast");
  t.textContent = text;
  t.classList.remove("hidden");
  clearTimeout(toastTimer);
  toastTimer = setTimeout(hideToast, 4000);
  document.addEventListener("pointerdown", hideToast, true);
  document.addEventListener("keydown", hideToast, true);
}

let audio = null;

/** Sound needs a click first: the page resumes it on any click. */
export function wakeAudio() {
  if (audio && audio.state === "suspended") audio.resume();
}

export function announce(text) {
  if (document.hidden && "Notification" in window && Notification.permission === "granted") {
    new Notification(`${app.board ? app.board.name : "crisis"}: your turn`, { body: text });
  }
  try {
    if (!audio) audio = new AudioContext();
    if (audio.state !== "running") return;
    const o = audio.createOscillator();
    const g = audio.createGain();
    o.frequency.value = 660;
    g.gain.value = 0.05;
    o.connect(g).connect(audio.destination);
    o.start();
    o.stop(audio.currentTime + 0.15);
  } catch {
    // no sound available
  }
}
