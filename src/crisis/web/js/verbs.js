// @ts-check
// What the page knows of a title's verbs comes from the title's own declarations
// (/api/meta's `rules`: each verb with what it ends and the domains of its argument), so
// no list of verbs is kept here by hand.

/**
 * A verb as its title declares it: the step kind it ends (if any) and each form of its
 * argument, as the list of the domains it is made of (`[]`: no argument).
 * @typedef {{ends: string | null, args: string[][]}} DeclaredVerb
 */

/**
 * The declared verbs of one title: verb -> {ends, args: [[domain, ...], ...]}.
 * @param {{rules?: {verbs: Record<string, Array<{verb: string, ends?: string | null,
 *   args: string[][]}>>}} | null | undefined} info the title's entry of /api/meta
 * @returns {Record<string, DeclaredVerb>}
 */
export function declaredVerbs(info) {
  /** @type {Record<string, DeclaredVerb>} */
  const out = {};
  const rules = (info && info.rules) || { verbs: {} };
  for (const entries of Object.values(rules.verbs)) {
    for (const v of entries) {
      const known = out[v.verb] || { ends: null, args: [] };
      if (v.ends) known.ends = v.ends;
      for (const alt of v.args) {
        if (!known.args.some((a) => a.join() === alt.join())) known.args.push(alt);
      }
      out[v.verb] = known;
    }
  }
  return out;
}

/**
 * Whether `verb` takes no argument (answers, events to use, phase ends): a big button.
 * @param {Record<string, DeclaredVerb>} verbs
 * @param {string} verb
 * @returns {boolean}
 */
export function takesNothing(verbs, verb) {
  const v = verbs[verb];
  return verb === "undo" || Boolean(v && v.args.length === 1 && v.args[0].length === 0);
}

/**
 * Whether one of `verb`'s declared argument forms is the single domain `domain`.
 * @param {Record<string, DeclaredVerb>} verbs
 * @param {string} verb
 * @param {string} domain
 * @returns {boolean}
 */
export function takesOne(verbs, verb, domain) {
  const v = verbs[verb];
  return Boolean(v && v.args.some((a) => a.length === 1 && a[0] === domain));
}

/**
 * Whether one of `verb`'s declared argument forms is exactly `form` (the domains in order:
 * `["army", "region"]` is an army and where it goes).
 * @param {Record<string, DeclaredVerb>} verbs
 * @param {string} verb
 * @param {string[]} form
 * @returns {boolean}
 */
export function takesForm(verbs, verb, form) {
  const v = verbs[verb];
  return Boolean(v && v.args.some((a) => a.join() === form.join()));
}

/**
 * Whether one of `verb`'s declared argument forms is a pair or more that starts with `domain`
 * (an army and what it does: where it marches, what it attacks, where it takes foederati).
 * @param {Record<string, DeclaredVerb>} verbs
 * @param {string} verb
 * @param {string} domain
 * @returns {boolean}
 */
export function startsWith(verbs, verb, domain) {
  const v = verbs[verb];
  return Boolean(v && v.args.some((a) => a.length > 1 && a[0] === domain));
}

/**
 * A plain label for an action the title did not describe: the verb and its argument.
 * @param {import("./types.js").Action} action
 * @param {(part: any) => string} [name] how an argument is named (a card id as its name ...)
 * @returns {string}
 */
export function plainLabel([verb, arg], name = String) {
  const words = verb.replace(/_/g, " ");
  const nice = words.charAt(0).toUpperCase() + words.slice(1);
  if (arg === null || arg === undefined) return nice;
  if (Array.isArray(arg)) return `${nice}: ${arg.map(name).join(" ")}`;
  return `${nice}: ${name(arg)}`;
}
