"""A crisis game in a terminal: the table and a numbered menu of actions.

Human seats choose by number (``u`` takes back the last action while undo is allowed, an
empty line redraws, ``q`` quits); every other seat is played by a bot (by default a simple
random bot that often ends its phases). Several human seats make a hotseat game. Input is read
line by line, so a script can pipe the choices in.

Every title is drawn through its contract: its own ``render`` (the plain-text view) and its
``describe`` (the menu's words).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from crisis.ai import Bot, get_bot
from crisis.engine.action import Action
from crisis.engine.errors import IllegalAction
from crisis.engine.match import Match
from crisis.engine.rng import Seed
from crisis.engine.title import TitleSpec
from crisis.games import DEFAULT_TITLE, get_title

TITLE = DEFAULT_TITLE


# -- the bot ---------------------------------------------------------------------------------


def bot_choice(
    rnd: random.Random,
    legal: Sequence[Action],
    ending: frozenset[str],
    end_bias: float = 0.3,
) -> Action:
    """A random legal action; one of the ``ending`` verbs with probability ``end_bias``."""
    choices = [a for a in legal if a.verb != "undo"] or list(legal)
    ends = [a for a in choices if a.verb in ending]
    if ends and rnd.random() < end_bias:
        return rnd.choice(ends)
    verbs = sorted({a.verb for a in choices})
    verb = rnd.choice(verbs)
    return rnd.choice([a for a in choices if a.verb == verb])


# -- rendering -------------------------------------------------------------------------------


def menu_lines(title: TitleSpec, state: Any, role: str, menu: Sequence[Action]) -> list[str]:
    """The menu's lines in the title's own words (label, cost and note, from its
    ``describe``); a title without one gets the verb and argument."""
    describe = title.presentation.describe
    game = [a for a in menu if a.verb != "undo"]
    words = dict(zip(game, describe(state, role, game), strict=True)) if describe else {}
    out = []
    for action in menu:
        said = words.get(action)
        if action.verb == "undo":
            out.append("Take back the last action")
        elif said is None:
            out.append(generic_label(action))
        else:
            extra = [str(x) for x in (said.get("cost"), said.get("note")) if x]
            out.append(said["label"] + (f" ({'; '.join(extra)})" if extra else ""))
    return out


def menu_order(actions: Sequence[Action], ending: frozenset[str]) -> list[Action]:
    """Actions of the ``ending`` verbs first (so ``1`` always moves the game on), the rest
    in order, undo last."""
    ends = [a for a in actions if a.verb in ending]
    undo = [a for a in actions if a.verb == "undo"]
    rest = [a for a in actions if a.verb not in ending and a.verb != "undo"]
    return ends + rest + undo


def render(
    console: Console,
    v: dict[str, Any],
    role: str,
    lines: Sequence[str],
    title: str = TITLE,
) -> None:
    """Draw the title's own text view (board, the acting player's cards, the recent log)
    and the numbered menu."""
    console.rule(Text(f"{role} to act"))
    console.print(Text(get_title(title).presentation.render(v, role)))
    for i, line in enumerate(lines, 1):
        console.print(Text(f"{i:>3}. {line}"))


def generic_label(action: Action) -> str:
    """A menu line for any title's action: the verb and its argument."""
    verb = action.verb.replace("_", " ")
    arg = action.arg
    if arg is None:
        return verb
    if isinstance(arg, tuple):
        return f"{verb}: {' '.join(str(a) for a in arg)}"
    return f"{verb}: {arg}"


def result_table(result: dict[str, Any]) -> Table:
    """Final scores in ranking order."""
    winners = result.get("winners") or [result.get("winner")]
    won = ", ".join(str(w) for w in winners if w) or "nobody"
    t = Table(title=f"Game over ({result.get('reason')}): {won} won")
    t.add_column("Rank")
    t.add_column("Player")
    t.add_column("Score")
    t.add_column("Bonus")
    bonus = result.get("bonus") or {}
    for i, role in enumerate(result["ranking"], 1):
        t.add_row(str(i), role, str(result["scores"][role]), str(bonus.get(role, 0)))
    return t


# -- the game loop ---------------------------------------------------------------------------


def play(
    *,
    players: int = 4,
    humans: Sequence[str] = ("green",),
    seed: Seed = 0,
    console: Console | None = None,
    read: Callable[[str], str] = input,
    bot_end_bias: float = 0.3,
    title: str = TITLE,
    options: dict[str, Any] | None = None,
    bot: str | None = None,
) -> Match:
    """Play a game of ``title`` in the terminal; returns the match (finished, or where
    ``q`` left it). ``bot`` names the bot for the other seats (default: random play)."""
    console = console or Console()
    module = get_title(title)
    match = Match(module, seed, {**(options or {}), "players": players})
    roles = match.roles()
    unknown = [h for h in humans if h not in roles]
    if unknown:
        raise ValueError(f"no seat {', '.join(unknown)} with {players} players: {roles}")
    rnd = random.Random(seed)
    bots: dict[str, Bot] = {r: get_bot(bot, title) for r in roles if r not in humans} if bot else {}
    name = module.presentation.info().get("name", title)
    console.print(Text(f"{name}, {players} players, seed {seed}; humans: {', '.join(humans)}"))
    while match.result() is None:
        active = match.active()
        if not active:
            console.print(Text("Nobody may act: the game is stuck."))
            return match
        mine = [r for r in active if r in humans]
        if not mine:
            role = active[0]
            legal = [a for a in match.actions(role) if a.verb != "undo"]
            if role in bots:
                choice = bots[role].choose(match.view(role), role, legal, rnd)
            else:
                choice = bot_choice(rnd, legal, module.rules.machine.ending(), bot_end_bias)
            match.apply(role, choice)
            continue
        role = mine[0]
        menu = menu_order(match.actions(role), module.rules.machine.ending())
        lines = menu_lines(module, match.state, role, menu)
        render(console, match.view(role), role, lines, title)
        while True:
            try:
                answer = read(f"{role}> ").strip().lower()
            except EOFError:
                answer = "q"
            if answer in ("q", "quit"):
                console.print(Text(f"Quit after {len(match.log)} actions (seed {seed})."))
                return match
            if answer == "":
                render(console, match.view(role), role, lines, title)
                continue
            if answer == "u" and match.can_undo(role):
                match.undo(role)
                break
            if answer.isdigit() and 1 <= int(answer) <= len(menu):
                try:
                    match.apply(role, menu[int(answer) - 1])
                except IllegalAction as exc:
                    console.print(Text(str(exc)))
                    continue
                break
            console.print(Text(f"Type a number from 1 to {len(menu)}, u (undo) or q (quit)."))
    result = match.result()
    assert result is not None
    console.print(result_table(result))
    return match
