// The prompt: what the step asks, the title's words for each action (label, cost, note),
// the buttons and menus that take them, the header and the "your turn" banner.

import { el } from "./api.js";
import { $, announce, app, cap, openTableWait, send, toast } from "./shared.js";

// -- acting ------------------------------------------------------------------------------------
export function act(action) {
  const s = app.latest;
  if (!s || app.pending || !s.role) return;
  // The title says which actions throw something away, and the page asks first (in a
  // dialog of its own); the answer sends the action on the position it was asked about.
  const words = said(action);
  // The coach of a first game asks first about a common mistake (coach.js).
  const question = (app.coach && app.coach.question(action)) || (words && words.confirm);
  if (question) {
    closeMenu();
    ask(question, words.label).then((yes) => {
      if (yes && app.latest === s) sendAction(action, s);
      else if (yes) toast("The position changed meanwhile: nothing was sent; choose again.");
    });
    return;
  }
  sendAction(action, s);
}

function sendAction(action, s) {
  if (app.pending) return;
  if (send({ type: "act", role: s.role, action, version: s.version })) {
    if (app.board.acted) app.board.acted(action, s);
    app.pending = true;
    closeMenu();
    app.render();
    // Acted far from the prompt (a card of the hand on a phone, the map scrolled down): say
    // what was done where the eye is; the prompt above says what follows, and its Undo.
    const box = $("prompt").getBoundingClientRect();
    if (box.bottom < 0 || box.top > window.innerHeight) {
      const words = said(action);
      toast(`Sent: ${words ? words.label : app.board.label(action, s.view)} (the prompt above says what follows)`);
    }
  }
}

/** Ask a yes-or-no question in the page's dialog; resolves true for the OK button (named
 * `yes`, e.g. the action's label), false for Cancel or Escape. */
export function ask(question, yes = "OK") {
  const dialog = $("confirm");
  $("confirm-text").textContent = question;
  $("confirm-ok").textContent = yes || "OK";
  dialog.returnValue = "";
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => resolve(dialog.returnValue === "ok"), { once: true });
    dialog.showModal();
    $("confirm-cancel").focus();
  });
}

/** The title's own words for an action (label, cost, note) when the server sent them. */
export function said(a) {
  const s = app.latest;
  if (!s || !s.labels || !s.labels.length || s.labels.length !== s.actions.length) return null;
  const key = JSON.stringify(a);
  const i = s.actions.findIndex((x) => JSON.stringify(x) === key);
  return i >= 0 ? s.labels[i] : null;
}

/** A button for an action: the label, and the cost and note on a second line. */
export function actionButton(a, view, cls) {
  const w = said(a);
  const text = w ? w.label : app.board.label(a, view);
  const small = w ? [w.cost, w.note].filter(Boolean).join(" · ") : "";
  return el("button", { class: cls, onclick: () => act(a), title: small || undefined, "data-action": JSON.stringify(a) },
    text, small ? el("span", { class: "action-note" }, small) : null);
}

/** A menu of actions at the click. One action is taken at once unless `careful` (an action
 * that loses something is always chosen from a labelled menu). */
export function openMenu(title, actions, ev, careful = false) {
  if (actions.length === 1 && !careful) {
    act(actions[0]);
    return;
  }
  const menu = $("menu");
  menu.replaceChildren(el("div", { class: "menu-title" }, title));
  for (const a of actions) {
    const b = actionButton(a, app.latest && app.latest.view, "");
    b.setAttribute("role", "menuitem");
    menu.append(b);
  }
  menu.append(el("button", { onclick: closeMenu }, "Cancel"));
  menu.classList.remove("hidden");
  const x = Math.min(ev.clientX || 20, window.innerWidth - menu.offsetWidth - 8);
  const y = Math.min(ev.clientY || 20, window.innerHeight - menu.offsetHeight - 8);
  menu.style.left = `${Math.max(4, x)}px`;
  menu.style.top = `${Math.max(4, y)}px`;
}

export function closeMenu() {
  $("menu").classList.add("hidden");
}


