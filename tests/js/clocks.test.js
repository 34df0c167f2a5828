// Correspondence clocks in words (src/crisis/web/js/clocks.js): the bank and vacations as
// the table bar and "Your games" say them.
import assert from "node:assert/strict";
import { test } from "node:test";

import { bankWords, spanWords, vacationWords } from "../../src/crisis/web/js/clocks.js";

test("a span is said in minutes, hours or days and hours, never 24 hours in a day", () => {
  assert.equal(spanWords(40 * 60), "40 min");
  assert.equal(spanWords(23 * 3600 + 50 * 60), "24 h");
  assert.equal(spanWords(3 * 86400), "3 d");
  assert.equal(spanWords(3 * 86400 - 60), "3 d");
  assert.equal(spanWords(2 * 86400 + 5 * 3600), "2 d 5 h");
  assert.equal(spanWords(-5), "0 min");
});

test("a bank is said only when there is one", () => {
  assert.equal(bankWords({ bank: 0 }), null);
  assert.equal(bankWords(undefined), null);
  assert.equal(bankWords({ bank: 86400 + 4 * 3600 }), "bank 28 h");
});

test("a vacation is said with its last day", () => {
  assert.equal(vacationWords({ vacation_until: null }), null);
  const until = Date.UTC(2030, 11, 5, 12) / 1000;
  assert.match(vacationWords({ vacation_until: until }), /^on vacation until Thu,? 5 Dec 2030$/);
});
