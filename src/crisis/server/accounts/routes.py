"""The accounts' HTTP API (``/api/account/...``, ``/api/mail/stop``) and pages (``/account``,
``/account/signup`` ..., ``/mail/stop``).

Errors are the coded ``{"type": "error", "code", "message"}`` of every refusal
(:mod:`.errors`); a refused request changes nothing. Secrets of mailed links travel in the
page's fragment (``/account/reset#t=...``), which browsers never send, and then in a request
body: never in a URL the server logs.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import time
from collections import OrderedDict, deque
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request, Response
from fastapi.responses import FileResponse
from pydantic import BaseModel, Field, StrictBool, StrictStr

from crisis.server import limits
from crisis.server.accounts import mail, passwords, sessions
from crisis.server.accounts.data import Account, Accounts, digest, now
from crisis.server.accounts.errors import BadCredentials, BadLink, SignedOut
from crisis.server.accounts.seats import Seats
from crisis.server.errors import TooFast
from crisis.server.table import hash_token

log = logging.getLogger("crisis.accounts")

WEB = Path(str(resources.files("crisis") / "web"))


router = APIRouter(prefix="/api")
pages = APIRouter(include_in_schema=False)


class Failures:
    """Wrong passwords per account in this process: past ``limit`` in ``window`` seconds the
    account's sign-ins are refused until the oldest failure leaves the window, whatever the
    password, so that guessing from many addresses is as slow as from one. A password set by
    a mailed link clears them. At most ``size`` accounts are remembered (the least recently
    failed forgotten first)."""

    def __init__(
        self,
        limit: int = limits.FAILED_SIGNINS,
        window: float = limits.FAILED_SIGNIN_SECONDS,
        size: int = 10_000,
    ) -> None:
        self.limit, self.window, self.size = limit, window, size
        self.seen: OrderedDict[str, deque[float]] = OrderedDict()

    def _recent(self, account: str) -> deque[float]:
        times = self.seen.get(account, deque())
        cutoff = time.monotonic() - self.window
        while times and times[0] < cutoff:
            times.popleft()
        return times

    def locked(self, account: str) -> bool:
        return len(self._recent(account)) >= self.limit

    def failed(self, account: str) -> None:
        times = self._recent(account)
        times.append(time.monotonic())
        self.seen[account] = times
        self.seen.move_to_end(account)
        while len(self.seen) > self.size:
            self.seen.popitem(last=False)

    def clear(self, account: str) -> None:
        self.seen.pop(account, None)


@dataclass
class Service:
    """What the routes share in one process: the tables, the outbox and its sender, the mail
    settings, the per-address limits and the threads that hash passwords."""

    data: Accounts
    box: mail.Outbox
    sender: mail.Sender
    config: mail.MailConfig
    key: bytes  # settings.mail_key
    run: mail.Runner  # database calls off the event loop (Hall.db)
    seats: Seats
    #: Argon2id takes tens of megabytes and a good part of a second a hash: two at a time.
    hashing: ThreadPoolExecutor = field(
        default_factory=lambda: ThreadPoolExecutor(2, thread_name_prefix="crisis-argon2")
    )
    failures: Failures = field(default_factory=Failures)
    buckets: dict[str, limits.PerAddress] = field(
        default_factory=lambda: {
            "signup": limits.PerAddress(limits.SIGNUPS_PER_HOUR / 3600, limits.SIGNUP_BURST),
            "signin": limits.PerAddress(limits.SIGNINS_PER_MINUTE / 60, limits.SIGNINS_PER_MINUTE),
            "links": limits.PerAddress(limits.LINK_REQUESTS_PER_HOUR / 3600, 5),
        }
    )

    async def hash(self, call: Any, *args: Any) -> Any:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.hashing, functools.partial(call, *args))

    def site(self) -> str:
        """The address every mailed link starts with: the configured one
        (:attr:`mail.MailConfig.site`), never the one a request names in its Host header,
        which the requester chooses."""
        return self.config.site

    def secure(self, request: Request) -> bool:
        return sessions.secure(request, self.config.public_url)

    async def queue(self, letter: mail.Mail) -> bool:
        """Put a mail in the outbox and wake the sender; a database failure is logged, never
        passed on (the request that wanted the mail goes on). Whether it was queued."""
        try:
            await self.run(self.box.add, letter)
        except Exception:
            log.exception("could not queue a %s mail", letter.kind)
            return False
        self.sender.wake()
        return True


def service(request: Request) -> Service:
    svc: Service = request.app.state.accounts
    return svc


Svc = Annotated[Service, Depends(service)]


def _address(request: Request) -> str:
    return request.client.host if request.client else "?"


def limited(bucket: str) -> Any:
    """A dependency spending one of the asker's tries at ``bucket`` (signup, signin, links)."""

    async def check(request: Request) -> None:
        if not service(request).buckets[bucket].take(_address(request)):
            raise TooFast("too many tries from your address; wait a while")

    return Depends(check)


