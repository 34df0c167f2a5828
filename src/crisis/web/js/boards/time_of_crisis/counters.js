// Time of Crisis's pieces as counters (small SVG groups), and the legend that explains them.
// Every counter has a <title> (hover) and an aria-label, and the legend shows each kind, so
// that nothing needs hovering to be understood.

const NS = "http://www.w3.org/2000/svg";
export const SIZE = 24; // a counter's height in map units

/** Tribe colours: one per tribe, for its counters and its leader. */
export const TRIBE_COLOUR = {
  Franks: "#2e6f5e", Alamanni: "#7a5c1e", Goths: "#5e3b1e", Sassanids: "#8a1f4c", Nomads: "#b0642a",
};
const ABBR = { Franks: "Fr", Alamanni: "Al", Goths: "Go", Sassanids: "Sa", Nomads: "No" };
const IMPROVEMENT = { Amphitheater: "Am", Basilica: "Ba", Limes: "Li" };

export function svg(tag, attrs = {}, text) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A counter group with its tooltip and accessible name; returns [group, width]. */
function counter(kind, cls, title, width) {
  const g = svg("g", { class: `chip counter ${kind} ${cls}`.trim() });
  g.append(svg("title", {}, title));
  return [g, width];
}

function square(g, w, cls) {
  g.append(svg("rect", { class: `face ${cls}`, width: w, height: SIZE, rx: 3 }));
}

function label(g, x, y, text, cls = "") {
  g.append(svg("text", { class: `ct ${cls}`.trim(), x, y, "text-anchor": "middle" }, text));
}

/** A General with his legions: the owner's colour, the army number, then one bar per full
 * legion and one hollow bar per reduced legion (foederati as brown bars). */
export function army(a, emperorHere) {
  const fo = Object.values(a.foederati || {}).reduce((s, n) => s + n, 0);
  const bars = a.full + a.reduced + fo;
  const w = Math.max(SIZE, 16 + bars * 6);
  const parts = [`${a.owner}'s army ${a.id}`, `${a.full} full and ${a.reduced} reduced legion${a.full + a.reduced === 1 ? "" : "s"}`];
  const fed = Object.entries(a.foederati || {}).filter(([, n]) => n).map(([t, n]) => `${n} ${t}`);
  if (fed.length) parts.push(`foederati: ${fed.join(", ")}`);
  if (a.capital) parts.push("in the capital");
  if (a.castra) parts.push("with a castra");
  if (emperorHere) parts.push("the Emperor rides with it");
  const [g, width] = counter("army", `o-${a.owner}`, parts.join("; "), w + (a.castra ? 8 : 0));
  square(g, w, `p-${a.owner}`);
  label(g, w / 2, 10, `${a.capital ? "⌂" : "⚔"}${a.id}${emperorHere ? "♛" : ""}`, "small-ct");
  let x = (w - bars * 6 + 2) / 2;
  const bar = (cls) => {
    g.append(svg("rect", { class: `legion ${cls}`, x, y: 13, width: 4, height: 8 }));
    x += 6;
  };
  for (let i = 0; i < a.full; i++) bar("full");
  for (let i = 0; i < a.reduced; i++) bar("reduced");
  for (let i = 0; i < fo; i++) bar("foederati");
  if (a.castra) {
    g.append(svg("rect", { class: "face castra", x: w - 2, y: 4, width: 10, height: 16, rx: 2 }));
    label(g, w + 3, 16, "C", "tiny-ct");
  }
  return [g, width];
}

export function governor(role) {
  const neutral = role === "neutral";
  const [g, w] = counter("governor", `o-${role}`, neutral ? "Neutral Governor" : `${role}'s Governor`, SIZE);
  g.append(svg("circle", { class: `face p-${role}`, cx: SIZE / 2, cy: SIZE / 2, r: SIZE / 2 - 1 }));
  label(g, SIZE / 2, 16, "G");
  return [g, w];
}

