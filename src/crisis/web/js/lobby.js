// The lobby: create a table (seats, bots, options), list my tables, watch others.

import { el, linkBox, meta as loadMeta, myName, rememberSeat, request, seatLink, setMyName } from "./api.js";
import { $, cap } from "./dom.js";
import { showYourGames } from "./games.js";

const ROLES = ["green", "blue", "yellow", "red"];
let META = null;

/** The chosen title's entry of /api/meta (options, bots, player counts). */
function game() {
  return META.titles[$("title").value] || META;
}

/** Option kinds the form draws; "role" and "data" options are left to the defaults (the
 * command line and the Python API set them). */
const FORM_KINDS = ["bool", "choice"];

/** One form field for an option of a title's info().options. */
function optionField(opt) {
  const title = opt.help ? { title: opt.help } : {};
  if (opt.kind === "bool") {
    const box = el("input", { type: "checkbox", name: opt.name, "data-option": opt.name, "data-kind": "bool" });
    box.checked = Boolean(opt.default);
    return el("label", { class: "check", ...title }, box, ` ${opt.label}`);
  }
  const select = el("select", { name: opt.name, "data-option": opt.name, "data-kind": "choice" },
    ...opt.choices.map((c) => el("option", { value: c.value }, c.label)));
  select.value = opt.default;
  return el("label", { class: "field", ...title }, opt.label, select);
}

/** A fieldset per title with its options and note, drawn from /api/meta. */
function drawOptionForms() {
  const forms = Object.entries(META.titles).map(([id, t]) => {
    const fields = (t.options || []).filter((o) => FORM_KINDS.includes(o.kind)).map(optionField);
    const note = t.note ? [el("p", { class: "muted" }, t.note)] : [];
    const box = el("fieldset", { "data-title": id, class: "options" }, el("legend", {}, "Options"), ...note, ...fields);
    if (!fields.length && !note.length) box.dataset.empty = "1";
    return box;
  });
  $("title-options").replaceChildren(...forms);
}

/** The chosen title's options as the form sets them. */
function chosenOptions(title) {
  const box = document.querySelector(`fieldset[data-title="${title}"]`);
  const options = {};
  if (!box) return options;
  box.querySelectorAll("[data-option]").forEach((input) => {
    options[input.dataset.option] = input.dataset.kind === "bool" ? input.checked : input.value;
  });
  return options;
}

/** Show the chosen title's options and player counts. */
function drawTitle() {
  const name = $("title").value;
  document.querySelectorAll("fieldset[data-title]").forEach((f) => f.classList.toggle("hidden", f.dataset.title !== name || f.dataset.empty === "1"));
  const [lo, hi] = game().players || [2, 4];
  const players = $("players");
  const keep = Number(players.value);
  players.replaceChildren(...Array.from({ length: hi - lo + 1 }, (_, i) => el("option", { value: String(lo + i) }, String(lo + i))));
  players.value = String(Math.min(hi, Math.max(lo, keep || hi)));
  drawSeats();
}

/** A bot choice as the seat menu shows it: a strength level names the bot it stands for. */
function botLabel(name) {
  const level = (game().levels || {})[name];
  return level ? `Bot: ${name} (${level})` : `Bot: ${name}`;
}

function pct(x) {
  return `${Math.round(100 * x)}%`;
}

/** The measurement behind a level (its menu entry's tooltip): interval, games and date. */
function botDetail(name) {
  const m = (game().strength || {})[name];
  if (!m) return null;
  return `${m.bot}: won ${pct(m.win_rate)} of ${m.games} games against ${m.against} (95% interval ${pct(m.low)}-${pct(m.high)}; parity ${pct(m.parity)}; measured ${m.date})`;
}

/** One line under the seats: how often each strength level won when it was measured. */
function levelNote() {
  const strength = game().strength || {};
  const levels = game().levels || {};
  // a level that plays the same bot as an easier one says so (no stronger bot for it yet)
  const same = (lv) => Object.keys(levels).find((other) => other !== lv && levels[other] === levels[lv]);
  const parts = Object.keys(levels).filter((lv) => strength[lv]).map((lv, i, all) => {
    const twin = same(lv);
    const later = twin && all.indexOf(twin) < i;
    return `${lv} ${pct(strength[lv].win_rate)}${later ? ` (the same bot as ${twin} for now)` : ""}`;
  });
  if (!parts.length) return null;
  const first = strength[Object.keys(strength)[0]];
  return `How strong the bots are: in ${first.players}-player games against ${first.against} bots (simple ones), each level won this share of its games: ${parts.join(", ")}. An even share would be ${pct(first.parity)}.`;
}

/** The bots a seat may take: the strength levels first (each names the bot it stands for,
 * which is then not offered again under its own name), then the title's other bots, for
 * study, in a group of their own. */
