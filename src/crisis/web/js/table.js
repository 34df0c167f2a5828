// The table page: one websocket to the server, the map, the prompt and its actions, the hand,
// the players' mats, the log, hotseat curtains, replays and rematches.

import { carryToRematch, el, invites, meta as loadMeta, myName, mySeats, rememberSeat, request, seatLink } from "./api.js";
import { actionLabel, cardName, MAIN_VERBS, places, setMeta } from "./labels.js";
import { drawMap } from "./map.js";

const $ = (id) => document.getElementById(id);
const DICE = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];
const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");

const app = {
  meta: null,
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
  if (send({ type: "act", role: s.role, action, version: s.version })) {
    app.pending = true;
    closeMenu();
    render();
  }
}

function openMenu(title, actions, ev) {
  if (actions.length === 1) {
    act(actions[0]);
    return;
  }
  const menu = $("menu");
  menu.replaceChildren(el("div", { class: "menu-title" }, title));
  for (const a of actions) menu.append(el("button", { role: "menuitem", onclick: () => act(a) }, actionLabel(a)));
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

function render() {
  const s = app.latest;
  if (!s) return;
  const view = s.view;
  const covered = curtain(view);
  const actions = covered || app.pending ? [] : s.actions;
  renderHeader(s, view, actions);
  renderPrompt(s, view, actions);
  renderMap(view, actions);
  renderHand(s, view, actions);
  renderPlayers(s, view);
  renderLog(view);
  renderMarket(view, actions);
  renderTable(s);
  renderNotes(s, covered);
}

function renderHeader(s, view, actions) {
  $("round").textContent = view.result
    ? "Game over"
    : `Round ${view.round} · ${cap(view.current)}'s turn · ${view.phase}`;
  const mine = actions.length > 0;
  const notice = $("notice");
  notice.classList.toggle("hidden", !mine);
  notice.textContent = mine ? `Your turn (${s.role}): ${view.prompt}` : "";
  document.title = `${mine ? "● Your turn · " : ""}Time of Crisis`;
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
    $("who").textContent = `Legacy: ${scores}`;
  } else if (actions.length) {
    $("prompt").textContent = view.prompt;
    $("who").textContent = `You play ${s.role}.`;
  } else {
    const waiting = view.active.map(cap).join(", ") || "nobody";
    $("prompt").textContent = app.pending ? "Sending…" : `Waiting for ${waiting}`;
    $("who").textContent = s.role ? `You play ${s.role}.` : app.roles.length ? "Your hand is covered." : "You are watching.";
  }
  renderBattle(view);
  const pool = view.turn && view.turn.pool ? Object.entries(view.turn.pool).filter(([, n]) => n) : [];
  $("pool").textContent = pool.length || (view.turn && view.turn.political)
    ? `Influence: ${pool.map(([suit, n]) => `${suit} ${n}`).join(", ") || "none"}${view.turn.political ? `; political points ${view.turn.political}` : ""}`
    : "";
  const buttons = $("buttons");
  buttons.replaceChildren();
  const armies = view.armies || [];
  for (const a of actions) {
    const p = places(a, armies);
    const elsewhere = p.regions.length || p.armies.length || p.cards.length || p.slots.length;
    if (MAIN_VERBS.has(a[0]) || !elsewhere) {
      buttons.append(el("button", { class: a[0] === "undo" ? "" : "primary", onclick: () => act(a) }, actionLabel(a)));
    }
  }
  $("action-count").textContent = String(actions.length);
  $("action-list").replaceChildren(...actions.map((a) => el("button", { onclick: () => act(a) }, actionLabel(a))));
}

