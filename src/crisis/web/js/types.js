// @ts-check
// The messages the server sends the page, as JSDoc types for the type checker (`tsc
// --noEmit`, `make lint`). The page loads nothing from here at run time: the module exports
// no values. The server side of each is named beside it.

/**
 * An action as the rules list it: a verb and, if it takes one, its argument (a province, a
 * card id, a number, or a list of them). The same pairs are the log's entries and the
 * research API's catalog (crisis.engine.action.Action).
 * @typedef {[string] | [string, any]} Action
 */

/**
 * An action in the title's words (the engine contract's `describe`): what the button says,
 * what it costs and, for a greyed action, what is missing.
 * @typedef {{label: string, cost?: string, detail?: string, [key: string]: any}} ActionWords
 */

/**
 * Public facts about a table (crisis.server.play.table.table_summary): its seats, status, result,
 * options and rematch.
 * @typedef {{id: string, title: string, status: string, seats: Array<{role: string,
 *   kind: string, name?: string, [key: string]: any}>, result?: any, rematch?: string | null,
 *   [key: string]: any}} TableSummary
 */

/**
 * What one seat (or an observer, `role` null) may see (the title's `view`): the title's own
 * parts plus these, which every title's view carries.
 * @typedef {{step: string, options: Record<string, any>, log: any[], active?: string[],
 *   provisional_data?: any, can_undo?: boolean, [key: string]: any}} View
 */

/**
 * `state` (crisis.server.play.table.Table.payload): the table after a move, for one watcher.
 * `actions` and `labels` run side by side; `log_from` is the index of the view's first log
 * line (updates carry the log's tail).
 * @typedef {{type: "state", version: number, role: string | null, table: TableSummary,
 *   view: View, log_from: number, actions: Action[], labels: ActionWords[],
 *   ending: string[], unavailable: ActionWords[]}} StateMessage
 */

/**
 * `welcome` (crisis.server.play.sockets): the seats this connection holds and the table's chat.
 * @typedef {{type: "welcome", table: string, roles: string[], chat: ChatEntry[]}} WelcomeMessage
 */

/**
 * One chat message of a table.
 * @typedef {{role: string, name?: string, text: string, at: number, [key: string]: any}} ChatEntry
 */

/**
 * `chat` (crisis.server.play.hall): new messages of the table's chat.
 * @typedef {{type: "chat", table: string, entries: ChatEntry[]}} ChatMessage
 */

/**
 * `acted` (crisis.server.play.sockets): the action sent was applied at `version`.
 * @typedef {{type: "acted", version: number}} ActedMessage
 */

/**
 * `rematch` (crisis.server.play.sockets): the table's rematch exists.
 * @typedef {{type: "rematch", table: string}} RematchMessage
 */

/**
 * `error` (crisis.server.errors): a coded refusal; nothing changed.
 * @typedef {{type: "error", code: string, message: string}} ErrorMessage
 */

/**
 * Anything the table's websocket sends.
 * @typedef {StateMessage | WelcomeMessage | ChatMessage | ActedMessage | RematchMessage
 *   | ErrorMessage | {type: "pong"}} ServerMessage
 */

/**
 * What a board is given (table.js builds it).
 * @typedef {{meta: any, info: any, title: string, act: (action: Action) => void,
 *   openMenu: (title: string, actions: Action[], event: Event, careful?: boolean) => void,
 *   said: (action: Action) => ActionWords | undefined,
 *   button: (action: Action, view: View, cls?: string) => HTMLElement}} BoardContext
 */

/**
 * A title's board (boards/index.js): what the table page calls to draw that title.
 * `options` gives the words for the table card's options line, one per option in force;
 * `heading` whether a log line starts a turn. A board may also say what to do after an
 * action (`acted`), which map regions a log line names (`regionsIn`) and light them
 * (`highlight`).
 * @typedef {{name: string, scoreName: string, setup: (ctx: BoardContext) => void,
 *   label: (action: Action, view: View) => string, heading: (line: any) => any,
 *   button: (action: Action, view: View) => boolean, status: (view: View) => string,
 *   options: (table: TableSummary, view: View) => string[],
 *   render: (ctx: BoardContext, s: StateMessage, view: View, actions: Action[]) => void,
 *   acted?: (action: Action, s: StateMessage) => void,
 *   regionsIn?: (line: any) => string[], highlight?: (regions: string[]) => void}} Board
 */

export {};
