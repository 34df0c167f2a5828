// The table page: one websocket to the server, the prompt and its actions, the log, the
// table card, hotseat curtains, replays and rematches, for every title. The title's own parts
// (map, cards, players' areas) are drawn by its board module (boards/index.js).

import { carryToRematch, el, invites, linkBox, meta as loadMeta, myName, mySeats, rememberSeat, request, seatLink } from "./api.js";
import { BOARDS, DEFAULT_TITLE } from "./boards/index.js";
import { chart } from "./charts.js";
import { logLine } from "./dice.js";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");

const app = {
  meta: null,
  title: null, // the table's title ("time_of_crisis"), known from the first state
  board: null, // that title's board module
  ctx: null, // what the board gets: {meta, info, title, act, openMenu}
  ws: null,
  roles: [], // seats this browser plays here (hotseat: several)
  latest: null, // the last `state` message
  pending: false, // an action is on its way
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
};

// -- seat secrets from an invitation link -----------------------------------------------------
function takeLinkSecret() {
  const params = new URLSearchParams(location.hash.slice(1));
  const seat = params.get("seat");
  const token = params.get("token");
  if (seat && token) {
    rememberSeat(tableId, seat, token, true);
    history.replaceState(null, "", location.pathname); // keep the secret out of the address bar
  }
}