function renderBattle(view) {
  const box = $("battle");
  const b = view.battle;
  if (!b) {
    box.classList.add("hidden");
    return;
  }
  const attacker = (view.armies || []).find((a) => a.id === b.attacker);
  const defender = b.kind === "army" ? `army ${b.defender}${b.defender_owner ? ` (${b.defender_owner})` : ""}` : String(b.defender);
  box.replaceChildren(
    el("div", {}, `Battle in ${b.region}: army ${b.attacker}${attacker ? ` (${attacker.owner})` : ""} against ${defender}`),
    el("div", {}, "Attacker: ", el("span", { class: "dice" }, b.attacker_rolls.map((d) => DICE[d] || d).join(" ")), ` hits ${b.hits_on_defender}`),
    el("div", {}, "Defender: ", el("span", { class: "dice" }, b.defender_rolls.map((d) => DICE[d] || d).join(" ")), ` hits ${b.hits_on_attacker}`),
  );
  box.classList.remove("hidden");
}

function targetsFor(actions, armies) {
  const regions = new Set();
  const armyIds = new Set();
  for (const a of actions) {
    const p = places(a, armies);
    p.regions.forEach((r) => regions.add(r));
    p.armies.forEach((id) => armyIds.add(id));
  }
  return { regions, armies: armyIds };
}

function renderMap(view, actions) {
  const armies = view.armies || [];
  drawMap($("map"), view, app.meta, targetsFor(actions, armies), (kind, key, ev) => {
    const hits = actions.filter((a) => {
      const p = places(a, armies);
      return kind === "region" ? p.regions.includes(key) : p.armies.includes(key);
    });
    openMenu(kind === "region" ? key : `Army ${key}`, hits, ev);
  });
}

function cardFaces(ids, actions, key = "cards") {
  const counts = new Map();
  for (const id of ids) counts.set(id, (counts.get(id) || 0) + 1);
  return [...counts].map(([id, n]) => cardFace(id, n, actions.filter((a) => places(a, []).cards.includes(id)), key));
}

function cardFace(id, n, acts, label) {
  const info = (app.meta.cards[id] || { name: id, suit: "", value: "" });
  const node = el(
    acts.length ? "button" : "div",
    { class: `cardface s-${info.suit}${acts.length ? " target" : ""}`, "data-card": id, title: cardName(id) },
    el("span", { class: "value" }, info.value),
    el("span", {}, info.name),
    n > 1 ? el("span", { class: "count" }, `×${n}`) : null,
  );
  if (acts.length) node.addEventListener("click", (ev) => openMenu(`${cardName(id)} (${label})`, acts, ev));
  return node;
}

function renderHand(s, view, actions) {
  const me = view.players.find((p) => p.role === s.role);
  $("hand-card").classList.toggle("hidden", !me || !me.hand);
  if (!me || !me.hand) return;
  $("hand-role").textContent = `(${s.role})`;
  $("hand").replaceChildren(...cardFaces(me.hand, actions.filter((a) => a[0] !== "trash" && a[0] !== "choose_card"), "hand"));
  const piles = $("piles");
  piles.replaceChildren();
  if (me.available && me.available.length) {
    piles.append(el("div", {}, "Available pile:"), el("div", { class: "cards" }, ...cardFaces(me.available, actions.filter((a) => a[0] === "choose_card"), "available")));
  }
  if (me.discard && me.discard.length) {
    piles.append(el("div", {}, "Discard pile:"), el("div", { class: "cards" }, ...cardFaces(me.discard, actions.filter((a) => a[0] === "trash"), "discard")));
  }
  if (view.peek && view.peek.length) {
    piles.append(el("div", {}, `Next events: ${view.peek.map((e) => app.meta.events[e] || e).join(", ")}`));
  }
}

function track(n, max) {
  const t = el("span", { class: "track", title: `${n} Emperor Turns` });
  for (let i = 0; i < max; i++) t.append(el("i", { class: i < n ? "on" : "" }));
  return t;
}

