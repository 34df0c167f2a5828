// The map of Time of Crisis: the committed SVG (/static/map.svg, drawn by scripts/map from
// Natural Earth coastlines) with the twelve provinces, four seas and five homelands as
// regions; names, support and every piece drawn on it from the view; zoom and pan (wheel,
// drag, two-finger pinch, buttons). Regions and counters that can be clicked glow.

import * as C from "./counters.js";

const { svg, SIZE } = C;
const GAP = 3;
/** On screen, a counter is drawn at least this tall (px) while the map is small (a phone's
 * whole map), and anything that can be clicked on the map answers over at least TAP px. */
const MIN_PX = 22;
const TAP = 44;

/** Draws the board into an <svg> and keeps its zoom; `draw` may be called before the base
 * map has loaded (it draws again once it has). */
export class BoardMap {
  constructor(root) {
    this.root = root;
    this.areas = new Map(); // region -> its <path>
    this.places = new Map(); // region -> {label: [x, y], tray: [x, y, w]}
    this.last = null;
    this.lit = new Set();
    this.scale = 1; // counters' size on the map (1: as drawn; more on a small map)
    this.ready = this.load();
  }

  async load() {
    const r = await fetch("/static/map.svg");
    const doc = new DOMParser().parseFromString(await r.text(), "image/svg+xml");
    const base = doc.documentElement;
    const [, , w, h] = base.getAttribute("viewBox").split(" ").map(Number);
    this.full = { x: 0, y: 0, w, h };
    this.vb = { ...this.full };
    const g = svg("g", { class: "base" });
    for (const child of [...base.children]) g.append(document.importNode(child, true));
    this.labels = svg("g", { class: "labels" });
    this.pieces = svg("g", { class: "pieces" });
    this.root.replaceChildren(g, this.pieces, this.labels); // names over the counters
    for (const path of g.querySelectorAll("path.area")) {
      const name = path.dataset.region;
      const [lx, ly] = path.dataset.label.split(" ").map(Number);
      const [tx, ty, tw] = path.dataset.tray.split(" ").map(Number);
      path.dataset.kind = kindOf(path);
      path.classList.add("region");
      this.areas.set(name, path);
      this.places.set(name, { label: [lx, ly], tray: [tx, ty, tw] });
    }
    this.applyViewBox();
    this.gestures();
    // a new width (a phone turned, a window resized) may call for other counter sizes
    new ResizeObserver(() => this.applyViewBox()).observe(this.root);
    if (this.last) this.draw(...this.last);
  }

  /**
   * Draw the view.
   * @param {object} view the server's view
   * @param {object} info the title's /api/meta entry
   * @param {object} o {targets: {regions, armies}: what has actions; selected: army id or
   *   null; dests: Set of regions the selected army may go to; foes: Set of battle targets
   *   ("#id", "militia", a tribe, a Rival) of the selected army; changed: Set of regions;
   *   pick(kind, key, event): a click on a region ("region"), an army ("army") or a foe ("foe")}
   */
  draw(view, info, o) {
    this.last = [view, info, o];
    if (!this.full) return;
    const focused = document.activeElement && this.root.contains(document.activeElement) ? document.activeElement.dataset.key : null;
    this.labels.replaceChildren();
    this.pieces.replaceChildren();
    const selectedArmy = (view.armies || []).find((a) => a.id === o.selected);
    for (const [name, path] of this.areas) {
      const prov = view.provinces[name];
      const tribe = view.tribes[name];
      path.setAttribute("class", `area region ${path.dataset.kind}`);
      if (prov) {
        path.classList.add(`gov-${prov.governor || "none"}`);
        if (prov.no_place_governor && !prov.governor) path.classList.add("closed");
      }
      if (tribe && !tribe.in_game) path.classList.add("out");
      const target = o.targets.regions.has(name) || (o.dests && o.dests.has(name));
      path.classList.toggle("target", target);
      path.classList.toggle("dest", Boolean(o.dests && o.dests.has(name)));
      path.classList.toggle("changed", Boolean(o.changed && o.changed.has(name)));
      path.classList.toggle("lit", this.lit.has(name));
      if (target) {
        path.setAttribute("tabindex", "0");
        path.setAttribute("role", "button");
        const what = o.dests && o.dests.has(name) ? `move army ${o.selected} here` : "choose an action";
        path.setAttribute("aria-label", `${name}: ${what}`);
        path.dataset.key = `region:${name}`;
        path.onclick = (ev) => this.click(ev, () => o.pick("region", name, ev));
        path.onkeydown = (ev) => {
          if (ev.key === "Enter" || ev.key === " ") {
            ev.preventDefault();
            o.pick("region", name, ev);
          }
        };
      } else {
        for (const a of ["tabindex", "role", "aria-label"]) path.removeAttribute(a);
        path.onclick = (ev) => this.click(ev, () => o.pick("background", name, ev));
        path.onkeydown = null;
      }
      this.drawLabel(name, prov, tribe);
      this.drawPieces(name, view, info, o, selectedArmy);
    }
    if (focused) {
      const again = this.root.querySelector(`[data-key="${CSS.escape(focused)}"]`);
      if (again) again.focus();
    }
  }

