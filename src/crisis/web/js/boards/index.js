// @ts-check
// The boards by name; each title declares the one that draws it (TitleSpec.presentation.board,
// sent as `board` in /api/meta), and table.js picks it from there. Every board module exports
// `board`, an object with:
//   name           the title's name (page title, notifications)
//   scoreName      what the scores are called on the result line ("Legacy", "VP")
//   setup(ctx)     once, before the first render (ctx.info is the title's /api/meta entry)
//   label(action, view)    a readable label for an action [verb, arg]
//   heading(line)  whether a log line starts a turn (drawn bold)
//   button(action, view)   whether the action gets a button under the prompt (the others
//                  are clicked on the board; the folded list under the prompt holds them)
//   status(view)   the header line ("Round 3 · Blue's turn · actions")
//   options(table, view)   words for the table card's options line
//   render(ctx, s, view, actions)   draws the title's parts of the page
// ctx is {meta, info, title, act(action), openMenu(title, actions, event, careful),
// said(action): the title's words for it, button(action, view, cls)}.
// Elements with data-titles="a b" are shown only for those titles. Each title's board code
// sits in a folder of its own (boards/<title>/board.js and what only it uses: Time of
// Crisis's map, counters and change notes); what every board uses stays in js/.

import { board as romeInCrisis } from "./rome_in_crisis/board.js";
import { board as timeOfCrisis } from "./time_of_crisis/board.js";

/** @type {Record<string, import("../types.js").Board>} */
export const BOARDS = {
  time_of_crisis: timeOfCrisis,
  rome_in_crisis: romeInCrisis,
};
