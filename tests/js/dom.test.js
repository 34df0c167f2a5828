// The shared helpers (src/crisis/web/js/dom.js): `cap` for display words.
import assert from "node:assert/strict";
import { test } from "node:test";

import { cap } from "../../src/crisis/web/js/dom.js";

test("cap capitalises the first letter and keeps the rest", () => {
  assert.equal(cap("green"), "Green");
  assert.equal(cap("rome in crisis"), "Rome in crisis");
  assert.equal(cap("X"), "X");
});

test("cap of nothing is nothing", () => {
  assert.equal(cap(""), "");
  assert.equal(cap(null), "");
  assert.equal(cap(undefined), "");
});
