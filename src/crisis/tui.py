"""A crisis game in a terminal: the table and a numbered menu of actions.

Human seats choose by number (``u`` takes back the last action while undo is allowed, an
empty line redraws, ``q`` quits); every other seat is played by a bot (by default a simple
random bot that often ends its phases). Several human seats make a hotseat game. Input is read
line by line, so a script can pipe the choices in.

Time of Crisis gets Rich tables for its board; any other title is drawn with its own
``render`` (the engine contract's plain-text view).
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
from crisis.games import get_title
from crisis.games.time_of_crisis import data
from crisis.games.time_of_crisis.words import card_name

TITLE = "time_of_crisis"
LOG_LINES = 12


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
    describe = title.describe
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


def _armies_text(v: dict[str, Any], region: str) -> str:
    parts = []
    for a in v["armies"]:
        if a["region"] != region:
            continue
        units = f"{a['full']}L"
        if a["reduced"]:
            units += f"+{a['reduced']}r"
        for tribe, n in sorted(a["foederati"].items()):
            units += f"+{n} {tribe}"
        flags = ("cap " if a["capital"] else "") + ("castra " if a["castra"] else "")
        parts.append(f"{a['owner']}#{a['id']} {flags}{units}")
    return ", ".join(parts)


def _barbarians_text(v: dict[str, Any], name: str, prov: dict[str, Any]) -> str:
    parts = [f"{n} {t}" for t, n in sorted(prov["active"].items())]
    parts += [f"{n} {t} (inactive)" for t, n in sorted(prov["inactive"].items())]
    parts += [f"{leader}" for leader, where in sorted(v["leaders"].items()) if where == name]
    parts += [f"Rival {r}" for r, where in sorted(v["rivals"].items()) if where == name]
    return ", ".join(parts)


def provinces_table(v: dict[str, Any]) -> Table:
    """Every province: governor, support, mobs, militia, improvements, barbarians, armies."""
    t = Table(title="Provinces", show_lines=False, expand=False)
    for col in ("Province", "Governor", "Sup", "Mob", "Mil", "Impr.", "Barbarians"):
        t.add_column(col)
    t.add_column("Armies")
    for name, prov in v["provinces"].items():
        gov = prov["governor"] or "-"
        if prov["pretender"]:
            marker = "seat" if prov["seat"] else "breakaway"
            gov = f"{gov} ({prov['pretender']} {marker})"
        if prov["no_place_governor"]:
            gov = "closed"
        flags = " Q" if prov["quaestor"] else ""
        t.add_row(
            Text(name),
            Text(gov),
            str(prov["support"]),
            str(prov["mobs"] or ""),
            "M" if prov["militia"] else "",
            Text(" ".join(i[:4] for i in prov["improvements"]) + flags),
            Text(_barbarians_text(v, name, prov)),
            Text(_armies_text(v, name)),
        )
    for region in (*data.SEAS, *data.TRIBES):
        armies = _armies_text(v, region)
        home = v["tribes"].get(region)
        barbarians = ""
        if home is not None and home["in_game"]:
            barbarians = f"{home['active']} active ({home['inactive']} idle)"
            leaders = [n for n, w in v["leaders"].items() if w == region]
            if leaders:
                barbarians += ", " + ", ".join(sorted(leaders))
        if armies or (home is not None and home["in_game"]):
            t.add_row(Text(region), "", "", "", "", "", Text(barbarians), Text(armies))
    return t


def players_table(v: dict[str, Any]) -> Table:
    """Legacy, Emperor Turns, cards and leaders of each player."""
    t = Table(title=f"Round {v['round']}: {v['current']}'s turn, {v['phase']}")
    for col in ("Player", "Legacy", "Emp. turns", "Hand", "Avail", "Discard", "Gov", "Gen", ""):
        t.add_column(col)
    for p in v["players"]:
        notes = []
        if p["role"] == v["emperor"]:
            notes.append("Emperor")
        if p["role"] in v["pretenders"]:
            notes.append("Pretender")
        if p["role"] == v["first"]:
            notes.append("first")
        t.add_row(
            p["role"],
            str(p["legacy"]),
            str(p["emperor_turns"]),
            str(p["hand_count"]),
            str(p["available_count"]),
            str(p["discard_count"]),
            str(p["governors_ready"]),
            str(p["generals_ready"]),
            ", ".join(notes),
        )
    return t


def render(
    console: Console,
    v: dict[str, Any],
    role: str,
    lines: Sequence[str],
    title: str = TITLE,
) -> None:
    """Draw the board, the acting player's hand, the recent log and the numbered menu."""
    console.rule(Text(f"{role} to act"))
    if title != TITLE:
        console.print(Text(get_title(title).render(v, role)))  # with its own latest log
    else:
        _render_time_of_crisis(console, v, role)
    for i, line in enumerate(lines, 1):
        console.print(Text(f"{i:>3}. {line}"))


def _render_time_of_crisis(console: Console, v: dict[str, Any], role: str) -> None:
    console.print(players_table(v))
    console.print(provinces_table(v))
    me = next(p for p in v["players"] if p["role"] == role)
    turn = v["turn"]
    pool = ", ".join(f"{s} {n}" for s, n in turn["pool"].items() if n)
    console.print(Text(f"Hand ({role}): " + ", ".join(card_name(c) for c in me.get("hand", []))))
    if pool or turn["political"]:
        console.print(Text(f"Influence: {pool or 'none'}; political points {turn['political']}"))
    if v["lasting"]:
        console.print(Text(f"Lasting event: {data.EVENTS[v['lasting']].name}"))
    console.print(Text("Log:", style="bold"))
    for line in v["log"][-LOG_LINES:]:
        console.print(Text("  " + line))
    console.print(Text(v["prompt"], style="bold"))


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
    name = module.info().get("name", title)
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
                choice = bot_choice(rnd, legal, module.ending_verbs, bot_end_bias)
            match.apply(role, choice)
            continue
        role = mine[0]
        menu = menu_order(match.actions(role), module.ending_verbs)
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