function botOptions() {
  const levels = game().levels || {};
  const standIns = new Set(Object.values(levels));
  const option = (b) => el("option", { value: `bot:${b}`, title: botDetail(b) }, botLabel(b));
  const named = game().bots.filter((b) => b in levels);
  const others = game().bots.filter((b) => !(b in levels) && !standIns.has(b));
  if (!named.length) return others.map(option);
  return [...named.map(option),
    others.length ? el("optgroup", { label: "Other bots, for study" }, ...others.map(option)) : null];
}

/** One row per seat: who sits there. The first seat is you, the others bots by default. */
function drawSeats() {
  const n = Number($("players").value);
  const box = $("seats");
  const old = [...box.querySelectorAll("select")].map((s) => s.value);
  box.querySelectorAll(".seat-row").forEach((r) => r.remove());
  for (let i = 0; i < n; i++) {
    const role = ROLES[i];
    const select = el("select", { name: `seat-${role}`, "aria-label": `${role} seat` },
      el("option", { value: "me" }, "Me (this browser)"),
      el("option", { value: "friend" }, "A friend (invite link)"),
      ME ? el("option", { value: "player" }, "A player of this site (invite by name)") : null,
      $("open-table").checked ? el("option", { value: "open" }, "Open seat (anyone signed in)") : null,
      ...botOptions(),
    );
    // Inviting a player: their account's name; they are mailed a link and reach the seat
    // by signing in.
    const oldInvite = box.dataset[`invite${i}`] || "";
    const invite = el("input", {
      name: `invite-${role}`, class: "invite-name", placeholder: "their player name",
      "aria-label": `Player to invite as ${role}`, maxlength: "40", autocomplete: "off", value: oldInvite,
    });
    invite.addEventListener("input", () => { box.dataset[`invite${i}`] = invite.value; });
    const showInvite = () => invite.classList.toggle("hidden", select.value !== "player");
    select.addEventListener("change", showInvite);
    const keep = old[i] && [...select.options].some((o) => o.value === old[i]);
    // The title's strongest bot that plays at a person's pace is the default opponent, shown
    // by the strength level that stands for it where there is one.
    const quick = game().default_bot || game().bots[game().bots.length - 1];
    const preferred = Object.keys(game().levels || {}).find((lv) => game().levels[lv] === quick) || quick;
    select.value = keep ? old[i] : (i === 0 ? "me" : `bot:${preferred}`);
    showInvite();
    box.append(el("div", { class: "seat-row" }, el("span", {}, el("span", { class: `swatch ${role}` }), cap(role)), select, invite));
  }
  box.querySelectorAll(".level-note").forEach((p) => p.remove());
  const note = levelNote();
  if (note) box.append(el("p", { class: "level-note small muted" }, note));
}

/** "Open" ticked: the bots' seats become open seats, for whoever takes them (a rated table
 * takes no bot); unticked, the open seats go back to bots. */
function openSeats() {
  drawSeats();
  if (!$("open-table").checked) return;
  $("seats").querySelectorAll("select").forEach((select) => {
    if (select.value.startsWith("bot:")) {
      select.value = "open";
      select.dispatchEvent(new Event("change"));
    }
  });
}

const CREATE_LABEL = "Create table and play";

/** The create button busy ("Making the table…", pressed once only) or ready again. */
function createBusy(busy) {
  const btn = $("create");
  btn.disabled = busy;
  btn.textContent = busy ? "Making the table…" : CREATE_LABEL;
  if (busy) btn.setAttribute("aria-busy", "true");
  else btn.removeAttribute("aria-busy");
}

// Back from the table page, a browser may show this page as it was left: busy. Make it ready.
addEventListener("pageshow", (ev) => {
  if (ev.persisted && $("create").getAttribute("aria-busy")) createBusy(false);
});

