// The SVG map: twelve provinces, four seas and five homelands, laid out roughly as on the
// board, with every piece drawn from the view. Regions and armies with legal actions glow.

const NS = "http://www.w3.org/2000/svg";

/** Top-left corner of each region's tile on a 1100 x 720 board. */
export const LAYOUT = {
  Britannia: [30, 40, "province"],
  Franks: [215, 8, "homeland"],
  Alamanni: [400, 8, "homeland"],
  Goths: [720, 8, "homeland"],
  Oceanus: [15, 205, "sea"],
  Gallia: [200, 100, "province"],
  Pannonia: [560, 100, "province"],
  Thracia: [740, 110, "province"],
  "Pontus Euxinus": [920, 95, "sea"],
  Italia: [380, 230, "province"],
  Macedonia: [570, 265, "province"],
  Asia: [750, 280, "province"],
  Galatia: [920, 215, "province"],
  Sassanids: [950, 385, "homeland"],
  Hispania: [30, 335, "province"],
  "Mare Occidentale": [215, 425, "sea"],
  "Mare Orientale": [560, 440, "sea"],
  Syria: [915, 495, "province"],
  Africa: [215, 565, "province"],
  Nomads: [520, 640, "homeland"],
  Aegyptus: [735, 565, "province"],
};
const SIZE = { province: [160, 135], homeland: [135, 72], sea: [150, 85] };
const ABBR = { Franks: "Fra", Alamanni: "Ala", Goths: "Got", Sassanids: "Sas", Nomads: "Nom" };
const IMPROVEMENT = { Amphitheater: "Amph", Basilica: "Bas", Limes: "Lim" };

function svg(tag, attrs = {}, text) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

function center(name) {
  const [x, y, kind] = LAYOUT[name];
  const [w, h] = SIZE[kind];
  return [x + w / 2, y + h / 2];
}

/** A small labelled counter; returns [group, width]. */
function chip(x, y, text, cls, title) {
  const w = Math.max(18, text.length * 7 + 8);
  const g = svg("g", { class: `chip ${cls}`, transform: `translate(${x},${y})` });
  g.append(svg("rect", { width: w, height: 16, rx: 3 }));
  g.append(svg("text", { x: 4, y: 12 }, text));
  if (title) g.append(svg("title", {}, title));
  return [g, w];
}

/** Lay chips left to right, wrapping inside `width`. */
class Row {
  constructor(group, x, y, width) {
    Object.assign(this, { group, x0: x, x, y, width });
  }
  add(text, cls, title, data) {
    const [g, w] = chip(0, 0, text, cls, title);
    if (this.x + w > this.x0 + this.width && this.x > this.x0) {
      this.x = this.x0;
      this.y += 19;
    }
    g.setAttribute("transform", `translate(${this.x},${this.y})`);
    if (data) for (const [k, v] of Object.entries(data)) g.dataset[k] = v;
    this.group.append(g);
    this.x += w + 3;
    return g;
  }
  newline() {
    if (this.x > this.x0) {
      this.x = this.x0;
      this.y += 19;
    }
  }
}

function armyText(a) {
  let t = `${a.id}: ${a.full}L`;
  if (a.reduced) t += `+${a.reduced}r`;
  const fo = Object.values(a.foederati || {}).reduce((s, n) => s + n, 0);
  if (fo) t += `+${fo}F`;
  if (a.castra) t += " C";
  return t;
}

function armyTitle(a) {
  const parts = [`${a.owner}'s army ${a.id}`, `${a.full} full and ${a.reduced} reduced legions`];
  const fo = Object.entries(a.foederati || {}).map(([t, n]) => `${n} ${t}`);
  if (fo.length) parts.push(`foederati: ${fo.join(", ")}`);
  if (a.capital) parts.push("in the capital");
  if (a.castra) parts.push("castra");
  return parts.join("; ");
}

/**
 * Draw the board.
 * @param {SVGElement} root the <svg>
 * @param {object} view the server's view
 * @param {object} meta /api/meta
 * @param {{regions: Set<string>, armies: Set<number>}} targets what may be clicked
 * @param {(kind: string, key: string|number, event: MouseEvent) => void} onPick click handler
 */