  drawLabel(name, prov, tribe) {
    const [x, y] = this.places.get(name).label;
    const kind = this.areas.get(name).dataset.kind;
    const g = svg("g", { class: `label ${kind}`, transform: `translate(${x},${y})` });
    g.append(svg("text", { class: "name halo", "text-anchor": "middle" }, name));
    g.append(svg("text", { class: "name", "text-anchor": "middle" }, name));
    if (prov) {
      const max = Math.max(name === "Italia" ? 8 : 4, prov.support);
      const x0 = -((max - 1) * 9) / 2;
      for (let i = 0; i < max; i++) {
        g.append(svg("circle", { class: `pip${i < prov.support ? " on" : ""}`, cx: x0 + i * 9, cy: 8, r: 3.4 }));
      }
      g.append(svg("title", {}, `${name}: support ${prov.support}${prov.governor ? `, governed by ${prov.governor}` : ", no governor"}${prov.no_place_governor && !prov.governor ? " (closed to governors)" : ""}`));
    } else if (tribe && !tribe.in_game) {
      g.append(svg("text", { class: "note", y: 12, "text-anchor": "middle" }, "not in this game"));
    }
    this.labels.append(g);
  }

  drawPieces(name, view, info, o, selectedArmy) {
    const prov = view.provinces[name];
    const tribe = view.tribes[name];
    const [tx, ty, tw] = this.places.get(name).tray;
    const k = this.scale;
    const tray = new Tray(this.pieces, tx, ty, tw * Math.min(k, 1.6), k);
    const foe = (key, node) => {
      if (o.foes && o.foes.has(key) && selectedArmy && selectedArmy.region === name) {
        node.classList.add("target", "foe");
        this.clickable(node, `foe:${key}`, `Attack: ${titleOf(node)}`, (ev) => o.pick("foe", key, ev));
      }
    };
    const token = view.emperor_token;
    if (prov) {
      if (prov.governor) tray.add(C.governor(prov.governor));
      const emperorHere = token ? token.kind === "senate" ? name === "Italia" : token.kind === "populace" && token.province === name : name === "Italia" && view.emperor;
      if (emperorHere) tray.add(C.emperor(token ? token.owner : view.emperor));
      if (prov.pretender) tray.add(C.pretender(prov.pretender, prov.seat));
      if (prov.militia) foe("militia", tray.add(C.militia()));
      if (prov.quaestor) tray.add(C.quaestor());
      for (const imp of prov.improvements || []) tray.add(C.improvement(imp));
      if (prov.mobs) tray.add(C.mob(prov.mobs));
      for (const [t, n] of Object.entries(prov.active || {})) if (n) foe(t, tray.add(C.barbarians(t, n, true)));
      for (const [t, n] of Object.entries(prov.inactive || {})) if (n) foe(t, tray.add(C.barbarians(t, n, false)));
    }
    if (tribe && tribe.in_game) {
      if (tribe.active) foe(name, tray.add(C.barbarians(name, tribe.active, true)));
      if (tribe.inactive) tray.add(C.barbarians(name, tribe.inactive, false));
    }
    for (const [who, where] of Object.entries(view.leaders || {})) {
      if (where !== name) continue;
      const t = (info.leaders || {})[who];
      foe(prov ? t : name, tray.add(C.leader(who, t)));
    }
    for (const [who, where] of Object.entries(view.rivals || {})) if (where === name) foe(who, tray.add(C.rival(who)));
    for (const a of (view.armies || []).filter((x) => x.region === name)) {
      const withEmperor = token && token.kind === "military" && token.army === a.id;
      const node = tray.add(C.army(a, withEmperor));
      node.dataset.army = a.id;
      if (a.id === o.selected) node.classList.add("selected");
      foe(`#${a.id}`, node);
      if (o.targets.armies.has(a.id) && !node.classList.contains("foe")) {
        node.classList.add("target");
        this.clickable(node, `army:${a.id}`, `${titleOf(node)}: select`, (ev) => o.pick("army", a.id, ev));
      }
    }
    // A counter that does nothing passes its click to its region.
    for (const node of tray.nodes) {
      if (!node.classList.contains("target")) node.addEventListener("click", (ev) => this.areas.get(name).onclick(ev));
    }
  }

