// "Your games": one list, the same in the lobby and on the account page, of the tables where
// this browser's seat secrets or the signed-in account hold a seat (POST /api/games/yours),
// those waiting for you first, with how long they have waited and the time left.

import { el, meta, rememberSeat, request, seats } from "./api.js";
import { bankWords, vacationWords } from "./clocks.js";
import { cap } from "./dom.js";

/** When the moment `since` (Unix seconds) was, in words: "just now", "3 minutes ago". */
export function ago(since) {
  const s = Math.max(0, Date.now() / 1000 - since);
  if (s < 120) return "just now";
  if (s < 5400) return `${Math.round(s / 60)} minutes ago`;
  if (s < 129600) return `${Math.round(s / 3600)} hours ago`;
  return `${Math.round(s / 86400)} days ago`;
}

/** "2 d 3 h left", "40 min left", "time is up" until a Unix time in seconds. */
export function timeLeft(deadline) {
  const s = deadline - Date.now() / 1000;
  if (s <= 0) return "time is up";
  if (s < 5400) return `${Math.max(1, Math.round(s / 60))} min left`;
  if (s < 172800) return `${Math.round(s / 3600)} h left`;
  const hours = Math.round(s / 3600); // whole hours first: never "7 d 24 h"
  return `${Math.floor(hours / 24)} d ${hours % 24} h left`;
}

/** What a game waits for, in words: your turn (and for how long), the others, the end. */
function stateWords(game) {
  if (game.waiting) {
    const left = game.deadline ? `, ${timeLeft(game.deadline)}` : "";
    return `Your turn (it came ${ago(game.waiting_since)})${left}`;
  }
  if (game.status === "open") return "Open: waiting for players to take the free seats";
  if (game.status === "finished") {
    const winner = game.result && game.result.winner;
    if (!winner) return "Finished";
    return game.roles.includes(winner) ? "Finished: you won" : `Finished: ${cap(winner)} won`;
  }
  const left = game.deadline ? ` (${timeLeft(game.deadline)})` : "";
  const names = game.active.map((r) => {
    const seat = game.seats.find((s) => s.role === r);
    return seat && seat.name ? seat.name : cap(r);
  });
  return `Waiting for ${names.join(", ") || "the others"}${left}`;
}

/** One entry of the list. */
function entry(game, titles) {
  const name = (titles[game.title] && titles[game.title].name) || game.title;
  const others = game.seats.filter((s) => !s.yours).map((s) => (s.kind === "bot" ? `${s.name || s.bot}` : s.name || cap(s.role)));
  const href = `/table/${encodeURIComponent(game.id)}`;
  // Clocks (clocks.js): your seat's bank, and who is on vacation until when.
  const clocks = game.clocks || {};
  const yours = game.roles.map((r) => clocks[r]).find(Boolean);
  const away = game.seats.filter((s) => clocks[s.role] && clocks[s.role].vacation_until)
    .map((s) => `${s.yours ? "you are" : `${s.name || cap(s.role)} is`} ${vacationWords(clocks[s.role])}`);
  const facts = [
    `You: ${game.roles.map(cap).join(", ")}`,
    game.pace ? `${Math.round(game.pace / 86400)} d per move` : "live",
    bankWords(yours),
    game.rated ? "rated" : null,
  ].filter(Boolean).join(" · ");
  return el("li", { "data-table": game.id, class: game.waiting ? "waiting" : null },
    el("a", { href, class: game.waiting ? "button primary small" : "button small" }, game.waiting ? "Play" : "Open"),
    el("span", { class: "game-what" }, el("strong", {}, name), ` with ${others.join(", ") || "nobody"}`,
      el("span", { class: "muted small game-facts" }, facts)),
    el("span", { class: game.waiting ? "your-turn" : "muted" }, stateWords(game)),
    away.length ? el("span", { class: "away small" }, away.join("; ")) : "");
}

/** A rematch reuses the seat secret: remember it under the new table too. */
function carryRematches(games, tokens) {
  const held = seats();
  for (const game of games) {
    if (!game.rematch_of) continue;
    for (const role of game.roles) {
      const known = held.find((s) => s.mine && s.role === role && s.table === game.rematch_of && tokens.includes(s.token));
      if (known && !held.some((s) => s.table === game.id && s.role === role)) rememberSeat(game.id, role, known.token, true);
    }
  }
}

/** Draw "Your games" into the list `list`; `empty` is said when there is none. */
export async function showYourGames(list, empty) {
  const tokens = [...new Set(seats().filter((s) => s.mine).map((s) => s.token))].slice(-200);
  let games;
  try {
    ({ games } = await request("POST", "/api/games/yours", { tokens }));
  } catch (err) {
    list.replaceChildren(el("li", { class: "muted" }, err.message));
    return [];
  }
  carryRematches(games, tokens);
  if (!games.length) {
    list.replaceChildren(el("li", { class: "muted" }, empty));
    return games;
  }
  let titles = {};
  try {
    titles = (await meta()).titles || {};
  } catch {
    titles = {};
  }
  list.replaceChildren(...games.map((g) => entry(g, titles)));
  return games;
}
