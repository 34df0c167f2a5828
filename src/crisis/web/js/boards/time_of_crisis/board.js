// Time of Crisis's board: the map, the market, the hand and piles, the players' mats and the
// battle box. Moved here unchanged from table.js; table.js calls it through the board
// interface described in boards/index.js.

import { el, mySeats } from "../../api.js";
import { logLine } from "../../dice.js";
import { declaredVerbs, plainLabel, startsWith, takesForm, takesNothing, takesOne } from "../../verbs.js";
import { describeChanges, Seen, snapshot } from "./changes.js";
import { governor, legendItems } from "./counters.js";
import { BoardMap } from "./map.js";
import { cardHelpButton, withCardHelp } from "../../rules.js";
import { $, cap } from "../../dom.js";

/** The title's entry of /api/meta (provinces, cards, events, declared verbs); set by setup(). */
let META = null;
/** The declared verbs (what each ends, its argument domains), from META.rules. */
let VERBS = {};

/** A card as printed: its name, and its sphere and value unless it is worth 1. */
function cardName(cid) {
  const c = META && META.cards[cid];
  if (!c) return String(cid);
  return c.value === 1 ? c.name : `${c.name} (${c.suit} ${c.value})`;
}

/** The pile the card named by `verb` is taken from, as the title declares (`card_piles`):
 * "market", "available", "discard", or "hand" for any other verb. */
function pileOf(verb) {
  return (META && META.card_piles && META.card_piles[verb]) || "hand";
}

function isRegion(name) {
  return Boolean(META) && (META.provinces.includes(name) || META.seas.includes(name) || META.tribes.includes(name));
}

/** Where an action can be clicked: {regions, armies, cards, slots}, read from the domains
 * its verb declares (an army, a card, a market stack) and the regions its argument names. */
function places([verb, arg], armies) {
  const out = { regions: [], armies: [], cards: [], slots: [] };
  if (takesOne(VERBS, verb, "card")) {
    out.cards.push(arg);
    return out;
  }
  if (takesOne(VERBS, verb, "category")) {
    out.slots.push(arg);
    return out;
  }
  if (takesOne(VERBS, verb, "army") && typeof arg === "number") {
    out.armies.push(arg);
    return out;
  }
  if (takesOne(VERBS, verb, "army") && typeof arg === "string" && arg.startsWith("#")) {
    out.armies.push(Number(arg.slice(1)));  // the Emperor's token on an army
    return out;
  }
  const first = Array.isArray(arg) && VERBS[verb] ? VERBS[verb].args.find((a) => a.length > 1) : null;
  if (first && first[0] === "army") {
    out.armies.push(arg[0]);
    if (first[1] === "region") {
      out.regions.push(arg[1]);  // where the army would go
    } else {
      const a = armies.find((x) => x.id === arg[0]);
      if (a) out.regions.push(a.region);  // where the army acts
    }
    return out;
  }
  const items = Array.isArray(arg) ? arg : [arg];
  for (const item of items) if (typeof item === "string" && isRegion(item)) out.regions.push(item);
  return out;
}