  clickable(node, key, label, fn) {
    // on a touch screen or a narrow one, a transparent square over the counter: at least
    // TAP px on screen to a finger
    if (window.matchMedia("(max-width: 900px), (pointer: coarse)").matches) {
      const w = Number(node.dataset.w || SIZE);
      const side = Math.max(w, TAP / (this.pxPerUnit() * this.scale));
      node.append(svg("rect", { class: "hit", x: (w - side) / 2, y: (SIZE - side) / 2, width: side, height: side }));
    }
    node.dataset.key = key;
    node.setAttribute("tabindex", "0");
    node.setAttribute("role", "button");
    node.setAttribute("aria-label", label);
    node.addEventListener("click", (ev) => {
      ev.stopPropagation();
      this.click(ev, () => fn(ev));
    });
    node.addEventListener("keydown", (ev) => {
      if (ev.key === "Enter" || ev.key === " ") {
        ev.preventDefault();
        fn(ev);
      }
    });
  }

  /** Run a click unless it ended a drag. */
  click(ev, fn) {
    if (this.dragged) {
      ev.stopPropagation();
      return;
    }
    fn();
  }

  /** Light the regions a log line names (empty: none). */
  highlight(regions) {
    this.lit = new Set(regions);
    for (const [name, path] of this.areas) path.classList.toggle("lit", this.lit.has(name));
  }

  // -- zoom and pan ---------------------------------------------------------------------------
  applyViewBox() {
    const { x, y, w, h } = this.vb;
    this.root.setAttribute("viewBox", `${x.toFixed(1)} ${y.toFixed(1)} ${w.toFixed(1)} ${h.toFixed(1)}`);
    this.root.classList.toggle("zoomed", w < this.full.w - 1);
    // Counters keep a readable size on a small map: drawn larger until zooming in makes
    // them big enough (in steps, so that a pinch does not redraw on every move).
    const k = Math.ceil(4 * Math.min(2.6, Math.max(1, MIN_PX / (SIZE * this.pxPerUnit())))) / 4;
    if (k !== this.scale) {
      this.scale = k;
      this.root.style.setProperty("--counter-scale", String(k));
      if (this.last) this.draw(...this.last);
    }
  }

  /** Screen pixels per map unit now. */
  pxPerUnit() {
    const width = this.root.clientWidth || this.root.getBoundingClientRect().width || this.full.w;
    return width / this.vb.w;
  }