export function emperor(role) {
  const [g, w] = counter("emperor", `o-${role}`, `The Emperor (${role})`, SIZE);
  // the owner's colour, ringed and crowned in gold
  g.append(svg("circle", { class: `face p-${role}`, cx: SIZE / 2, cy: SIZE / 2, r: SIZE / 2 - 1 }));
  g.append(svg("circle", { class: "ring imperial-ring", cx: SIZE / 2, cy: SIZE / 2, r: SIZE / 2 - 3.5 }));
  label(g, SIZE / 2, 16.5, "♛", "crown-ct");
  return [g, w];
}

export function militia() {
  const [g, w] = counter("militia", "", "Militia", SIZE);
  square(g, SIZE, "militia");
  label(g, SIZE / 2, 16, "Mi", "dark-ct");
  return [g, w];
}

/** Barbarians of one tribe: solid when active, pale and dashed when inactive. */
export function barbarians(tribe, n, active) {
  const title = `${n} ${active ? "active" : "inactive"} ${tribe}`;
  const [g, w] = counter("barbarian", active ? "active" : "inactive", title, SIZE + 6);
  g.dataset.tribe = tribe;
  const face = svg("rect", { class: `face tribe ${active ? "" : "idle"}`, width: SIZE + 6, height: SIZE, rx: 3, fill: active ? TRIBE_COLOUR[tribe] : "#fff", stroke: TRIBE_COLOUR[tribe] });
  g.append(face);
  const t = svg("text", { class: `ct ${active ? "" : "idle-ct"}`, x: (SIZE + 6) / 2, y: 16, "text-anchor": "middle", fill: active ? undefined : TRIBE_COLOUR[tribe] }, `${ABBR[tribe] || tribe.slice(0, 2)}${n > 1 ? n : ""}`);
  g.append(t);
  return [g, w];
}

export function leader(name, tribe) {
  const [g, w] = counter("leader", "", `Barbarian leader ${name}${tribe ? ` (${tribe})` : ""}`, SIZE);
  g.dataset.tribe = tribe || "";
  g.append(svg("circle", { class: "face leader-face", cx: SIZE / 2, cy: SIZE / 2, r: SIZE / 2 - 1, fill: TRIBE_COLOUR[tribe] || "#111" }));
  label(g, SIZE / 2, 16, name.slice(0, 2));
  return [g, w];
}

export function rival(name) {
  const [g, w] = counter("rival", "", `Rival Emperor ${name}`, SIZE);
  g.dataset.rival = name;
  g.append(svg("circle", { class: "face rival-face", cx: SIZE / 2, cy: SIZE / 2, r: SIZE / 2 - 1 }));
  label(g, SIZE / 2, 16, `R${name.charAt(0)}`);
  return [g, w];
}

export function mob(n) {
  const [g, w] = counter("mob", "", `${n} Mob${n > 1 ? "s" : ""}`, SIZE);
  g.append(svg("path", { class: "face mob-face", d: `M${SIZE / 2} 1L${SIZE - 1} ${SIZE - 1}H1z` }));
  label(g, SIZE / 2, 19, n > 1 ? `${n}` : "M");
  return [g, w];
}

export function tile(kind, text, title) {
  const [g, w] = counter(kind, "", title, SIZE);
  square(g, SIZE, "tile");
  label(g, SIZE / 2, 16, text, "dark-ct");
  return [g, w];
}

export const improvement = (name) => tile("improvement", IMPROVEMENT[name] || name.slice(0, 2), name);
export const quaestor = () => tile("quaestor", "Q", "Quaestor");

/** A Pretender's marker: the seat of power (a star) or a breakaway province (a ring). */
export function pretender(role, seat) {
  const [g, w] = counter("pretender", `o-${role}`, seat ? `${role}'s seat of power` : `Breakaway province of ${role}'s empire`, SIZE);
  if (seat) {
    g.append(svg("path", { class: `face p-${role}`, d: "M12 1l3.2 7 7.6.8-5.7 5.1 1.6 7.5L12 17.6l-6.7 3.8 1.6-7.5L1.2 8.8l7.6-.8z" }));
  } else {
    g.append(svg("circle", { class: `face breakaway p-${role}`, cx: SIZE / 2, cy: SIZE / 2, r: SIZE / 2 - 2 }));
    g.append(svg("circle", { class: "hole", cx: SIZE / 2, cy: SIZE / 2, r: 4 }));
  }
  return [g, w];
}

