"""The HTTP API: create a table, list tables, and play or watch without a websocket.

Seat secrets travel in the ``X-Seat-Token`` header (several separated by commas for a hotseat),
never in a URL the server logs. Errors are ``{"type": "error", "code", "message"}``.
"""

from __future__ import annotations

import gzip
import random
import time
from typing import Annotated, Any

import msgspec
from fastapi import APIRouter, Header, Request
from fastapi.responses import Response
from pydantic import BaseModel, Field, StrictBool, StrictInt, StrictStr

from crisis.ai import default_bot, level_figures, levels
from crisis.ai.advice import FEW
from crisis.ai.advice import hint as bot_hint
from crisis.engine.action import Action
from crisis.games import DEFAULT_TITLE, TITLES, get_title
from crisis.games.reference import reference
from crisis.server import limits
from crisis.server.accounts.data import Account
from crisis.server.accounts.errors import CrossSite, SignedOut
from crisis.server.accounts.routes import _same_site, current
from crisis.server.accounts.seats import GAMES_LISTED, Seats, seat_roles
from crisis.server.accounts.sessions import cookie as session_cookie
from crisis.server.errors import (
    BadMessage,
    Blocked,
    Forbidden,
    GameOver,
    NotFound,
    TooMany,
    Unconfirmed,
)
from crisis.server.lobby import invitations, replays
from crisis.server.play.bots import bot_names
from crisis.server.play.clock import PACES, TIMEOUTS
from crisis.server.play.hall import Hall, SeatSpec
from crisis.server.play.table import Live, hash_token, table_summary
from crisis.server.play.workers import Priority, Workers, secret_seed
from crisis.server.requests import client_address, limited, sent_by_another_site
from crisis.server.store import clocks as seat_clocks

router = APIRouter(prefix="/api")

Token = Annotated[str | None, Header(alias="X-Seat-Token", max_length=800)]


class SeatIn(BaseModel):
    """A seat at creation: a person or a bot, named by a registered bot or a strength level
    (``easy``, ``medium``, ``hard``); settings are the server's, never a client's."""

    # "open": a free seat of an open table, for whoever takes it (crisis.server.lobby.open_games).
    kind: StrictStr = Field("human", pattern="^(human|bot|open)$")
    bot: StrictStr | None = Field(None, max_length=32)
    name: StrictStr = Field("", max_length=40)
    # A person's seat for a player of the site, invited by their account's name: the seat is
    # theirs (reached by signing in, never by a link the creator holds) and they are mailed.
    invite: StrictStr | None = Field(None, min_length=1, max_length=40)
    # The maker's own seat (played in their browser): a signed-in maker's account holds it,
    # so the table follows them and its turns are mailed to them.
    mine: StrictBool = False


class TableIn(BaseModel):
    """A new table: its seats (2-4, in turn order) and the game's options."""

    title: str = Field(DEFAULT_TITLE, max_length=40)
    seats: list[SeatIn] = Field(min_length=2, max_length=4)
    options: dict[str, Any] = Field(default_factory=dict)
    seed: int | None = Field(None, ge=0, lt=2**31)
    # A game over days: seconds per move (null: live; see crisis.server.play.clock.PACES) and
    # what happens when a player's time runs out ("bot" takes the seat, or "resign").
    pace: StrictInt | None = None
    on_timeout: StrictStr | None = Field(None, max_length=8)
    # A rated game between accounts (people only): their ratings move when it ends.
    rated: StrictBool = False
    # An open table (for a signed-in host): listed until its "open" seats are taken.
    open: StrictBool = False


class ActIn(BaseModel):
    """An action for one seat, with the version the client saw."""

    role: StrictStr = Field(max_length=16)
    action: list[Any] = Field(min_length=1, max_length=2)
    # The version the client saw (a whole number, as on the websocket: not "0", 0.0 or true).
    version: StrictInt


class RoleIn(BaseModel):
    """A seat to act on (resign)."""

    role: StrictStr = Field(max_length=16)


class NoteIn(BaseModel):
    """A seat's private note (replaces the one stored)."""

    role: StrictStr = Field(max_length=16)
    text: StrictStr


class TokensIn(BaseModel):
    """Seat secrets a browser holds (to list its tables)."""

    tokens: list[Annotated[str, Field(max_length=100)]] = Field(max_length=200)