export function renderHeader(s, view, actions) {
  // The header names who must act now, so that it never disagrees with the banner.
  const acting = view.active && view.active.length ? ` · to act: ${view.active.map(cap).join(", ")}` : "";
  $("round").textContent = s.table.result || view.result ? "Game over" : `${app.board.status(view)}${acting}`;
  const mine = actions.length > 0;
  const notice = $("notice");
  notice.classList.toggle("hidden", !mine);
  // On a phone the prompt card sits right under the banner and says the prompt, so the
  // banner's prompt part is hidden there (style.css): "your turn" once, the prompt once.
  notice.replaceChildren(...(mine ? [`Your turn (${s.role})`, el("span", { class: "notice-prompt" }, `: ${view.prompt}`)] : []));
  // A lesson keeps its own title (lesson.js): its steps are no turn to be called to.
  if (!app.lesson) document.title = `${mine ? "● Your turn · " : ""}${app.board.name}`;
  if (mine && !app.wasMyTurn) announce(`${cap(s.role)}: ${view.prompt}`);
  app.wasMyTurn = mine;
}

export function renderPrompt(s, view, actions) {
  const result = s.table.result || view.result;
  if (result) {
    const order = result.ranking || Object.keys(result.scores || {});
    const scores = order.map((r) => `${cap(r)} ${(result.scores || {})[r]}`).join(", ");
    $("prompt").textContent = result.winner
      ? `Game over: ${cap(result.winner)} wins (${result.reason})`
      : `Game over: ${cap(result.resigned)} resigned, and no person was left to play on`;
    $("who").textContent = `${app.board.scoreName}${result.winner ? "" : " when it ended"}: ${scores}`;
  } else if (app.offline) {
    $("prompt").textContent = "Reconnecting…";
    $("who").textContent = "The connection to the table was lost: what you see may be out of date.";
  } else if (actions.length) {
    $("prompt").textContent = view.prompt;
    $("who").textContent = `You play ${s.role}.`;
  } else {
    const waiting = view.active.map(cap).join(", ") || "nobody";
    // A table that has not started waits for its free seats and invitations: say which.
    const open = openTableWait(s.table);
    $("prompt").textContent = app.pending ? "Sending…" : open || `Waiting for ${waiting}`;
    $("who").textContent = s.role ? `You play ${s.role}.` : app.roles.length ? "Your hand is covered." : "You are watching.";
  }
  // buttons for what the board does not offer as a click on itself; the list has everything
  const buttons = $("buttons");
  buttons.replaceChildren();
  for (const a of actions) {
    if (app.board.button(a, view)) buttons.append(actionButton(a, view, a[0] === "undo" ? "" : "primary"));
  }
  $("hint").classList.toggle("hidden", !actions.length);
  if (app.hintFor !== `${s.role}:${s.version}`) $("hint-list").replaceChildren();
  // The actions taken on the board (map, cards, armies) also as a folded list of buttons,
  // for the keyboard and small screens; those with a big button above are not repeated.
  const elsewhere = actions.filter((a) => !app.board.button(a, view));
  $("all-actions").classList.toggle("hidden", !elsewhere.length);
  $("action-count").textContent = String(elsewhere.length);
  // On a small screen the map's regions are small: a short list of actions opens as buttons.
  const few = elsewhere.length && elsewhere.length <= 8 && window.matchMedia("(max-width: 900px)").matches;
  if (few && app.listOpenedFor !== s.version) {
    $("all-actions").open = true;
    app.listOpenedFor = s.version;
  }
  $("action-list").replaceChildren(...elsewhere.map((a) => actionButton(a, view, "")));
  // What more influence would allow, greyed, with what it needs (from the title).
  const greyed = actions.length && s.unavailable ? s.unavailable : [];
  // Opened to read why, it folds again once the decision it explained is over (another
  // prompt, or nothing to decide): the next one starts with the choices, not old reasons.
  const decision = greyed.length ? `${s.role}:${view.prompt}` : "";
  if (decision !== app.greyedFor) $("unavailable").open = false;
  app.greyedFor = decision;
  $("unavailable").classList.toggle("hidden", !greyed.length);
  $("unavailable-count").textContent = String(greyed.length);
  $("unavailable-list").replaceChildren(...greyed.map((g) => el("button", { disabled: true, title: g.why },
    g.label, el("span", { class: "action-note" }, g.why))));
}

