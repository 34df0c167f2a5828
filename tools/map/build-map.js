#!/usr/bin/env node
// Renders the Time of Crisis board, once, into a committed SVG (src/crisis/web/map.svg):
// `cd tools/map && npm ci && npm run build`. The page never needs npm: it loads the SVG.
//
// Coastlines: Natural Earth's 1:50m land (public domain), from the `world-atlas` package.
// Regions: the twelve provinces, four sea zones and five barbarian homelands are OUR OWN
// rough approximation of the late Roman provinces (a few lon/lat points each, below), drawn
// to sit where a player of the printed board expects them and to touch where the game's
// adjacency (games/time_of_crisis/data/map.toml) says they do. Nothing here is traced from
// the publisher's art. Each region is its polygon cut to the land (sea zones: to the water).

import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { geoConicConformal } from "d3-geo";
import polygonClipping from "polygon-clipping";
import { feature } from "topojson-client";

const require = createRequire(import.meta.url);
const topo = JSON.parse(readFileSync(require.resolve("world-atlas/land-50m.json"), "utf8"));

const WIDTH = 1100;
/** The window on the world, in degrees: the Atlantic coast to the Caspian, Caledonia to the Sahara. */
const FRAME = { west: -10.5, east: 46.5, south: 23.5, north: 56.3 };
const TOLERANCE = 0.55; // px: Douglas-Peucker simplification
const MIN_AREA = 6; // px²: smaller islands are dropped

// -- regions, in [lon, lat] ------------------------------------------------------------------
// Shared borders use the same points so that neighbours meet without gaps.
const DARDANELLES_BOSPORUS = [[25.7, 39.5], [26.17, 40.02], [26.4, 40.15], [26.68, 40.37], [27.0, 40.5], [28.0, 40.75], [29.0, 41.02], [29.08, 41.2], [29.3, 41.6]];
const ASIA_GALATIA = [[31.8, 42.3], [31.8, 41.4], [31.6, 39.5], [31.8, 38.0], [32.6, 36.6]];
const TAURUS = [[32.6, 36.6], [33.8, 37.0], [35.0, 37.5], [37.0, 37.8], [39.5, 37.8]];
const PANNONIA_MACEDONIA = [[14.35, 45.32], [15.3, 45.0], [16.5, 44.1], [17.8, 43.4], [19.2, 42.9], [20.5, 42.6], [22.4, 42.3]];
const ADRIATIC = [[19.0, 39.0], [19.1, 40.5], [17.5, 42.0], [15.5, 43.0], [13.7, 44.5], [14.35, 45.32]];
const rev = (pts) => [...pts].reverse();