async def _same_site(request: Request) -> None:
    sessions.check_same_site(request, service(request).config.public_url)


#: The cross-site guard, for every route that relies on the cookie or sets it.
same_site = Depends(_same_site)


async def current(request: Request, response: Response) -> Account | None:
    """The signed-in account of this browser (None: nobody is); a session used after a day
    is extended, and its cookie with it."""
    secret = sessions.cookie(request)
    if secret is None:
        return None
    svc = service(request)
    found = await svc.run(svc.data.session, secret, limits.SESSION_SECONDS)
    if found is None:
        return None
    account, extended = found
    if extended:
        sessions.set_cookie(response, secret, secure=svc.secure(request))
    return account


async def signed_in(account: Annotated[Account | None, Depends(current)]) -> Account:
    if account is None:
        raise SignedOut("sign in first")
    return account


Me = Annotated[Account, Depends(signed_in)]


# -- bodies ------------------------------------------------------------------------------------
class SignUpIn(BaseModel):
    name: StrictStr = Field(max_length=40)
    email: StrictStr = Field(max_length=300)
    password: StrictStr = Field(max_length=1000)  # past MAX_PASSWORD: a coded refusal


class SignInIn(BaseModel):
    login: StrictStr = Field(max_length=300)  # a name or an e-mail address
    password: StrictStr = Field(max_length=1000)


class PasswordIn(BaseModel):
    current: StrictStr = Field(max_length=1000)
    new: StrictStr = Field(max_length=1000)


class EmailIn(BaseModel):
    password: StrictStr = Field(max_length=1000)
    email: StrictStr = Field(max_length=300)


class ForgotIn(BaseModel):
    login: StrictStr = Field(max_length=300)


class ResetIn(BaseModel):
    token: StrictStr = Field(max_length=100)
    password: StrictStr = Field(max_length=1000)


class TokenIn(BaseModel):
    token: StrictStr = Field(max_length=100)


class MailIn(BaseModel):
    turns: StrictBool | None = None
    invites: StrictBool | None = None
    ends: StrictBool | None = None
    after_minutes: int | None = Field(None, ge=1, le=7 * 24 * 60)


# -- signing up, in and out --------------------------------------------------------------------
async def _sign_in(svc: Service, request: Request, response: Response, account: Account) -> None:
    """A new session for ``account`` in this browser's cookie; the session the browser had
    before (anyone's) ends, so that no cookie outlives its sign-out."""
    before = sessions.cookie(request)
    if before is not None:
        await svc.run(svc.data.end_session, before)
    secret = await svc.run(svc.data.new_session, account.id, limits.SESSION_SECONDS)
    sessions.set_cookie(response, secret, secure=svc.secure(request))


@router.get("/account")
async def my_account(account: Annotated[Account | None, Depends(current)]) -> dict[str, Any]:
    """The signed-in account (name, e-mail address, whether confirmed, mail settings), or
    ``{"account": null}``: only the account's own browser ever sees its address."""
    return {"account": None if account is None else account.mine()}


