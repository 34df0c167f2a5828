"""Bots for crisis titles (see :mod:`crisis.ai.base` for the interface).

Every title gets the generic ``random`` and ``ismcts`` (search through the engine contract,
:mod:`crisis.ai.ismcts`) and ``novice``, its default bot making a random move now and then
(:mod:`crisis.ai.novice`). What a title adds is declared by the title
(:mod:`crisis.ai.support`: its ``TitleSpec.bots.module`` names the module of its ``TitleBots``): its
own bots, its default, its strength levels, its hint. Time of Crisis adds its factions
``military`` (Maximinus Thrax), ``senate`` (Pupienus & Balbinus), ``populace`` (Gordian III),
``balanced`` and ``consul`` (``balanced`` tuned against ``senate``), and its own turn-plan
``ismcts`` (:mod:`crisis.ai.toc.bots`); Rome in Crisis adds ``heuristic``
(:mod:`crisis.ai.ric.bots`).

:func:`get_bot` also takes a strength level (``easy``, ``medium``, ``hard``: :func:`level`,
each a bot and its thinking budget) and settings after colons, e.g.
``ismcts:iterations=200`` or ``ismcts:seconds=1.5:horizon=2`` (the command line and research
code only: the web server accepts names and levels alone). :func:`level_figures` gives each
level's measured win rate (``levels.json``, written by ``tools/measure_levels.py``).
"""

import json
from collections.abc import Callable
from functools import cache, partial
from importlib import resources
from typing import Any

from crisis.ai.base import Bot, RandomBot
from crisis.ai.support import Factory, Level, TitleBots, title_bots
from crisis.games import DEFAULT_TITLE, get_title


def _generic_ismcts(title: str, **defaults: Any) -> Factory:
    def make(**settings: Any) -> Bot:
        from crisis.ai.ismcts import ISMCTSBot

        return ISMCTSBot(title, **{**defaults, **settings})

    return make


def _random_bot(title: str, **settings: Any) -> Bot:
    """The random bot, leaning on the ending verbs ``title`` declares."""
    return RandomBot(**settings, ending=get_title(title).rules.machine.ending())


def _novice(title: str, blunder: float = 0.3, **settings: Any) -> Bot:
    """The title's default bot, making a random move with probability ``blunder``."""
    from crisis.ai.novice import NoviceBot

    base = bots_for(title)[default_bot(title)](**settings)
    return NoviceBot(base, _random_bot(title), blunder=blunder)


#: Bots that play any title through the engine contract alone.
GENERIC_BOTS: dict[str, Callable[[str], Factory]] = {
    "random": lambda title: partial(_random_bot, title),
    "ismcts": _generic_ismcts,
    "novice": lambda title: partial(_novice, title),
}

#: Where the measured win rates of the levels are kept (written by tools/measure_levels.py).
FIGURES_FILE = "levels.json"

#: Bots that search for a time budget (their ``seconds`` setting) instead of answering at once
#: (``search`` is each title's own: :mod:`crisis.ai.ric.search`, :mod:`crisis.ai.toc.search`).
SEARCHING: frozenset[str] = frozenset({"ismcts", "search"})


def levels(title: str = DEFAULT_TITLE) -> dict[str, str]:
    """The strength levels ``title`` declares (``easy``, ``medium``, ``hard``) and the bot
    each is."""
    return {name: lv.bot for name, lv in title_bots(title).levels.items()}


def level(name: str, title: str = DEFAULT_TITLE) -> Level | None:
    """The strength level ``name`` of ``title`` (bot and budget), or None if it is none."""
    return title_bots(title).levels.get(name)


@cache
def _figures() -> dict[str, Any]:
    try:
        text = resources.files("crisis.ai").joinpath(FIGURES_FILE).read_text("utf-8")
    except FileNotFoundError:
        return {}
    data: dict[str, Any] = json.loads(text)
    return data


