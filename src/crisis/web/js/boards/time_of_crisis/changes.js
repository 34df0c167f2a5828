// What changed on the map since this seat last acted: each region's pieces as a snapshot,
// compared with the one kept (on the server, per seat: it follows the player to any device)
// when the seat last acted or said it had seen them, and told in words ("Goths +2 in Thracia"). Pure bookkeeping on
// views: no rules.

import { request } from "../../api.js";

/** Each region's public pieces: {region: {key: value}} (governor, support, militia, mobs,
 * quaestor, improvements, barbarians by tribe and how many of them are active, a Pretender's
 * marker, leaders, Rivals); the
 * armies by id: {id: {owner, region, full, reduced, foederati, castra}}. */
export function snapshot(view) {
  const regions = {};
  const put = (region, key, value) => {
    (regions[region] = regions[region] || {})[key] = value;
  };
  const add = (region, key, n) => {
    if (n) put(region, key, ((regions[region] || {})[key] || 0) + n);
  };
  for (const [name, p] of Object.entries(view.provinces || {})) {
    put(name, "governor", p.governor || "");
    put(name, "support", p.support);
    if (p.militia) put(name, "militia", 1);
    add(name, "mobs", p.mobs || 0);
    if (p.quaestor) put(name, "quaestor", 1);
    for (const imp of p.improvements || []) put(name, `improvement:${imp}`, 1);
    for (const [tribe, n] of Object.entries(p.active || {})) {
      add(name, `barbarians:${tribe}`, n);
      add(name, `active:${tribe}`, n);
    }
    for (const [tribe, n] of Object.entries(p.inactive || {})) add(name, `barbarians:${tribe}`, n);
    if (p.pretender) put(name, "pretender", `${p.pretender}${p.seat ? ":seat" : ""}`);
  }
  for (const [name, t] of Object.entries(view.tribes || {})) {
    if (!t.in_game) continue;
    add(name, `barbarians:${name}`, (t.active || 0) + (t.inactive || 0));
    add(name, `active:${name}`, t.active || 0);
  }
  for (const [who, where] of Object.entries(view.leaders || {})) if (where) put(where, `leader:${who}`, 1);
  for (const [who, where] of Object.entries(view.rivals || {})) if (where) put(where, `rival:${who}`, 1);
  const armies = {};
  for (const a of view.armies || []) {
    const fo = Object.values(a.foederati || {}).reduce((s, n) => s + n, 0);
    armies[a.id] = { owner: a.owner, region: a.region, full: a.full, reduced: a.reduced, foederati: fo, castra: Boolean(a.castra) };
  }
  return { v: 3, regions, armies };
}

const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

function legions(a) {
  const parts = [plural(a.full + a.reduced, "legion", "legions")];
  if (a.reduced) parts.push(`${a.reduced} reduced`);
  if (a.foederati) parts.push(plural(a.foederati, "foederati", "foederati"));
  if (a.castra) parts.push("castra");
  return parts.join(", ");
}

const signed = (n) => (n > 0 ? `+${n}` : `−${-n}`);

/** What one key of a region's snapshot going from `was` to `now` says (null: nothing). */
function phrase(key, was, now, region) {
  const [kind, name] = key.split(":");
  const had = was !== undefined && was !== "" && was !== 0;
  const has = now !== undefined && now !== "" && now !== 0;
  const owner = (role) => (role === "neutral" ? "a Neutral Governor" : `${role}'s Governor`);
  switch (kind) {
    case "governor":
      if (!had) return `${owner(now)} placed in ${region}`;
      if (!has) return `${owner(was)} gone from ${region}`;
      return `${owner(now)} in ${region} (was ${owner(was)})`;
    case "support":
      return `support ${was ?? 0} → ${now ?? 0} in ${region}`;
    case "barbarians":
      return `${name} ${signed((now || 0) - (was || 0))} in ${region}`;
    case "active": {
      // told only where the tribe's count stayed (else its count's line says it)
      const d = (now || 0) - (was || 0);
      const where = region === name ? "at home" : `in ${region}`;
      const counters = Math.abs(d) === 1 ? `one ${name} counter` : `${Math.abs(d)} ${name} counters`;
      return `${counters} turned ${d > 0 ? "active" : "inactive"} ${where}`;
    }
    case "mobs":
      return `Mobs ${signed((now || 0) - (was || 0))} in ${region}`;
    case "militia":
      return has ? `Militia raised in ${region}` : `Militia gone from ${region}`;
    case "quaestor":
      return has ? `a Quaestor in ${region}` : `the Quaestor gone from ${region}`;
    case "improvement":
      return has ? `${name} built in ${region}` : `${name} gone from ${region}`;
    case "pretender": {
      const mark = (v) => `${v.split(":")[0]}'s ${v.endsWith(":seat") ? "seat of power" : "breakaway province"}`;
      return has ? `${mark(now)} in ${region}` : `${mark(was)} gone from ${region}`;
    }
    case "leader":
      return has ? `${name} arrived in ${region}` : `${name} left ${region}`;
    case "rival":
      return has ? `Rival Emperor ${name} in ${region}` : `Rival Emperor ${name} gone from ${region}`;
    default:
      return null;
  }
}