@router.post("/account/signup", status_code=201, dependencies=[same_site, limited("signup")])
async def sign_up(body: SignUpIn, request: Request, response: Response, svc: Svc) -> Any:
    """Make an account and sign this browser in; a link to confirm the address is mailed."""
    name = passwords.check_name(body.name)
    email = passwords.check_email(body.email)
    password = passwords.check_password(body.password, name=name, email=email)
    await svc.run(svc.data.check_free, name, email)  # before the costly hash
    hashed = await svc.hash(passwords.hash_password, password)
    account = await svc.run(svc.data.create, name, email, hashed)
    await _sign_in(svc, request, response, account)
    await _mail_confirm(svc, account)
    return {"account": account.mine()}


@router.post("/account/signin", dependencies=[same_site, limited("signin")])
async def sign_in(body: SignInIn, request: Request, response: Response, svc: Svc) -> Any:
    """Sign this browser in by name (or e-mail address) and password."""
    account = await svc.run(svc.data.find, body.login.strip()) if body.login.strip() else None
    if account is not None and svc.failures.locked(account.id):
        raise TooFast(
            "too many wrong passwords for this account lately; wait a quarter of an hour, or "
            "set a new password by the link 'Forgot your password?' mails"
        )
    stored = account.password if account is not None else passwords.DUMMY
    right = await svc.hash(passwords.verify, stored, body.password)
    if account is None or not right:
        if account is not None:
            svc.failures.failed(account.id)
        raise BadCredentials("no account has that name and password")
    if passwords.needs_rehash(stored):
        fresh = await svc.hash(passwords.hash_password, passwords.normal(body.password))
        await svc.run(svc.data.rehash, account.id, stored, fresh)
    await _sign_in(svc, request, response, account)
    return {"account": account.mine()}


@router.post("/account/signout", dependencies=[same_site])
async def sign_out(request: Request, response: Response, svc: Svc) -> dict[str, Any]:
    """Sign this browser out (its session ends; other browsers stay signed in)."""
    secret = sessions.cookie(request)
    if secret is not None:
        await svc.run(svc.data.end_session, secret)
    sessions.clear_cookie(response, secure=svc.secure(request))
    return {"account": None}


@router.post("/account/password", dependencies=[same_site])
async def change_password(body: PasswordIn, request: Request, me: Me, svc: Svc) -> Any:
    """Change the password (the current one first); every other browser is signed out."""
    if not await svc.hash(passwords.verify, me.password, body.current):
        raise BadCredentials("the current password is wrong")
    password = passwords.check_password(body.new, name=me.name, email=me.email)
    hashed = await svc.hash(passwords.hash_password, password)
    secret = sessions.cookie(request)
    await svc.run(svc.data.set_password, me.id, hashed, digest(secret) if secret else None)
    return {"account": me.mine()}


# -- mailed links ------------------------------------------------------------------------------
async def _mail_confirm(svc: Service, account: Account) -> None:
    secret = await svc.run(
        svc.data.new_link, account.id, "confirm", limits.CONFIRM_SECONDS, account.email
    )
    site = svc.site()
    await svc.queue(
        mail.letter(
            kind="confirm",
            account=account.id,
            recipient=account.email,
            subject="crisis: confirm your e-mail address",
            text=(
                f"Hello {account.name},\n\n"
                "To confirm that this address is yours, open\n"
                f"{site}/account/confirm#t={secret}\n\n"
                f"The link works once, for {limits.CONFIRM_SECONDS // 86_400} days."
            ),
            site=site,
            key=svc.key,
            stops="all",
            why=f"You get this mail because an account named {account.name} was made with "
            "this address at crisis.",
        )
    )


@router.post("/account/confirm/again", dependencies=[same_site, limited("links")])
async def confirm_again(request: Request, me: Me, svc: Svc) -> dict[str, Any]:
    """Mail a new link to confirm the address (a few an hour)."""
    if me.confirmed is None and await _may_link(svc, me, "confirm"):
        await _mail_confirm(svc, me)
    return {"account": me.mine()}


async def _may_link(svc: Service, account: Account, purpose: str) -> bool:
    since = now() - 3600
    sent = await svc.run(svc.data.links_since, account.id, purpose, since)
    return int(sent) < limits.LINKS_PER_ACCOUNT_HOUR


@router.post("/account/confirm", dependencies=[same_site])
async def confirm(body: TokenIn, svc: Svc) -> dict[str, Any]:
    """Confirm an address by the secret of the link mailed to it (once, until it expires)."""
    link = await svc.run(svc.data.use_link, body.token, "confirm")
    return {"confirmed": True, "name": link.account.name}


