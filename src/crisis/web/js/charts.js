// Small SVG line charts for the review of a finished game (scores and the bot's estimated
// chances by round).

import { el } from "./api.js";
import { cap } from "./dom.js";

const SVGNS = "http://www.w3.org/2000/svg";
const COLOURS = { green: "#3f8f3a", blue: "#2f62b5", yellow: "#d9a404", red: "#c03428" };

/** A small line chart: one line per role over the rounds. */
export function chart(title, rounds, series, max, fmt) {
  const w = 340, h = 150, left = 34, bottom = 20, top = 8;
  const svg = document.createElementNS(SVGNS, "svg");
  svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  svg.setAttribute("class", "chart");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", title);
  const n = Math.max(1, rounds.length - 1);
  const x = (i) => left + (i * (w - left - 6)) / n;
  const y = (v) => top + (1 - v / (max || 1)) * (h - top - bottom);
  const line = (x1, y1, x2, y2, cls) => {
    const l = document.createElementNS(SVGNS, "line");
    Object.entries({ x1, y1, x2, y2, class: cls }).forEach(([k, v]) => l.setAttribute(k, v));
    svg.append(l);
  };
  const text = (tx, ty, s, anchor = "end") => {
    const t = document.createElementNS(SVGNS, "text");
    Object.entries({ x: tx, y: ty, "text-anchor": anchor, class: "chart-label" }).forEach(([k, v]) => t.setAttribute(k, v));
    t.textContent = s;
    svg.append(t);
  };
  line(left, y(0), w - 6, y(0), "axis");
  line(left, y(max), w - 6, y(max), "grid");
  text(left - 4, y(0) + 4, fmt(0));
  text(left - 4, y(max) + 4, fmt(max));
  // The round under every few points, as many as fit side by side (a label is about 20
  // units wide), none too close to the last; the first and last are anchored inside the
  // frame (a centred "end" at the right edge was cut to "en").
  const last = rounds.length - 1;
  const apart = (w - left - 6) / n;
  const step = Math.max(3, Math.ceil(30 / apart));
  rounds.forEach((r, i) => {
    if (i !== 0 && i !== last && (i % step !== 0 || (last - i) * apart < 30)) return;
    const anchor = i === last && last > 0 ? "end" : i === 0 ? "start" : "middle";
    text(x(i), h - 4, r === "end" ? "end" : `R${r}`, anchor);
  });
  for (const [role, values] of Object.entries(series)) {
    const p = document.createElementNS(SVGNS, "polyline");
    p.setAttribute("points", values.map((v, i) => `${x(i)},${y(v)}`).join(" "));
    p.setAttribute("class", "series");
    p.setAttribute("stroke", COLOURS[role] || "#555");
    const t = document.createElementNS(SVGNS, "title");
    t.textContent = `${cap(role)}: ${values.map(fmt).join(", ")}`;
    p.append(t);
    svg.append(p);
  }
  return el("figure", { class: "chart-box" }, el("figcaption", {}, title), svg);
}