/** What changed between two snapshots: the regions, and one line per change. */
export function describeChanges(before, now) {
  const regions = new Set();
  const lines = [];
  const names = new Set([...Object.keys(before.regions), ...Object.keys(now.regions)]);
  for (const region of [...names].sort()) {
    const b = before.regions[region] || {};
    const n = now.regions[region] || {};
    for (const key of new Set([...Object.keys(b), ...Object.keys(n)])) {
      if (b[key] === n[key]) continue;
      const [kind, tribe] = key.split(":");
      if (kind === "active" && (b[`barbarians:${tribe}`] || 0) !== (n[`barbarians:${tribe}`] || 0)) continue;
      const line = phrase(key, b[key], n[key], region);
      if (!line) continue;
      regions.add(region);
      lines.push(line);
    }
  }
  const ids = new Set([...Object.keys(before.armies), ...Object.keys(now.armies)]);
  for (const id of [...ids].sort((x, y) => Number(x) - Number(y))) {
    const b = before.armies[id];
    const n = now.armies[id];
    if (b && n && JSON.stringify(b) === JSON.stringify(n)) continue;
    const who = `${(n || b).owner}'s army ${id}`;
    if (!b) lines.push(`${who} raised in ${n.region} (${legions(n)})`);
    else if (!n) lines.push(`${who} gone from ${b.region}`);
    else {
      if (b.region !== n.region) lines.push(`${who} moved from ${b.region} to ${n.region}`);
      if (legions(b) !== legions(n)) lines.push(`${who} in ${n.region}: ${legions(b)} → ${legions(n)}`);
    }
    if (b) regions.add(b.region);
    if (n) regions.add(n.region);
  }
  return { regions, lines };
}

/** The snapshot a seat last saw, kept on the server per seat (GET/PUT
 * /api/tables/{id}/marks), so that it follows the player to any device; this browser's copy
 * (localStorage) stands in until the server has answered, and when it cannot. `onLoad` is
 * called once the server's copy is in. */
export class Seen {
  /** `remote`: false where the page plays no stored table (a lesson): this browser's copy
   * alone, and nothing asked of the server. */
  constructor(table, role, token, onLoad, remote = true) {
    this.key = `crisis-seen:${table}:${role}`;
    this.table = table;
    this.role = role;
    this.token = token;
    this.remote = remote;
    this.loaded = !remote;
    this.value = remote ? null : this.local();
    this.timer = null;
    if (!remote) return;
    const path = `/api/tables/${encodeURIComponent(table)}/marks/${encodeURIComponent(role)}`;
    request("GET", path, undefined, token).then((res) => {
      this.value = res.marks && res.marks.v === 3 ? res.marks : this.local();
    }).catch(() => {
      this.value = this.local();
    }).finally(() => {
      this.loaded = true;
      if (onLoad) onLoad();
    });
  }

  local() {
    try {
      const s = JSON.parse(localStorage.getItem(this.key) || "null");
      return s && s.v === 3 ? s : null; // an older page's record: start afresh
    } catch {
      return null;
    }
  }

  /** The snapshot last seen (null: none), or undefined while the server's is on its way. */
  load() {
    return this.loaded ? this.value : undefined;
  }

  save(d) {
    this.value = d;
    try {
      localStorage.setItem(this.key, JSON.stringify(d));
    } catch {
      // storage full or refused: the server's copy is the one that counts
    }
    if (!this.remote) return;
    // To the server a moment later (one write for a burst of moves).
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      const path = `/api/tables/${encodeURIComponent(this.table)}/marks`;
      request("PUT", path, { role: this.role, marks: d }, this.token).catch(() => {});
    }, 1500);
  }
}