@router.post("/account/email", dependencies=[same_site, limited("links")])
async def change_email(body: EmailIn, request: Request, me: Me, svc: Svc) -> dict[str, Any]:
    """Change the e-mail address (the password first): the new one is unconfirmed until its
    link is followed, and the old one is told of the change."""
    if not await svc.hash(passwords.verify, me.password, body.password):
        raise BadCredentials("the password is wrong")
    email = passwords.check_email(body.email)
    account = await svc.run(svc.data.set_email, me.id, email)
    if passwords.email_key(me.email) != passwords.email_key(email):
        site = svc.site()
        undo = await svc.run(svc.data.new_link, me.id, "undo", limits.UNDO_EMAIL_SECONDS, me.email)
        await svc.queue(
            mail.letter(
                kind="changed",
                account=me.id,
                recipient=me.email,
                subject="crisis: your e-mail address was changed",
                text=(
                    f"Hello {me.name},\n\nThe e-mail address of your crisis account was just "
                    "changed, and crisis will mail the new one from now on.\n\n"
                    "If you did not change it, someone else has your password: open\n"
                    f"{site}/account/undo#t={undo}\n"
                    "to take this address back and set a new password (the link works once, "
                    f"for {limits.UNDO_EMAIL_SECONDS // 86_400} days)."
                ),
                site=site,
                key=svc.key,
                stops="all",
                why="You get this mail because it was the address of an account at crisis.",
            )
        )
    await _mail_confirm(svc, account)
    return {"account": account.mine()}


class UndoIn(BaseModel):
    token: StrictStr = Field(max_length=100)
    password: StrictStr = Field(max_length=1000)


@router.post("/account/undo", dependencies=[same_site])
async def undo_email(body: UndoIn, request: Request, response: Response, svc: Svc) -> Any:
    """Take the old address back by the link mailed to it when it was changed, with a new
    password; every browser is signed out, then this one signed in."""
    link = await svc.run(svc.data.peek_link, body.token, "undo")
    old = link.email or link.account.email
    password = passwords.check_password(body.password, name=link.account.name, email=old)
    hashed = await svc.hash(passwords.hash_password, password)
    account = await svc.run(_undo, svc.data, body.token, hashed)
    svc.failures.clear(account.id)
    await _sign_in(svc, request, response, account)
    return {"account": account.mine()}


def _undo(data: Accounts, token: str, hashed: str) -> Account:
    link = data.use_link(token, "undo")
    return data.restore(link.account.id, link.email or link.account.email, hashed)


@router.post("/account/forgot", status_code=202, dependencies=[same_site, limited("links")])
async def forgot(body: ForgotIn, request: Request, svc: Svc) -> dict[str, Any]:
    """Mail a link that sets a new password to the account with this name or address. The
    answer is the same whether there is one or not (it tells nobody who has an account)."""
    login = body.login.strip()
    account = await svc.run(svc.data.find, login) if login else None
    if account is not None and await _may_link(svc, account, "reset"):
        secret = await svc.run(svc.data.new_link, account.id, "reset", limits.RESET_SECONDS)
        site = svc.site()
        await svc.queue(
            mail.letter(
                kind="reset",
                account=account.id,
                recipient=account.email,
                subject="crisis: set a new password",
                text=(
                    f"Hello {account.name},\n\n"
                    f"To set a new password, open\n{site}/account/reset#t={secret}\n\n"
                    f"The link works once, for {limits.RESET_SECONDS // 60} minutes. If you did "
                    "not ask for it, ignore this mail: your password stays as it is."
                ),
                site=site,
                key=svc.key,
                stops="all",
                why="You get this mail because someone asked crisis for a new password for "
                "your account.",
            )
        )
    return {"sent": True}


