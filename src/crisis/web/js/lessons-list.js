// The lobby's "Learn to play" list: every title's lessons as the server lists them
// (GET /api/lessons), grouped by title, each a link to the table page that plays it, with
// its length and summary on a line of their own under the link.

import { el, request } from "./api.js";

async function listLessons() {
  const box = document.getElementById("lessons");
  if (!box) return;
  let lessons = [];
  try {
    lessons = (await request("GET", "/api/lessons")).lessons || [];
  } catch {
    box.replaceChildren(el("li", { class: "muted" }, "The lessons could not be loaded."));
    return;
  }
  if (!lessons.length) {
    box.replaceChildren(el("li", { class: "muted" }, "No lessons yet."));
    return;
  }
  box.replaceChildren(...lessons.map((l) => el("li", {},
    el("a", { href: l.url }, `${l.title_name}: ${l.name}`),
    el("span", { class: "muted small" }, `${l.steps} steps. ${l.summary.replace(/\s+/g, " ")}`))));
}

listLessons();