export const board = {
  name: "Time of Crisis",
  scoreName: "Legacy",

  setup(ctx) {
    META = ctx.info;
    VERBS = declaredVerbs(META);
    MAP = new BoardMap($("map"));
    $("zoom-in").addEventListener("click", () => MAP.zoom(1.5));
    $("zoom-out").addEventListener("click", () => MAP.zoom(1 / 1.5));
    $("zoom-reset").addEventListener("click", () => MAP.reset());
    $("changes-seen").addEventListener("click", () => {
      if (UI.seen && UI.last) UI.seen.save(snapshot(UI.last.view));
      redraw();
    });
    drawLegend();
  },

  /** Table.js tells the board when this browser sends an action: what changes next is ours. */
  acted(action, s) {
    UI.actedAt = s.version;
    // The map as this seat saw it when it acted, and whose turn it was: an action that ends
    // the turn is answered with a state the rules carried on from (the next turn's crisis
    // roll and event are no decision), which this seat has not seen yet.
    UI.actedFrom = UI.last ? { map: snapshot(UI.last.view), current: UI.last.view.current, phase: UI.last.view.phase } : null;
  },

  /** The regions a log line names, to light on the map. */
  regionsIn(line) {
    if (!META) return [];
    return [...META.provinces, ...META.seas, ...META.tribes].filter((name) => line.includes(name));
  },

  highlight(regions) {
    if (MAP) MAP.highlight(regions);
  },

  /** A plain label for an action the title did not describe (its words come with the state). */
  label(a) {
    return plainLabel(a, (x) => (typeof x === "string" && META && META.cards[x] ? cardName(x) : String(x)));
  },

  /** Log lines that start a turn ("-- green turn 3 --"). */
  heading: (line) => line.startsWith("--"),

  /** Whether an action gets a button under the prompt (the others are clicked on the map,
   * on a card or on an army; the folded list under the prompt holds those). */
  button(a, view) {
    const p = places(a, view.armies || []);
    const elsewhere = p.regions.length || p.armies.length || p.cards.length || p.slots.length;
    return takesNothing(VERBS, a[0]) || !elsewhere;
  },

  status(view) {
    // the phase as the title's reference names it ("Take Actions"), never its inner name
    const phases = (META && META.reference && META.reference.phases) || {};
    const phase = (phases[view.phase] || {}).title || String(view.phase || "").replace(/_/g, " ");
    if (view.phase === "setup") return `Round ${view.round} · ${phase}`; // everyone chooses
    return `Round ${view.round} · ${cap(view.current)}'s turn · ${phase}`;
  },

  options(table, view) {
    const o = table.options;
    const opts = [];
    if (o.short_game) opts.push("short game");
    if (o.expansion_cards) opts.push(`Age of Iron and Rust cards, ${o.market || "fixed"} market`);
    if (o.emperor_rules) opts.push("optional Emperor rules");
    if (view.provisional_data) opts.push("some map and card data are provisional");
    return opts;
  },

  render(ctx, s, view, actions) {
    renderBattle(view);
    renderPool(view);
    renderMap(ctx, s, view, actions);
    renderHand(ctx, s, view, actions);
    renderPlayers(s, view);
    renderMarket(ctx, s, view, actions);
  },
};

/** The influence in the pool by the spheres' names, as the buttons say them ("Senate 2"),
 * while it can be spent (Take Actions: what is left is lost when it ends), and the political
 * points while they can (Buy/Trash). The pool is the player's whose turn it is: another
 * player's is named as theirs, so that nobody reads it as their own. */
function renderPool(view) {
  const pool = view.turn && view.turn.pool && view.phase === "actions" ? Object.entries(view.turn.pool).filter(([, n]) => n) : [];
  const political = view.turn && view.phase === "buy" ? view.turn.political : 0;
  const points = political === 1 ? "1 political point" : `${political} political points`;
  const mine = view.current === view.viewer;
  const whose = mine ? "" : `${cap(view.current)}'s `;
  $("pool").textContent = pool.length || political
    ? pool.length
      ? `${mine ? "Your influence" : `${whose}influence`}: ${pool.map(([suit, n]) => `${sphere(suit)} ${n}`).join(", ")}`
      : `${mine ? "To spend" : `${whose}points to spend`}: ${points}`
    : "";
}

/** The title's log lines that open a battle ("green's army 4 attacks Goths in Asia", "green's
 * Militia in Asia attacks #3"), settle it, and follow from its outcome. */
const BATTLE_START = /^\S+'s (army \d+|Militia in .+) attacks /;
const BATTLE_END = /( wins the battle and gains |^the defenders hold$|^the battle has no winner$)/;
const BATTLE_AFTER = / (retreats from the capital|advances into the capital|raises support in .+ for removing|takes a discount for removing) /;