async function create(ev) {
  ev.preventDefault();
  $("create-error").textContent = "";
  const form = $("create-form");
  const n = Number($("players").value);
  const name = $("my-name").value.trim();
  setMyName(name);
  const choice = [];
  const seatsIn = [];
  for (let i = 0; i < n; i++) {
    const v = form.elements[`seat-${ROLES[i]}`].value;
    choice.push(v);
    if (v.startsWith("bot:")) seatsIn.push({ kind: "bot", bot: v.slice(4) });
    else if (v === "open") seatsIn.push({ kind: "open" });
    else if (v === "player") {
      const who = form.elements[`invite-${ROLES[i]}`].value.trim();
      if (!who) {
        $("create-error").textContent = `Name the player to invite as ${ROLES[i]}.`;
        form.elements[`invite-${ROLES[i]}`].focus();
        return;
      }
      seatsIn.push({ kind: "human", invite: who });
    } else if (v === "me") {
      // The first seat of "Me" is the maker's own: signed in, their account's (the others
      // of a hotseat are the people beside them).
      seatsIn.push({ kind: "human", name, mine: !choice.slice(0, -1).includes("me") });
    } else seatsIn.push({ kind: "human", name: "" });
  }
  const title = $("title").value;
  const options = chosenOptions(title);
  // Making a table with bots takes a moment on a busy site: say so, and take one click only.
  createBusy(true);
  let leaving = false;
  try {
    const pace = $("pace").value ? Number($("pace").value) : null;
    const body = { title, seats: seatsIn, options, pace, open: $("open-table").checked, rated: $("rated").checked };
    if (pace) body.on_timeout = $("on-timeout").value;
    const res = await request("POST", "/api/tables", body);
    const id = res.table.id;
    const friends = [];
    ROLES.slice(0, n).forEach((role, i) => {
      const token = res.tokens[role];
      if (!token) return;
      rememberSeat(id, role, token, choice[i] === "me");
      if (choice[i] === "friend") friends.push([role, token]);
    });
    if (!friends.length) {
      leaving = true; // the button stays busy while the table page loads
      location.href = `/table/${encodeURIComponent(id)}`;
      return;
    }
    $("invite-list").replaceChildren(...friends.map(([role, token]) => el("li", {},
      el("span", { class: `swatch ${role}` }), `${cap(role)}: `,
      linkBox(seatLink(id, role, token), `Invitation link for ${role}`),
    )));
    $("go-table").href = `/table/${encodeURIComponent(id)}`;
    $("invites").classList.remove("hidden");
    $("invites").scrollIntoView({ behavior: "smooth" });
  } catch (err) {
    $("create-error").textContent = err.message;
  } finally {
    if (!leaving) createBusy(false);
  }
}

/** The signed-in account ({name, ...}) or null. */
let ME = null;

/** Whether the site has accounts, and who is signed in: open and rated tables need it. */
async function loadMe() {
  try {
    ME = (await request("GET", "/api/account")).account;
  } catch {
    ME = null;
  }
  const signedIn = Boolean(ME);
  if (signedIn && !$("my-name").value) $("my-name").value = ME.name;
  $("open-table").disabled = !signedIn;
  $("rated").disabled = !signedIn;
  $("site-note").replaceChildren(signedIn
    ? `Signed in as ${ME.name}.`
    : el("span", {}, el("a", { href: "/account/signin" }, "Sign in"), " or ", el("a", { href: "/account/signup" }, "sign up"), " to open a table to strangers or play rated games."));
}

/** The open tables (GET /api/open): who sits where, the free seats, and a button to take
 * one (or, at your own table, to start it with bots in the free seats, or close it). */
async function listOpen() {
  const res = await request("GET", "/api/open");
  const box = $("open-tables");
  $("open-note").textContent = ME ? "" : "Sign in to take a seat.";
  if (!res.tables.length) {
    box.replaceChildren(el("li", { class: "muted" }, "No table is waiting for players."));
    return;
  }
  box.replaceChildren(...res.tables.map((t) => {
    const buttons = [];
    if (ME && !t.seated && t.free.length) {
      buttons.push(el("button", { type: "button", class: "primary small", onclick: () => takeSeat(t.id) }, "Take a seat"));
    }
    if (t.mine) {
      if (!t.rated) buttons.push(el("button", { type: "button", class: "small", onclick: () => hostAction(t.id, "start") }, "Start now (bots take the free seats)"));
      buttons.push(el("button", { type: "button", class: "small", onclick: () => hostAction(t.id, "close") }, "Close"));
    }
    const who = t.seats.map((s) => s.kind === "open" ? `${s.role}: free` : `${s.role}: ${s.kind === "bot" ? `${s.bot} bot` : s.name}${s.rating ? ` (${s.rating.rating}${s.rating.provisional ? "?" : ""})` : s.rating === null ? " (no rating yet)" : ""}`).join(", ");
    const name = (META.titles[t.title] || {}).name || t.title;
    const pace = t.pace ? `${Math.round(t.pace / 86400)} d per move` : "live";
    const options = Object.entries(t.options || {}).filter(([k, v]) => k !== "players" && v && v !== "fixed").map(([k, v]) => v === true ? k.replace(/_/g, " ") : `${k} ${v}`);
    const facts = [name, `${t.seats.length} players`, pace, t.rated ? "rated" : "unrated", ...options].join(" · ");
    return el("li", { "data-table": t.id },
      el("div", {}, facts), el("div", { class: "muted small" }, who),
      el("div", { class: "open-actions" }, ...buttons, el("a", { href: `/table/${encodeURIComponent(t.id)}` }, "Watch")));
  }));
}

