// The table page: one websocket to the server, and the page drawn from its last `state`
// message, for every title. The parts live in their own modules: the prompt and its actions
// (prompt.js), the hotseat curtain (curtain.js), the log (log.js), the table card
// (seats.js), chat (chat.js), the hint and the review (advice.js), private notes (notes.js)
// and replays (replay.js); what they share is in shared.js. The title's own parts (map,
// cards, players' areas) are drawn by its board module (boards/index.js).

import { el, meta as loadMeta, myName, mySeats, rememberSeat, request } from "./api.js";
import { askHint, showReview } from "./advice.js";
import { BOARDS } from "./boards/index.js";
import { renderChat, sendChat } from "./chat.js";
import { renderCoach, setupCoach } from "./coach.js";
import { curtain } from "./curtain.js";
import { renderLog } from "./log.js";
import { renderNotes, setupNotes } from "./notes.js";
import { act, actionButton, closeMenu, openMenu, renderHeader, renderPrompt, said } from "./prompt.js";
import { setupReplay } from "./replay.js";
import { lessonAddress, startLesson } from "./lesson.js";
import { renderRules } from "./rules.js";
import { goRematch, renderTable, setupSeats } from "./seats.js";
import { $, app, send, tableId, toast, wakeAudio } from "./shared.js";

// -- seat secrets from an invitation link -----------------------------------------------------
function takeLinkSecret() {
  const params = new URLSearchParams(location.hash.slice(1));
  const seat = params.get("seat");
  const token = params.get("token");
  if (seat && token) {
    rememberSeat(tableId, seat, token, true);
    history.replaceState(null, "", location.pathname); // keep the secret out of the address bar
    return token;
  }
  return null;
}

/** A seat opened by its link while signed in is the account's from now on: it follows the
 * person to any browser, is in their "Your games", and its turns are mailed to them. */
async function claimLinkSeat(token) {
  try {
    const { account } = await request("GET", "/api/account");
    if (!account) return;
    await request("POST", "/api/account/seats", { tokens: [token] });
    app.accountName = account.name; // the seat's name, where this browser has none of its own
  } catch {
    // No accounts here, or the claim can wait: the link plays the seat all the same.
  }
}

/** A mailed link names the seat it is for (``?seat=blue``). A browser that does not hold
 * that seat and where nobody is signed in (another device) is sent to sign in at once,
 * before the table loads, and comes back here, to the seat, after. Signed in as someone
 * else, or on a site without accounts, the page loads as it is. True when it is sent away. */
async function reachMailedSeat() {
  const wanted = new URLSearchParams(location.search).get("seat");
  if (!wanted || mySeats(tableId).some((s) => s.role === wanted)) return false;
  let res;
  try {
    res = await request("GET", "/api/account");
  } catch {
    return false; // no accounts here
  }
  if (res.account) return false;
  location.replace(`/account/signin?next=${encodeURIComponent(location.pathname + location.search)}`);
  return true;
}