/** The last battle of the turn in the log: its lines (from its first to its outcome and
 * what follows from it) and where it starts; null when none was fought this turn. */
function lastBattle(log) {
  for (let i = log.length - 1; i >= 0; i--) {
    if (log[i].startsWith("--")) return null;
    if (!BATTLE_START.test(log[i])) continue;
    let end = i + 1;
    while (end < log.length && !BATTLE_END.test(log[end - 1]) && !BATTLE_START.test(log[end])) end++;
    const over = BATTLE_END.test(log[end - 1] || "");
    while (over && end < log.length && BATTLE_AFTER.test(log[end])) end++;
    return { at: i, key: `${i}:${log[i]}`, lines: log.slice(i, end), over };
  }
  return null;
}

/** Battles whose result panel this page has closed (by the log line that opened them). */
const DISMISSED = new Set();
/** The battle (and whether over) the panel was last brought into sight for. */
let broughtInSight = null;

/** Bring the battle panel into sight when a battle begins and when it ends: on a phone the
 * player acted on the map, below it (on a laptop it is in sight already, and nothing moves). */
function bringInSight(box, key, view) {
  if (!view.viewer || view.current !== view.viewer) return; // another's battle: stay put
  if (key === broughtInSight) return;
  broughtInSight = key;
  requestAnimationFrame(() => box.scrollIntoView({ block: "nearest" }));
}

/** The battle box under the prompt: the battle in progress (who fights where, each roll with
 * the bonus dice for 6s marked, the hits), and once it is over its result, until the turn
 * ends or the player closes it, so a battle with no question to answer still shows its
 * outcome where the prompt is. */
function renderBattle(view) {
  const box = $("battle");
  const b = view.battle;
  const last = lastBattle(view.log || []);
  const lines = (last ? last.lines : []).map((line) => el("div", { class: "battle-line" }, ...logLine(line)));
  if (b) {
    const attacker = (view.armies || []).find((a) => a.id === b.attacker);
    const who = b.attacker === -1 ? `the Militia of ${b.region}` : `army ${b.attacker}${attacker ? ` (${cap(attacker.owner)})` : ""}`;
    const defender = b.kind === "army" ? `army ${b.defender}${b.defender_owner ? ` (${cap(b.defender_owner)})` : ""}` : b.kind === "militia" ? `the Militia of ${b.region}` : String(b.defender);
    box.replaceChildren(
      el("div", { class: "battle-title" }, `Battle in ${b.region}: ${who} against ${defender}`),
      el("div", { class: "battle-lines" }, ...lines.slice(1)),
      el("div", { class: "muted small" }, `Hits: ${b.hits_on_defender} on the defender, ${b.hits_on_attacker} on the attacker`),
    );
    box.classList.remove("hidden");
    box.removeAttribute("role");
    if (last) bringInSight(box, `${last.key}:on`, view);
    return;
  }
  if (!last || !last.over || DISMISSED.has(last.key)) {
    box.classList.add("hidden");
    return;
  }
  const close = el("button", { type: "button", class: "battle-close small", "aria-label": "Close the battle result" }, "Close");
  close.addEventListener("click", () => {
    DISMISSED.add(last.key);
    box.classList.add("hidden");
  });
  box.replaceChildren(
    el("div", { class: "battle-title" }, "Battle result", close),
    el("div", { class: "battle-lines" }, ...lines),
  );
  box.setAttribute("role", "status");
  box.classList.remove("hidden");
  bringInSight(box, `${last.key}:over`, view);
}

function targetsFor(actions, armies) {
  const regions = new Set();
  const armyIds = new Set();
  for (const a of actions) {
    const p = places(a, armies);
    p.regions.forEach((r) => regions.add(r));
    p.armies.forEach((id) => armyIds.add(id));
  }
  return { regions, armies: armyIds };
}