// -- connection --------------------------------------------------------------------------------
function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(tableId)}`);
  app.ws = ws;
  ws.addEventListener("open", () => {
    app.retry = 0;
    setConn("connected", false);
    const tokens = mySeats(tableId).map((s) => s.token).slice(0, 8);
    ws.send(JSON.stringify({ type: "hello", tokens, name: myName() || undefined }));
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
      setConn("no such table", true);
      $("prompt").textContent = "There is no table at this address.";
      return;
    }
    const wait = Math.min(10000, 500 * 2 ** app.retry++);
    setConn(`reconnecting in ${Math.round(wait / 1000)} s…`, true);
    setTimeout(connect, wait);
  });
}

function send(msg) {
  if (!app.ws || app.ws.readyState !== WebSocket.OPEN) {
    toast("Not connected; reconnecting…");
    return false;
  }
  app.ws.send(JSON.stringify(msg));
  return true;
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
  } else if (msg.type === "rematch") {
    goRematch(msg.table);
  }
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

// -- acting ------------------------------------------------------------------------------------
function act(action) {
  const s = app.latest;
  if (!s || app.pending || !s.role) return;
  // The title says which actions throw something away, and asks first.
  const words = said(action);
  const question = words && words.confirm;
  if (question && !confirm(question)) return;
  if (send({ type: "act", role: s.role, action, version: s.version })) {
    if (app.board.acted) app.board.acted(action, s);
    app.pending = true;
    closeMenu();
    render();
  }
}

/** A menu of actions at the click. One action is taken at once unless `careful` (an action
 * that loses something is always chosen from a labelled menu). */
/** The title's own words for an action (label, cost, note) when the server sent them. */
function said(a) {
  const s = app.latest;
  if (!s || !s.labels || !s.labels.length || s.labels.length !== s.actions.length) return null;
  const key = JSON.stringify(a);
  const i = s.actions.findIndex((x) => JSON.stringify(x) === key);
  return i >= 0 ? s.labels[i] : null;
}

/** A button for an action: the label, and the cost and note on a second line. */
function actionButton(a, view, cls) {
  const w = said(a);
  const text = w ? w.label : app.board.label(a, view);
  const small = w ? [w.cost, w.note].filter(Boolean).join(" · ") : "";
  return el("button", { class: cls, onclick: () => act(a), title: small || undefined },
    text, small ? el("span", { class: "action-note" }, small) : null);
}

function openMenu(title, actions, ev, careful = false) {
  if (actions.length === 1 && !careful) {
    act(actions[0]);
    return;
  }
  const menu = $("menu");
  menu.replaceChildren(el("div", { class: "menu-title" }, title));
  for (const a of actions) {
    const b = actionButton(a, app.latest && app.latest.view, "");
    b.setAttribute("role", "menuitem");
    menu.append(b);
  }
  menu.append(el("button", { onclick: closeMenu }, "Cancel"));
  menu.classList.remove("hidden");
  const x = Math.min(ev.clientX || 20, window.innerWidth - menu.offsetWidth - 8);
  const y = Math.min(ev.clientY || 20, window.innerHeight - menu.offsetHeight - 8);
  menu.style.left = `${Math.max(4, x)}px`;
  menu.style.top = `${Math.max(4, y)}px`;
}

function closeMenu() {
  $("menu").classList.add("hidden");
}

// -- hotseat curtain ---------------------------------------------------------------------------
/** The seat this browser should show now: the first of its seats that must act. */
function wantedSeat(view) {
  const mine = app.roles.filter((r) => view.active.includes(r));
  return mine[0] || app.shown || app.roles[0] || null;
}

function curtain(view) {
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

// -- rendering ---------------------------------------------------------------------------------
function cap(s) {
  return s ? s.charAt(0).toUpperCase() + s.slice(1) : "";
}

/** Pick the board of the table's title (once: a table keeps its title) and show only the
 * page sections that title uses. */
function chooseBoard(s) {
  if (app.board) return;
  const title = BOARDS[s.table.title] ? s.table.title : DEFAULT_TITLE;
  app.title = title;
  app.board = BOARDS[title];
  const info = (app.meta.titles && app.meta.titles[title]) || app.meta;
  app.ctx = { meta: app.meta, info, title, act, openMenu, button: actionButton };
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
  const view = s.view;
  const covered = curtain(view);
  const actions = covered || app.pending ? [] : s.actions;
  const focus = focusedButton();
  renderHeader(s, view, actions);
  renderPrompt(s, view, actions);
  app.board.render(app.ctx, s, view, actions);
  renderLog(view);
  renderTable(s);
  renderNotes(s, covered);
  showReview();
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

function renderHeader(s, view, actions) {
  // The header names who must act now, so that it never disagrees with the banner.
  const acting = view.active && view.active.length ? ` · to act: ${view.active.map(cap).join(", ")}` : "";
  $("round").textContent = s.table.result || view.result ? "Game over" : `${app.board.status(view)}${acting}`;
  const mine = actions.length > 0;
  const notice = $("notice");
  notice.classList.toggle("hidden", !mine);
  notice.textContent = mine ? `Your turn (${s.role}): ${view.prompt}` : "";
  document.title = `${mine ? "● Your turn · " : ""}${app.board.name}`;
  if (mine && !app.wasMyTurn) announce(`${cap(s.role)}: ${view.prompt}`);
  app.wasMyTurn = mine;
}

function renderPrompt(s, view, actions) {
  const result = s.table.result || view.result;
  if (result) {
    const scores = Object.entries(result.scores || {}).map(([r, n]) => `${r} ${n}`).join(", ");
    $("prompt").textContent = result.winner
      ? `Game over: ${cap(result.winner)} wins (${result.reason})`
      : `Game over: ${cap(result.resigned)} resigned`;
    $("who").textContent = `${app.board.scoreName}: ${scores}`;
  } else if (actions.length) {
    $("prompt").textContent = view.prompt;
    $("who").textContent = `You play ${s.role}.`;
  } else {
    const waiting = view.active.map(cap).join(", ") || "nobody";
    $("prompt").textContent = app.pending ? "Sending…" : `Waiting for ${waiting}`;
    $("who").textContent = s.role ? `You play ${s.role}.` : app.roles.length ? "Your hand is covered." : "You are watching.";
  }
  // buttons for what the board does not offer as a click on itself; the list has everything
  const buttons = $("buttons");
  buttons.replaceChildren();
  for (const a of actions) {
    if (app.board.button(a, view)) buttons.append(actionButton(a, view, a[0] === "undo" ? "" : "primary"));
  }
  $("hint").classList.toggle("hidden", !actions.length);
  if (app.hintFor !== `${s.role}:${s.version}`) $("hint-list").replaceChildren();
  $("action-count").textContent = String(actions.length);
  // On a small screen the map's regions are small: a short list of actions opens as buttons.
  const few = actions.length && actions.length <= 8 && window.matchMedia("(max-width: 900px)").matches;
  if (few && app.listOpenedFor !== s.version) {
    $("all-actions").open = true;
    app.listOpenedFor = s.version;
  }
  $("action-list").replaceChildren(...actions.map((a) => actionButton(a, view, "")));
  // What more influence would allow, greyed, with what it needs (from the title).
  const greyed = actions.length && s.unavailable ? s.unavailable : [];
  $("unavailable").classList.toggle("hidden", !greyed.length);
  $("unavailable-count").textContent = String(greyed.length);
  $("unavailable-list").replaceChildren(...greyed.map((g) => el("button", { disabled: true, title: g.why },
    g.label, el("span", { class: "action-note" }, g.why))));
}

/** A log entry; one that names places lights them on the map while hovered, or after a
 * click (or Enter) until another entry is chosen. */
function logEntry(line) {
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

function renderLog(view) {
  const log = $("log");
  const atBottom = log.scrollTop + log.clientHeight >= log.scrollHeight - 20;
  const lines = view.log.slice(-300);
  log.replaceChildren(...lines.map((line) => logEntry(line)));
  log.setAttribute("start", String(view.log.length - lines.length + 1));
  if (atBottom) log.scrollTop = log.scrollHeight;
}

function renderTable(s) {
  const t = s.table;
  const seatList = $("seats");
  seatList.replaceChildren(...t.seats.map((seat) => el(
    "div", {},
    el("span", { class: `swatch ${seat.role}` }), `${cap(seat.role)}: `,
    seat.kind === "bot" ? `${seat.bot} bot${seat.resigned ? " (took over a resigned seat)" : ""}` : seat.name,
    seat.kind === "human" && !seat.joined ? " (not joined yet)" : "",
    app.roles.includes(seat.role) ? " · you" : "",
  )));
  for (const inv of invites(tableId)) {
    const seat = t.seats.find((x) => x.role === inv.role);
    if (!seat || seat.joined) continue;
    const link = seatLink(tableId, inv.role, inv.token);
    seatList.append(el("div", {}, `Invite for ${inv.role}: `, linkBox(link, `Invitation link for ${inv.role}`)));
  }
  // Each of my seats' own link, to go on playing it on another device (kept folded).
  const own = mySeats(tableId).filter((x) => x.mine && t.status !== "finished");
  if (own.length) {
    seatList.append(el("details", { class: "own-links" },
      el("summary", {}, "Continue on another device"),
      el("p", { class: "muted small" }, "Open your seat's link there. It is your seat's secret: keep it to yourself."),
      ...own.map((x) => el("div", {}, `${cap(x.role)}: `, linkBox(seatLink(tableId, x.role, x.token), `Your link for ${x.role}`)))));
  }
  const opts = [`${t.seats.length} players`, ...app.board.options(t, s.view)];
  $("options").textContent = opts.join(" · ");
  const finished = t.status === "finished";
  const seated = app.roles.some((r) => {
    const seat = t.seats.find((x) => x.role === r);
    return seat && seat.kind === "human" && !seat.resigned;
  });
  $("resign").classList.toggle("hidden", finished || !seated);
  $("rematch").classList.toggle("hidden", !finished || !app.roles.length);
  $("rematch").textContent = t.rematch ? "Go to the rematch" : "Rematch";
  $("replay").classList.toggle("hidden", s.view.log.length === 0);
  if (t.rematch && app.roles.length) carryToRematch(tableId, t.rematch);
}

// -- chat (plain text: every message is drawn as text, never as markup) -------------------------
function renderChat() {
  const list = $("chat");
  const atBottom = list.scrollTop + list.clientHeight >= list.scrollHeight - 20;
  list.replaceChildren(...app.chat.slice(-200).map((m) => el("li", {},
    el("span", { class: `swatch ${m.role}` }), el("strong", {}, `${m.name}: `), m.text)));
  if (atBottom) list.scrollTop = list.scrollHeight;
  const canWrite = app.roles.length > 0;
  $("chat-form").classList.toggle("hidden", !canWrite);
  $("chat-note").classList.toggle("hidden", canWrite);
}

function sendChat(ev) {
  ev.preventDefault();
  const text = $("chat-text").value.trim();
  const role = (app.latest && app.latest.role) || app.roles[0];
  if (!text || !role) return;
  if (send({ type: "chat", role, text })) $("chat-text").value = "";
}

// -- advice: the bot's hint, and the review of a finished game ---------------------------------
async function askHint() {
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

async function showReview() {
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

// -- replay ------------------------------------------------------------------------------------
// -- private notes (only this seat's secret reads them) -----------------------------------------
function notesToken(role) {
  const seat = mySeats(tableId).find((x) => x.role === role);
  return seat && seat.token;
}

async function renderNotes(s, covered) {
  const role = s.role && app.roles.includes(s.role) ? s.role : null;
  $("notes-card").classList.toggle("hidden", !role || Boolean(covered));
  if (!role || role === app.notesRole) return;
  if (app.notesRole && $("notes").value !== app.notesSaved) await saveNotes();
  app.notesRole = role;
  $("notes-role").textContent = `(${role}, private)`;
  $("notes").value = "";
  $("notes").disabled = true;
  try {
    const r = await request("GET", `/api/tables/${encodeURIComponent(tableId)}/notes/${encodeURIComponent(role)}`, undefined, notesToken(role));
    if (app.notesRole !== role) return;
    $("notes").value = app.notesSaved = r.text;
    $("notes-status").textContent = "";
  } catch (err) {
    $("notes-status").textContent = err.message;
  } finally {
    $("notes").disabled = false;
  }
}

async function saveNotes() {
  const role = app.notesRole;
  if (!role) return;
  const text = $("notes").value;
  try {
    await request("PUT", `/api/tables/${encodeURIComponent(tableId)}/notes`, { role, text }, notesToken(role));
    if (app.notesRole === role) app.notesSaved = text;
    $("notes-status").textContent = "Saved.";
  } catch (err) {
    $("notes-status").textContent = `Not saved: ${err.message}`;
  }
}

async function showReplay(step) {
  const role = $("replay-role").value || null;
  const token = mySeats(tableId).map((x) => x.token).join(",");
  const q = role ? `?role=${encodeURIComponent(role)}` : "";
  try {
    const r = await request("GET", `/api/tables/${encodeURIComponent(tableId)}/replay/${step}${q}`, undefined, role ? token : undefined);
    app.replay = { step: r.step, steps: r.steps };
    const bar = $("replay-step");
    bar.max = String(r.steps);
    bar.value = String(r.step);
    // r.action is [role, verb, arg]; r.label is the title's own words for it.
    const words = r.label || (r.action ? app.board.label(r.action.slice(1), r.view) : "");
    const said = r.action ? `: ${cap(r.action[0])}: ${words}` : "";
    $("replay-label").textContent = `step ${r.step} of ${r.steps}${said}`;
    const fake = { ...app.latest, role: r.role, view: { ...r.view, active: [] }, actions: [], replay: true };
    renderPrompt(fake, fake.view, []);
    $("prompt").textContent = `Replay: ${r.view.prompt}`;
    app.board.render(app.ctx, fake, fake.view, []);
    renderLog(fake.view);
  } catch (err) {
    toast(err.message);
  }
}

function openReplay() {
  const s = app.latest;
  const select = $("replay-role");
  const roles = s.table.status === "finished" ? s.table.seats.map((x) => x.role) : app.roles;
  select.replaceChildren(el("option", { value: "" }, "public view"), ...roles.map((r) => el("option", { value: r }, `${r}'s view`)));
  $("replay-bar").classList.remove("hidden");
  $("curtain").classList.add("hidden");
  showReplay(0);
}