def _hall(request: Request) -> Hall:
    hall: Hall = request.app.state.hall
    return hall


async def _roles(request: Request, live: Live, token: str | None) -> set[str]:
    """The seats the asker holds: those its seat secrets open (a wrong secret is refused),
    and those the account signed in on this browser holds (crisis.server.accounts)."""
    roles: set[str] = set()
    if token:
        roles = live.roles_for(t.strip() for t in token.split(","))
        if not roles:
            raise Forbidden("that seat secret matches no seat at this table")
    return roles | live.playable(await seat_roles(request, live.id))


def _json(data: bytes) -> Response:
    return Response(data, media_type="application/json")


def _strength(title: str) -> dict[str, dict[str, Any]]:
    """Each strength level's measured figures for ``title``: win rate, its 95% interval, the
    games, the opponents, the parity and the date (see tools/measure_levels.py)."""
    keep = ("win_rate", "low", "high", "games", "against", "players", "parity", "date", "bot")
    return {
        name: {key: row[key] for key in keep if key in row}
        for name, row in level_figures(title).items()
    }


@router.get("/meta")
async def meta(request: Request) -> Response:
    """What a client needs: every title's options, piece names, declared steps and verbs
    (``rules``: prompts, what each verb ends and its argument domains) and bots, and the limits.
    The first title's entries are also at the top level (for clients of one title).

    About 120 KB that never change while the server runs: encoded and compressed once per
    process and sent as they are, like a static file (building and compressing them took
    about 12 ms a request, which let anyone asking in a loop slow every table)."""
    built: tuple[bytes, bytes] | None = getattr(request.app.state, "meta", None)
    if built is None:
        plain = msgspec.json.encode(_meta())
        built = request.app.state.meta = (plain, gzip.compress(plain, 6, mtime=0))
    headers = {"Vary": "Accept-Encoding"}
    if "gzip" in request.headers.get("accept-encoding", ""):
        headers["Content-Encoding"] = "gzip"
        return Response(built[1], media_type="application/json", headers=headers)
    return Response(built[0], media_type="application/json", headers=headers)


def _meta() -> dict[str, Any]:
    """The body of :func:`meta`."""
    titles = {
        name: {
            **get_title(name).presentation.info(),
            "rules": get_title(name).rules.machine.describe(),
            # The web board that draws it (web/js/boards/index.js), as the title declares.
            "board": get_title(name).presentation.board,
            "bots": bot_names(name),
            "levels": levels(name),
            # Each level's measured win rate (crisis.ai.level_figures): what the lobby shows.
            "strength": _strength(name),
            "default_bot": default_bot(name),
            # The rules at hand: an explanation per step, phase and topic (crisis.games.reference).
            "reference": reference(name),
        }
        for name in sorted(TITLES)
    }
    default = titles[DEFAULT_TITLE]
    return {
        **default,
        "titles": titles,
        "default_title": DEFAULT_TITLE,
        "roles": ["green", "blue", "yellow", "red"],
        # The times per move a table over days may choose (seconds; null: live) and what a
        # timeout may do (crisis.server.play.clock).
        "paces": [{"label": label, "seconds": seconds} for label, seconds in PACES.items()],
        "timeouts": list(TIMEOUTS),
        "limits": {
            "message_bytes": limits.MAX_MESSAGE,
            "messages_per_second": limits.MESSAGES_PER_SECOND,
        },
    }


