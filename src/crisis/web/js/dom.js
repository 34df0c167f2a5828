// @ts-check
// The page's two smallest helpers, defined once for every module: `$` finds an element by
// its id, `cap` capitalises a word for display.

/**
 * The element with this id (every page's modules look their parts up by id).
 * @param {string} id
 * @returns {HTMLElement} the element; the pages hold every id their modules ask for
 */
export const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/**
 * `s` with its first letter in capitals ("green" -> "Green"); "" for an empty or missing one.
 * @param {string | null | undefined} s
 * @returns {string}
 */
export function cap(s) {
  return s ? s.charAt(0).toUpperCase() + s.slice(1) : "";
}
