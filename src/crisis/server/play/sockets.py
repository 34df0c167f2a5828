"""The websocket at ``/ws/{table}``: live play, watching and hotseat on one connection.

Messages are JSON objects with a ``type``. The client says ``hello`` with the seat secrets it
holds (none to watch), then ``look`` picks whose view it receives (one of its seats, or the
public view while a hotseat hand is covered), ``act`` sends ``[verb, arg]`` for one of its
seats with the ``version`` it saw, ``chat`` posts ``text`` as one of its seats, and
``resign``/``rematch``/``ping`` do what they say (a rematch that would seat other people's
accounts is refused here: the lobby's route offers them their seats). The server answers
with ``welcome``, ``state`` (after every change), ``acted`` (your action went through; it
follows the new state), ``chat`` (each new message; ``welcome`` carries the recent ones),
``error`` and ``pong``. Anything malformed, stale or not allowed gets an ``error`` and
changes nothing.

Room: a seat's secret is never refused for lack of room at its table (an address's seat
holders have a generous ceiling of their own). Spectators (connections holding no
seat) are capped per table and per address; a new one takes the place of the oldest of its own
address, or, when the table is full, of the address with the most spectators there. A seat's
own connections are capped the same way, oldest out. A socket opened by a page of another
site (its ``Origin`` is not one the host named, or without names not this site's as the
request gives it) is refused, so no other page can open connections from its visitors'
browsers.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import time
from collections import deque
from typing import Any
from urllib.parse import urlsplit

import msgspec
from fastapi import APIRouter, WebSocket
from starlette.websockets import WebSocketDisconnect

from crisis.server import limits
from crisis.server.errors import (
    BadMessage,
    BadOrigin,
    Forbidden,
    OffersNeeded,
    Stale,
    TableError,
    TooFast,
)
from crisis.server.play.hall import Hall
from crisis.server.play.identity import identity
from crisis.server.play.table import Live
from crisis.server.text import refuse_surrogates

router = APIRouter()
log = logging.getLogger(__name__)

MAX_TOKENS = 8

_opened = itertools.count()


class Connection:
    """One websocket following one table; sends the latest state without piling up."""

    def __init__(self, ws: WebSocket) -> None:
        self.ws = ws
        self.address = ws.client.host if ws.client else "?"
        self.roles: set[str] = set()
        self.look: str | None = None
        #: Order of opening (the oldest spectator makes room first).
        self.opened = next(_opened)
        #: This socket's row in the site's count of sockets, and what it counts as there
        #: (``pending`` until hello, then ``spectator`` or ``seat``).
        self.sid: str | None = None
        self.kind = "pending"
        self._queue: deque[tuple[bool, bytes]] = deque()
        self._ready = asyncio.Event()
        self._closing = False

    def deliver(self, payload: bytes, *, replaceable: bool) -> None:
        """Queue ``payload``; a newer state takes the place of one not yet sent (so an
        ``acted`` that followed it still comes after the state it acknowledges)."""
        if replaceable:
            for i, (old, _) in enumerate(self._queue):
                if old:
                    self._queue[i] = (True, payload)
                    return
        self._queue.append((replaceable, payload))
        self._ready.set()

    def reply(self, message: dict[str, Any]) -> None:
        """Queue a message for this connection only."""
        self.deliver(msgspec.json.encode(message), replaceable=False)

    def drop(self, error: TableError) -> None:
        """Send ``error`` and close this connection (to make room for another)."""
        self._queue.clear()
        self.reply(error.to_json())
        self._closing = True

    async def write(self) -> None:
        """Send queued messages until the connection closes."""
        while True:
            await self._ready.wait()
            self._ready.clear()
            while self._queue:
                _, payload = self._queue.popleft()
                await self.ws.send_text(payload.decode())
            if self._closing:
                await self.ws.close(code=1008)
                return


def origin_allowed(ws: WebSocket) -> bool:
    """Whether the page that opened ``ws`` may: no ``Origin`` (not a browser); where the
    host named the site's origins (``crisis serve --origin``), one of those only; otherwise
    the site's own origin as the request names it (the same host and port in ``Host``).

    A public site should name its origins: a ``Host`` header is whatever the browser was
    pointed at, so a page of another site whose name resolves to this server (DNS
    rebinding) would match it."""
    origin = ws.headers.get("origin")
    if origin is None:
        return True
    allowed: frozenset[str] = ws.app.state.origins
    if allowed:
        return origin.rstrip("/").lower() in allowed
    try:
        parts = urlsplit(origin)
    except ValueError:
        return False
    host = ws.headers.get("host", "")
    return parts.scheme in ("http", "https") and bool(host) and parts.netloc.lower() == host.lower()


async def _refuse(ws: WebSocket, error: TableError, code: int = 1008) -> None:
    """Answer a socket that may not stay with ``error`` and close it."""
    await ws.send_text(json.dumps(error.to_json()))
    await ws.close(code=code)


@router.websocket("/ws/{table_id}")
async def table_socket(ws: WebSocket, table_id: str) -> None:
    """Follow and play one table.

    Until it says ``hello`` a socket counts against its address's sockets waiting to (16);
    then a spectator counts against its address's spectating sockets (16), and a seat holder
    against the seat's own connections and its address's seat holders' (256, far more than
    players share an address for), so that whoever shares the player's address cannot keep
    the player out with spectators, yet no address holds sockets without end. Opening is
    rate limited per address too."""
    hall: Hall = ws.app.state.hall
    allowed: dict[str, int] = ws.app.state.socket_limits
    address = ws.client.host if ws.client else "?"
    await ws.accept()
    if not origin_allowed(ws):
        await _refuse(ws, BadOrigin("this table is played from its own site"))
        return
    if not ws.app.state.opens.take(address):
        await _refuse(ws, TooFast("too many new connections from your address; wait a moment"))
        return
    try:
        live = await hall.get(table_id)
    except TableError as exc:
        await _refuse(ws, exc, 4404)
        return
    hall.arrive(table_id)  # kept in memory for this socket until it watches or leaves
    waiting = True
    try:
        key = limits.client_key(address)
        sid = await hall.site.open_socket(key, live.id, allowed["pending"])
        if sid is None:
            await _refuse(ws, TooFast(f"at most {allowed['pending']} connections per address"))
            return
        conn = Connection(ws)
        conn.sid = sid
        writer = asyncio.create_task(conn.write())
        rate: float = ws.app.state.messages_per_second
        bucket = limits.Bucket(rate, max(limits.BURST, rate * 2))
        refusals = 0
        hello_by: float = ws.app.state.hello_seconds
        # The hello's deadline runs from here, once the server is ready to read it: the awaits
        # above (the table, the socket's row) take seconds on a busy server, and that delay is
        # the server's, not the person's.
        opened = asyncio.get_running_loop().time()
        try:
            while True:
                if conn in live.watchers:
                    message = await ws.receive()
                else:  # a socket that has not said hello a few seconds after setup is closed
                    left = opened + hello_by - asyncio.get_running_loop().time()
                    try:
                        message = await asyncio.wait_for(ws.receive(), max(0.0, left))
                    except TimeoutError:
                        conn.reply(BadMessage(f'say "hello" within {hello_by:g} seconds').to_json())
                        await asyncio.sleep(0.05)
                        await ws.close(code=1008)
                        break
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if text is None and message.get("bytes") is not None:
                    text = message["bytes"].decode("utf-8", "replace")
                try:
                    if not bucket.take():
                        raise TooFast("too many messages: slow down")
                    if conn not in live.watchers:
                        live = await hall.get(table_id)  # the table as the hall holds it now
                    await handle(hall, live, conn, text or "")
                    if waiting and conn in live.watchers:
                        waiting = False
                        hall.arrived(table_id)
                    refusals = 0
                except TableError as exc:
                    refusals += 1
                    conn.reply(exc.to_json())
                    if isinstance(exc, Stale):
                        conn.deliver(live.payload(conn.look), replaceable=True)
                    if refusals > limits.MAX_REFUSALS:
                        await asyncio.sleep(0.05)  # let the last error go out
                        await ws.close(code=1008)
                        break
                if writer.done():
                    break
        except WebSocketDisconnect:
            pass
        finally:
            hall.unwatch(live, conn)
            identity(conn.ws).unfollow(conn)
            try:
                await _leave(hall, live, conn, sid)
            finally:
                writer.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await writer
    finally:
        if waiting:
            hall.arrived(table_id)


#: Sockets' leavings under way (see :func:`_leave`): held here so none is collected midway.
_LEAVING: set[asyncio.Task[None]] = set()


async def _leave(hall: Hall, live: Live, conn: Connection, sid: str) -> None:
    """A socket closed: stop counting it across the site and, for a seat holder, note when
    they left (a turn notice may go to them from now on).

    This runs to its end even if the socket's handler is cancelled (a server shutting down,
    a test client closing): a database call cancelled while it waits for the database
    threads is never made, and the socket would count against its address, and the seat
    holder stay "at the table", for as long as the process lived."""

    async def forget() -> None:
        try:
            await hall.site.close_socket(sid)
            if conn.roles:  # the moment they left: away from now on
                await hall.present(live.id, sorted(conn.roles))
        except Exception:  # the socket is gone either way; say why its row may linger
            log.exception("forgetting closed socket %s of table %s failed", sid, live.id)

    leaving = asyncio.ensure_future(forget())
    _LEAVING.add(leaving)
    leaving.add_done_callback(_LEAVING.discard)
    await asyncio.shield(leaving)


async def _others_accounts(hall: Hall, live: Live, roles: set[str]) -> bool:
    """Whether an account other than those holding ``roles`` holds a seat of ``live``: a
    rematch must not seat that person without their yes (nor past their block)."""
    held = (await hall.db(hall.store.seated_accounts, [live.id])).get(live.id, {})
    mine = {account for role, account in held.items() if role in roles}
    return any(account not in mine for account in held.values())


async def handle(hall: Hall, live: Live, conn: Connection, text: str) -> None:
    """Carry out one client message (raises :class:`TableError` and changes nothing if bad)."""
    size = len(text.encode("utf-8"))  # the limit is in bytes, whatever the characters
    if size > limits.MAX_MESSAGE:
        raise BadMessage(f"message too long ({size} bytes; the limit is {limits.MAX_MESSAGE})")
    try:
        msg = json.loads(text)
    except RecursionError:
        raise BadMessage("a message nests too deeply") from None
    except ValueError:
        raise BadMessage("a message is a JSON object") from None
    if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
        raise BadMessage('a message is a JSON object with a "type"')
    refuse_surrogates(msg)
    kind = msg["type"]
    if kind == "ping":
        conn.reply({"type": "pong"})
    elif kind == "hello":
        await hello(hall, live, conn, msg)
    elif conn not in live.watchers:
        raise BadMessage('say "hello" first')
    elif kind == "look":
        role = msg.get("role")
        if role is not None and not isinstance(role, str):
            raise BadMessage("role is a seat's name or null (the public view)")
        if role is not None and role not in conn.roles:
            raise Forbidden(f"you do not hold the {role} seat")
        conn.look = role
        conn.deliver(live.payload(role), replaceable=True)
    elif kind == "act":
        role = msg.get("role", conn.look)
        version = msg.get("version")
        if not isinstance(version, int) or isinstance(version, bool):
            raise BadMessage("an act message needs the version it saw (a whole number)")
        if not isinstance(role, str):
            raise BadMessage("say which seat acts: role")
        if "action" not in msg:
            raise BadMessage("an act message needs an action: [verb, arg]")
        await hall.act(live, role, msg["action"], version, conn.roles)
        conn.reply({"type": "acted", "version": live.version})
    elif kind == "resign":
        role = msg.get("role", conn.look)
        if not isinstance(role, str):
            raise BadMessage("say which seat resigns: role")
        await hall.resign(live, role, conn.roles)
    elif kind == "chat":
        role = msg.get("role", conn.look)
        if not isinstance(role, str):
            raise BadMessage("say which seat speaks: role")
        await hall.chat(live, role, msg.get("text"), conn.roles)
    elif kind == "rematch":
        if not live.row.rematch and await _others_accounts(hall, live, conn.roles):
            raise OffersNeeded(
                "other players' accounts hold seats here: their seats are offered to them,"
                f" which is asked at POST /api/tables/{live.id}/rematch"
            )
        new = await hall.rematch(live, conn.roles, address=conn.address)
        conn.reply({"type": "rematch", "table": new.id})
    else:
        raise BadMessage(f"unknown message type {kind!r}")


async def hello(hall: Hall, live: Live, conn: Connection, msg: dict[str, Any]) -> None:
    """Take the client's seat secrets and start sending it the table."""
    tokens = msg.get("tokens", [])
    if not isinstance(tokens, list) or len(tokens) > MAX_TOKENS:
        raise BadMessage(f"tokens is a list of at most {MAX_TOKENS} seat secrets")
    if any(not isinstance(t, str) or len(t) > 100 for t in tokens):
        raise BadMessage("a seat secret is a short string")
    name = msg.get("name")
    if name is not None and not isinstance(name, str):
        raise BadMessage("name is a string")
    look = msg.get("look")
    if look is not None and not isinstance(look, str):
        raise BadMessage("look is a seat's name or null (the public view)")
    # The seats its secrets open, and those of the account signed in on this browser (named
    # after the account, whatever name the browser says).
    held, own_name = await identity(conn.ws).seats_and_name(conn.ws, live.id)
    roles = live.roles_for(tokens) | live.playable(held)
    await count(hall, conn, roles)
    await make_room(hall, live, conn, roles)
    conn.roles = roles
    identity(conn.ws).follow(conn)  # the session's end (sign-out, new password) closes this socket
    order = [s.role for s in live.row.seats]
    conn.look = look if look in roles else next((r for r in order if r in roles), None)
    moment = int(time.time())
    seen: set[str] = set()  # the seats whose first join (or new name) wrote the moment too
    for role in sorted(roles):
        said = own_name if role in held else name if len(roles) == 1 else None
        if await hall.join(live, role, roles, said, seen=moment, own=role in held):
            seen.add(role)
    conn.reply(
        {
            "type": "welcome",
            "table": live.id,
            "roles": [r for r in order if r in roles],
            "chat": await hall.chat_history(live),
        }
    )
    if tokens and not roles:
        conn.reply(Forbidden("that link's secret matches no seat: you are watching").to_json())
    hall.watch(live, conn)
    if roles - seen:  # they are at the table (no turn notice while they are)
        await hall.present(live.id, sorted(roles - seen), moment)