@router.post("/account/reset", dependencies=[same_site])
async def reset(body: ResetIn, request: Request, response: Response, svc: Svc) -> Any:
    """Set a new password by the secret of a reset link (once, until it expires); every
    browser is signed out, then this one signed in. The address is then confirmed too."""
    link = await svc.run(svc.data.peek_link, body.token, "reset")
    account = link.account
    password = passwords.check_password(body.password, name=account.name, email=account.email)
    hashed = await svc.hash(passwords.hash_password, password)
    link = await svc.run(svc.data.use_link, body.token, "reset")
    await svc.run(svc.data.set_password, account.id, hashed, None, confirm=True)
    svc.failures.clear(account.id)
    fresh = await svc.run(svc.data.get, account.id)
    await _sign_in(svc, request, response, fresh)
    return {"account": fresh.mine()}


# -- mail settings -----------------------------------------------------------------------------
@router.post("/account/mail", dependencies=[same_site])
async def mail_settings(body: MailIn, me: Me, svc: Svc) -> dict[str, Any]:
    """Change which mails the account gets, and how long away before a turn notice."""
    values: dict[str, Any] = {}
    for name, column in (
        ("turns", "mail_turns"),
        ("invites", "mail_invites"),
        ("ends", "mail_ends"),
    ):
        if getattr(body, name) is not None:
            values[column] = int(getattr(body, name))
    if body.after_minutes is not None:
        values["mail_after"] = body.after_minutes
    account = await svc.run(svc.data.set_mail, me.id, values)
    return {"account": account.mine()}


STOPS = {
    "turns": {"mail_turns": 0},
    "invites": {"mail_invites": 0},
    "ends": {"mail_ends": 0},
    "all": {"mail_turns": 0, "mail_invites": 0, "mail_ends": 0},
}


@router.post("/mail/stop")
async def stop_mail(request: Request, svc: Svc, t: str | None = None) -> dict[str, Any]:
    """Stop the mails a stop link names: its secret as ``t`` (RFC 8058's one-click POST from
    a mail program) or as ``{"token": ...}`` (the page the link opens). Needs no sign-in."""
    token = t
    if token is None:
        try:
            token = TokenIn.model_validate_json(await request.body()).token
        except ValueError:
            token = None
    found = mail.read_stop_token(svc.key, token or "") if token and len(token) <= 100 else None
    if found is None:
        raise BadLink("that link is not one this site sent")
    account_id, kind = found
    account = await svc.run(svc.data.set_mail, account_id, STOPS[kind])
    if account is None:
        raise BadLink("that account is gone")
    return {"stopped": kind}


# -- seats that follow the person -------------------------------------------------------------
class SeatTokensIn(BaseModel):
    """Seat secrets this browser holds and plays (never a friend's invitation)."""

    tokens: list[Annotated[str, Field(max_length=100)]] = Field(max_length=200)


@router.post("/account/seats", dependencies=[same_site])
async def claim_seats(body: SeatTokensIn, me: Me, svc: Svc) -> dict[str, Any]:
    """Give the signed-in account the seats these secrets open (a guest who signs up claims
    the seats the browser holds; a signed-in browser claims each seat it takes). A seat
    another account holds stays theirs (listed as ``taken``); a secret that opens no
    person's seat is left out. Returns ``claimed`` and ``taken`` as ``[table, role]``."""
    hashes = sorted({hash_token(t) for t in body.tokens})
    claimed: dict[str, Any] = await svc.run(svc.seats.claim, me.id, hashes)
    return claimed


@router.get("/account/games")
async def your_games(me: Me, svc: Svc) -> dict[str, Any]:
    """ "Your games": every table where the account holds a seat, those waiting for you first
    (the longest waiting first, with ``waiting_since``), then the rest, newest first."""
    return {"games": await svc.run(svc.seats.games, me.id)}


# -- pages -------------------------------------------------------------------------------------
PAGES = {
    "/account": "account.html",
    "/account/signup": "signup.html",
    "/account/signin": "signin.html",
    "/account/forgot": "forgot.html",
    "/account/reset": "reset.html",
    "/account/undo": "undo.html",
    "/account/confirm": "confirm.html",
    "/mail/stop": "stop.html",
}


def _page(file: str) -> Any:
    async def page() -> FileResponse:
        return FileResponse(WEB / file)

    return page


for _path, _file in PAGES.items():
    pages.add_api_route(_path, _page(_file), methods=["GET"])
