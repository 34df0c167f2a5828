// The table card: its seats, invitation links, each seat's own link, the options, and the
// resign / rematch buttons.

import { carryToRematch, el, invites, linkBox, mySeats, request, seatLink } from "./api.js";
import { bankWords, tableClocks, vacationWords } from "./clocks.js";
import { notesToken } from "./notes.js";
import { ask } from "./prompt.js";
import { $, app, cap, openTableWait, send, tableId, toast } from "./shared.js";

// The people who hold a seat with an account, per role: name and rating for this game
// (GET /api/tables/{id}/players), asked again when the seats or the table's status change
// (someone takes a seat; the game ends and ratings move with it).
let players = {};
let playersAsked = "";
// What a rated game's end moved, per role ([before, after]): pushed with the end by the
// server process that wrote it, else told by the players' answer (its "change").
let moved = {};

/** " +32" / " -18" for a role whose rating this game moved; "" otherwise. */
function changeWords(role) {
  const change = moved[role] || (players[role] && players[role].change);
  if (!Array.isArray(change) || change.length !== 2) return "";
  const delta = change[1] - change[0];
  return ` ${delta >= 0 ? "+" : "\u2212"}${Math.abs(delta)}`;
}

function askPlayers(t) {
  moved = t.ratings || {};
  const key = `${t.status}|${t.seats.map((x) => `${x.kind}:${x.name}:${x.resigned}`).join(",")}`;
  if (key === playersAsked) return;
  playersAsked = key;
  const ask = () => request("GET", `/api/tables/${encodeURIComponent(tableId)}/players`).then((res) => {
    if (playersAsked !== key) return; // the seats changed meanwhile: a newer answer is due
    players = res.players || {};
    if (app.latest) renderTable(app.latest);
  }).catch(() => {});
  // A rated game's ratings are written in the transaction that writes its end: once this
  // page hears the end, the ratings it asks for are the new ones (whichever process asks).
  ask();
}

/** A seat's person: their account's name linking to their profile, with their rating
 * ("1532", "1532?" while provisional, "unrated" before their first rated game); or the
 * name typed for a seat played by link. */
function person(seat) {
  const who = players[seat.role];
  if (!who) return seat.name;
  const shown = ratingWords(seat.role, who);
  return el("span", {},
    el("a", { href: `/players/${encodeURIComponent(who.name)}`, class: "player" }, who.name),
    el("span", { class: "seat-rating", title: "Rating for this game" },
      shown ? ` (${shown})` : " (unrated)"));
}

/** A person's rating for this game, "1532", "1532?" while provisional, with what this game
 * moved ("1605? +105"); "" before their first rated game. The end's push gives the new rating
 * at once, before the players' answer does. */
function ratingWords(role, who) {
  const r = who.rating;
  const change = moved[role];
  const value = Array.isArray(change) ? change[1] : r && r.rating;
  if (value === undefined || value === null) return "";
  const provisional = r ? r.provisional : true; // a first rated game leaves it provisional
  return `${value}${provisional ? "?" : ""}${changeWords(role)}`;
}

/** A seat's person for the bar at the top: the name and, for an account, its rating; one
 * who has none yet is "new" at a rated table and shown by name alone at an unrated one
 * (where the bar says "unrated" of the game already). */
function barPerson(seat, rated) {
  if (seat.kind === "bot") return `${seat.name || `${seat.bot} bot`}`;
  if (seat.kind === "open") return "free seat";
  const who = players[seat.role];
  if (!who) return seat.name || cap(seat.role);
  const shown = ratingWords(seat.role, who) || (rated ? "new" : "");
  return el("span", {}, who.name,
    shown ? el("span", { class: "seat-rating", title: "Rating for this game" }, ` ${shown}`) : "");
}

/** "23 h left" until a Unix time in seconds. */
function leftWords(deadline) {
  const left = deadline - Date.now() / 1000;
  if (left <= 0) return "time is up";
  if (left < 5400) return `${Math.max(1, Math.round(left / 60))} min left`;
  if (left < 172800) return `${Math.round(left / 3600)} h left`;
  const hours = Math.round(left / 3600); // whole hours first: never "7 d 24 h"
  return `${Math.floor(hours / 24)} d ${hours % 24} h left`;
}

/** When the time of the seats to move runs out: the soonest of their own deadlines (banks
 * and vacations counted, clocks.js), else the table's. */
function seatsDue(t) {
  const clocks = tableClocks(tableId, t, () => app.latest && renderTable(app.latest));
  const moving = (t.active || []).map((r) => clocks[r]).filter((c) => c && c.deadline);
  return moving.length ? Math.min(...moving.map((c) => c.deadline)) : t.deadline;
}