async def count(hall: Hall, conn: Connection, roles: set[str]) -> None:
    """Count ``conn`` as what it is now, across the site: a spectator or a seat holder, each
    refused past its address's limit (a seat holder's is far above a spectator's)."""
    kind = "seat" if roles else "spectator"
    if conn.kind == kind or conn.sid is None:
        return
    limit = conn.ws.app.state.socket_limits.get(kind)
    key = limits.client_key(conn.address)
    if not await hall.site.count_socket(conn.sid, key, kind, limit):
        what = "seat holders'" if roles else "spectating"
        raise TooFast(f"at most {limit} {what} connections per address")
    conn.kind = kind


async def make_room(hall: Hall, live: Live, conn: Connection, roles: set[str]) -> None:
    """Before ``conn`` watches as ``roles``: drop the oldest spectator if the spectators are
    full (a spectator joins), or the oldest connection of a seat that has its fill (a seat
    holder joins). A seat holder is never refused.

    The table's spectators are counted across the site; those of one address, and a seat's
    connections, in this process. Room is made among this process's sockets: a spectator
    arriving where the table is full and this process holds none of its spectators is
    refused."""
    others = [w for w in live.watchers if w is not conn and isinstance(w, Connection)]
    if roles:
        for role in roles:
            same = sorted((w for w in others if role in w.roles), key=lambda w: w.opened)
            for old in same[: max(0, len(same) - limits.CONNECTIONS_PER_SEAT + 1)]:
                old.drop(
                    TooFast(f"the {role} seat was opened elsewhere too often; this one closes")
                )
                live.watchers.discard(old)
        return
    spectators = sorted((w for w in others if not w.roles), key=lambda w: w.opened)
    mine = [
        w for w in spectators if limits.client_key(w.address) == limits.client_key(conn.address)
    ]
    if len(mine) >= limits.SPECTATORS_PER_ADDRESS:  # an address makes room among its own first
        leaving = mine[0]
    elif len(spectators) >= limits.SPECTATORS_PER_TABLE or (
        await hall.site.spectators(live.id) > limits.SPECTATORS_PER_TABLE
    ):
        if not spectators:
            raise TooFast("this table has too many spectators; try again later")
        # The oldest of the address with the most spectators here: churning sockets from a
        # few addresses cannot push everybody else out.
        per_address: dict[str, int] = {}
        for w in spectators:
            per_address[limits.client_key(w.address)] = (
                per_address.get(limits.client_key(w.address), 0) + 1
            )
        most = max(per_address.values())
        leaving = next(w for w in spectators if per_address[limits.client_key(w.address)] == most)
    else:
        return
    leaving.drop(TooFast("this table has too many spectators: the oldest make room"))
    live.watchers.discard(leaving)
