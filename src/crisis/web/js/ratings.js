// The leaderboards (/ratings: every game's best rated players) and a player's profile
// (/players/NAME: their ratings, their rating over time and their rated games, each linking
// to its replay). Read from GET /api/ratings/{title} and GET /api/players/{name}.

import { el, meta as loadMeta, request } from "./api.js";
import { $ } from "./dom.js";


/** A rating as shown: "1532", or "1532?" while provisional. */
function rating(r) {
  return `${r.rating}${r.provisional ? "?" : ""}`;
}

function playerLink(name) {
  return el("a", { href: `/players/${encodeURIComponent(name)}` }, name);
}

async function boards(meta) {
  const titles = Object.entries(meta.titles);
  const parts = await Promise.all(titles.map(async ([id, t]) => {
    const res = await request("GET", `/api/ratings/${encodeURIComponent(id)}`);
    const rows = res.players.map((p, i) => el("tr", {},
      el("td", {}, String(i + 1)), el("td", {}, playerLink(p.name)),
      el("td", { class: "num" }, rating(p)), el("td", { class: "num" }, String(p.games))));
    const table = rows.length
      ? el("table", { class: "leaderboard" },
        el("thead", {}, el("tr", {}, el("th", {}, "#"), el("th", {}, "Player"), el("th", { class: "num" }, "Rating"), el("th", { class: "num" }, "Games"))),
        el("tbody", {}, ...rows))
      : el("p", { class: "muted" }, "No rated game has ended yet.");
    return el("section", { "data-title": id }, el("h2", {}, t.name), table);
  }));
  $("boards").replaceChildren(...parts);
}

/** A small line chart of the rating after each game (SVG, no library). */
function chart(games) {
  const points = [...games].reverse();
  if (!points.length) return el("p", { class: "muted" }, "No rated game yet.");
  const values = [points[0].before, ...points.map((g) => g.after)];
  const lo = Math.min(...values) - 10;
  const hi = Math.max(...values) + 10;
  const w = 320;
  const h = 120;
  const x = (i) => (values.length === 1 ? w / 2 : (i * (w - 20)) / (values.length - 1) + 10);
  const y = (v) => h - 10 - ((v - lo) * (h - 20)) / (hi - lo);
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", `Rating over ${points.length} rated games: from ${values[0]} to ${values[values.length - 1]}`);
  const line = document.createElementNS(ns, "polyline");
  line.setAttribute("points", values.map((v, i) => `${x(i)},${y(v)}`).join(" "));
  line.setAttribute("class", "rating-line");
  svg.append(line);
  values.forEach((v, i) => {
    const dot = document.createElementNS(ns, "circle");
    dot.setAttribute("cx", x(i));
    dot.setAttribute("cy", y(v));
    dot.setAttribute("r", 3);
    dot.setAttribute("class", "rating-dot");
    const tip = document.createElementNS(ns, "title");
    tip.textContent = String(v);
    dot.append(tip);
    svg.append(dot);
  });
  return svg;
}

async function profile(meta, name) {
  $("board").classList.add("hidden");
  $("profile").classList.remove("hidden");
  const res = await request("GET", `/api/players/${encodeURIComponent(name)}`);
  document.title = `crisis: ${res.name}`;
  $("sub").textContent = "a player";
  $("player-name").textContent = res.name;
  const titleName = (id) => (meta.titles[id] || {}).name || id;
  const held = Object.entries(res.ratings);
  $("player-ratings").replaceChildren(...(held.length
    ? held.map(([id, r]) => el("li", {}, `${titleName(id)}: ${rating(r)} after ${r.games} rated ${r.games === 1 ? "game" : "games"}`))
    : [el("li", { class: "muted" }, "No rated game yet.")]));
  $("history-chart").replaceChildren(chart(res.games));
  $("player-games").replaceChildren(...res.games.map((g) => el("li", {},
    el("a", { href: `/table/${encodeURIComponent(g.table)}` }, `${titleName(g.title)}, ${new Date(g.at * 1000).toLocaleDateString()}`),
    el("span", { class: "muted" }, ` · place ${g.place} · ${g.before} → ${g.after} (${g.after >= g.before ? "+" : ""}${g.after - g.before})`))));
}

async function main() {
  try {
    const meta = await loadMeta();
    const match = location.pathname.match(/^\/players\/([^/]+)/);
    if (match) await profile(meta, decodeURIComponent(match[1]));
    else await boards(meta);
  } catch (err) {
    $("error").textContent = err.message;
  }
}

main();