/** The map's drawing and what the player has picked on it. */
let MAP = null;
const UI = { selected: null, last: null, seen: null, seenFor: null, actedAt: null, actedFrom: null };

/** The actions of one army: those whose argument names it, as the verbs declare it (an army
 * alone, the Emperor's token on it, or an army and what it does). */
function armyActions(actions, id) {
  return actions.filter(([verb, arg]) => {
    if (Array.isArray(arg)) return startsWith(VERBS, verb, "army") && arg[0] === id;
    return places([verb, arg], []).armies.includes(id);
  });
}

/** Whether an action is an army's step on the map: a march (an army and a region) or an
 * attack (an army and a target). */
function onTheMap([verb]) {
  return takesForm(VERBS, verb, ["army", "region"]) || takesForm(VERBS, verb, ["army", "target"]);
}

/** Where the selected army may march (regions) and what it may attack there (foes). */
function reach(actions, id) {
  const dests = new Set();
  const foes = new Set();
  for (const [verb, arg] of actions) {
    if (!Array.isArray(arg) || arg[0] !== id) continue;
    if (takesForm(VERBS, verb, ["army", "region"])) dests.add(arg[1]);
    if (takesForm(VERBS, verb, ["army", "target"])) foes.add(arg[1]);
  }
  return { dests, foes };
}

/** Changes since this seat last acted (or said "seen"), and the note above the map. */
function changes(s, view) {
  const role = s.role && !s.replay && !view.result ? s.role : null;
  const note = $("changes");
  if (!role) {
    note.classList.add("hidden");
    return new Set();
  }
  const table = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
  if (UI.seenFor !== `${table}:${role}`) {
    const held = mySeats(table).find((x) => x.role === role);
    const stored = location.pathname.startsWith("/table/"); // a lesson is no stored table
    UI.seen = new Seen(table, role, held && held.token, () => redraw(), stored);
    UI.seenFor = `${table}:${role}`;
  }
  const now = snapshot(view);
  const before = UI.seen.load();
  if (before === undefined) {
    note.classList.add("hidden"); // what this seat saw is on its way from the server
    return new Set();
  }
  // The first look, and the state that follows this seat's own action, are seen by it; but
  // where that action ended its turn, what followed (the next turn's crisis: barbarians,
  // an event) is not: the map as it was when it acted is what it saw (a turn ends with
  // buying, which moves nothing on the map).
  if (!before || (UI.actedAt !== null && s.version > UI.actedAt)) {
    const from = UI.actedFrom;
    // A setup choice passes the turn too, but nothing carries on after it: what it placed
    // is this seat's own doing, seen as it acted.
    const passed = before && from && from.current !== view.current && from.phase !== "setup";
    UI.actedAt = null;
    UI.actedFrom = null;
    if (!passed) {
      UI.seen.save(now);
      note.classList.add("hidden");
      return new Set();
    }
    UI.seen.save(from.map);
  }
  const { regions, lines } = describeChanges(UI.seen.load() || now, now);
  note.classList.toggle("hidden", !lines.length);
  const list = $("changes-list");
  const MAX = 12;
  list.replaceChildren(...lines.slice(0, MAX).map((line) => el("li", {}, line)));
  if (lines.length > MAX) list.append(el("li", { class: "muted" }, `and ${lines.length - MAX} more`));
  return regions;
}

function redraw() {
  if (UI.last) renderMap(UI.last.ctx, UI.last.s, UI.last.view, UI.last.actions);
}

