// What changed on the map since this seat last acted: each region's pieces as a string,
// compared with those kept (in localStorage, per table and seat) when the seat last acted or
// said it had seen them. Pure bookkeeping on views: no rules.

/** Each region's public state in one string: province, homeland, armies, leaders, Rivals. */
export function digest(view) {
  const out = {};
  const add = (region, part) => {
    out[region] = (out[region] || "") + part;
  };
  for (const [name, p] of Object.entries(view.provinces || {})) add(name, JSON.stringify(p));
  for (const [name, t] of Object.entries(view.tribes || {})) add(name, JSON.stringify(t));
  for (const a of view.armies || []) {
    add(a.region, JSON.stringify([a.id, a.owner, a.full, a.reduced, a.foederati, a.capital, a.castra]));
  }
  for (const [who, where] of Object.entries(view.leaders || {})) if (where) add(where, `L${who}`);
  for (const [who, where] of Object.entries(view.rivals || {})) if (where) add(where, `R${who}`);
  return out;
}

/** The regions whose digest differs between two digests. */
export function changedRegions(before, now) {
  const names = new Set([...Object.keys(before), ...Object.keys(now)]);
  return new Set([...names].filter((n) => (before[n] || "") !== (now[n] || "")));
}

/** The digest a seat last saw, kept across reloads. */
export class Seen {
  constructor(table, role) {
    this.key = `crisis-seen:${table}:${role}`;
  }

  load() {
    try {
      return JSON.parse(localStorage.getItem(this.key) || "null");
    } catch {
      return null;
    }
  }

  save(d) {
    try {
      localStorage.setItem(this.key, JSON.stringify(d));
    } catch {
      // storage full or refused: the marks last until the page is closed
    }
  }
}
