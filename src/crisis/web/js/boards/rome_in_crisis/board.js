// Rome in Crisis's board: the Emperor selection card, deck and discards, the dealer, the
// cards on offer in a draft, the crises, the offices and each player's candidates with the
// influence cards played on them; the own hand goes into the "Your cards" box.
//
// Everything comes from the view (crisis/games/rome_in_crisis/views.py). An action targets
// the element whose key equals its argument (the first item of a list argument): a card id,
// a candidate id, an office id, a crisis type, a selection method or a seat's colour. Those
// elements glow and open a menu of their actions; actions with no element on the board
// (done, pass, take a card from a hand) become buttons under the prompt.

import { el } from "../../api.js";
import { plainLabel } from "../../verbs.js";
import { withCardHelp } from "../../rules.js";
import { $, cap } from "../../dom.js";

/** The title's entry of /api/meta (its names for suits, methods, crises and the parts of
 * the turn, under `words`); set by setup(). */
let META = {
  methods: [], suits: {}, election_steps: [],
  words: { methods: {}, methods_short: {}, crises: {}, suits_short: {}, steps: {} },
};
const methods = () => META.methods;
const methodName = (m) => META.words.methods[m] || m;
const suitName = (s) => META.suits[s] || s;
/** Whether the election's nominees stand at `step` (the title says which steps those are). */
const inElection = (step) => META.election_steps.includes(step);

// -- names -------------------------------------------------------------------------------------
/** The view whose names label() uses (the latest one drawn or labelled). */
let VIEW = null;

/** A card's, candidate's or office's readable name. Influence ids look like "goths_4a". */
function nameOf(id, view = VIEW) {
  if (view) {
    const cand = (view.candidates || []).find((c) => c.id === id);
    if (cand) return cand.name;
    const office = (view.offices || []).find((o) => o.id === id);
    if (office) return office.name;
  }
  const m = /^([a-z]+)_(\d+)[a-z]*$/.exec(String(id));
  if (m && META.suits[m[1]]) return `${suitName(m[1])} ${m[2]}`;
  return String(id);
}

function candidate(view, id) {
  return (view.candidates || []).find((c) => c.id === id) || null;
}

/** A plain label for an action the title did not describe (its words come with the state). */
function label(action, view = VIEW) {
  return plainLabel(action, (x) => nameOf(x, view));
}

// -- targets -----------------------------------------------------------------------------------
/** The key of the element an action is clicked on (null: a button under the prompt). */
function keyOf([verb, arg]) {
  if (verb === "take_card" && arg === "hand") return null;
  if (Array.isArray(arg)) return arg.length ? String(arg[0]) : null;
  return typeof arg === "string" ? arg : null;
}

/** Every key an element on the board carries in this view. */
function shownKeys(view, role) {
  const keys = new Set([...methods(), ...view.players.map((p) => p.role)]);
  for (const c of view.candidates || []) {
    if (c.where === "play" || (view.pool || []).includes(c.id)) keys.add(c.id);
    for (const x of c.cards || []) keys.add(x.id);
  }
  for (const o of view.offices || []) keys.add(o.id);
  for (const k of view.crises || []) {
    keys.add(k.type);
    for (const x of k.cards) keys.add(x.id);
  }
  for (const x of [...(view.revealed || []), ...(view.loose_gold || [])]) keys.add(x.id);
  const me = view.players.find((p) => p.role === role);
  for (const id of (me && me.hand) || []) keys.add(id);
  return keys;
}

/** Actions by the key of the element they are clicked on. */
function targetsOf(actions) {
  const out = new Map();
  for (const a of actions) {
    const k = keyOf(a);
    if (k === null) continue;
    if (!out.has(k)) out.set(k, []);
    out.get(k).push(a);
  }
  return out;
}

/** Make `node` glow and open the menu of its actions when clicked, if it has any. */
function clickable(ctx, node, key, title, targets) {
  node.dataset.key = key;
  const acts = targets.get(key) || [];
  if (!acts.length) return node;
  node.classList.add("target");
  node.setAttribute("role", "button");
  node.tabIndex = 0;
  const open = (ev) => {
    ev.stopPropagation(); // a card on a candidate: not the candidate's menu too
    ctx.openMenu(title, acts, ev);
  };
  node.addEventListener("click", open);
  node.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter" || ev.key === " ") {
      ev.preventDefault();
      open(ev);
    }
  });
  return node;
}

// -- pieces ------------------------------------------------------------------------------------
/** Why each action the title says may not be taken now may not (its `unavailable`), by the
 * key of the element it would be clicked on; set by render(). */
let WHY_NOT = new Map();

/** An influence card: value, suit; `c` is {id, suit, value, name}. A card that may not be
 * used now says why on hovering (the title's reason). */
