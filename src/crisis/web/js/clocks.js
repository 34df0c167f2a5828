// Correspondence clocks in words: each person's time bank and vacation at a game over days
// (GET /api/tables/{id}/clocks, and "clocks" in "Your games"), and the account's vacation
// (GET and POST /api/account/vacation).

import { el, request } from "./api.js";

/** "1 d 4 h", "5 h", "40 min" for a number of seconds. */
export function spanWords(seconds) {
  const s = Math.max(0, seconds);
  if (s < 5400) return `${Math.round(s / 60)} min`;
  if (s < 172800) return `${Math.round(s / 3600)} h`;
  const hours = Math.round(s / 3600); // whole hours first: never "1 d 24 h"
  return `${Math.floor(hours / 24)} d${hours % 24 ? ` ${hours % 24} h` : ""}`;
}

/** "Mon 7 Dec" (the year too when it is not this one) for a Unix time in seconds. */
export function dateWords(moment) {
  const d = new Date(moment * 1000);
  const opts = { weekday: "short", day: "numeric", month: "short" };
  if (d.getFullYear() !== new Date().getFullYear()) opts.year = "numeric";
  return d.toLocaleDateString("en-GB", opts);
}

/** "bank 1 d 4 h" for a clock with a bank; null without. */
export function bankWords(clock) {
  return clock && clock.bank > 0 ? `bank ${spanWords(clock.bank)}` : null;
}

/** "on vacation until Mon 7 Dec" for a clock whose person is away; null otherwise. */
export function vacationWords(clock) {
  return clock && clock.vacation_until ? `on vacation until ${dateWords(clock.vacation_until)}` : null;
}

// The table's clocks, asked again whenever the table changes (a move, a seat, the end).
let asked = "";
let shown = {};

/** The clocks of table `id` as last heard (by role); asks again when `t` changed, and calls
 * `redraw` when the answer comes. */
export function tableClocks(id, t, redraw) {
  if (!t.pace || t.status !== "playing") return {};
  const key = `${id}|${t.version}|${t.status}|${t.updated}`;
  if (key !== asked) {
    asked = key;
    request("GET", `/api/tables/${encodeURIComponent(id)}/clocks`).then((res) => {
      if (asked !== key) return;
      shown = res.clocks || {};
      redraw();
    }).catch(() => {});
  }
  return shown;
}

/** The account page's vacation card: where it stands, start one of so many days, end it. */
export async function vacationCard(card) {
  const status = card.querySelector("#vacation-state");
  const form = card.querySelector("#vacation-form");
  const end = card.querySelector("#vacation-end");
  const error = card.querySelector("#vacation-error");
  const days = card.querySelector("#vacation-days");
  const show = (v) => {
    const left = `${v.days_left} of ${v.days_a_year} days left this year`;
    status.replaceChildren(v.until
      ? el("strong", {}, `You are on vacation until ${dateWords(v.until)}. `)
      : "You are not on vacation. ", left, ".");
    form.classList.toggle("hidden", Boolean(v.until) || v.days_left === 0);
    end.classList.toggle("hidden", !v.until);
    days.max = String(v.days_left);
  };
  const run = async (body) => {
    error.textContent = "";
    try {
      show((await request("POST", "/api/account/vacation", body)).vacation);
    } catch (err) {
      error.textContent = err.message;
    }
  };
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    run({ days: Number(days.value) });
  });
  end.addEventListener("click", () => run({ end: true }));
  try {
    show((await request("GET", "/api/account/vacation")).vacation);
  } catch (err) {
    error.textContent = err.message;
  }
}