/** Provinces, in the order they claim land (a later one never takes an earlier one's). */
const PROVINCES = {
  Britannia: [[-6.3, 49.5], [1.0, 50.4], [1.9, 51.05], [2.5, 52.5], [2.5, 55.5], [-1.6, 55.8], [-5.05, 55.2], [-5.05, 54.45], [-4.3, 53.6], [-5.0, 52.4], [-5.9, 51.6]],
  Gallia: [[-6.0, 48.9], [-2.0, 49.8], [1.0, 50.4], [1.9, 51.05], [3.0, 51.45], [4.2, 51.9], [6.0, 51.9], [6.95, 50.95], [7.6, 50.35], [8.3, 50.0], [8.4, 49.0], [7.6, 47.6], [6.9, 46.4], [7.0, 45.9], [6.9, 45.0], [7.0, 44.2], [7.5, 43.78], [7.6, 43.2], [4.5, 42.2], [3.2, 42.45], [0.7, 42.8], [-1.8, 43.38], [-2.0, 44.2], [-6.0, 44.5]],
  Hispania: [[-10.5, 44.5], [-1.8, 43.38], [0.7, 42.8], [3.2, 42.45], [3.4, 42.0], [4.8, 40.3], [4.8, 38.6], [1.0, 38.3], [-1.0, 37.3], [-2.0, 36.45], [-5.0, 35.98], [-5.6, 35.98], [-6.5, 36.2], [-10.5, 36.0]],
  Italia: [[7.5, 43.78], [7.0, 44.2], [6.9, 45.0], [7.0, 45.9], [6.9, 46.4], [7.6, 47.6], [9.5, 47.6], [10.0, 48.4], [12.1, 49.0], [13.45, 48.57], [13.7, 46.5], [13.9, 45.7], ...rev(ADRIATIC), [16.8, 37.5], [15.5, 35.6], [14.0, 35.6], [12.3, 36.5], [11.6, 37.2], [12.0, 38.3], [8.0, 38.6], [7.9, 41.0], [8.3, 43.2], [7.6, 43.2]],
  Pannonia: [[13.9, 45.7], [13.7, 46.5], [13.45, 48.57], [16.4, 48.25], [17.1, 48.1], [18.8, 47.8], [18.95, 46.0], [20.3, 44.85], [21.4, 44.75], [22.5, 44.65], [22.6, 43.5], ...rev(PANNONIA_MACEDONIA)],
  Thracia: [[22.5, 44.65], [24.0, 43.75], [25.5, 43.65], [27.0, 44.1], [28.0, 45.3], [28.8, 45.25], [29.8, 45.2], [30.5, 45.0], [30.0, 41.8], ...rev(DARDANELLES_BOSPORUS), [24.8, 40.5], [24.7, 40.9], [24.5, 41.6], [23.3, 42.2], [22.4, 42.3], [22.6, 43.5]],
  Macedonia: [...PANNONIA_MACEDONIA, [23.3, 42.2], [24.5, 41.6], [24.7, 40.9], [24.8, 40.5], [25.3, 39.3], [25.6, 38.5], [25.7, 37.0], [26.3, 35.8], [26.6, 34.6], [23.0, 34.6], [19.0, 38.0], ...ADRIATIC.slice(0, -1)],
  Asia: [...DARDANELLES_BOSPORUS, [31.8, 42.0], ...ASIA_GALATIA.slice(1), [32.6, 35.9], [27.5, 35.2], [26.3, 35.8], [25.7, 37.0], [25.6, 38.5]],
  Galatia: [[31.8, 42.3], [41.3, 42.3], [40.5, 40.0], [39.8, 38.5], ...rev(TAURUS), ...rev(ASIA_GALATIA).slice(1)],
  Syria: [...TAURUS, [40.5, 35.0], [40.0, 33.0], [37.5, 29.8], [35.3, 29.3], [34.95, 29.55], [34.25, 31.3], [34.2, 32.0], [33.5, 34.3], [32.0, 35.0], [32.6, 35.9]],
  Aegyptus: [[25.1, 32.5], [25.1, 29.5], [28.0, 25.5], [30.5, 22.0], [37.0, 22.0], [35.4, 26.0], [34.55, 27.9], [34.85, 29.0], [34.95, 29.55], [34.25, 31.3], [34.2, 32.5]],
  Africa: [[-10.5, 35.95], [-5.6, 35.96], [-5.0, 35.96], [-2.0, 36.4], [1.0, 37.2], [4.8, 37.5], [8.5, 37.6], [11.0, 37.35], [11.8, 36.3], [14.0, 35.2], [20.0, 33.3], [23.0, 33.4], [25.1, 32.5], [25.1, 29.5], [20.0, 30.0], [15.0, 30.5], [10.0, 31.5], [5.0, 32.5], [0.0, 33.0], [-5.0, 31.5], [-10.5, 31.0]],
};

/** Homelands: a box of land beyond the frontier (what the provinces leave of it). */
const HOMELANDS = {
  Franks: [[3.5, 50.3], [10.0, 50.3], [10.0, 54.8], [3.5, 54.8]],
  Alamanni: [[7.5, 47.4], [16.5, 47.4], [16.5, 50.3], [7.5, 50.3]],
  Goths: [[16.5, 43.5], [37.0, 43.5], [37.0, 51.5], [16.5, 51.5]],
  Sassanids: [[39.0, 29.0], [47.5, 29.0], [47.5, 42.5], [39.0, 42.5]],
  Nomads: [[2.0, 23.0], [30.5, 23.0], [30.5, 33.5], [2.0, 33.5]],
};