function influenceCard(ctx, c, targets, small = false) {
  const why = WHY_NOT.get(c.id);
  const suit = small ? META.words.suits_short[c.suit] || suitName(c.suit) : suitName(c.suit);
  const node = el("div", { class: `ric-card s-${c.suit}${small ? " small" : ""}`, title: why ? `${c.name}: ${why}` : c.name },
    el("span", { class: "value" }, String(c.value)),
    el("span", { class: "suit" }, suit));
  const card = clickable(ctx, node, c.id, c.name, targets);
  return small ? card : withCardHelp(card, c.suit);
}

/** A candidate card as he stands now: name, side, ratings (the current method's marked),
 * ability, office, worth in the election, and the influence cards played on him. */
function candidateCard(ctx, c, view, targets) {
  const ratings = el("div", { class: "ratings" }, ...methods().map((m) => el("span",
    { class: `rating${m === view.method ? " now" : ""}${c.ratings[m] ? "" : " zero"}`, title: `${methodName(m)} rating` },
    el("small", {}, META.words.methods_short[m] || methodName(m)), el("b", {}, String(c.ratings[m])))));
  const badges = el("div", { class: "cand-badges" });
  const office = c.office && (view.offices || []).find((o) => o.id === c.office);
  if (office) badges.append(el("span", { class: `office-badge o-${office.id}` }, office.name));
  const auction = inElection(view.step) ? view.auction : null;
  const nominee = Boolean(auction) && Object.values(auction.nominees || {}).includes(c.id);
  if (nominee) badges.append(el("span", { class: "badge" }, "for Emperor"));
  if (view.address && view.emperor === c.id) badges.append(el("span", { class: "badge" }, "addressing"));
  const worth = c.worth !== null && c.worth !== undefined && view.method
    ? el("span", { class: "worth", title: `Worth in a ${methodName(view.method)} election` }, `worth ${c.worth}`)
    : null;
  const node = el("div", { class: `cand${c.owner ? ` p-${c.owner}` : ""}${nominee ? " nominee" : ""}` },
    el("div", { class: "cand-head" },
      el("strong", {}, c.name),
      el("span", { class: "side", title: `Side ${c.side}; the other side is ${c.other_side}` }, c.side)),
    ratings,
    c.ability_text ? el("div", { class: "ability" }, c.ability_text) : null,
    badges,
    worth,
    c.cards && c.cards.length
      ? el("div", { class: "cards played" }, ...c.cards.map((x) => influenceCard(ctx, x, targets, true)))
      : null);
  return withCardHelp(clickable(ctx, node, c.id, c.name, targets), c.id);
}

/** The Emperor selection card: three sides, the current one turned up. */
function methodCard(ctx, view, targets) {
  return el("div", { class: "method-card", "aria-label": "Emperor selection method" },
    el("div", { class: "label" }, "Emperor selection"),
    el("div", { class: "sides" }, ...methods().map((m) => clickable(ctx,
      el("div", { class: `method${m === view.method ? " now" : ""}` }, methodName(m)),
      m, `Select the next Emperor by ${methodName(m)}`, targets))));
}

function officeCard(ctx, o, view, targets) {
  const holder = o.holder && candidate(view, o.holder);
  const bonus = methods().filter((m) => o.bonus[m]).map((m) => `+${o.bonus[m]} ${methodName(m)}`).join(", ");
  const notes = [];
  if (o.category) notes.push(`${methodName(o.category)} office`);
  if (bonus) notes.push(bonus);
  if (o.success) notes.push(`success ${o.success} VP`);
  const state = [];
  if ((view.pending_offices || []).includes(o.id)) state.push("to hand out");
  if (view.placing === o.id) state.push("being handed out");
  const node = el("div", { class: `office o-${o.id}${holder && holder.owner ? ` p-${holder.owner}` : ""}` },
    el("strong", {}, o.name),
    el("div", { class: "muted small" }, notes.join(" · ")),
    el("div", { class: "holder" }, holder
      ? [el("span", { class: `swatch ${holder.owner}` }), holder.name]
      : el("span", { class: "muted" }, "vacant")),
    state.length ? el("div", { class: "badge" }, state.join(", ")) : null);
  return withCardHelp(clickable(ctx, node, o.id, o.name, targets), o.id);
}

function crisisBox(ctx, k, view, targets) {
  const node = el("div", { class: `crisis s-${k.type}` },
    el("div", { class: "crisis-head" },
      el("span", { class: "rank", title: "Rank" }, `#${k.rank}`),
      el("strong", {}, META.words.crises[k.type] || k.type),
      el("span", { class: "muted", title: "Tie-break letter" }, ` (${k.letter})`),
      el("span", { class: "total", title: "Strength" }, String(k.total))),
    el("div", { class: "cards" }, ...k.cards.map((x) => influenceCard(ctx, x, targets, true))));
  if (view.address && view.address.crisis === k.type) node.classList.add("addressed");
  return clickable(ctx, node, k.type, META.words.crises[k.type] || k.type, targets);
}