function renderPlayers(s, view) {
  const seats = Object.fromEntries(s.table.seats.map((x) => [x.role, x]));
  $("players").replaceChildren(...view.players.map((p) => {
    const seat = seats[p.role] || {};
    const badges = el("span", { class: "badges" });
    if (p.role === view.emperor) badges.append(el("span", { class: "badge" }, "Emperor"));
    if (view.pretenders.includes(p.role)) badges.append(el("span", { class: "badge" }, "Pretender"));
    if (view.active.includes(p.role)) badges.append(el("span", { class: "badge" }, "to act"));
    return el(
      "div",
      { class: `mat p-${p.role}${p.role === view.current ? " current" : ""}` },
      badges,
      el("strong", {}, `${cap(p.role)}`),
      ` ${seat.kind === "bot" ? `${seat.bot} bot` : seat.name === cap(p.role) ? "" : seat.name || ""}`,
      el("div", {}, `Legacy ${p.legacy} · Emperor Turns `, track(p.emperor_turns, Math.max(5, p.emperor_turns))),
      el("div", { class: "muted" },
        `Hand ${p.hand_count} · Available ${p.available_count} · Discard ${p.discard_count} · ` +
        `Governors ${p.governors_ready} ready · Generals ${p.generals_ready} ready` +
        (p.trophies.length ? ` · Trophies: ${p.trophies.join(", ")}` : "")),
    );
  }));
}

function renderLog(view) {
  const log = $("log");
  const atBottom = log.scrollTop + log.clientHeight >= log.scrollHeight - 20;
  const lines = view.log.slice(-300);
  log.replaceChildren(...lines.map((line) => el("li", { class: line.startsWith("--") ? "turn" : "" }, line)));
  log.setAttribute("start", String(view.log.length - lines.length + 1));
  if (atBottom) log.scrollTop = log.scrollHeight;
}

function renderMarket(view, actions) {
  const market = $("market");
  market.replaceChildren();
  const buying = actions.filter((a) => a[0] === "buy" || a[0] === "cycle");
  if (view.supply && Object.keys(view.supply).length) {
    for (const [cid, n] of Object.entries(view.supply)) {
      if (n > 0) market.append(cardFace(cid, n, buying.filter((a) => a[0] === "buy" && a[1] === cid), "market"));
    }
  }
  for (const [slot, top] of Object.entries(view.market || {})) {
    if (top.top) {
      const acts = buying.filter((a) => (a[0] === "buy" && a[1] === top.top) || (a[0] === "cycle" && a[1] === slot));
      market.append(cardFace(top.top, top.count, acts, `${slot} stack`));
    }
  }
  const drawn = (view.events_drawn || []).map((e) => app.meta.events[e] || e);
  $("events").textContent = `Event deck: ${view.event_deck_count} left` +
    (drawn.length ? ` · drawn: ${drawn.join(", ")}` : "") +
    (view.lasting ? ` · in force: ${app.meta.events[view.lasting] || view.lasting}` : "");
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
    seatList.append(el("div", {}, `Invite for ${inv.role}: `, el("input", { value: link, readonly: true, onclick: (ev) => ev.target.select() })));
  }
  const o = t.options;
  const opts = [`${t.seats.length} players`];
  if (o.short_game) opts.push("short game");
  if (o.expansion_cards) opts.push(`Age of Iron and Rust cards, ${o.market || "fixed"} market`);
  if (o.emperor_rules) opts.push("optional Emperor rules");
  if (s.view.provisional_data) opts.push("some map and card data are provisional");
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
    $("replay-label").textContent = `step ${r.step} of ${r.steps}${r.action ? `: ${r.action[0]} ${actionLabel(r.action.slice(1))}` : ""}`;
    const fake = { ...app.latest, role: r.role, view: { ...r.view, active: [] }, actions: [] };
    renderPrompt(fake, fake.view, []);
    $("prompt").textContent = `Replay: ${r.view.prompt}`;
    renderMap(fake.view, []);
    renderHand(fake, fake.view, []);
    renderPlayers(fake, fake.view);
    renderLog(fake.view);
    renderMarket(fake.view, []);
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
    new Notification("Time of Crisis: your turn", { body: text });
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
  setMeta(app.meta);
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
  $("notes").addEventListener("input", () => { $("notes-status").textContent = ""; });
  $("replay").addEventListener("click", openReplay);
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
