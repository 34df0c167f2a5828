// The table card: its seats, invitation links, each seat's own link, the options, and the
// resign / rematch buttons.

import { carryToRematch, el, invites, linkBox, mySeats, seatLink } from "./api.js";
import { $, app, cap, send, tableId } from "./shared.js";

export function renderTable(s) {
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

export function goRematch(newId) {
  carryToRematch(tableId, newId);
  location.href = `/table/${encodeURIComponent(newId)}`;
}

export function setupSeats() {
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
}
