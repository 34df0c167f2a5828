// The map of Time of Crisis: the committed SVG (/static/map.svg, drawn by tools/map from
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
/** A region's name is drawn at least this tall (px). */
const NAME_PX = 9.5;
/** And its support dots at least this wide (px). */
const PIP_PX = 4.5;
/** The grid of the counters' layout: one cell is R map units square. */
const R = 2;
/** The cost of covering another region's name (per map unit squared) when nothing fits. */
const CLASH = 1000;

/** Draws the board into an <svg> and keeps its zoom; `draw` may be called before the base
 * map has loaded (it draws again once it has). */
export class BoardMap {
  constructor(root) {
    this.root = root;
    this.areas = new Map(); // region -> its <path>
    this.places = new Map(); // region -> {label: [x, y], tray: [x, y, w]}
    this.last = null;
    this.lit = new Set();
    this.labelNodes = new Map(); // region -> its drawn name and support (see drawLabel)
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
    this.marks = svg("g", { class: "marks" }); // the changed regions' dashed outlines
    this.root.replaceChildren(g, this.marks, this.pieces, this.labels); // names over the counters
    for (const [i, path] of [...g.querySelectorAll("path.area")].entries()) {
      const name = path.dataset.region;
      path.dataset.index = String(i + 1);
      const [lx, ly] = path.dataset.label.split(" ").map(Number);
      const [tx, ty, tw] = path.dataset.tray.split(" ").map(Number);
      path.dataset.kind = kindOf(path);
      path.classList.add("region");
      this.areas.set(name, path);
      this.places.set(name, { label: [lx, ly], tray: [tx, ty, tw] });
    }
    this.owners = regionMask([...this.areas.values()], w, h);
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
    this.pieces.replaceChildren();
    this.marks.replaceChildren();
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
      if (o.changed && o.changed.has(name)) {
        // over the region's own outline, which may say something else (gold: act here)
        this.marks.append(svg("path", { class: "changed-mark", d: path.getAttribute("d"), "data-region": name }));
      }
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
    }
    // Counters are laid out inside their own region, clear of every name (drawn first).
    this.blocked = this.labelMask();
    for (const name of this.areas.keys()) this.drawPieces(name, view, info, o, selectedArmy);
    // what can be clicked lies on top (a neighbour's tap area never covers it)
    // (the selected army's foes above all)
    for (const node of [...this.pieces.querySelectorAll(".counter.target:not(.foe)")]) this.pieces.append(node);
    for (const node of [...this.pieces.querySelectorAll(".counter.foe")]) this.pieces.append(node);
    if (focused) {
      const again = this.root.querySelector(`[data-key="${CSS.escape(focused)}"]`);
      if (again) again.focus();
    }
  }

  drawLabel(name, prov, tribe) {
    const [x, y] = this.places.get(name).label;
    const kind = this.areas.get(name).dataset.kind;
    // The name and the support dots each at the scale that keeps them readable.
    const kn = this.labelScale || 1;
    const kp = this.pipScale || 1;
    const told = prov ? `${name}: support ${prov.support}${prov.governor ? `, governed by ${prov.governor}` : ", no governor"}${prov.no_place_governor && !prov.governor ? " (closed to governors)" : ""}` : "";
    // what its box depends on (labelMask measures each look once), and all it shows: a label
    // that shows the same as before stays (the browser need not lay its text out again)
    const look = [name, kn, kp, prov ? Math.max(name === "Italia" ? 8 : 4, prov.support) : "", tribe && !tribe.in_game ? "out" : ""].join("|");
    const drawn = this.labelNodes.get(name);
    if (drawn && drawn.isConnected && drawn.dataset.look === look && drawn.dataset.told === told) return;
    const g = svg("g", { class: `label ${kind}`, transform: `translate(${x},${y})` });
    g.dataset.region = name;
    g.dataset.look = look;
    g.dataset.told = told;
    const names = svg("g", { class: "names", transform: `scale(${kn})` });
    names.append(svg("text", { class: "name halo", "text-anchor": "middle" }, name));
    names.append(svg("text", { class: "name", "text-anchor": "middle" }, name));
    g.append(names);
    if (prov) {
      const max = Math.max(name === "Italia" ? 8 : 4, prov.support);
      const step = kp === 1 ? 9 : 8;
      const x0 = -((max - 1) * step) / 2;
      const pips = svg("g", { class: "pips", transform: `translate(0,${(4 * kn + 4 * kp).toFixed(1)}) scale(${kp})` });
      for (let i = 0; i < max; i++) {
        pips.append(svg("circle", { class: `pip${i < prov.support ? " on" : ""}`, cx: x0 + i * step, cy: 0, r: 3.4 }));
      }
      g.append(pips);
      g.append(svg("title", {}, told));
    } else if (tribe && !tribe.in_game) {
      names.append(svg("text", { class: "note", y: 12, "text-anchor": "middle" }, "not in this game"));
    }
    if (drawn && drawn.isConnected) drawn.replaceWith(g);
    else this.labels.append(g);
    this.labelNodes.set(name, g);
  }

  drawPieces(name, view, info, o, selectedArmy) {
    const prov = view.provinces[name];
    const tribe = view.tribes[name];
    const tray = new Tray();
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
    this.layout(name, tray.nodes);
  }

  /** Place a region's counters inside its own shape and clear of every name: in rows from
   * its tray's corner, as large as the map's scale asks. When they do not all fit, the most
   * telling ones are drawn (what can be clicked first, then armies, barbarians ...) and the
   * last of them carries a tab "+n" for the others: its title names them, and a click on it
   * zooms in on the region, where there is room. */
  layout(name, nodes) {
    if (!nodes.length) return;
    const k = this.scale;
    const room = new Room(this.owners, this.blocked, this.areas.get(name).dataset.index, this.places.get(name).tray, this.labelRects, name);
    const sized = (list, tab) => list.map((node, i) => ({
      w: (Number(node.dataset.w) + (tab && i === list.length - 1 ? C.TAB : 0)) * k,
      h: SIZE * k,
    }));
    let shown = nodes;
    let spots = room.place(sized(nodes, false));
    let hidden = [];
    if (!spots) {
      const ranked = [...nodes].sort((a, b) => rank(a) - rank(b));
      const targets = ranked.filter((n) => rank(n) < 0);
      const rest = ranked.filter((n) => rank(n) >= 0);
      for (let m = ranked.length - 1; m >= Math.max(1, targets.length) && !spots; m--) {
        shown = ranked.slice(0, m);
        spots = room.place(sized(shown, true));
      }
      if (!spots) {
        // Nothing fits whole: the first counter (with its tab for the rest); or what can be
        // clicked, each alone, and a pile of the rest; or, when nothing can be clicked, one
        // pile of them all, the narrowest: the first of these that covers no other region's
        // name, else the one that covers least.
        const pile = (list) => {
          if (list.length === 1) return list[0];
          const face = list[0].querySelector(".face");
          const top = face ? { cls: (face.getAttribute("class") || "").replace(/\bface\b/, "").trim(), fill: face.getAttribute("fill") } : {};
          const [node, w] = C.stack(list.map(titleOf), name, top);
          node.dataset.w = String(w);
          this.clickable(node, `stack:${name}`, `${titleOf(node)}: zoom in`, () => this.zoomTo(name));
          if (list.some((n) => n.classList.contains("target"))) node.classList.add("holds-target");
          return node;
        };
        const loose = (list, tab) => {
          const placed = [];
          let cost = 0;
          list.forEach((node, i) => {
            const w = (Number(node.dataset.w) + (tab && i === 0 ? C.TAB : 0)) * k;
            const spot = room.anywhere(w, SIZE * k, placed);
            placed.push({ x: spot.at[0], y: spot.at[1], w, h: SIZE * k });
            cost = Math.max(cost, spot.cost);
          });
          return { spots: placed.map((p) => [p.x, p.y]), cost };
        };
        const options = [];
        if (targets.length <= 1) options.push(() => ({ list: ranked.slice(0, 1), ...loose(ranked.slice(0, 1), ranked.length > 1) }));
        if (targets.length && rest.length) {
          options.push(() => {
            const list = [...targets, pile(rest)];
            const ahead = loose(list);
            const back = loose([...list].reverse()); // the first placed takes the best room
            return back.cost < ahead.cost ? { list, cost: back.cost, spots: back.spots.reverse() } : { list, ...ahead };
          });
        }
        if (targets.length && !rest.length) options.push(() => ({ list: targets, ...loose(targets) }));
        // (what can be clicked stays in sight, even over another name)
        if (!targets.length && ranked.length > 1) options.push(() => ({ list: [pile(ranked)], ...loose([{ dataset: { w: String(SIZE) } }]) }));
        let best = null;
        for (const option of options) {
          const tried = option();
          if (!best || tried.cost < best.cost) best = tried;
          if (best.cost < CLASH) break;
        }
        [shown, spots] = [best.list, best.spots];
        if (shown[0] !== ranked[0] || shown.length > 1) ranked.splice(0);
      }
      hidden = ranked.slice(shown.length);
    }
    const top = hidden.length ? shown[shown.length - 1] : null;
    let tab = null;
    if (top) {
      // the tab is the counter's neighbour, not its child: both may be buttons
      tab = C.stackTab(hidden.map(titleOf), name, Number(top.dataset.w));
      tab.dataset.region = name;
      if (hidden.some((n) => n.classList.contains("target"))) tab.classList.add("holds-target");
      top.classList.add("stacked");
      const open = () => this.zoomTo(name);
      tab.addEventListener("click", (ev) => {
        ev.stopPropagation();
        this.click(ev, open);
      });
      if (top.classList.contains("target")) {
        // the counter keeps its own action; the tab opens the stack
        tab.setAttribute("role", "button");
        tab.setAttribute("tabindex", "0");
        tab.setAttribute("aria-label", `${titleOf(tab)}: zoom in`);
        tab.addEventListener("keydown", (ev) => {
          if (ev.key === "Enter" || ev.key === " ") {
            ev.preventDefault();
            open();
          }
        });
      } else {
        this.clickable(top, `stack:${name}`, `${titleOf(top)}, and ${titleOf(tab)}: zoom in`, open);
      }
    }
    shown.forEach((node, i) => {
      const [x, y] = spots[i];
      const at = `translate(${x.toFixed(1)},${y.toFixed(1)})${k === 1 ? "" : ` scale(${k})`}`;
      node.setAttribute("transform", at);
      node.dataset.region = name;
      // A counter that does nothing passes its click to its region.
      if (!node.classList.contains("target") && node !== top) node.addEventListener("click", (ev) => this.areas.get(name).onclick(ev));
      this.pieces.append(node);
      if (node === top) {
        tab.setAttribute("transform", at);
        this.pieces.append(tab);
      }
    });
  }

  /** The cells under every region's name (and support dots), in map units. */
  labelMask() {
    const mask = new Uint8Array(this.owners.cols * this.owners.rows);
    this.labelRects = [];
    // Measuring makes the browser lay the page out at once: each look of a label is measured
    // the first time it is drawn, and its box kept (a state changes few labels, if any).
    this.labelBoxes ||= new Map();
    for (const g of this.labels.children) {
      let b = this.labelBoxes.get(g.dataset.look);
      if (!b) {
        try {
          const { x, y, width, height } = g.getBBox();
          b = { x, y, width, height };
        } catch {
          continue;
        }
        if (b.width && b.height) this.labelBoxes.set(g.dataset.look, b); // drawn, not hidden
      }
      const [x, y] = this.places.get(g.dataset.region).label;
      const m = 2 * (this.labelScale || 1); // and a margin
      const box = { region: g.dataset.region, x: x + b.x - m, y: y + b.y - m / 2, w: b.width + 2 * m, h: b.height + m };
      this.labelRects.push(box);
      this.owners.mark(mask, box.x, box.y, box.w, box.h);
    }
    return mask;
  }

  /** Zoom in on a region (a stack's click). */
  zoomTo(name) {
    const b = this.areas.get(name).getBBox();
    this.show(b.x - 10, b.y - 10, b.width + 20, b.height + 20);
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
    const ppu = this.pxPerUnit();
    const k = Math.min(2.6, Math.ceil(4 * Math.max(1, MIN_PX / (SIZE * ppu))) / 4);
    // Names too: at least NAME_PX tall on screen.
    const kl = Math.ceil(20 * Math.min(2.6, Math.max(1, NAME_PX / (13 * ppu)))) / 20;
    const kp = Math.ceil(20 * Math.min(2.6, Math.max(1, PIP_PX / (6.8 * ppu)))) / 20;
    if (k !== this.scale || kl !== this.labelScale || kp !== this.pipScale) {
      this.scale = k;
      this.labelScale = kl;
      this.pipScale = kp;
      this.root.style.setProperty("--counter-scale", String(k));
      if (this.last) this.draw(...this.last);
    }
  }

  /** Screen pixels per map unit now, and where the view box starts in the element (the map
   * keeps its shape: an element of another shape shows it centred, with water around). */
  fit() {
    const box = this.root.getBoundingClientRect();
    const width = box.width || this.full.w;
    const height = box.height || (width * this.vb.h) / this.vb.w;
    const ppu = Math.min(width / this.vb.w, height / this.vb.h);
    return { box, ppu, ox: (width - this.vb.w * ppu) / 2, oy: (height - this.vb.h * ppu) / 2 };
  }

  pxPerUnit() {
    return this.fit().ppu;
  }

  /** Zoom by `factor` (>1: closer) keeping the map point under (px, py) (client px) still. */
  zoom(factor, px, py) {
    if (!this.full) return;
    const { box, ppu, ox, oy } = this.fit();
    const sx = px === undefined ? box.width / 2 : px - box.left;
    const sy = py === undefined ? box.height / 2 : py - box.top;
    const mx = this.vb.x + (sx - ox) / ppu; // the map point under the pointer
    const my = this.vb.y + (sy - oy) / ppu;
    const w = Math.min(this.full.w, Math.max(this.full.w / 8, this.vb.w / factor));
    const h = (w * this.full.h) / this.full.w;
    const k = (ppu * this.vb.w) / w; // pixels per unit after the zoom (the margins stay)
    this.vb = { x: mx - (sx - ox) / k, y: my - (sy - oy) / k, w, h };
    this.clamp();
  }

  /** Show a box of the map (map units), as large as the element allows. */
  show(x, y, w, h) {
    const ratio = this.full.w / this.full.h;
    const vw = Math.min(this.full.w, Math.max(this.full.w / 8, w, h * ratio));
    const vh = vw / ratio;
    this.vb = { x: x + w / 2 - vw / 2, y: y + h / 2 - vh / 2, w: vw, h: vh };
    this.clamp();
  }

  pan(dxPx, dyPx) {
    const k = 1 / this.pxPerUnit();
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

/** Which counters stay in sight when a region's do not all fit: what can be clicked, then
 * armies, Rivals, barbarians, leaders, the Emperor, and the rest. */
const RANK = ["army", "rival", "barbarian", "leader", "emperor", "pretender", "mob", "governor", "militia"];
function rank(node) {
  if (node.classList.contains("target") || node.classList.contains("selected")) return -1;
  const i = RANK.findIndex((kind) => node.classList.contains(kind));
  return i < 0 ? RANK.length : i;
}

function kindOf(path) {
  return path.classList.contains("province") ? "province" : path.classList.contains("sea") ? "sea" : "homeland";
}

/** A region's counters, in the order they are drawn. */
class Tray {
  constructor() {
    this.nodes = [];
  }

  add([node, w]) {
    node.dataset.w = String(w);
    this.nodes.push(node);
    return node;
  }
}

/** Which region shows at each cell of the map (R units square; 0: none): each region's path
 * filled on a canvas in the map's order (later ones on top), a cell counting only where the
 * path covers it whole. */
function regionMask(paths, width, height) {
  const cols = Math.ceil(width / R);
  const rows = Math.ceil(height / R);
  const owner = new Uint8Array(cols * rows);
  const canvas = document.createElement("canvas");
  canvas.width = cols;
  canvas.height = rows;
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  for (const path of paths) {
    const index = Number(path.dataset.index);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, cols, rows);
    ctx.setTransform(1 / R, 0, 0, 1 / R, 0, 0);
    ctx.fill(new Path2D(path.getAttribute("d")));
    const data = ctx.getImageData(0, 0, cols, rows).data;
    for (let c = 0; c < owner.length; c++) if (data[4 * c + 3] === 255) owner[c] = index;
  }
  const boxes = {}; // each region's cells' box: [c0, c1, r0, r1]
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const i = owner[r * cols + c];
      if (!i) continue;
      const b = boxes[i] || (boxes[i] = [c, c, r, r]);
      if (c < b[0]) b[0] = c;
      if (c > b[1]) b[1] = c;
      if (r < b[2]) b[2] = r;
      if (r > b[3]) b[3] = r;
    }
  }
  return {
    owner, cols, rows, boxes,
    /** Mark the cells a box (map units) touches. */
    mark(mask, x, y, w, h) {
      const c0 = Math.max(0, Math.floor(x / R));
      const c1 = Math.min(cols - 1, Math.ceil((x + w) / R));
      const r0 = Math.max(0, Math.floor(y / R));
      const r1 = Math.min(rows - 1, Math.ceil((y + h) / R));
      for (let r = r0; r <= r1; r++) mask.fill(1, r * cols + c0, r * cols + c1 + 1);
    },
  };
}

