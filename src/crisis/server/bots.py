"""Bots at the tables: which strengths a seat may have, and the task that plays the bot
seats of a table whenever it is their turn, from their seat's view only and with secret
randomness, one action at a time at a pace people can follow."""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
from collections import OrderedDict
from typing import Any

from crisis.ai import Bot, RandomBot, get_bot
from crisis.ai import bot_names as _bot_names
from crisis.engine.action import Action
from crisis.server.table import Live

log = logging.getLogger("crisis.server")


def bot_names(title: str = "time_of_crisis") -> list[str]:
    """The bot strengths a seat at a ``title`` table may be given (``random`` first)."""
    return _bot_names(title)


def make_bot(name: str | None, title: str = "time_of_crisis") -> Bot:
    """The bot called ``name``, or the random bot if that strength is not installed."""
    try:
        return get_bot(name or "random", title=title)
    except ValueError:
        return RandomBot()


class BotSeats:
    """The bot scheduling of :class:`~crisis.server.tables.Hall` (a mixin): one task per
    table plays its bot seats while it is their turn and stops at a person's turn."""

    tables: OrderedDict[str, Live]
    bot_delay: float
    _closing: bool

    def _apply(self, live: Live, role: str, action: Action) -> None:
        raise NotImplementedError

    def _bot_to_move(self, live: Live) -> str | None:
        if live.finished:
            return None
        for role in live.match.active():
            if live.seat(role).kind == "bot":
                return role
        return None

    def _wake_bots(self, live: Live) -> None:
        if self._closing or live.bot_task is not None or self._bot_to_move(live) is None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no loop (a plain script): resume() wakes them when the server starts
        live.bot_task = loop.create_task(self._play_bots(live))

    async def _play_bots(self, live: Live) -> None:
        try:
            while not self._closing:
                role = self._bot_to_move(live)
                if role is None:
                    return
                version = live.version
                bot = live.bots.get(role) or make_bot(live.seat(role).bot, live.row.title)
                live.bots[role] = bot
                legal = [a for a in live.match.actions(role) if a.verb != "undo"]
                view = live.match.view(role)
                # Secret randomness: a generator seeded from public facts (the table id and
                # version) would let anyone replay a bot's choice and read its hand from it.
                rng = random.Random(secrets.randbits(128))
                action = await asyncio.to_thread(_choose, bot, view, role, legal, rng)
                if live.version != version or self.tables.get(live.id) is not live:
                    continue  # someone else acted meanwhile: think again
                self._apply(live, role, action)
                await asyncio.sleep(self.bot_delay)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: the bots stopped", live.id)
        finally:
            live.bot_task = None


def _choose(
    bot: Bot, view: dict[str, Any], role: str, legal: list[Action], rng: random.Random
) -> Action:
    """The bot's pick, or a random legal action if the bot fails or picks something illegal."""
    try:
        action = Action.parse(bot.choose(view, role, legal, rng))
        if action in legal:
            return action
        log.warning("bot %s chose an illegal action %s", getattr(bot, "name", bot), action)
    except Exception:
        log.exception("bot %s failed", getattr(bot, "name", bot))
    return RandomBot().choose(view, role, legal, rng)