function renderMap(ctx, s, view, actions) {
  UI.last = { ctx, s, view, actions };
  const armies = view.armies || [];
  if (UI.selected !== null && !armyActions(actions, UI.selected).length) UI.selected = null;
  const { dests, foes } = UI.selected === null ? { dests: new Set(), foes: new Set() } : reach(actions, UI.selected);
  const pick = (kind, key, ev) => {
    if (kind === "background") {
      if (UI.selected !== null) {
        UI.selected = null;
        redraw();
      }
      return;
    }
    if (kind === "foe") {
      // An attack is chosen from a menu that shows its odds (the title's note), never by
      // one click.
      const attack = ["initiate_battle", [UI.selected, key]];
      ctx.openMenu(`Army ${UI.selected} attacks`, [attack], ev, true);
      return;
    }
    if (kind === "region" && dests.has(key)) {
      ctx.act(["move_army", [UI.selected, key]]);
      return;
    }
    if (kind === "army") {
      const own = armyActions(actions, key);
      const { dests: d, foes: f } = reach(actions, key);
      if (d.size || f.size) {
        UI.selected = UI.selected === key ? null : key;
        redraw();
        if (UI.selected !== null) $("army-panel").scrollIntoView({ block: "nearest" });
        return;
      }
      ctx.openMenu(`Army ${key}`, own, ev);
      return;
    }
    const hits = actions.filter((a) => places(a, armies).regions.includes(key));
    // An action the title adds a note to (the odds of a vote, what is lost) is chosen from
    // the menu that shows the note, never by one click.
    const noted = hits.some((a) => {
      const w = ctx.said(a);
      return Boolean(w && w.note);
    });
    ctx.openMenu(key, hits, ev, noted);
  };
  MAP.draw(view, META, { targets: targetsFor(actions, armies), selected: UI.selected, dests, foes, changed: changes(s, view), pick });
  renderArmyPanel(ctx, view, actions, pick);
}

/** Under the prompt: a button per army that can act (select it: its moves and attacks glow
 * on the map, and are taken there: each action has one place). */
function renderArmyPanel(ctx, view, actions, pick) {
  const panel = $("army-panel");
  const ids = [...new Set((view.armies || []).map((a) => a.id))].filter((id) => armyActions(actions, id).length);
  panel.classList.toggle("hidden", !ids.length);
  if (!ids.length) {
    panel.replaceChildren();
    return;
  }
  const where = (id) => (view.armies.find((a) => a.id === id) || {}).region;
  const row = el("div", { class: "army-row" }, el("span", { class: "muted small" }, "Your armies:"),
    ...ids.map((id) => el("button", {
      type: "button",
      class: `army-pick${id === UI.selected ? " on" : ""}`,
      "aria-pressed": id === UI.selected ? "true" : "false",
      onclick: (ev) => pick("army", id, ev),
    }, `Army ${id} · ${where(id)}`)));
  const parts = [row];
  if (UI.selected !== null) {
    const { dests, foes } = reach(actions, UI.selected);
    const said = [];
    if (dests.size) said.push(`march to a glowing region (${dests.size})`);
    if (foes.size) said.push(`attack a glowing counter (${foes.size})`);
    const help = el("p", { class: "muted small army-help", role: "status" },
      said.length ? `Army ${UI.selected} selected: on the map, ${said.join(" or ")}.` : `Army ${UI.selected} selected.`);
    // On a phone the map is below the prompt, out of sight: a link takes the player there.
    if (said.length && window.matchMedia("(max-width: 900px)").matches) {
      help.append(" ", el("button", {
        type: "button",
        class: "to-map",
        onclick: () => document.querySelector(".map-wrap").scrollIntoView({ block: "start", behavior: "smooth" }),
      }, "Show the map ▾"));
    }
    parts.push(help);
    // What else it may do (add a legion, take foederati, build castra...): a button each,
    // so that every action a hint's plan names has a control in sight.
    const more = armyActions(actions, UI.selected).filter((a) => !onTheMap(a));
    const button = (a) => {
      const b = ctx.button(a, view, "");
      b.dataset.verb = a[0];
      return b;
    };
    if (more.length) parts.push(el("div", { class: "buttons army-acts" }, ...more.map(button)));
  }
  const had = panel.contains(document.activeElement) ? document.activeElement.textContent : null;
  panel.replaceChildren(...parts);
  if (had !== null) {
    const again = [...panel.querySelectorAll("button")].find((b) => b.textContent === had);
    if (again) again.focus({ preventScroll: true });
  }
}