@router.post("/tables", status_code=201)
async def create_table(body: TableIn, request: Request) -> dict[str, Any]:
    """Seat people and bots; returns the table and each person's seat secret (shown once)."""
    if sent_by_another_site(request):
        raise CrossSite("tables are made from this site's own pages and other programs")
    hall = _hall(request)
    address = client_address(request)
    if body.seed is not None and not request.app.state.allow_seed:
        raise BadMessage("this server chooses the seed itself")
    seats = [SeatSpec(kind=s.kind, bot=s.bot, name=s.name) for s in body.seats]
    host = None
    maker: Account | None = None
    invited: dict[int, Account] = {}
    own = [i for i, s in enumerate(body.seats) if s.mine and s.kind == "human" and not s.invite]
    mine: int | None = None  # the maker's own seat: the first person's not offered to a guest
    if own and not body.open and not any(s.invite for s in body.seats):
        maker = await _signed_in_maker(request)
    if body.open or any(s.invite for s in body.seats):
        # An open table, or one that invites players of the site, is made by someone signed
        # in, from the site's own pages; their own seat is their account's.
        what = "open tables" if body.open else "invitations"
        if getattr(request.app.state, "accounts", None) is None:
            raise BadMessage(f"this server has no accounts, so no {what}")
        await _same_site(request)
        maker = await current(request, Response())
        if maker is None:
            raise SignedOut(f"sign in to make {what}")
        if body.rated and maker.confirmed is None:
            raise Unconfirmed("rated play takes a confirmed e-mail address: confirm yours first")
        if body.open and (
            await hall.db(hall.store.hosted_open, maker.id) >= limits.OPEN_TABLES_PER_HOST
        ):
            raise TooMany(
                f"you host {limits.OPEN_TABLES_PER_HOST} open tables waiting for players"
                " already: start or close one first"
            )
        invited = await _invited(request, body.seats, maker)
        for i, guest in invited.items():
            seats[i].name, seats[i].invited = guest.name, guest.id
        # The maker hosts a table that waits (for players, or for the invited to accept).
        host = maker.id if body.open or invited else None
        mine = next(
            (i for i, s in enumerate(seats) if s.kind == "human" and i not in invited), None
        )
    if maker is not None and own:
        mine = own[0]
    if maker is not None and mine is not None:
        # The maker's own seat: their account's from the table's first write, by their name.
        seats[mine].account = maker.id
        if not (seats[mine].name or "").strip():
            seats[mine].name = maker.name
    live, tokens = await hall.create(
        seats,
        body.options,
        title=body.title,
        seed=body.seed,
        address=address,
        pace=body.pace,
        on_timeout=body.on_timeout,
        rated=body.rated,
        host=host,
    )
    roles = [s.role for s in live.row.seats]
    for i in invited:
        # The invited seat is offered (theirs once they accept, crisis.server.lobby.invitations):
        # its secret is not handed to the table's maker.
        tokens.pop(roles[i], None)
    if invited and maker is not None:
        await invitations.send(request, live, maker, {roles[i]: g for i, g in invited.items()})
    if maker is not None and live.row.status == "playing":
        # The first seats to move begin their turn now; for a guest the invitation is that
        # turn's notice (one mail), later turns bring their own.
        first = [r for r in live.match.active() if live.seat(r).kind == "human"]
        await hall.db(hall.store.turn_began, live.id, first, live.row.version)
        for i in invited:
            if roles[i] in first:
                await hall.db(hall.store.claim_turn_notice, live.id, roles[i])
    return {"table": live.summary(), "tokens": tokens}


async def _signed_in(request: Request) -> Account | None:
    """Who is signed in on this browser (None: nobody, or no accounts here)."""
    if getattr(request.app.state, "accounts", None) is None or session_cookie(request) is None:
        return None
    account: Account | None = await current(request, Response())
    return account


async def _signed_in_maker(request: Request) -> Account | None:
    """Who is signed in on the browser making a table (None: nobody, or no accounts here),
    so that the seat it marks as its own is the account's. Only the site's own pages may
    make a seat an account's: another site's request with the cookie is refused."""
    if getattr(request.app.state, "accounts", None) is None or session_cookie(request) is None:
        return None
    await _same_site(request)
    return await _signed_in(request)


async def _invited(request: Request, wanted: list[SeatIn], maker: Account) -> dict[int, Account]:
    """The accounts invited to seats (by seat index), each an existing player named once;
    a clear error for an unknown name, a bot's or free seat with a name, a player invited
    twice, or one who blocked the maker. Inviting yourself is taking the seat yourself."""
    svc = request.app.state.accounts
    out: dict[int, Account] = {}
    for i, seat in enumerate(wanted):
        if not seat.invite:
            continue
        if seat.kind != "human":
            raise BadMessage("only a person's seat can be offered to an invited player")
        # By name only: an address would tell the maker whether it has an account here.
        guest = None if "@" in seat.invite else await svc.run(svc.data.find, seat.invite.strip())
        if guest is None:
            raise NotFound(f"no player is called {seat.invite!r}")
        if any(g.id == guest.id for g in out.values()):
            raise BadMessage(f"{guest.name} is invited to two seats")
        await invitations.check_not_blocked(request, guest, maker)
        out[i] = guest
    return out