function closeReplay() {
  app.replay = null;
  $("replay-bar").classList.add("hidden");
  render();
}

// -- notices -----------------------------------------------------------------------------------
let toastTimer = null;
function toast(text) {
  const t = $("toast");
  t.textContent = text;
  t.classList.remove("hidden");
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => t.classList.add("hidden"), 4000);
}

let audio = null;
function announce(text) {
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

function goRematch(newId) {
  carryToRematch(tableId, newId);
  location.href = `/table/${encodeURIComponent(newId)}`;
}

// -- start -------------------------------------------------------------------------------------
async function main() {
  takeLinkSecret();
  app.meta = await loadMeta();
  document.addEventListener("click", (ev) => {
    if (!$("menu").contains(ev.target) && !ev.target.closest(".target")) closeMenu();
    if (audio && audio.state === "suspended") audio.resume();
  });
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape") closeMenu();
  });
  $("resign").addEventListener("click", () => {
    const role = app.latest && (app.latest.role || app.roles[0]);
    if (role && confirm(`Resign as ${role}? A bot takes your seat (or the game ends if no person is left).`)) {
      send({ type: "resign", role });
    }
  });
  $("rematch").addEventListener("click", () => {
    const t = app.latest.table;
    if (t.rematch) goRematch(t.rematch);
    else send({ type: "rematch" });
  });
  $("notes-save").addEventListener("click", saveNotes);
  $("notes").addEventListener("blur", () => {
    if (app.notesRole && $("notes").value !== app.notesSaved) saveNotes();
  });
  // Notes save as you type (a second after the last key), and on leaving the box.
  let notesTimer = null;
  $("notes").addEventListener("input", () => {
    $("notes-status").textContent = "Saving…";
    clearTimeout(notesTimer);
    notesTimer = setTimeout(() => {
      if (app.notesRole && $("notes").value !== app.notesSaved) saveNotes();
      else $("notes-status").textContent = "Saved.";
    }, 1000);
  });
  $("replay").addEventListener("click", openReplay);
  $("hint").addEventListener("click", askHint);
  $("chat-form").addEventListener("submit", sendChat);
  $("replay-close").addEventListener("click", closeReplay);
  $("replay-step").addEventListener("change", (ev) => showReplay(Number(ev.target.value)));
  $("replay-prev").addEventListener("click", () => app.replay && showReplay(Math.max(0, app.replay.step - 1)));
  $("replay-next").addEventListener("click", () => app.replay && showReplay(Math.min(app.replay.steps, app.replay.step + 1)));
  $("replay-first").addEventListener("click", () => showReplay(0));
  $("replay-last").addEventListener("click", () => app.replay && showReplay(app.replay.steps));
  $("replay-role").addEventListener("change", () => app.replay && showReplay(app.replay.step));
  $("notify").addEventListener("click", async () => {
    if (!("Notification" in window)) return toast("This browser has no notifications.");
    const answer = await Notification.requestPermission();
    toast(answer === "granted" ? "You will be notified when it is your turn." : "Notifications are off.");
  });
  if (!mySeats(tableId).length && !tableId) return;
  connect();
}

main();