/** Sea zones: a polygon over the water (the land is cut away). */
const SEAS = {
  Oceanus: [[-12, 45.2], [0, 45.2], [0, 49.3], [1, 49.5], [3, 51.3], [6, 53.5], [9, 54], [9, 58], [-12, 58]],
  "Mare Occidentale": [[-5.5, 35.0], [10.0, 35.0], [10.6, 36.4], [11.05, 37.1], [12.4, 37.8], [15.1, 37.6], [15.6, 38.25], [16.3, 39.5], [13.0, 42.5], [10.0, 44.6], [5, 44.5], [3, 43.5], [-1, 41.0], [-5.5, 37.0]],
  "Mare Orientale": [[11.05, 37.1], [10.6, 36.4], [10.0, 35.0], [10.0, 30.0], [36.5, 30.0], [36.5, 37.2], [29, 38.0], [26.0, 39.8], [24.5, 40.1], [23.0, 40.7], [21, 40.5], [19.8, 42.5], [14.5, 45.8], [12.2, 45.8], [12.5, 44.0], [16.3, 39.5], [15.6, 38.25], [15.1, 37.6], [12.4, 37.8]],
  "Pontus Euxinus": [[28.0, 41.3], [29.1, 41.2], [30, 40.8], [42, 40.8], [42, 47.5], [27.5, 47.5]],
};

/** Where each region's name goes and where its counters gather (the top-left of a tray of
 * the given width in px), in [lon, lat]. */
const PLACES = {
  Britannia: { label: [-1.6, 54.3], tray: [-4.6, 53.6], w: 150 },
  Gallia: { label: [2.4, 47.9], tray: [-1.0, 47.3], w: 175 },
  Hispania: { label: [-4.0, 41.3], tray: [-8.0, 40.6], w: 200 },
  Italia: { label: [12.5, 44.9], tray: [8.6, 42.6], w: 112 },
  Pannonia: { label: [18.0, 46.9], tray: [15.0, 46.3], w: 130 },
  Thracia: { label: [25.8, 43.0], tray: [22.9, 42.7], w: 135 },
  Macedonia: { label: [21.6, 41.1], tray: [19.9, 40.4], w: 90 },
  Asia: { label: [29.4, 39.8], tray: [27.3, 39.1], w: 80 },
  Galatia: { label: [35.5, 40.0], tray: [33.6, 39.5], w: 130 },
  Syria: { label: [37.2, 34.4], tray: [35.7, 33.6], w: 95 },
  Aegyptus: { label: [30.5, 28.5], tray: [27.4, 28.0], w: 150 },
  Africa: { label: [8.0, 34.1], tray: [1.0, 33.6], w: 210 },
  Franks: { label: [7.0, 53.3], tray: [5.2, 52.6], w: 100 },
  Alamanni: { label: [11.5, 49.7], tray: [9.0, 49.2], w: 110 },
  Goths: { label: [28.0, 48.5], tray: [24.0, 47.8], w: 160 },
  Sassanids: { label: [43.6, 35.3], tray: [41.3, 34.6], w: 95 },
  Nomads: { label: [13.0, 27.8], tray: [9.0, 27.2], w: 150 },
  Oceanus: { label: [-7.5, 48.8], tray: [-10.2, 48.2], w: 120 },
  "Mare Occidentale": { label: [5.0, 39.6], tray: [1.4, 39.0], w: 150 },
  "Mare Orientale": { label: [22.0, 34.0], tray: [17.8, 33.3], w: 160 },
  "Pontus Euxinus": { label: [34.5, 43.3], tray: [31.0, 42.7], w: 130 },
};

