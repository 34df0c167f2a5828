// What the page knows of a title's verbs comes from the title's own declarations
// (/api/meta's `rules`: each verb with what it ends and the domains of its argument), so
// no list of verbs is kept here by hand.

/** The declared verbs of one title: verb -> {ends, args: [[domain, ...], ...]}. */
export function declaredVerbs(info) {
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

/** Whether `verb` takes no argument (answers, events to use, phase ends): a big button. */
export function takesNothing(verbs, verb) {
  const v = verbs[verb];
  return verb === "undo" || Boolean(v && v.args.length === 1 && v.args[0].length === 0);
}

/** Whether one of `verb`'s declared argument forms is the single domain `domain`. */
export function takesOne(verbs, verb, domain) {
  const v = verbs[verb];
  return Boolean(v && v.args.some((a) => a.length === 1 && a[0] === domain));
}

/** A plain label for an action the title did not describe: the verb and its argument. */
export function plainLabel([verb, arg], name = String) {
  const words = verb.replace(/_/g, " ");
  const nice = words.charAt(0).toUpperCase() + words.slice(1);
  if (arg === null || arg === undefined) return nice;
  if (Array.isArray(arg)) return `${nice}: ${arg.map(name).join(" ")}`;
  return `${nice}: ${name(arg)}`;
}