// -- the board ---------------------------------------------------------------------------------
function section(title, ...children) {
  return el("section", { class: "ric-section" }, el("h3", {}, title), ...children);
}

function renderBoard(ctx, s, view, targets) {
  const seats = Object.fromEntries(s.table.seats.map((x) => [x.role, x]));
  const parts = [];
  // provisional data notice
  if (view.provisional_data && view.provisional_data.length) {
    parts.push(el("details", { class: "provisional" },
      el("summary", {}, "Provisional card data: most ratings, office bonuses and the deck are reconstructed"),
      el("p", { class: "small" }, `Reconstructed entries: ${view.provisional_data.join(", ")}.`)));
  }
  // the final result
  const r = view.result;
  if (r && r.scores) {
    const ranking = (r.ranking || Object.keys(r.scores)).map((role, i) => `${i + 1}. ${cap(role)} ${r.scores[role]} VP`);
    const bonus = Object.entries(r.bonus || {}).map(([role, n]) => `${cap(role)} +${n} as the last Emperor's player`);
    parts.push(el("div", { class: "ric-result" },
      el("strong", {}, `Game over: ${(r.winners || [r.winner]).map(cap).join(" and ")} win${(r.winners || []).length > 1 ? "" : "s"}`),
      el("div", {}, ranking.join(" · ")),
      bonus.length ? el("div", { class: "muted small" }, `Included: ${bonus.join(", ")}`) : null));
  }
  // the middle of the table: selection card, deck, discards, dealer
  const lastEmperor = view.last_emperor ? ` · last Emperor: ${cap(view.last_emperor)}` : "";
  parts.push(el("div", { class: "ric-top" },
    methodCard(ctx, view, targets),
    el("div", { class: "deck-info" },
      el("div", {}, el("span", { class: "dealer-chip" }, "Dealer"), " ", el("span", { class: `swatch ${view.dealer}` }), cap(view.dealer)),
      el("div", {}, `Deck ${view.deck_count} · Discards ${view.discard_count} · Removed ${(view.removed || []).length}`),
      el("div", { class: "muted" }, `Turn ${view.turn} · Emperors removed ${view.removals} of 2${lastEmperor}`))));
  // the cards on offer in a draft
  const pool = (view.pool || []).map((id) => candidate(view, id)).filter(Boolean);
  if (pool.length || (view.revealed && view.revealed.length)) {
    const order = (view.order || []).slice(0, 6).map(cap).join(" → ");
    const offer = [
      ...pool.map((c) => candidateCard(ctx, c, view, targets)),
      ...(view.revealed || []).map((x) => (x.kind === "candidate" && candidate(view, x.id)
        ? candidateCard(ctx, candidate(view, x.id), view, targets)
        : influenceCard(ctx, x, targets))),
    ];
    parts.push(section(pool.length ? "Setup draft: candidates on offer" : "Cards to draft",
      el("div", { class: "cards offer" }, ...offer),
      order ? el("div", { class: "muted small" }, `Drafting next: ${order}`) : null));
  }
  // the players' areas, yours first: your candidates are what most of your decisions are
  // about (put one forward, bid, play cards on them), so they come before the crises
  const mine = view.players.filter((p) => p.role === s.role);
  const others = view.players.filter((p) => p.role !== s.role);
  parts.push(el("div", { class: "ric-players" }, ...[...mine, ...others].map((p) => {
    const seat = seats[p.role] || {};
    const badges = el("span", { class: "badges" });
    if (p.role === view.dealer) badges.append(el("span", { class: "badge dealer" }, "Dealer"));
    const emperor = view.emperor && candidate(view, view.emperor);
    if (emperor && emperor.owner === p.role) badges.append(el("span", { class: "badge" }, "Emperor"));
    if (view.active.includes(p.role)) badges.append(el("span", { class: "badge" }, "to act"));
    const who = seat.kind === "bot" ? `${seat.bot} bot` : seat.name === cap(p.role) ? "" : seat.name || "";
    const cands = p.candidates.map((id) => candidate(view, id)).filter(Boolean);
    const area = el("div", { class: `ric-player mat p-${p.role}${view.active.includes(p.role) ? " current" : ""}` },
      badges,
      el("div", { class: "player-head" },
        el("strong", {}, cap(p.role)), ` ${who}`,
        el("span", { class: "vp" }, `${p.vp} VP`),
        el("span", { class: "muted" }, ` · hand ${p.hand_count} card${p.hand_count === 1 ? "" : "s"}`)),
      el("div", { class: "cands" }, ...(cands.length
        ? cands.map((c) => candidateCard(ctx, c, view, targets))
        : [el("span", { class: "muted" }, "No candidates")])));
    return clickable(ctx, area, p.role, `${cap(p.role)}`, targets);
  })));
  // crises and offices
  const crises = (view.crises || []).map((k) => crisisBox(ctx, k, view, targets));
  const loose = (view.loose_gold || []).length
    ? el("div", { class: "loose" }, "Unattached Gold: ", ...view.loose_gold.map((x) => influenceCard(ctx, x, targets, true)))
    : null;
  const facedown = view.players.filter((p) => p.chosen).map((p) => cap(p.role));
  parts.push(el("div", { class: "ric-middle" },
    section("Crises (by rank)",
      el("div", { class: "crises" }, ...(crises.length ? crises : [el("span", { class: "muted" }, "No crises")])),
      loose,
      facedown.length ? el("div", { class: "muted small" }, `Face-down crisis cards: ${facedown.join(", ")}`) : null,
      view.my_crisis_card ? el("div", { class: "small" }, `Your face-down card: ${nameOf(view.my_crisis_card, view)}`) : null),
    section("Offices", el("div", { class: "offices" }, ...(view.offices || []).map((o) => officeCard(ctx, o, view, targets))))));
  $("board").replaceChildren(...parts);
}

