// @ts-check
// Dice as dice: the six die faces, and log lines with their results drawn as dice.

import { el } from "./api.js";
import { cap } from "./dom.js";

/** The die faces by value (index 0 unused). */
export const DIE_FACES = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];

/** The words a title puts before the bonus dice that 6s earned ("… and a bonus die for the
 * 6 [4]", "… and 2 bonus dice for 6s [6, 1]"): those dice are drawn marked. */
const BONUS = /bonus dice? for (the 6|6s) $/;

/** A log line with its die results drawn as dice ("rolls [3, 6]", "roll 2+5", "white 4");
 * bonus dice for 6s are marked. The line starts with a capital, as a sentence does (the
 * rules write a seat's name in lower case, "green chooses Asia").
 * @param {string} line
 * @returns {Array<string | HTMLElement>}
 */
export function logLine(line) {
  line = cap(line);
  /** @type {Array<string | HTMLElement>} */
  const parts = [];
  const re = /\[([1-6](?:, [1-6])*)\]|\b(roll )([1-6])\+([1-6])|\b(white|black) ([1-6])\b/g;
  let at = 0;
  for (let m = re.exec(line); m; m = re.exec(line)) {
    parts.push(line.slice(at, m.index));
    const bonus = Boolean(m[1]) && BONUS.test(line.slice(0, m.index));
    const die = (/** @type {string} */ d) => el("span", bonus
      ? { class: "die bonus", title: `${d}, a bonus die for a 6` }
      : { class: "die", title: d }, DIE_FACES[Number(d)]);
    if (m[1]) parts.push(...m[1].split(", ").map(die));
    else if (m[2]) parts.push(m[2], die(m[3]), "+", die(m[4]));
    else parts.push(`${m[5]} `, die(m[6]));
    at = m.index + m[0].length;
  }
  parts.push(line.slice(at));
  return parts;
}