async def _seat_deadlines(hall: Hall, tables: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Table summaries as listed: a game over days' deadline is its seats' own (banks and
    vacations counted), not the table's earliest (:func:`seat_clocks.with_seat_deadlines`)."""
    if all(t.get("deadline") is None for t in tables):
        return tables  # no game over days being played: nothing to read
    return await hall.db(
        seat_clocks.with_seat_deadlines, hall.store.engine, tables, int(time.time())
    )


@router.get("/tables", dependencies=[limited("tables")])
async def recent_tables(request: Request) -> dict[str, Any]:
    """Recently active tables, to watch."""
    hall = _hall(request)
    rows = await hall.db(hall.store.recent_games)
    return {"tables": await _seat_deadlines(hall, [table_summary(r) for r in rows])}


@router.post("/tables/mine", dependencies=[limited("mine")])
async def my_tables(body: TokensIn, request: Request) -> dict[str, Any]:
    """The newest tables (at most 50) where one of ``tokens`` holds a seat, newest first."""
    hall = _hall(request)
    hashes = sorted({hash_token(t) for t in body.tokens})
    mine = await hall.db(hall.store.tables_for_tokens, hashes)
    shown = await _seat_deadlines(hall, [table_summary(row) for row, _ in mine])
    return {
        "tables": [{"table": t, "roles": roles} for t, (_, roles) in zip(shown, mine, strict=True)]
    }


@router.post("/games/yours", dependencies=[limited("mine")])
async def your_games(body: TokensIn, request: Request) -> dict[str, Any]:
    """ "Your games", the same list in the lobby and on the account page: the tables where
    the signed-in account or one of this browser's seat secrets (``tokens``, those it plays)
    holds a seat, those waiting for you first (the longest waiting first), each with how long
    it has waited and, over days, when your time runs out (``deadline``)."""
    hall = _hall(request)
    account = await _signed_in(request)
    hashes = sorted({hash_token(t) for t in body.tokens})
    listed = Seats(hall.store.engine).games
    found = await hall.db(listed, account.id if account else None, GAMES_LISTED, hashes)
    return {"games": found, "signed_in": account is not None}


@router.get("/tables/{table_id}", dependencies=[limited("tables")])
async def table(table_id: str, request: Request) -> dict[str, Any]:
    """Seats, status, result and rematch of a table."""
    hall = _hall(request)
    live = await hall.get(table_id)
    return (await _seat_deadlines(hall, [live.summary()]))[0]


@router.get("/tables/{table_id}/state", dependencies=[limited("state")])
async def state(
    table_id: str, request: Request, token: Token = None, role: str | None = None
) -> Response:
    """The ``state`` message for one of your seats (or the public one without a secret)."""
    live = await _hall(request).get(table_id)
    roles = await _roles(request, live, token)
    if role is None:
        role = next((s.role for s in live.row.seats if s.role in roles), None)
    elif role not in roles:
        raise Forbidden(f"you do not hold the {role} seat")
    return _json(live.payload(role))


@router.post("/tables/{table_id}/actions", dependencies=[limited("act")])
async def act(table_id: str, body: ActIn, request: Request, token: Token = None) -> Response:
    """Play an action for one of your seats; returns that seat's new state."""
    hall = _hall(request)
    live = await hall.get(table_id)
    await hall.act(live, body.role, body.action, body.version, await _roles(request, live, token))
    return _json(live.payload(body.role))


@router.post("/tables/{table_id}/resign", dependencies=[limited("seat")])
async def resign(
    table_id: str, body: RoleIn, request: Request, token: Token = None
) -> dict[str, Any]:
    """Leave the game: a bot takes your seat, or the game ends if no person is left."""
    hall = _hall(request)
    live = await hall.get(table_id)
    await hall.resign(live, body.role, await _roles(request, live, token))
    return live.summary()


@router.get("/tables/{table_id}/notes/{role}", dependencies=[limited("notes")])
async def note(table_id: str, role: str, request: Request, token: Token = None) -> dict[str, Any]:
    """Your private note for one of your seats (nobody else can read it)."""
    hall = _hall(request)
    live = await hall.get(table_id)
    return {"role": role, "text": await hall.note(live, role, await _roles(request, live, token))}


@router.put("/tables/{table_id}/notes", dependencies=[limited("notes")])
async def save_note(
    table_id: str, body: NoteIn, request: Request, token: Token = None
) -> dict[str, Any]:
    """Replace your private note for one of your seats (at most 4,000 characters)."""
    hall = _hall(request)
    live = await hall.get(table_id)
    await hall.save_note(live, body.role, body.text, await _roles(request, live, token))
    return {"role": body.role, "text": body.text}


class MarksIn(BaseModel):
    """What a seat last saw of the map (replaces the one stored)."""

    role: StrictStr = Field(max_length=16)
    marks: dict[str, Any]


@router.get("/tables/{table_id}/marks/{role}", dependencies=[limited("notes")])
async def marks(table_id: str, role: str, request: Request, token: Token = None) -> dict[str, Any]:
    """What one of your seats last saw of the map (null: nothing yet): the table page tells
    what changed since, on any device."""
    hall = _hall(request)
    live = await hall.get(table_id)
    seen = await hall.marks(live, role, await _roles(request, live, token))
    return {"role": role, "marks": seen}


@router.put("/tables/{table_id}/marks", dependencies=[limited("notes")])
async def save_marks(
    table_id: str, body: MarksIn, request: Request, token: Token = None
) -> dict[str, Any]:
    """Replace what one of your seats last saw of the map (a JSON object, at most
    ``limits.MARKS_BYTES`` bytes)."""
    hall = _hall(request)
    live = await hall.get(table_id)
    await hall.save_marks(live, body.role, body.marks, await _roles(request, live, token))
    return {"role": body.role}


@router.post("/tables/{table_id}/rematch", dependencies=[limited("seat")])
async def rematch(table_id: str, request: Request, token: Token = None) -> dict[str, Any]:
    """The same seats and options again (your seat secret stays the same)."""
    hall = _hall(request)
    live = await hall.get(table_id)
    address = request.client.host if request.client else "?"
    roles = await _roles(request, live, token)
    if live.row.rematch:  # asked for already: the same table (an offer there waits for you)
        return (await hall.rematch(live, roles, address=address)).summary()
    host, offered = await _rematch_offers(request, live, roles)
    new = await hall.rematch(
        live,
        roles,
        address=address,
        offer={role: guest.id for role, guest in offered.items()},
        host=host.id if host else None,
    )
    if host is not None and offered and new.row.host == host.id:
        await invitations.send(request, new, host, offered)
    return new.summary()


async def _rematch_offers(
    request: Request, live: Live, roles: set[str]
) -> tuple[Account | None, dict[str, Account]]:
    """Who asks for a rematch (their account, if their seats have one) and the seats of the
    other people's accounts, by role: those are offered to them, as an invitation is, not
    taken for them (nobody is sat at a new game, its clock running, without saying yes).
    Refused (``blocked``) where one of them has blocked the asker since, and (``signed_out``)
    to a guest (no account of theirs to host the offers) while such seats are at the table:
    the account holder may ask instead."""
    svc = getattr(request.app.state, "accounts", None)
    if svc is None:
        return None, {}
    hall = _hall(request)
    held = (await hall.db(hall.store.seated_accounts, [live.id])).get(live.id, {})
    asking = {a for role, a in held.items() if role in roles}
    others = {role: a for role, a in held.items() if a not in asking}
    check = invitations.offers(request).blocked
    for other in set(others.values()):
        for me in asking:
            if await hall.db(check, other, me):
                raise Blocked("a player of this table takes no rematch from you")
    if not others:
        return None, {}
    if not asking:
        raise SignedOut(
            "sign in to ask for this rematch: another player's seat is their account's, and"
            " it is offered to them by yours"
        )
    host = await svc.run(svc.data.get, min(asking))
    guests = {role: await svc.run(svc.data.get, a) for role, a in others.items()}
    offered = {role: g for role, g in guests.items() if g is not None}
    return host, offered


@router.get("/tables/{table_id}/record", dependencies=[limited("replay")])
async def record(table_id: str, request: Request) -> dict[str, Any]:
    """Setup + action log of a finished game (``crisis replay`` reads it)."""
    return replays.record(await _hall(request).get(table_id))


@router.get("/tables/{table_id}/replay/{step}", dependencies=[limited("replay")])
async def replay(
    table_id: str, step: int, request: Request, token: Token = None, role: str | None = None
) -> dict[str, Any]:
    """The view after ``step`` actions: any seat once the game is over, else yours or public."""
    hall = _hall(request)
    live = await hall.get(table_id)
    roles = await _roles(request, live, token)
    replayer: replays.Replays = request.app.state.replays
    key = limits.client_key(client_address(request))
    await replayer.prepare(live, step, role, roles, hall.workers, key)
    return replayer.view(live, step, role, roles)


async def decision(
    request: Request, table_id: str, role: str, token: str | None
) -> tuple[Live, list[Action], dict[str, Any]]:
    """The table, the legal actions and the view of a seat the asker holds and that has a
    decision to take now (for the hint and the coach); else the coded refusal."""
    live = await _hall(request).get(table_id)
    if role not in await _roles(request, live, token):
        raise Forbidden(f"you do not hold the {role} seat")
    if live.finished:
        raise GameOver("the game is over")
    legal = live.title.rules.actions(live.match.state, role)
    if not legal:
        raise BadMessage(f"{role} has nothing to decide now")
    return live, legal, live.match.view(role)


@router.get("/tables/{table_id}/hint/{role}", dependencies=[limited("hint")])
async def hint(table_id: str, role: str, request: Request, token: Token = None) -> dict[str, Any]:
    """What the strongest bot would do for one of your seats: its top choices with their
    estimated chance of winning, computed from that seat's view alone (never the state)."""
    hall = _hall(request)
    live, legal, view = await decision(request, table_id, role, token)
    version = live.version
    workers: Workers = hall.workers
    seconds = min(limits.HINT_SECONDS, workers.think_seconds)
    # Busy: every search process taken or some searches waiting when the hint is asked (its
    # rating then shares the machine); only then does a thin estimate say so.
    busy = workers.search.free <= 0 or len(workers.search.queue) > 0
    choices = await workers.call(
        Priority.HINT,
        _hint,
        live.title.name,
        view,
        role,
        legal,
        seconds,
        secret_seed(),
        seconds=seconds,
        key=limits.client_key(client_address(request)),
    )
    describe = live.title.presentation.describe
    actions = [c["action"] for c in choices]
    words = (
        describe(live.match.state, role, actions) if describe and version == live.version else []
    )
    out = []
    for i, c in enumerate(choices):
        action: Action = c["action"]
        label = words[i]["label"] if i < len(words) else str(action)
        basis = c.get("basis")
        if busy and isinstance(basis, str) and basis.endswith(FEW):
            basis += " (the server is busy: ask again in a moment)"
        out.append({**c, "basis": basis, "action": action.to_json(), "label": label})
    return {"role": role, "version": version, "hints": out}


@router.get("/tables/{table_id}/review", dependencies=[limited("review")])
async def review(table_id: str, request: Request) -> dict[str, Any]:
    """A finished game round by round: every player's score and estimated chance to win."""
    hall = _hall(request)
    replayer: replays.Replays = request.app.state.replays
    return await replayer.review(await hall.get(table_id), hall.workers)


@router.get("/tables/{table_id}/chat", dependencies=[limited("chat")])
async def chat_history(table_id: str, request: Request) -> dict[str, Any]:
    """The table's recent chat (the players write; anyone may read)."""
    hall = _hall(request)
    return {"entries": await hall.chat_history(await hall.get(table_id))}


class ChatIn(BaseModel):
    """A chat message from one of your seats."""

    role: StrictStr = Field(max_length=16)
    text: StrictStr = Field(max_length=2000)


@router.post("/tables/{table_id}/chat", dependencies=[limited("chat")])
async def post_chat(
    table_id: str, body: ChatIn, request: Request, token: Token = None
) -> dict[str, Any]:
    """Say something at the table as one of your seats."""
    hall = _hall(request)
    live = await hall.get(table_id)
    return await hall.chat(live, body.role, body.text, await _roles(request, live, token))


def _hint(
    title: str,
    view: dict[str, Any],
    role: str,
    legal: list[Action],
    seconds: float,
    seed: int,
) -> list[dict[str, Any]]:
    """(In a worker.) The hint's search, with secret randomness."""
    return bot_hint(title, view, role, legal, seconds=seconds, rng=random.Random(seed))