// -- geometry -------------------------------------------------------------------------------
const frameRing = [[FRAME.west, FRAME.south], [FRAME.east, FRAME.south], [FRAME.east, FRAME.north], [FRAME.west, FRAME.north]];
const projection = geoConicConformal().parallels([30, 50]).rotate([-18, 0])
  .fitWidth(WIDTH, { type: "Polygon", coordinates: [[...frameRing, frameRing[0]].reverse()] });
const project = ([lon, lat]) => projection([lon, lat]);

/** The frame in px: its corners' box (the frame's edges bow, so take the extremes). */
function frameBox() {
  const pts = [];
  for (let lon = FRAME.west; lon <= FRAME.east; lon += 0.5) pts.push(project([lon, FRAME.south]), project([lon, FRAME.north]));
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  // inside the bowed frame: the south edge's highest point, the north edge's lowest
  const south = Math.max(...pts.filter((_, i) => i % 2 === 0).map((p) => p[1]));
  const north = Math.min(...pts.filter((_, i) => i % 2 === 1).map((p) => p[1]));
  return { x0: Math.max(0, Math.min(...xs)), x1: Math.min(WIDTH, Math.max(...xs)), y0: north, y1: south };
}
const BOX = frameBox();
const HEIGHT = Math.round(BOX.y1 - BOX.y0);
const shift = ([x, y]) => [x, y - BOX.y0];
const P = (ll) => shift(project(ll));
const viewRect = [[[0, 0], [WIDTH, 0], [WIDTH, HEIGHT], [0, HEIGHT], [0, 0]]];

/** Natural Earth's land, clipped to a generous box in degrees, then projected to px. */
function landPx() {
  const land = feature(topo, topo.objects.land);
  const polys = land.type === "FeatureCollection" ? land.features.flatMap((f) => polysOf(f.geometry)) : polysOf(land.geometry || land);
  const box = [[[-25, 12], [60, 12], [60, 66], [-25, 66], [-25, 12]]];
  const near = polys.filter((poly) => poly[0].some(([lon, lat]) => lon > -30 && lon < 65 && lat > 5 && lat < 70));
  const clipped = polygonClipping.intersection(near, box);
  const px = clipped.map((poly) => poly.map((ring) => ring.map((pt) => P(pt))));
  return polygonClipping.intersection(px, viewRect);
}

function polysOf(g) {
  return g.type === "Polygon" ? [g.coordinates] : g.type === "MultiPolygon" ? g.coordinates : [];
}

const ring = (pts) => [[...pts.map(P), P(pts[0])]];

/** Simplify a closed ring: split it at the point farthest from its start, then simplify
 * each half (a closed ring's two ends coincide, so the plain algorithm would drop it all). */
function simplifyRing(r, tol) {
  let far = 1;
  let best = 0;
  for (let i = 1; i < r.length - 1; i++) {
    const d = Math.hypot(r[i][0] - r[0][0], r[i][1] - r[0][1]);
    if (d > best) [far, best] = [i, d];
  }
  return [...douglasPeucker(r.slice(0, far + 1), tol).slice(0, -1), ...douglasPeucker(r.slice(far), tol)];
}

function douglasPeucker(pts, tol) {
  if (pts.length < 3) return pts;
  const keep = new Uint8Array(pts.length);
  keep[0] = keep[pts.length - 1] = 1;
  const stack = [[0, pts.length - 1]];
  while (stack.length) {
    const [a, b] = stack.pop();
    const [ax, ay] = pts[a];
    const [bx, by] = pts[b];
    const dx = bx - ax;
    const dy = by - ay;
    const len = Math.hypot(dx, dy) || 1;
    let best = -1;
    let far = tol;
    for (let i = a + 1; i < b; i++) {
      const d = Math.abs(dy * (pts[i][0] - ax) - dx * (pts[i][1] - ay)) / len;
      if (d > far) {
        far = d;
        best = i;
      }
    }
    if (best > 0) {
      keep[best] = 1;
      stack.push([a, best], [best, b]);
    }
  }
  return pts.filter((_, i) => keep[i]);
}

