"""Bots at the tables: which bots a seat may have, and the task that plays the bot seats of a
table whenever it is their turn, from their seat's view only and with secret randomness, one
action at a time at a pace people can follow.

A client names a seat's bot by a registered name (``senate``, ``ismcts`` ...) or a strength
level (``easy``, ``medium``, ``hard``) and nothing more: settings such as a search's thinking
time are the server's own (:class:`~crisis.server.play.workers.Workers`). Seats stored by older
versions with settings after a colon are cleaned when their table is loaded.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from crisis.ai import Bot, RandomBot, default_bot, get_bot, level, levels, resolve, searches
from crisis.ai import bot_names as _bot_names
from crisis.ai.base import Searcher
from crisis.games import DEFAULT_TITLE
from crisis.server.errors import BadBot
from crisis.server.play.table import Live
from crisis.server.play.workers import Priority
from crisis.server.store.repository import Conflict

if TYPE_CHECKING:
    from crisis.server.play.hall import Hall

log = logging.getLogger("crisis.server")


def bot_names(title: str = DEFAULT_TITLE) -> list[str]:
    """The bots a seat at a ``title`` table may be given: the strength levels first, then
    every registered bot (``random`` first)."""
    return [*levels(title), *_bot_names(title)]


def check_bot(name: Any, title: str) -> str:
    """``name`` if a client may seat that bot at a ``title`` table (a level or a registered
    name, nothing after it); else :class:`BadBot` naming the choices."""
    if name is None:
        return "random"
    if isinstance(name, str) and ":" not in name:
        try:
            resolve(name, title)
            return name
        except ValueError:
            pass
    known = ", ".join(bot_names(title))
    raise BadBot(f"unknown bot {name!r} for {title} (a name or a level only); known: {known}")


def clean_bot(name: str | None, title: str) -> str:
    """A stored seat's bot as a client could have chosen it: settings after a colon dropped,
    an unknown name replaced by ``random``."""
    base = (name or "random").partition(":")[0].strip()
    try:
        return check_bot(base, title)
    except BadBot:
        return "random"


def make_bot(name: str | None, title: str = DEFAULT_TITLE, *, think: float = 1.0) -> Bot:
    """A new bot for a seat: ``name`` (cleaned by :func:`clean_bot`), a search thinking
    ``think`` seconds (the server's setting), or less where its strength level's budget is
    less."""
    name = clean_bot(name, title)
    spec = name
    if searches(name, title):
        chosen = level(name, title)
        budget = float(chosen.settings.get("seconds", think)) if chosen else think
        spec = f"{name}:seconds={min(think, budget)}"
    try:
        return get_bot(spec, title)
    except ValueError:
        return RandomBot()


def _thinks(
    bot: Bot, name: str | None, title: str, view: dict[str, Any], role: str, legal: list[Any]
) -> bool:
    """Whether this move of ``bot`` is a search (it then goes to the search workers): what a
    :class:`~crisis.ai.base.Searcher` says of itself, else what its registered name says."""
    if isinstance(bot, Searcher):
        return bot.will_search(view, role, legal)
    return searches(name or "random", title)


class BotSeats:
    """The bot scheduling of :class:`~crisis.server.play.hall.Hall` (a part of it): one task per
    table plays its bot seats while it is their turn and stops at a person's turn. The bots
    think in :class:`~crisis.server.play.workers.Workers`, never on the event loop."""

    def __init__(self, hall: Hall) -> None:
        self.hall = hall

    def to_move(self, live: Live) -> str | None:
        """The bot seat to move at ``live`` (None: a person's turn, or not being played)."""
        if live.row.status != "playing":  # over, or an open table waiting for players
            return None
        for role in live.match.active():
            if live.seat(role).kind == "bot":
                return role
        return None

    def mine(self, live: Live) -> bool:
        """Whether this process plays the table's bots (of a site's processes, the one whose
        write left a bot to move, or that took over from a dead one: ``games.bot_owner``)."""
        return live.row.bot_owner == self.hall.store.process

    def wake(self, live: Live) -> None:
        """Start the task playing ``live``'s bots if one of them is to move and this process
        plays them (after every change that may have left a bot to move)."""
        if (
            self.hall.closing
            or live.bot_task is not None
            or not self.mine(live)
            or self.to_move(live) is None
        ):
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no loop (a plain script): resume() wakes them when the server starts
        live.bot_task = loop.create_task(self.play(live))

    async def play(self, live: Live) -> None:
        """(The task :meth:`wake` starts.) Play ``live``'s bot seats, each from its own view,
        until a person is to move or the hall lets the table go."""
        title = live.row.title
        try:
            while not self.hall.closing:
                role = self.to_move(live)
                if role is None or not self.mine(live):
                    return
                version = live.version
                name = live.seat(role).bot
                bot = live.bots.get(role) or make_bot(
                    name, title, think=self.hall.workers.think_seconds
                )
                legal = [a for a in live.match.actions(role) if a.verb != "undo"]
                people = any(s.kind == "human" and not s.resigned for s in live.row.seats)
                view = live.match.view(role)
                action, bot = await self.hall.workers.bot_move(
                    bot,
                    view,
                    role,
                    legal,
                    searches=_thinks(bot, name, title, view, role, legal),
                    priority=Priority.PERSON if people else Priority.BOTS,
                    fallback=lambda: make_bot(default_bot(title), title),
                    key=live.id,
                )
                live.bots[role] = bot
                if self.hall.tables.get(live.id) is not live:
                    return  # the hall let this table go (it may load it afresh later)
                async with live.lock:
                    if live.version != version:
                        continue  # someone else acted meanwhile: think again
                    try:
                        await self.hall.apply(live, role, action)
                    except Conflict:
                        continue  # another process wrote first (now caught up): think again
                await asyncio.sleep(self.hall.bot_delay)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: the bots stopped", live.id)
        finally:
            live.bot_task = None