/** The free room of one region: its own cells not under a name, with a summed-area table
 * to ask whether a box is all free at once. */
class Room {
  constructor(owners, blocked, index, tray, labels, name) {
    const { owner, cols, rows } = owners;
    const me = Number(index);
    // the region's box, and a margin around it: a counter may reach over land or sea that
    // is no region's (its centre stays on its own region)
    const M = 12;
    let [c0, c1, r0, r1] = owners.boxes[me] || [0, -1, 0, -1];
    [c0, c1, r0, r1] = [Math.max(0, c0 - M), Math.min(cols - 1, c1 + M), Math.max(0, r0 - M), Math.min(rows - 1, r1 + M)];
    Object.assign(this, { c0, r0, w: Math.max(0, c1 - c0 + 1), h: Math.max(0, r1 - r0 + 1), tray, own: [] });
    this.mine = labels.filter((l) => l.region === name);
    this.others = labels.filter((l) => l.region !== name);
    const W = this.w + 1;
    this.sat = new Int32Array(W * (this.h + 1)); // free cells
    this.satOwn = new Int32Array(W * (this.h + 1)); // the region's cells
    for (let r = 0; r < this.h; r++) {
      for (let c = 0; c < this.w; c++) {
        const cell = (r + r0) * cols + c + c0;
        const own = owner[cell] === me ? 1 : 0;
        const free = (own || !owner[cell]) && !blocked[cell] ? 1 : 0;
        if (own) this.own.push([c, r]);
        const at = (r + 1) * W + c + 1;
        this.sat[at] = free + this.sat[r * W + c + 1] + this.sat[at - 1] - this.sat[r * W + c];
        this.satOwn[at] = own + this.satOwn[r * W + c + 1] + this.satOwn[at - 1] - this.satOwn[r * W + c];
      }
    }
  }