/** The map's highlights, each drawn with the map's own rules (style.css), and what it says. */
function drawMarks() {
  const NS = "http://www.w3.org/2000/svg";
  const swatch = (...parts) => {
    const pic = document.createElementNS(NS, "svg");
    pic.setAttribute("viewBox", "-4 -4 48 32");
    pic.setAttribute("width", "48");
    pic.setAttribute("height", "32");
    pic.setAttribute("aria-hidden", "true");
    pic.append(...parts);
    return pic;
  };
  const region = (cls) => {
    const r = document.createElementNS(NS, "rect");
    r.setAttribute("class", cls);
    r.setAttribute("width", "40");
    r.setAttribute("height", "24");
    r.setAttribute("rx", "4");
    return r;
  };
  const piece = (cls) => {
    const [node] = governor("neutral");
    node.setAttribute("class", `${node.getAttribute("class")} ${cls}`);
    node.setAttribute("transform", "translate(8,0)");
    return node;
  };
  const items = [
    [swatch(region("area province target")), "You can act here: click it for the actions (gold outline)"],
    [swatch(region("area province target dest")), "The selected army can march here: click to move (green)"],
    [swatch(region("area province"), region("changed-mark")), "Changed since you last looked (dashed orange): the list above the map says what"],
    [swatch(region("area province lit")), "Named by the log entry you point at or chose"],
    [swatch(piece("target")), "A piece you can click (gold ring), such as one of your armies to select"],
    [swatch(piece("foe")), "What the selected army can attack (red ring)"],
  ];
  $("legend-marks").replaceChildren(...items.map(([pic, text]) => el("li", { class: "legend-entry" }, pic, el("span", {}, text))));
}

function drawLegend() {
  drawMarks();
  const list = $("legend-list");
  list.replaceChildren(...legendItems().map(([[node, w], text]) => {
    const pic = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    pic.setAttribute("viewBox", `-1 -1 ${w + 2} 26`);
    pic.setAttribute("width", String(w + 2));
    pic.setAttribute("height", "26");
    pic.setAttribute("aria-hidden", "true");
    pic.append(node);
    return el("li", { class: "legend-entry" }, pic, el("span", {}, text));
  }));
  if (window.matchMedia("(max-width: 900px)").matches) $("legend").removeAttribute("open");
}

function cardFaces(ctx, ids, actions, key = "cards") {
  const counts = new Map();
  for (const id of ids) counts.set(id, (counts.get(id) || 0) + 1);
  return [...counts].map(([id, n]) => cardFace(ctx, id, n, actions.filter((a) => places(a, []).cards.includes(id)), key));
}

/** The spheres' names ("Military" ...), from the title's words. */
const sphere = (suit) => (META && META.words.spheres[suit]) || suit;

/** What "(provisional)" on a card's text means, said once under the market. */
const PROVISIONAL_NOTE = "A card text marked (provisional) was reconstructed: no printed source "
  + "was found for it, and the project's ruling stands in for it.";

/** A whole card face: value and sphere, name, effect text (marked when provisional), the
 * number of copies and, in the market, what this player would pay. */