// -- connection --------------------------------------------------------------------------------
function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(tableId)}`);
  app.ws = ws;
  ws.addEventListener("open", () => {
    app.retry = 0;
    setConn("connected", false);
    setOffline(false);
    const tokens = mySeats(tableId).map((s) => s.token).slice(0, 8);
    ws.send(JSON.stringify({ type: "hello", tokens, name: myName() || app.accountName || undefined }));
  });
  ws.addEventListener("message", (ev) => {
    let msg;
    try {
      msg = JSON.parse(ev.data);
    } catch {
      return;
    }
    onMessage(msg);
  });
  ws.addEventListener("close", (ev) => {
    app.pending = false;
    if (ev.code === 4404) {
      noSuchTable();
      return;
    }
    const wait = Math.min(10000, 500 * 2 ** app.retry++);
    setConn(`reconnecting in ${Math.round(wait / 1000)} s…`, true);
    setOffline(true);
    setTimeout(connect, wait);
  });
}

/** The address names no table: the page says so and leads back to the lobby, instead of
 * an empty board with nothing in its cards. */
function noSuchTable() {
  setConn("no such table", true);
  $("table-bar").classList.add("hidden");
  const main = /** @type {HTMLElement} */ (document.querySelector("main.board"));
  main.classList.add("missing");
  main.replaceChildren(el("section", { class: "card missing-table", role: "alert" },
    el("h2", {}, "There is no table at this address"),
    el("p", {}, "The address may be mistyped, or the table may be gone: an open table that "
      + "nobody joined is cleared away after a week."),
    el("p", {}, el("a", { href: "/" }, "Go to the lobby"),
      ", where games are made and your own games are listed.")));
}

/** While the socket is down the page says so, and offers nothing to play: what it shows
 * may be out of date, and an action could not be sent. */
function setOffline(down) {
  if (app.offline === down) return;
  app.offline = down;
  $("offline").classList.toggle("hidden", !down);
  document.body.classList.toggle("is-offline", down);
  if (app.latest && !app.replay) render();
}

function setConn(text, down) {
  const c = $("conn");
  c.textContent = text;
  c.classList.toggle("down", down);
}

function onMessage(msg) {
  if (msg.type === "welcome") {
    app.roles = msg.roles;
    app.chat = msg.chat || [];
    renderChat();
    if (app.roles.length === 1) app.shown = app.roles[0];
  } else if (msg.type === "state") {
    if (app.latest && msg.version < app.latest.version) return;
    mergeLog(msg);
    app.latest = msg;
    if (!app.replay) render();
  } else if (msg.type === "acted") {
    app.pending = false;
    if (!app.replay) render();
  } else if (msg.type === "error") {
    app.pending = false;
    toast(msg.message);
    if (app.latest && !app.replay) render();
  } else if (msg.type === "chat") {
    app.chat = app.chat.concat(msg.entries);
    renderChat();
    // The chat sits under the board: a message from another seat is shown in passing too
    // while the chat is out of sight.
    const theirs = msg.entries.filter((m) => !app.roles.includes(m.role));
    if (theirs.length && !inView($("chat-card"))) {
      const m = theirs[theirs.length - 1];
      toast(`${m.name}: ${m.text.length > 120 ? `${m.text.slice(0, 117)}…` : m.text}`);
    }
  } else if (msg.type === "rematch") {
    goRematch(msg.table);
  }
}

/** Whether a part of the page is in sight: in the window, and in its scrolling column. */
function inView(node) {
  const r = node.getBoundingClientRect();
  let top = 0;
  let bottom = window.innerHeight;
  const column = node.closest(".main-col");
  const c = column ? column.getBoundingClientRect() : null;
  if (c && c.height) {
    top = Math.max(top, c.top);
    bottom = Math.min(bottom, c.bottom);
  }
  return r.height > 0 && r.top < bottom - 20 && r.bottom > top + 20;
}

/** Updates carry the log from `log_from` on: splice it into the lines we have, or ask for
 * the whole log again if some lines were skipped. */
function mergeLog(msg) {
  const from = msg.log_from || 0;
  const lines = msg.view.log;
  if (from === 0) app.log = lines;
  else if (app.log && from <= app.log.length) app.log = app.log.slice(0, from).concat(lines);
  else {
    app.log = (app.log || []).concat(lines);
    send({ type: "look", role: msg.role });
  }
  msg.view.log = app.log;
}

// -- rendering ---------------------------------------------------------------------------------
/** Pick the board the table's title declares (its /api/meta `board`; once: a table keeps its
 * title) and show only the page sections that title uses. */
function chooseBoard(s) {
  if (app.board) return;
  const titles = app.meta.titles || {};
  const drawn = (name) => titles[name] && BOARDS[titles[name].board];
  const title = drawn(s.table.title) ? s.table.title : app.meta.default_title;
  app.title = title;
  const info = titles[title] || app.meta;
  app.board = BOARDS[info.board];
  app.ctx = { meta: app.meta, info, title, act, openMenu, said, button: actionButton };
  document.body.dataset.title = title;
  document.querySelectorAll("[data-titles]").forEach((node) => {
    node.classList.toggle("hidden", !node.dataset.titles.split(" ").includes(title));
  });
  $("home").textContent = app.board.name;
  app.board.setup(app.ctx);
}

function render() {
  const s = app.latest;
  if (!s) return;
  chooseBoard(s);
  // A game the table ended (a resignation with no person left, a timeout), not the rules:
  // its view still names who was to act, but nobody is now. Nor does anyone act at an open
  // table that waits for its players (its rules are set up, its first player named).
  const idle = (s.table.result && !s.view.result) || s.table.status === "open";
  const view = idle ? { ...s.view, active: [] } : s.view;
  const covered = curtain(view);
  const actions = covered || app.pending || app.offline ? [] : s.actions;
  const focus = focusedButton();
  renderHeader(s, view, actions);
  renderPrompt(s, view, actions);
  renderRules(view);
  app.board.render(app.ctx, s, view, actions);
  renderLog(view);
  if (!app.lesson) {
    renderTable(s);
    renderNotes(s, covered);
    showReview();
    renderCoach();
  }
  refocus(focus);
}

/** The keyboard's place among the prompt's buttons (redrawn on every state), by the box
 * that holds it and its words, so that a redraw can put it back. */
function focusedButton() {
  const b = document.activeElement;
  if (!b || b.tagName !== "BUTTON") return null;
  const box = b.closest("[id]");
  return box && box.id !== "menu" ? { box: box.id, text: b.textContent } : null;
}

function refocus(was) {
  if (!was || (document.activeElement && document.activeElement !== document.body)) return;
  const box = document.getElementById(was.box);
  if (!box) return;
  const buttons = [...box.querySelectorAll("button")];
  const same = buttons.find((b) => b.textContent === was.text) || buttons[0];
  if (same) same.focus({ preventScroll: true });
}

// -- start -------------------------------------------------------------------------------------
async function main() {
  const linked = takeLinkSecret();
  if (!linked && (await reachMailedSeat())) return;
  const claimed = linked ? claimLinkSeat(linked) : null;
  app.meta = await loadMeta();
  await claimed;
  app.render = render;
  document.addEventListener("click", (ev) => {
    if (!$("menu").contains(ev.target) && !ev.target.closest(".target")) closeMenu();
    wakeAudio();
  });
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape") closeMenu();
  });
  setupSeats();
  setupNotes();
  setupReplay();
  $("hint").addEventListener("click", askHint);
  $("chat-form").addEventListener("submit", sendChat);
  $("notify").addEventListener("click", async () => {
    if (!("Notification" in window)) return toast("This browser has no notifications.");
    const answer = await Notification.requestPermission();
    toast(answer === "granted" ? "You will be notified when it is your turn." : "Notifications are off.");
  });
  const lesson = lessonAddress();
  if (lesson) return startLesson(lesson);
  setupCoach();
  app.coachAct = act;
  if (!mySeats(tableId).length && !tableId) return;
  connect();
}

main();
