// "Your games" in words (src/crisis/web/js/games.js): when a turn came and the time left.
import assert from "node:assert/strict";
import { test } from "node:test";

import { ago, timeLeft } from "../../src/crisis/web/js/games.js";

const now = () => Date.now() / 1000;

test("when a turn came is said as a time ago, never as an instruction to wait", () => {
  assert.equal(ago(now() - 30), "just now");
  assert.equal(ago(now() + 30), "just now"); // a clock a little ahead of the server's
  assert.equal(ago(now() - 10 * 60), "10 minutes ago");
  assert.equal(ago(now() - 5 * 3600), "5 hours ago");
  assert.equal(ago(now() - 3 * 86400), "3 days ago");
});

test("the time left is said in minutes, hours or days and hours", () => {
  assert.equal(timeLeft(now() - 1), "time is up");
  assert.equal(timeLeft(now() + 40 * 60), "40 min left");
  assert.equal(timeLeft(now() + 30 * 3600), "30 h left");
  assert.equal(timeLeft(now() + 3 * 86400 + 5 * 3600), "3 d 5 h left");
});