  /** Zoom by `factor` (>1: closer) keeping the map point under (px, py) (client px) still. */
  zoom(factor, px, py) {
    if (!this.full) return;
    const box = this.root.getBoundingClientRect();
    const fx = px === undefined ? 0.5 : (px - box.left) / box.width;
    const fy = py === undefined ? 0.5 : (py - box.top) / box.height;
    const w = Math.min(this.full.w, Math.max(this.full.w / 8, this.vb.w / factor));
    const h = (w * this.full.h) / this.full.w;
    const x = this.vb.x + fx * (this.vb.w - w);
    const y = this.vb.y + fy * (this.vb.h - h);
    this.vb = { x, y, w, h };
    this.clamp();
  }

  pan(dxPx, dyPx) {
    const box = this.root.getBoundingClientRect();
    const k = this.vb.w / box.width;
    this.vb.x -= dxPx * k;
    this.vb.y -= dyPx * k;
    this.clamp();
  }

  reset() {
    if (!this.full) return;
    this.vb = { ...this.full };
    this.applyViewBox();
  }

  clamp() {
    const v = this.vb;
    v.x = Math.min(Math.max(v.x, 0), this.full.w - v.w);
    v.y = Math.min(Math.max(v.y, 0), this.full.h - v.h);
    this.applyViewBox();
  }

  gestures() {
    const root = this.root;
    const down = new Map();
    let pinch = null;
    let start = null;
    root.addEventListener("wheel", (ev) => {
      ev.preventDefault();
      this.zoom(Math.exp(-ev.deltaY * 0.0015), ev.clientX, ev.clientY);
    }, { passive: false });
    root.addEventListener("pointerdown", (ev) => {
      down.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
      this.dragged = false;
      start = { x: ev.clientX, y: ev.clientY };
      if (down.size === 2) {
        const [a, b] = [...down.values()];
        pinch = { d: Math.hypot(a.x - b.x, a.y - b.y) || 1 };
      }
    });
    root.addEventListener("pointermove", (ev) => {
      const p = down.get(ev.pointerId);
      if (!p) return;
      const dx = ev.clientX - p.x;
      const dy = ev.clientY - p.y;
      if (!this.dragged && Math.hypot(ev.clientX - start.x, ev.clientY - start.y) < 6 && down.size < 2) return;
      if (!this.dragged) {
        this.dragged = true;
        root.setPointerCapture(ev.pointerId);
      }
      p.x = ev.clientX;
      p.y = ev.clientY;
      if (down.size >= 2 && pinch) {
        const [a, b] = [...down.values()];
        const d = Math.hypot(a.x - b.x, a.y - b.y) || 1;
        this.zoom(d / pinch.d, (a.x + b.x) / 2, (a.y + b.y) / 2);
        pinch.d = d;
      } else if (down.size === 1) {
        // Unzoomed, a finger's drag scrolls the page rather than the map.
        if (ev.pointerType === "touch" && !root.classList.contains("zoomed")) window.scrollBy(0, -dy);
        else this.pan(dx, dy);
      }
    });
    const up = (ev) => {
      down.delete(ev.pointerId);
      if (down.size < 2) pinch = null;
      // the click that may follow this pointerup sees `dragged`; forget it just after
      setTimeout(() => {
        if (!down.size) this.dragged = false;
      }, 0);
    };
    root.addEventListener("pointerup", up);
    root.addEventListener("pointercancel", up);
  }
}

const titleOf = (node) => node.querySelector("title").textContent;

function kindOf(path) {
  return path.classList.contains("province") ? "province" : path.classList.contains("sea") ? "sea" : "homeland";
}

/** Counters left to right from a region's tray corner, wrapping at its width. */
class Tray {
  constructor(layer, x, y, width, k = 1) {
    Object.assign(this, { layer, x0: x, x, y, width, k, nodes: [] });
  }

  add([node, w]) {
    const k = this.k;
    if (this.x + w * k > this.x0 + this.width && this.x > this.x0) {
      this.x = this.x0;
      this.y += (SIZE + GAP) * k;
    }
    const scale = k === 1 ? "" : ` scale(${k})`;
    node.setAttribute("transform", `translate(${this.x.toFixed(1)},${this.y.toFixed(1)})${scale}`);
    node.dataset.w = String(w);
    this.layer.append(node);
    this.nodes.push(node);
    this.x += (w + GAP) * k;
    return node;
  }
}