/** The bar at the top of the table, what a returning player looks for first: whose turn,
 * the time left, whether the game is rated, and the players with their ratings. */
function renderBar(s) {
  const t = s.table;
  const view = s.view;
  const active = view.active || t.active || [];
  const result = t.result || view.result;
  let turn;
  if (result) turn = result.winner ? (app.roles.includes(result.winner) ? "Game over: you won" : `Game over: ${cap(result.winner)} won`) : "Game over";
  else if (t.status === "open") turn = openTableWait(t);
  else if (active.some((r) => app.roles.includes(r))) turn = "Your turn";
  else {
    const named = (r) => {
      const seat = t.seats.find((x) => x.role === r);
      const who = (players[r] && players[r].name) || (seat && seat.kind === "human" && seat.name);
      return who ? `${who} (${cap(r)})` : cap(r);
    };
    turn = `Waiting for ${active.map(named).join(", ") || "nobody"}`;
  }
  // Clocks: each seat's own deadline (its bank and vacations counted), the bank of the
  // seat to move, and who is on vacation (clocks.js).
  const clocks = tableClocks(tableId, t, () => app.latest && renderTable(app.latest));
  const due = seatsDue(t);
  // Your seat's bank (the one to move first), else the bank of the seat to move.
  const yours = active.find((r) => app.roles.includes(r) && clocks[r]) || app.roles.find((r) => clocks[r]);
  const banked = yours ? bankWords(clocks[yours]) : bankWords(clocks[active.find((r) => clocks[r])]);
  const facts = [
    due && !result ? leftWords(due) : null,
    result || !banked ? null : yours ? `your ${banked}` : `${banked} to spend`,
    t.pace ? `${Math.round(t.pace / 86400)} d per move` : null,
    t.rated ? "rated" : "unrated",
  ].filter(Boolean);
  // The turn word, then the facts; on a phone the banner says "your turn", and the bar's
  // own turn word and its separator step aside for it (style.css).
  $("bar-turn").replaceChildren(el("strong", { class: "turn-word" }, turn),
    facts.length ? el("span", { class: "turn-sep" }, " · ") : "", facts.join(" · "));
  $("bar-turn").classList.toggle("mine", turn === "Your turn");
  $("bar-players").replaceChildren(...t.seats.map((seat) => el("li", { class: active.includes(seat.role) && !result ? "to-move" : null },
    el("span", { class: `swatch ${seat.role}`, "aria-hidden": "true" }),
    el("span", { class: "visually-hidden" }, `${cap(seat.role)}: `),
    barPerson(seat, Boolean(t.rated)),
    app.roles.includes(seat.role) ? el("span", { class: "you" }, " (you)") : "",
    vacationWords(clocks[seat.role]) && !result ? el("span", { class: "away" }, ` · ${vacationWords(clocks[seat.role])}`) : "")));
}

export function renderTable(s) {
  const t = s.table;
  askPlayers(t);
  renderBar(s);
  const seatList = $("seats");
  seatList.replaceChildren(...t.seats.map((seat) => el(
    "div", {},
    el("span", { class: `swatch ${seat.role}` }), `${cap(seat.role)}: `,
    seat.kind === "bot" ? `${seat.bot} bot${seat.resigned ? " (took over a resigned seat)" : ""}`
      : seat.kind === "open" ? "free: anyone signed in may take it from the lobby's open games" : person(seat),
    seat.offer === "waiting" ? " (invited: the table waits for them to accept)"
      : seat.offer === "declined" ? " (declined: the table's maker decides who sits here)"
        : seat.kind === "human" && !seat.joined ? " (not joined yet)" : "",
    app.roles.includes(seat.role) ? " · you" : "",
  )));
  askOffers(t);
  seatList.append(...offerControls(t));
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
  const opts = [`${t.seats.length} players`, ...app.board.options(t, s.view), ...siteFacts(t)];
  $("options").textContent = opts.join(" · ");
  const finished = t.status === "finished";
  const seated = app.roles.some((r) => {
    const seat = t.seats.find((x) => x.role === r);
    return seat && seat.kind === "human" && !seat.resigned;
  });
  $("resign").classList.toggle("hidden", finished || !seated || t.status === "open"); // not started
  $("rematch").classList.toggle("hidden", !finished || !app.roles.length);
  $("rematch").textContent = t.rematch ? "Go to the rematch" : "Rematch";
  $("replay").classList.toggle("hidden", s.view.log.length === 0);
  if (t.rematch && app.roles.length) carryToRematch(tableId, t.rematch);
}

/** The table's own facts beyond the game's options: open and waiting, rated, its pace and
 * when the time of the seats to move runs out. */
