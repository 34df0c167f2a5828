// The client's reading of a title's declared verbs (src/crisis/web/js/verbs.js), without a
// browser: `node --test tests/js/` (make test).
import assert from "node:assert/strict";
import { test } from "node:test";

import { declaredVerbs, plainLabel, startsWith, takesForm, takesNothing, takesOne } from "../../src/crisis/web/js/verbs.js";

/** A title's /api/meta entry as the server sends it: verbs listed per step. */
const INFO = {
  rules: {
    verbs: {
      actions: [
        { verb: "end_actions", ends: "actions", args: [[]] },
        { verb: "place_governor", ends: null, args: [["province"]] },
        { verb: "move_army", ends: null, args: [["army", "region"]] },
      ],
      buy: [
        { verb: "buy", ends: null, args: [["card"]] },
        { verb: "end_actions", ends: null, args: [[]] },
        { verb: "place_governor", ends: null, args: [["province"], ["region"]] },
      ],
    },
  },
};

test("the declared verbs merge each verb's steps: an end once said is kept, forms once each", () => {
  const verbs = declaredVerbs(INFO);
  assert.deepEqual(Object.keys(verbs).sort(), ["buy", "end_actions", "move_army", "place_governor"]);
  assert.equal(verbs.end_actions.ends, "actions");
  assert.deepEqual(verbs.end_actions.args, [[]]);
  assert.deepEqual(verbs.place_governor.args, [["province"], ["region"]]);
});

test("a title that declares nothing gives no verbs", () => {
  assert.deepEqual(declaredVerbs(null), {});
  assert.deepEqual(declaredVerbs({}), {});
});

test("a verb takes nothing when its only form is empty; undo always does", () => {
  const verbs = declaredVerbs(INFO);
  assert.equal(takesNothing(verbs, "end_actions"), true);
  assert.equal(takesNothing(verbs, "buy"), false);
  assert.equal(takesNothing(verbs, "undo"), true);
  assert.equal(takesNothing(verbs, "never_declared"), false);
});

test("a verb takes one domain only when a form is that single domain", () => {
  const verbs = declaredVerbs(INFO);
  assert.equal(takesOne(verbs, "place_governor", "province"), true);
  assert.equal(takesOne(verbs, "place_governor", "region"), true);
  assert.equal(takesOne(verbs, "move_army", "army"), false);
  assert.equal(takesOne(verbs, "never_declared", "card"), false);
});

test("a plain label names the verb in words, then its argument", () => {
  assert.equal(plainLabel(["end_actions"]), "End actions");
  assert.equal(plainLabel(["end_actions", null]), "End actions");
  assert.equal(plainLabel(["place_governor", "Gallia"]), "Place governor: Gallia");
  assert.equal(plainLabel(["move_army", [3, "Italia"]]), "Move army: 3 Italia");
  const named = plainLabel(["buy", "c12"], (id) => (id === "c12" ? "Castra" : String(id)));
  assert.equal(named, "Buy: Castra");
});

test("an argument's form is read from the declarations: a march is an army and a region", () => {
  const verbs = declaredVerbs({
    rules: {
      verbs: {
        "*": [
          { verb: "move_army", ends: null, args: [["army", "region"]] },
          { verb: "initiate_battle", ends: null, args: [["army", "target"]] },
          { verb: "place_emperor", ends: null, args: [["province"], ["army"]] },
        ],
      },
    },
  });
  assert.equal(takesForm(verbs, "move_army", ["army", "region"]), true);
  assert.equal(takesForm(verbs, "move_army", ["army", "target"]), false);
  assert.equal(takesForm(verbs, "initiate_battle", ["army", "target"]), true);
  assert.equal(startsWith(verbs, "initiate_battle", "army"), true);
  assert.equal(startsWith(verbs, "place_emperor", "army"), false); // one domain, not a pair
  assert.equal(takesForm(verbs, "unknown", ["army"]), false);
  assert.equal(startsWith(verbs, "unknown", "army"), false);
});