  /** How many of the region's cells the box [c, c+w) x [r, r+h) holds (clipped). */
  owned(c, r, w, h) {
    const [a, b] = [Math.max(0, c), Math.max(0, r)];
    const [e, f] = [Math.min(this.w, c + w), Math.min(this.h, r + h)];
    if (e <= a || f <= b) return 0;
    const W = this.w + 1;
    const s = this.satOwn;
    return s[f * W + e] - s[b * W + e] - s[f * W + a] + s[b * W + a];
  }

  /** Whether the cells [c, c+w) x [r, r+h) (the region's grid) are all free. */
  free(c, r, w, h) {
    if (c < 0 || r < 0 || c + w > this.w || r + h > this.h) return false;
    const W = this.w + 1;
    const s = this.sat;
    return s[(r + h) * W + c + w] - s[r * W + c + w] - s[(r + h) * W + c] + s[r * W + c] === w * h;
  }

  /** Top-left corners (map units) for boxes {w, h} in turn, each wholly in free room and
   * clear of the others, in rows from the tray's corner; null if one does not fit. */
  place(boxes) {
    const taken = [];
    const out = [];
    let [ax, ay] = this.tray;
    const pad = GAP / 2;
    for (const { w, h } of boxes) {
      const cw = Math.ceil((w + 2 * pad) / R);
      const ch = Math.ceil((h + 2 * pad) / R);
      let best = null;
      for (let r = 0; r + ch <= this.h; r++) {
        const y = (r + this.r0) * R + pad;
        const dy = 2 * Math.abs(y - ay);
        if (best && dy >= best.cost) continue;
        for (let c = 0; c + cw <= this.w; c++) {
          const x = (c + this.c0) * R + pad;
          const cost = dy + Math.abs(x - ax);
          if (best && cost >= best.cost) continue;
          if (!this.free(c, r, cw, ch)) continue;
          if (!this.owned(c + (cw >> 1), r + (ch >> 1), 1, 1)) continue; // its centre on its own region
          if (taken.some(([tc, tr, tw, th]) => c < tc + tw && tc < c + cw && r < tr + th && tr < r + ch)) continue;
          best = { cost, c, r, x, y };
        }
      }
      if (!best) return null;
      taken.push([best.c, best.r, cw, ch]);
      out.push([best.x, best.y]);
      [ax, ay] = [best.x + w + GAP, best.y];
    }
    return out;
  }

