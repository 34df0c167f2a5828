// Words for actions and cards, and where on the page each action can be clicked.

/** Verbs that end a phase or answer a yes/no: shown as big buttons under the prompt. */
export const MAIN_VERBS = new Set([
  "end_actions", "end_buy", "pass", "keep", "reroll", "stay", "advance", "undo",
  "flanking_maneuver", "damnatio_memoriae", "cavalry", "spiculum", "princeps_senatus",
  "frumentarii", "triumph", "mobile_vulgus", "demagogue",
]);
/** Verbs whose whole-number argument is an army id. */
const ARMY_VERBS = new Set([
  "castra", "add_legion", "train_legion", "leave_capital", "enter_capital", "disperse_mob",
  "force_march",
]);
/** Verbs whose argument is a card in the player's hand or piles. */
const CARD_VERBS = new Set([
  "play_card", "choose_card", "ludi", "discard", "trash", "demagogue_discard",
]);

let META = null;
export function setMeta(meta) {
  META = meta;
}

export function cardName(cid) {
  const c = META && META.cards[cid];
  if (!c) return String(cid);
  return c.value === 1 ? c.name : `${c.name} (${c.suit} ${c.value})`;
}

export function isRegion(name) {
  return Boolean(META) && (META.provinces.includes(name) || META.seas.includes(name) || META.tribes.includes(name));
}

const PHRASES = {
  end_actions: "End your actions",
  end_buy: "End your turn",
  pass: "Pass",
  keep: "Keep the dice",
  reroll: "Reroll",
  stay: "Stay",
  advance: "Advance",
  undo: "Undo",
};

/** A readable label for an action [verb, arg]. */
export function actionLabel([verb, arg]) {
  if (PHRASES[verb] && (arg === null || arg === undefined)) return PHRASES[verb];
  const words = verb.replace(/_/g, " ");
  const nice = words.charAt(0).toUpperCase() + words.slice(1);
  if (CARD_VERBS.has(verb) || verb === "buy") return `${nice}: ${cardName(arg)}`;
  if (verb === "place_governor") return `Place a Governor in ${arg[0]} (${arg[1]} dice)`;
  if (verb === "move_army") return `Move army ${arg[0]} to ${arg[1]}`;
  if (verb === "initiate_battle") return `Army ${arg[0]} attacks ${typeof arg[1] === "number" ? `army ${arg[1]}` : arg[1]}`;
  if (verb === "build") return `Build ${arg[1]} in ${arg[0]}`;
  if (verb === "recruit_general") return `Recruit a General (cost ${arg})`;
  if (verb === "recruit_governor") return `Recruit a Governor (cost ${arg})`;
  if (verb === "praetorian_guard") return `Praetorian Guard with ${arg} dice`;
  if (verb === "ambitus") return `Ambitus: ${arg} votes`;
  if (verb === "take_hit") return `Take the hit on ${arg}`;
  if (verb === "choose_province") return `Start in ${arg}`;
  if (verb === "cycle") return `Cycle the ${arg} stack`;
  if (verb === "order") return `Events in order: ${arg.map((e) => (META && META.events[e]) || e).join(", ")}`;
  if (verb === "foederati") return `Foederati: army ${arg[0]} recruits ${arg[2]} in ${arg[1]}`;
  if (verb === "tribute") return `Tribute: ${arg[1]} in ${arg[0]}`;
  if (ARMY_VERBS.has(verb)) return `${nice}: army ${arg}`;
  if (arg === null || arg === undefined) return nice;
  if (Array.isArray(arg)) return `${nice}: ${arg.join(" ")}`;
  return `${nice}: ${arg}`;
}

/** Where an action can be clicked: {regions: [...], armies: [...], cards: [...], slots: [...]}. */
export function places([verb, arg], armies) {
  const out = { regions: [], armies: [], cards: [], slots: [] };
  const armyRegion = (id) => {
    const a = armies.find((x) => x.id === id);
    return a ? a.region : null;
  };
  if (CARD_VERBS.has(verb) || verb === "buy") {
    out.cards.push(arg);
    return out;
  }
  if (verb === "cycle") {
    out.slots.push(arg);
    return out;
  }
  if (ARMY_VERBS.has(verb) && typeof arg === "number") {
    out.armies.push(arg);
    return out;
  }
  if (verb === "place_emperor" && typeof arg === "string" && arg.startsWith("#")) {
    out.armies.push(Number(arg.slice(1)));
    return out;
  }
  if (verb === "move_army") {
    out.armies.push(arg[0]);
    out.regions.push(arg[1]);
    return out;
  }
  if (verb === "initiate_battle" || verb === "foederati") {
    out.armies.push(arg[0]);
    const where = armyRegion(arg[0]);
    if (where) out.regions.push(where);
    return out;
  }
  const items = Array.isArray(arg) ? arg : [arg];
  for (const item of items) if (typeof item === "string" && isRegion(item)) out.regions.push(item);
  return out;
}