export function drawMap(root, view, meta, targets, onPick) {
  root.replaceChildren();
  const edges = svg("g", { class: "edges" });
  for (const [a, b] of meta.adjacent) {
    if (!LAYOUT[a] || !LAYOUT[b]) continue;
    const [x1, y1] = center(a);
    const [x2, y2] = center(b);
    edges.append(svg("line", { class: "edge", x1, y1, x2, y2 }));
  }
  root.append(edges);
  const emperorToken = view.emperor_token;
  for (const [name, [x, y, kind]] of Object.entries(LAYOUT)) {
    const [w, h] = SIZE[kind];
    const g = svg("g", { class: `region ${kind}`, "data-region": name, transform: `translate(${x},${y})` });
    const prov = kind === "province" ? view.provinces[name] : null;
    if (kind === "sea") {
      g.append(svg("ellipse", { cx: w / 2, cy: h / 2, rx: w / 2, ry: h / 2 }));
      g.append(svg("text", { class: "name", x: w / 2, y: 24, "text-anchor": "middle" }, name));
    } else {
      if (prov && prov.no_place_governor && !prov.governor) g.classList.add("closed");
      g.append(svg("rect", { class: "body", width: w, height: h, rx: 8 }));
    }
    const row = new Row(g, 6, kind === "sea" ? 34 : 28, w - 12);
    if (prov) drawProvince(g, row, name, prov, view, w, emperorToken);
    if (kind === "homeland") drawHomeland(g, row, name, view, w);
    for (const [leader, where] of Object.entries(view.leaders || {})) {
      if (where === name) row.add(leader, "leader", `Barbarian leader ${leader}`);
    }
    row.newline();
    for (const a of view.armies.filter((x) => x.region === name)) {
      const label = (a.capital ? "⌂" : "") + armyText(a);
      const c = row.add(label, `o-${a.owner}` + (targets.armies.has(a.id) ? " target" : ""), armyTitle(a), { army: a.id });
      if (emperorToken && emperorToken.kind === "military" && emperorToken.army === a.id) {
        c.querySelector("text").textContent = `♛ ${label}`;
      }
      if (targets.armies.has(a.id)) {
        c.addEventListener("click", (ev) => {
          ev.stopPropagation();
          onPick("army", a.id, ev);
        });
      }
    }
    if (targets.regions.has(name)) {
      g.classList.add("target");
      g.setAttribute("tabindex", "0");
      g.setAttribute("role", "button");
      g.setAttribute("aria-label", `${name}: choose an action`);
      g.addEventListener("click", (ev) => onPick("region", name, ev));
      g.addEventListener("keydown", (ev) => {
        if (ev.key === "Enter" || ev.key === " ") onPick("region", name, ev);
      });
    }
    root.append(g);
  }
}

function drawProvince(g, row, name, prov, view, w, emperorToken) {
  const gov = prov.governor || "none";
  g.append(svg("rect", { class: `band g-${gov}`, width: w, height: 22, rx: 8 }));
  g.append(svg("text", { class: "band-text", x: 8, y: 15 }, name));
  let right = prov.governor ? prov.governor : prov.no_place_governor ? "closed" : "";
  if (name === "Italia" && view.emperor) right = `♛ ${view.emperor}`;
  if (emperorToken && emperorToken.kind === "populace" && emperorToken.province === name) right = `♛ ${right}`;
  if (prov.pretender) right = `${prov.seat ? "★" : "☆"} ${right}`;
  g.append(svg("text", { class: "band-text", x: w - 8, y: 15, "text-anchor": "end" }, right));
  const max = name === "Italia" ? 8 : 4;
  for (let i = 0; i < Math.max(max, prov.support); i++) {
    g.append(svg("circle", { class: `pip${i < prov.support ? " on" : ""}`, cx: 12 + i * 13, cy: 33, r: 5 }));
  }
  g.append(svg("title", {}, `${name}: support ${prov.support}${prov.governor ? `, governed by ${prov.governor}` : ""}`));
  row.y = 44;
  if (prov.mobs) row.add(`Mob×${prov.mobs}`, "mob", `${prov.mobs} mob${prov.mobs > 1 ? "s" : ""}`);
  if (prov.militia) row.add("Militia", "mark", "Militia");
  if (prov.quaestor) row.add("Q", "mark", "Quaestor");
  for (const imp of prov.improvements || []) row.add(IMPROVEMENT[imp] || imp, "mark", imp);
  if (prov.pretender) row.add(prov.seat ? `Seat ${prov.pretender}` : `Breakaway ${prov.pretender}`, "mark", "Pretender marker");
  row.newline();
  for (const [tribe, n] of Object.entries(prov.active || {})) if (n) row.add(`${ABBR[tribe] || tribe} ${n}`, "barb", `${n} active ${tribe}`);
  for (const [tribe, n] of Object.entries(prov.inactive || {})) if (n) row.add(`${ABBR[tribe] || tribe} ${n}`, "barb idle", `${n} inactive ${tribe}`);
  for (const [rival, where] of Object.entries(view.rivals || {})) if (where === name) row.add(rival.split(" ")[0], "rival", `Rival Emperor ${rival}`);
}

function drawHomeland(g, row, name, view, w) {
  g.append(svg("text", { class: "name", x: 8, y: 18 }, name));
  const t = view.tribes[name];
  if (!t || !t.in_game) {
    g.append(svg("text", { class: "small", x: 8, y: 36 }, "not in this game"));
    return;
  }
  if (t.active) row.add(`${t.active} active`, "barb", `${t.active} active ${name} in the homeland`);
  if (t.inactive) row.add(`${t.inactive} idle`, "barb idle", `${t.inactive} inactive ${name}`);
}