async function takeSeat(table) {
  try {
    const res = await request("POST", `/api/tables/${encodeURIComponent(table)}/take`, {});
    rememberSeat(table, res.role, res.token, true);
    location.href = `/table/${encodeURIComponent(table)}`;
  } catch (err) {
    $("open-note").textContent = err.message;
    listOpen().catch(() => {});
  }
}

async function hostAction(table, what) {
  try {
    await request("POST", `/api/tables/${encodeURIComponent(table)}/${what}`, {});
    if (what === "start") location.href = `/table/${encodeURIComponent(table)}`;
  } catch (err) {
    $("open-note").textContent = err.message;
  }
  listOpen().catch(() => {});
}

/** The pace menu: a live game or one of the site's times per move (/api/meta "paces"). */
function drawPaces() {
  const select = $("pace");
  const paces = (META.paces || []).filter((p) => p.seconds);
  select.replaceChildren(
    el("option", { value: "" }, "Live (no clock)"),
    ...paces.map((p) => el("option", { value: String(p.seconds) }, `${p.label} per move`)),
  );
  const sync = () => $("timeout-field").classList.toggle("hidden", !select.value);
  select.addEventListener("change", sync);
  sync();
}

/** "2 d 3 h left", "40 min left", "time is up" until a Unix time in seconds. */
function left(deadline) {
  const s = deadline - Date.now() / 1000;
  if (s <= 0) return "time is up";
  if (s < 5400) return `${Math.max(1, Math.round(s / 60))} min left`;
  if (s < 172800) return `${Math.round(s / 3600)} h left`;
  return `${Math.floor(s / 86400)} d ${Math.round((s % 86400) / 3600)} h left`;
}

/** "5 min ago", "3 h ago", "2 d ago" for a Unix time in seconds. */
function ago(seconds) {
  const s = Math.max(0, Date.now() / 1000 - seconds);
  if (s < 90) return "just now";
  if (s < 5400) return `${Math.round(s / 60)} min ago`;
  if (s < 129600) return `${Math.round(s / 3600)} h ago`;
  return `${Math.round(s / 86400)} d ago`;
}

function describe(t) {
  const name = (META.titles[t.title] || {}).name || t.title;
  const people = t.seats.map((s) => `${s.role}: ${s.kind === "bot" ? `${s.bot} bot` : s.name || "(open seat)"}`).join(", ");
  let status = t.status === "finished" ? "finished" : `playing, waiting for ${t.active.join(", ") || "—"}`;
  if (t.status === "open") status = "open: waiting for players to take the free seats";
  if (t.result && t.result.winner) status = `finished, ${t.result.winner} won`;
  const pace = t.pace ? `${Math.round(t.pace / 86400)} d per move${t.deadline ? ` (${left(t.deadline)})` : ""}` : "";
  const when = [t.round ? `round ${t.round}` : "", t.created ? `started ${ago(t.created)}` : "", t.updated ? `last move ${ago(t.updated)}` : "", pace].filter(Boolean).join(", ");
  return `${name} · ${people} · ${status}${when ? ` · ${when}` : ""}`;
}

/** "Your games" (games.js): the same list as on the account page. */
async function listMine() {
  // First on the page for a returning player; not shown before a first game.
  const games = await showYourGames($("my-tables"), "None yet: the tables you play show here.");
  $("mine").classList.toggle("hidden", !games.length);
  return games;
}

/** "Watch a game": the site's recent tables, less those in "Your games" (``mine``: the
 * tables listed there, which you open to play, not to watch). */
async function listRecent(mine) {
  const [res, yours] = await Promise.all([request("GET", "/api/tables"), mine]);
  const skip = new Set(yours.map((g) => g.id));
  const others = res.tables.filter((t) => !skip.has(t.id));
  if (!others.length) return;
  $("recent-tables").replaceChildren(...others.slice(0, 15).map((t) => el("li", { "data-table": t.id },
    el("a", { href: `/table/${encodeURIComponent(t.id)}` }, "Watch"),
    el("span", {}, describe(t)))));
}

async function main() {
  META = await loadMeta();
  $("my-name").value = myName();
  const titles = $("title");
  titles.replaceChildren(...Object.entries(META.titles).map(([id, t]) => el("option", { value: id }, t.name)));
  titles.value = META.default_title;
  drawOptionForms();
  drawPaces();
  await loadMe();
  $("open-table").addEventListener("change", openSeats);
  titles.addEventListener("change", drawTitle);
  $("players").addEventListener("change", drawSeats);
  $("create-form").addEventListener("submit", create);
  drawTitle();
  $("create").disabled = false; // off in the page until the form is handled here, never posted natively
  const mine = listMine().catch(() => []);
  listRecent(mine).catch(() => {});
  listOpen().catch(() => {});
  setInterval(() => listOpen().catch(() => {}), 15000);
}

main();