/** The own hand, face up, in the "Your cards" box. */
function renderHand(ctx, s, view, targets) {
  const me = view.players.find((p) => p.role === s.role);
  $("hand-card").classList.toggle("hidden", !me || !me.hand);
  if (!me || !me.hand) return;
  $("hand-role").textContent = `(${s.role})`;
  const cards = me.hand.map((id) => {
    const m = /^([a-z]+)_(\d+)/.exec(id);
    return { id, suit: m ? m[1] : "", value: m ? Number(m[2]) : "", name: nameOf(id, view) };
  });
  $("hand").replaceChildren(...(cards.length ? cards.map((c) => influenceCard(ctx, c, targets)) : [el("span", { class: "muted" }, "No cards")]));
  $("piles").replaceChildren();
}

/** The line under the prompt: the election or the crisis being addressed. */
function renderStatus(s, view) {
  const bits = [];
  const over = Boolean(view.result || s.table.result);
  const a = inElection(view.step) && !over ? view.auction : null;
  if (a && Object.keys(a.nominees || {}).length) {
    const noms = Object.entries(a.nominees).map(([role, id]) => {
      const c = candidate(view, id);
      const worth = c && c.worth !== null && c.worth !== undefined ? ` ${c.worth}` : "";
      const out = (a.dropped || []).includes(role) ? " (passed)" : "";
      return `${c ? c.name : id} (${role})${worth}${out}`;
    });
    bits.push(`${view.method ? methodName(view.method) : ""} election: ${noms.join(" · ")}`);
    if (a.bidder && a.bid && a.bid.length) bits.push(`${cap(a.bidder)} is playing ${a.bid.map((id) => nameOf(id, view)).join(", ")}`);
  }
  const d = over ? null : view.address;
  if (d) {
    const who = d.who === "legatus" ? "Legatus" : "Emperor";
    let line = `${who} (${d.role})${d.crisis ? ` against the ${suitName(d.crisis)} crisis` : ""}`;
    if (d.played && d.played.length) line += `; cards: ${d.played.map((id) => nameOf(id, view)).join(", ")}`;
    if (d.total) line += `; strength ${d.total}`;
    if (d.picked && d.picked.length) line += `; discarding ${d.picked.map((id) => nameOf(id, view)).join(", ")}`;
    bits.push(line);
  }
  $("pool").textContent = bits.join(". ");
  $("battle").classList.add("hidden");
}

export const board = {
  name: "Rome in Crisis",
  scoreName: "VP",

  setup(ctx) {
    META = ctx.info;
  },

  label(action, view) {
    return label(action, view || VIEW);
  },

  /** Log lines that start a turn ("Turn 2: blue deals"). */
  heading: (line) => /^Turn \d+:/.test(line),

  button(action, view) {
    VIEW = view;
    const k = keyOf(action);
    return k === null || !shownKeys(view, view.viewer).has(k);
  },

  status(view) {
    VIEW = view;
    return `Turn ${view.turn} · ${META.words.steps[view.step] || view.step} · dealer ${cap(view.dealer)}`;
  },

  options(table, view) {
    const opts = [];
    if (table.options && table.options.cards) opts.push("own card set");
    if (view.provisional_data && view.provisional_data.length) opts.push("some card data are provisional");
    return opts;
  },

  render(ctx, s, view, actions) {
    VIEW = view;
    WHY_NOT = new Map((actions.length && s.unavailable ? s.unavailable : [])
      .filter((u) => u.action).map((u) => [keyOf(u.action), u.why]));
    const targets = targetsOf(actions);
    renderStatus(s, view);
    renderBoard(ctx, s, view, targets);
    renderHand(ctx, s, view, targets);
  },
};