/** The width of the tab "+n" on a counter that stands for more pieces. */
export const TAB = 14;

/** The tab on the right of a counter `w` wide that stands for more pieces than fit in the
 * region at this zoom: how many, and (in its title) which. */
export function stackTab(titles, region, w) {
  const n = titles.length;
  const g = svg("g", { class: "stack-tab" });
  g.append(svg("title", {}, `${n} more piece${n === 1 ? "" : "s"} in ${region}: ${titles.join("; ")}`));
  g.append(svg("rect", { class: "tab-face", x: w - 1, y: 2, width: TAB, height: SIZE - 4, rx: 3 }));
  g.append(svg("text", { class: "ct tab-ct", x: w - 1 + TAB / 2, y: 16, "text-anchor": "middle" }, `+${n}`));
  return g;
}

/** Pieces that do not fit in their region at this zoom, as one pile: the face of the first
 * (`top`: the class and fill of its face) on top of another, with how many there are; its
 * title says which; a click zooms in on the region. */
export function stack(titles, region, top = {}) {
  const n = titles.length;
  const [g, w] = counter("stack", "", `A pile of ${n} pieces in ${region}: ${titles.join("; ")}`, SIZE);
  const s = SIZE - 3.5; // the top piece, and the edge of the next one behind it
  g.append(svg("rect", { class: "face tab-face", width: SIZE, height: SIZE, rx: 3 }));
  g.append(svg("rect", { class: top.cls ? `top ${top.cls}` : "top tab-face", fill: top.fill, stroke: "#2b2418", "stroke-width": 1, y: 3.5, width: s, height: s, rx: 3 }));
  g.append(svg("circle", { class: "pile-count", cx: s / 2, cy: 3.5 + s / 2, r: 7 }));
  g.append(svg("text", { class: "ct pile-ct", x: s / 2, y: 3.5 + s / 2 + 3.8, "text-anchor": "middle" }, String(n)));
  return [g, w];
}

/** A counter with a tab "+n", for the legend. */
function stacked() {
  const [g, w] = governor("neutral");
  g.append(stackTab(["Militia", "a Mob"], "Italia", w));
  return [g, w + TAB];
}

/** Every kind of counter, with words, for the legend panel. */
export function legendItems() {
  return [
    [army({ id: 1, owner: "green", full: 2, reduced: 1, foederati: {} }), "A General and his army (number 1): a bar per legion; hollow bars are reduced legions; ⌂ in the capital"],
    [army({ id: 2, owner: "blue", full: 1, reduced: 0, foederati: { Goths: 1 }, castra: true }), "Army with a Foederati (brown bar) and a Castra (C)"],
    [governor("red"), "A player's Governor (in the player's colour)"],
    [governor("neutral"), "A neutral Governor"],
    [emperor("yellow"), "The Emperor (his player's colour, ringed and crowned in gold)"],
    [militia(), "Militia"],
    [barbarians("Goths", 2, true), "Active barbarians (the tribe's colour, with how many)"],
    [barbarians("Goths", 1, false), "Inactive barbarians (pale)"],
    [leader("Cniva", "Goths"), "A barbarian leader (round, the tribe's colour)"],
    [rival("Postumus"), "A Rival Emperor"],
    [mob(1), "A Mob"],
    [improvement("Amphitheater"), "Amphitheatre"],
    [improvement("Basilica"), "Basilica"],
    [improvement("Limes"), "Limes"],
    [quaestor(), "Quaestor"],
    [pretender("blue", true), "A Pretender's seat of power"],
    [pretender("blue", false), "A breakaway province of a Pretender's empire"],
    [stacked(), "More pieces here than room at this zoom (+ how many more): click to zoom in"],
    [stack(["a", "b", "c"], "Italia", { cls: "p-red" }), "A pile: no room at this zoom for the region's pieces (how many; the first on top): click to zoom in"],
  ];
}