function cardFace(ctx, id, n, acts, label, extra = {}) {
  const info = (META.cards[id] || { name: id, suit: "", value: "", text: "" });
  const node = el(
    acts.length ? "button" : "div",
    {
      class: `cardface s-${info.suit}${acts.length ? " target" : ""}${extra.unaffordable ? " unaffordable" : ""}`,
      "data-card": id,
      "aria-label": `${cardName(id)}${info.text ? `: ${info.text}` : ""}${extra.price !== undefined ? `; costs ${extra.price}` : ""}`,
    },
    el("span", { class: "card-head" },
      el("span", { class: "value" }, info.value),
      el("span", { class: "sphere" }, info.suit ? sphere(info.suit) : ""),
      extra.price !== undefined ? el("span", { class: "price", title: "What you would pay now" }, `${extra.price}`) : null),
    el("span", { class: "card-name" }, info.name),
    info.text && info.value > 1 ? el("span", { class: "card-text" }, info.text, info.provisional ? el("span", { class: "prov", title: "Reconstructed: no printed source was found for this text" }, " (provisional)") : null) : null,
    n > 1 ? el("span", { class: "count" }, `×${n}`) : null,
    extra.note ? el("span", { class: "card-note" }, extra.note) : null,
  );
  // Trashing is never a single stray click: the menu (with its price) always opens.
  const careful = acts.some((a) => pileOf(a[0]) === "discard");
  if (acts.length) node.addEventListener("click", (ev) => ctx.openMenu(`${cardName(id)} (${label})`, acts, ev, careful));
  return withCardHelp(node, id);
}

function renderHand(ctx, s, view, actions) {
  const me = view.players.find((p) => p.role === s.role);
  $("hand-card").classList.toggle("hidden", !me || !me.hand);
  if (!me || !me.hand) return;
  // A secret choice of cards (the starting hand, a refill, Pax Deorum, the Demagogue's
  // discards) says how many are left to choose where the cards are, not only in the prompt.
  const left = (view.choosing || {})[s.role] || 0;
  const taking = ["choose_hand", "refill", "pax"].includes(view.step);
  const need = left > 0 && actions.length
    ? ` · ${taking ? "take" : "discard"} ${left} more${taking ? " from the Available pile" : ""}`
    : "";
  $("hand-role").textContent = `(${s.role})${need}`;
  $("hand").replaceChildren(...cardFaces(ctx, me.hand, actions.filter((a) => pileOf(a[0]) === "hand"), "hand"));
  const piles = $("piles");
  piles.replaceChildren();
  // each pile in a box of its own (beside the hand on a wide screen)
  if (me.available && me.available.length) {
    piles.append(el("div", { class: "pile" }, el("div", {}, "Available pile:"), el("div", { class: "cards" }, ...cardFaces(ctx, me.available, actions.filter((a) => pileOf(a[0]) === "available"), "available"))));
  }
  if (me.discard && me.discard.length) {
    piles.append(el("div", { class: "pile" }, el("div", {}, "Discard pile:"), el("div", { class: "cards" }, ...cardFaces(ctx, me.discard, actions.filter((a) => pileOf(a[0]) === "discard"), "discard"))));
  }
  if (view.peek && view.peek.length) {
    piles.append(el("div", { class: "pile" }, `Next events: ${view.peek.map((e) => META.events[e] || e).join(", ")}`));
  }
}

function track(n, max) {
  const t = el("span", { class: "track", title: `${n} Emperor Turns` });
  for (let i = 0; i < max; i++) t.append(el("i", { class: i < n ? "on" : "" }));
  return t;
}

/** A player's mat: the leaders ready to use and those still to recruit, each at its printed
 * cost (Governors in Senate influence, Generals in Military), as the rules and lessons name
 * it ("the Governor at 2 on your mat"). */
function matLine(p) {
  const leaders = (kind, ready, left, suit) => {
    const costs = [...left].sort((a, b) => a - b);
    return el("span", { class: "mat-leaders" }, `${kind}: ${ready} ready`,
      costs.length ? `, recruit at ${costs.join("·")} ${sphere(suit)}` : ", none left to recruit");
  };
  return el("div", { class: "mat-line" }, el("span", { class: "mat-name" }, "Mat"), " ",
    leaders("Governors", p.governors_ready, p.governors_unclaimed || [], "blue"),
    el("span", { class: "mat-sep" }, " · "),
    leaders("Generals", p.generals_ready, p.generals_unclaimed || [], "red"));
}