function siteFacts(t) {
  const facts = [];
  if (t.status === "open" && t.seats.some((x) => x.offer)) facts.push("waiting: it starts when every invited player has accepted");
  else if (t.status === "open") facts.push("open: it starts when its free seats are taken (or its host starts it)");
  if (t.unrated) facts.push(`not rated (${UNRATED[t.unrated] || t.unrated})`);
  if (t.rated) facts.push("rated");
  if (t.pace) {
    const days = Math.round(t.pace / 86400);
    facts.push(`${days} ${days === 1 ? "day" : "days"} per move`);
    const due = seatsDue(t);
    if (due) {
      facts.push(`${t.on_timeout === "resign" ? "who runs out of time is resigned" : "a bot takes the seat of who runs out of time"}: ${leftWords(due)}`);
    }
  } else if (t.status !== "finished") {
    facts.push("live");
  }
  return facts;
}

// Why a rated game moved no rating (crisis.server.ratings.rate.Unrated), in words.
const UNRATED = {
  aborted: "a player made too few moves of their own",
  unconfirmed: "a player's e-mail address is not confirmed",
  repeated: "these players' rated games together today are used up",
  no_account: "a seat without an account",
};

// Invitations are offers (crisis.server.lobby.invitations): the invited player accepts or declines
// here (the mail links to this page), and the table's maker decides what a declined seat
// becomes. Asked of the server whenever the waiting table changes.
let offers = { invitations: [], hosting: [] };
let offersAsked = "";
let offerError = "";

function askOffers(t) {
  const key = `${t.status}|${t.version}`;
  if (t.status !== "open" || !t.seats.some((x) => x.offer) || key === offersAsked) return;
  offersAsked = key;
  request("GET", "/api/account/invitations").then((res) => {
    offers = res;
    if (app.latest) renderTable(app.latest);
  }).catch(() => {}); // signed out: nothing to answer here
}

function offerControls(t) {
  if (t.status !== "open") return [];
  const out = [];
  for (const inv of offers.invitations.filter((x) => x.table === tableId)) {
    out.push(el("div", { class: "offer" },
      el("span", {}, `${inv.from || "A player"} invites you to play ${inv.role}${inv.rated ? " (rated)" : ""}. `),
      el("button", { type: "button", class: "primary", onclick: () => act("accept", { role: inv.role }) }, "Accept"), " ",
      el("button", { type: "button", onclick: () => act("decline", { role: inv.role }) }, "Decline")));
  }
  if (offers.hosting.includes(tableId)) {
    for (const seat of t.seats.filter((x) => x.offer === "declined")) {
      const name = el("input", {
        class: "invite-name", placeholder: "their player name", maxlength: "40", autocomplete: "off",
        "aria-label": `Player to invite as ${seat.role}`,
      });
      out.push(el("div", { class: "offer" },
        el("span", {}, `${cap(seat.role)} was declined. Offer it to `), name, " ",
        el("button", { type: "button", onclick: () => act("invite", { role: seat.role, name: name.value.trim() }) }, "Invite"),
        t.rated ? "" : [" ", el("button", { type: "button", onclick: () => act("start") }, "Start with a bot there")],
        " ", el("button", { type: "button", onclick: () => act("close") }, "Close the table")));
    }
  }
  if (out.length && offerError) out.push(el("p", { class: "error", role: "alert" }, offerError));
  return out;
}

async function act(verb, body) {
  offerError = "";
  try {
    await request("POST", `/api/tables/${encodeURIComponent(tableId)}/${verb}`, body || {});
  } catch (err) {
    offerError = err.message;
    if (app.latest) renderTable(app.latest);
    return;
  }
  if (verb === "close") location.assign("/account");
  else if (verb === "accept") location.reload(); // the seat is yours now: come back to it
  else offersAsked = "";
}

export function goRematch(newId) {
  carryToRematch(tableId, newId);
  location.href = `/table/${encodeURIComponent(newId)}`;
}

export function setupSeats() {
  $("resign").addEventListener("click", () => {
    const role = app.latest && (app.latest.role || app.roles[0]);
    if (!role) return;
    ask(`Resign as ${role}? A bot takes your seat (or the game ends if no person is left).`, "Resign").then((yes) => {
      if (yes) send({ type: "resign", role });
    });
  });
  $("rematch").addEventListener("click", () => {
    const t = app.latest.table;
    if (t.rematch) {
      goRematch(t.rematch);
      return;
    }
    // Over HTTP, not the socket: the lobby's route offers other people's accounts their
    // seats (and honours their blocks) instead of sitting them at a new game.
    const role = app.roles[0];
    request("POST", `/api/tables/${encodeURIComponent(tableId)}/rematch`, undefined, notesToken(role))
      .then((made) => goRematch(made.id))
      .catch((err) => toast(err.message));
  });
}
