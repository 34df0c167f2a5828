// What changed on the map since a seat last looked
// (src/crisis/web/js/boards/time_of_crisis/changes.js): pure bookkeeping on views, tested
// without a browser.
import assert from "node:assert/strict";
import { test } from "node:test";

import { describeChanges, snapshot } from "../../src/crisis/web/js/boards/time_of_crisis/changes.js";

const before = {
  provinces: {
    Gallia: { governor: "green", support: 2, mobs: 0, improvements: [], active: {}, inactive: {} },
    Thracia: { governor: "", support: 1, active: { Goths: 1 }, inactive: {} },
  },
  armies: [{ id: 1, owner: "green", region: "Gallia", full: 2, reduced: 0 }],
};

const after = {
  provinces: {
    Gallia: { governor: "blue", support: 3, mobs: 1, improvements: ["Temple"], active: {}, inactive: {} },
    Thracia: { governor: "", support: 1, active: { Goths: 2 }, inactive: { Goths: 1 } },
  },
  armies: [
    { id: 1, owner: "green", region: "Italia", full: 1, reduced: 1 },
    { id: 2, owner: "blue", region: "Gallia", full: 1, reduced: 0, castra: true },
  ],
};

test("a snapshot keeps each region's pieces and each army", () => {
  const s = snapshot(before);
  assert.equal(s.v, 3);
  assert.equal(s.regions.Gallia.governor, "green");
  assert.equal(s.regions.Thracia["barbarians:Goths"], 1);
  assert.deepEqual(s.armies[1], {
    owner: "green", region: "Gallia", full: 2, reduced: 0, foederati: 0, castra: false,
  });
});

test("the changes between two snapshots are told in words, with the regions they touch", () => {
  const { regions, lines } = describeChanges(snapshot(before), snapshot(after));
  assert.deepEqual([...regions].sort(), ["Gallia", "Italia", "Thracia"]);
  assert.ok(lines.includes("blue's Governor in Gallia (was green's Governor)"));
  assert.ok(lines.includes("support 2 → 3 in Gallia"));
  assert.ok(lines.includes("Mobs +1 in Gallia"));
  assert.ok(lines.includes("Temple built in Gallia"));
  assert.ok(lines.includes("Goths +2 in Thracia"));
  assert.ok(lines.includes("green's army 1 moved from Gallia to Italia"));
  assert.ok(lines.includes("green's army 1 in Italia: 2 legions → 2 legions, 1 reduced"));
  assert.ok(lines.includes("blue's army 2 raised in Gallia (1 legion, castra)"));
});

test("nothing changed, nothing said", () => {
  const { regions, lines } = describeChanges(snapshot(after), snapshot(after));
  assert.equal(regions.size, 0);
  assert.deepEqual(lines, []);
});