  /** Where a box goes when none fits whole: its centre on one of the region's cells, over
   * no other region's name if it can, then over as little of its own name and of other
   * regions as it can, near the tray's corner. */
  anywhere(w, h, placed = []) {
    const [ax, ay] = this.tray;
    const cw = Math.ceil(w / R);
    const ch = Math.ceil(h / R);
    const overlap = (x, y, list) => list.reduce((sum, l) => sum + Math.max(0, Math.min(x + w, l.x + l.w) - Math.max(x, l.x)) * Math.max(0, Math.min(y + h, l.y + l.h) - Math.max(y, l.y)), 0);
    let best = null;
    for (const [c, r] of this.own) {
      const x = (c + this.c0 + 0.5) * R - w / 2;
      const y = (r + this.r0 + 0.5) * R - h / 2;
      const outside = cw * ch - this.owned(c - Math.floor(cw / 2), r - Math.floor(ch / 2), cw, ch);
      const cost = CLASH * (overlap(x, y, this.others) + overlap(x, y, placed)) + 3 * overlap(x, y, this.mine) + 4 * outside * R * R + 0.1 * (Math.abs(x - ax) + Math.abs(y - ay));
      if (!best || cost < best.cost) best = { cost, x, y };
    }
    return best ? { at: [best.x, best.y], cost: best.cost } : { at: [ax, ay], cost: Infinity };
  }
}