def level_figures(title: str = DEFAULT_TITLE) -> dict[str, dict[str, Any]]:
    """Each level's measured strength for ``title``, as stored in ``levels.json``: level ->
    ``win_rate``, ``low``, ``high`` (95% Wilson interval), ``games``, ``parity``, ``against``
    (the opponents), ``bot`` (the spec measured), with the file's ``command`` and ``date``.
    Levels not measured are left out (an empty dict for a title without figures)."""
    data = _figures()
    out: dict[str, dict[str, Any]] = {}
    declared = title_bots(title).levels
    for name, row in data.get("titles", {}).get(title, {}).items():
        if name in declared:
            out[name] = {"command": data.get("command"), "date": data.get("date"), **row}
    return out


def resolve(name: str, title: str = DEFAULT_TITLE) -> str:
    """The registered bot a level or a bot name stands for (no settings allowed); raises
    ``ValueError`` naming the choices for anything else."""
    bots = bots_for(title)
    base = levels(title).get(name, name)
    if base not in bots:
        known = ", ".join([*levels(title), *bot_names(title)])
        raise ValueError(f"unknown bot {name!r} for {title}; known: {known}")
    return base


def searches(name: str, title: str = DEFAULT_TITLE) -> bool:
    """Whether the bot (or level) ``name`` thinks for a time budget (see :data:`SEARCHING`)."""
    try:
        return resolve(name, title) in SEARCHING
    except ValueError:
        return False


def default_bot(title: str = DEFAULT_TITLE) -> str:
    """The bot a new table of ``title`` offers by default, as the title declares it
    (``random`` if it names none, or none that plays it)."""
    name = title_bots(title).default
    return name if name in bots_for(title) else "random"


def bots_for(title: str = DEFAULT_TITLE) -> dict[str, Factory]:
    """Every bot that plays ``title``, by name: the generic ones and the title's own (its
    declaration's, which override generic ones of the same name)."""
    bots = {name: make(title) for name, make in GENERIC_BOTS.items()}
    bots.update(title_bots(title).bots)
    return bots


def bot_names(title: str = DEFAULT_TITLE) -> list[str]:
    """The bot names for ``title``, ``random`` first, then alphabetical."""
    return sorted(bots_for(title), key=lambda n: (n != "random", n))


def __getattr__(name: str) -> Any:
    """``BOTS``: the default title's bots by name, for callers that predate the per-title
    registry (built when asked: reading it imports that title's rules)."""
    if name == "BOTS":
        return bots_for(DEFAULT_TITLE)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``name:key=value:key=value`` -> (name, settings); values become int, float or str.
    (Colons, not commas, so that lists of bots can be written with commas.)"""
    name, _, rest = spec.partition(":")
    settings: dict[str, Any] = {}
    for item in filter(None, rest.split(":")):
        key, eq, raw = item.partition("=")
        if not eq:
            raise ValueError(f"bot setting {item!r} in {spec!r} is not key=value")
        value: Any = raw
        for cast in (int, float):
            try:
                value = cast(raw)
                break
            except ValueError:
                continue
        settings[key.strip()] = value
    return name.strip(), settings


def get_bot(name: str, title: str = DEFAULT_TITLE) -> Bot:
    """A new bot for ``title`` from a spec: a registered name or a strength level (see
    :func:`level`), optionally with settings after a colon."""
    base, settings = parse_spec(name)
    chosen = level(base, title)
    if chosen is not None:  # a level: its bot with its budget, unless the spec says otherwise
        settings = {**chosen.settings, **settings}
    factory = bots_for(title)[resolve(base, title)]
    try:
        return factory(**settings)
    except TypeError as exc:
        raise ValueError(f"bad settings for bot {base!r}: {exc}") from None


__all__ = [
    "BOTS",
    "FIGURES_FILE",
    "GENERIC_BOTS",
    "SEARCHING",
    "Bot",
    "Factory",
    "Level",
    "RandomBot",
    "TitleBots",
    "bot_names",
    "bots_for",
    "default_bot",
    "get_bot",
    "level",
    "level_figures",
    "levels",
    "parse_spec",
    "resolve",
    "searches",
    "title_bots",
]