function renderPlayers(s, view) {
  const seats = Object.fromEntries(s.table.seats.map((x) => [x.role, x]));
  $("players").replaceChildren(...view.players.map((p) => {
    const seat = seats[p.role] || {};
    const badges = el("span", { class: "badges" });
    if (p.role === view.emperor) badges.append(el("span", { class: "badge" }, "Emperor"));
    if (view.pretenders.includes(p.role)) badges.append(el("span", { class: "badge" }, "Pretender"));
    if (view.active.includes(p.role)) badges.append(el("span", { class: "badge" }, "to act"));
    return el(
      "div",
      { class: `mat p-${p.role}${p.role === view.current ? " current" : ""}` },
      badges,
      el("strong", {}, `${cap(p.role)}`),
      ` ${seat.kind === "bot" ? `${seat.bot} bot` : seat.name === cap(p.role) ? "" : seat.name || ""}`,
      el("div", {}, `Legacy ${p.legacy} · Emperor Turns `, track(p.emperor_turns, Math.max(5, p.emperor_turns))),
      el("div", { class: "muted" },
        `Hand ${p.hand_count} · Available ${p.available_count} · Discard ${p.discard_count}` +
        (p.trophies.length ? ` · Trophies: ${p.trophies.join(", ")}` : "")),
      matLine(p),
    );
  }));
}

function renderMarket(ctx, s, view, actions) {
  const market = $("market");
  market.replaceChildren();
  // Buying a card (its verb takes it from the market) and anything done to a market stack
  // (a verb whose argument is a stack's category), as the title declares them.
  const bought = (a) => pileOf(a[0]) === "market";
  const onStack = (a) => takesOne(VERBS, a[0], "category");
  const buying = actions.filter((a) => bought(a) || onStack(a));
  // What this player would pay (the view) and the cards the title says he cannot pay for,
  // with why (its `unavailable`): the page works out neither.
  const prices = view.prices || {};
  const short = new Map((actions.length && s.unavailable ? s.unavailable : [])
    .filter((u) => u.action && bought(u.action)).map((u) => [u.action[1], u.why]));
  document.body.classList.toggle("buying", (buying.length > 0 || short.size > 0) && view.viewer === view.current);
  const extra = (cid) => {
    if (!(cid in prices)) return {};
    const why = short.get(cid);
    return { price: prices[cid], unaffordable: why !== undefined, note: why || "" };
  };
  if (view.supply && Object.keys(view.supply).length) {
    for (const [cid, n] of Object.entries(view.supply)) {
      if (n > 0) market.append(cardFace(ctx, cid, n, buying.filter((a) => bought(a) && a[1] === cid), "market", extra(cid)));
    }
  }
  for (const [slot, top] of Object.entries(view.market || {})) {
    if (top.top) {
      const acts = buying.filter((a) => (bought(a) && a[1] === top.top) || (onStack(a) && a[1] === slot));
      market.append(cardFace(ctx, top.top, top.count, acts, `${slot} stack`, extra(top.top)));
    }
  }
  // A card marked "(provisional)" says why where a phone can read it (no hover there).
  const shown = [...market.querySelectorAll("[data-card]")].map((n) => n.getAttribute("data-card"));
  const provisional = shown.some((cid) => cid && META.cards[cid] && META.cards[cid].provisional);
  $("market-note").textContent = [view.viewer ? META.words.price_rule : "",
    provisional ? PROVISIONAL_NOTE : ""].filter(Boolean).join(" ");
  const named = (e) => [META.events[e] || e, cardHelpButton(e)];
  const drawn = (view.events_drawn || []).flatMap((e, i) => [i ? ", " : "", ...named(e)]);
  const lasting = view.lasting && META.event_cards ? META.event_cards[view.lasting] : null;
  $("events").replaceChildren(`Event deck: ${view.event_deck_count} left`,
    ...(drawn.length ? [" · drawn: ", ...drawn] : []),
    ...(view.lasting ? [" · in force: ", ...named(view.lasting), lasting && lasting.text ? ` (${lasting.text})` : ""] : []));
}