function area(r) {
  let s = 0;
  for (let i = 0; i < r.length - 1; i++) s += r[i][0] * r[i + 1][1] - r[i + 1][0] * r[i][1];
  return Math.abs(s / 2);
}

/** An SVG path for a multipolygon in px: simplified, tiny parts dropped, relative moves in
 * whole tenths of a pixel. */
function pathOf(multi) {
  let d = "";
  for (const poly of multi) {
    for (const [k, r] of poly.entries()) {
      if (area(r) < (k === 0 ? MIN_AREA : MIN_AREA * 2)) {
        if (k === 0) break;
        continue;
      }
      const s = simplifyRing(r, TOLERANCE).map(([x, y]) => [Math.round(x * 10), Math.round(y * 10)]);
      if (s.length < 4) continue;
      let [px, py] = s[0];
      d += `M${fmt(px)} ${fmt(py)}l`;
      const steps = [];
      for (const [x, y] of s.slice(1, -1)) {
        if (x === px && y === py) continue;
        steps.push(`${fmt(x - px)} ${fmt(y - py)}`);
        [px, py] = [x, y];
      }
      d += steps.join(" ").replace(/ -/g, "-") + "z";
    }
  }
  return d;
}
const fmt = (tenths) => String(tenths / 10);

function centroidOfLargest(multi) {
  let best = null;
  let bestArea = 0;
  for (const poly of multi) {
    const a = area(poly[0]);
    if (a > bestArea) [best, bestArea] = [poly[0], a];
  }
  const xs = best.map((p) => p[0]);
  const ys = best.map((p) => p[1]);
  return [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2];
}

// -- build ----------------------------------------------------------------------------------
const land = landPx();
let taken = [];
const out = { province: {}, homeland: {}, sea: {} };
for (const [name, pts] of Object.entries(PROVINCES)) {
  let shape = polygonClipping.intersection(land, ring(pts));
  if (taken.length) shape = polygonClipping.difference(shape, ...taken);
  out.province[name] = shape;
  taken.push(shape);
}
for (const [name, pts] of Object.entries(HOMELANDS)) {
  const shape = polygonClipping.difference(polygonClipping.intersection(land, ring(pts)), ...taken);
  out.homeland[name] = shape;
  taken.push(shape);
}
const water = polygonClipping.difference(viewRect, land);
for (const [name, pts] of Object.entries(SEAS)) out.sea[name] = polygonClipping.intersection(water, ring(pts));

const r1 = (v) => Math.round(v);
const lines = [];
lines.push(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}">`);
lines.push("<!-- Generated by tools/map/build-map.js: do not edit by hand. Coastlines from Natural Earth (public domain, via the world-atlas package); the provinces, sea zones and homelands are this project's own approximation of the Roman provinces, not the publisher's art. -->");
lines.push(`<rect class="water" width="${WIDTH}" height="${HEIGHT}"/>`);
const group = (kind, cls) => {
  lines.push(`<g class="${cls}">`);
  for (const [name, shape] of Object.entries(out[kind])) {
    const place = PLACES[name];
    const [lx, ly] = place ? P(place.label) : centroidOfLargest(shape);
    const [tx, ty] = place ? P(place.tray) : [lx, ly];
    lines.push(`<path class="area ${kind}" data-region="${name}" data-label="${r1(lx)} ${r1(ly)}" data-tray="${r1(tx)} ${r1(ty)} ${place ? place.w : 120}" d="${pathOf(shape)}"/>`);
  }
  lines.push("</g>");
};
group("sea", "seas");
lines.push(`<path class="land" d="${pathOf(land)}"/>`);
group("homeland", "homelands");
group("province", "provinces");
lines.push("</svg>");
const svgText = lines.join("\n") + "\n";
const target = process.argv[2] || "map.svg";
writeFileSync(target, svgText);
console.log(`${target}: ${svgText.length} bytes, ${WIDTH}x${HEIGHT}`);
