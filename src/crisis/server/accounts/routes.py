"""The accounts' HTTP API (``/api/account/...``, ``/api/mail/stop``) and pages (``/account``,
``/account/signup`` ..., ``/mail/stop``).

Errors are the coded ``{"type": "error", "code", "message"}`` of every refusal
(:mod:`.errors`); a refused request changes nothing. Secrets of mailed links travel in the
page's fragment (``/account/reset#t=...``), which browsers never send, and then in a request
body: never in a URL the server logs.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request, Response
from fastapi.responses import FileResponse
from pydantic import BaseModel, Field, StrictBool, StrictStr

from crisis.server import limits
from crisis.server.accounts import passwords, sessions
from crisis.server.accounts.data import Account, Accounts, digest
from crisis.server.accounts.errors import (
    BadCredentials,
    BadLink,
    HashesSpent,
    LinkExpired,
    SignedOut,
)
from crisis.server.accounts.seats import Seats
from crisis.server.errors import BadMessage, TooFast
from crisis.server.mail import outbox as mail
from crisis.server.mail.channels import Notifier
from crisis.server.play.table import hash_token

log = logging.getLogger("crisis.accounts")

WEB = Path(str(resources.files("crisis") / "web"))


router = APIRouter(prefix="/api")
pages = APIRouter(include_in_schema=False)


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
    #: Push and webhooks (None: this app sends notices by mail only).
    notify: Notifier | None = None
    #: Argon2id takes tens of megabytes and a good part of a second a hash: a few at a time,
    #: a few waiting, the rest answered ``busy`` at once (:class:`passwords.Hasher`).
    hashing: passwords.Hasher = field(default_factory=passwords.Hasher)
    buckets: dict[str, limits.PerAddress] = field(
        default_factory=lambda: {
            "signup": limits.PerAddress(
                limits.SIGNUPS_PER_HOUR / 3600,
                limits.SIGNUP_BURST,
                prefix=limits.IPV6_SITE_PREFIX,  # a /48 whole: new accounts are cheap to spread
            ),
            "signin": limits.PerAddress(limits.SIGNINS_PER_MINUTE / 60, limits.SIGNINS_PER_MINUTE),
            "links": limits.PerAddress(limits.LINK_REQUESTS_PER_HOUR / 3600, 5),
            "password": limits.PerAddress(
                limits.PASSWORD_TRIES_PER_MINUTE / 60, limits.PASSWORD_BURST
            ),
        }
    )
    #: Work left to finish after the answer went (mails whose queuing must not show in the
    #: answer's timing), kept here so that none is collected before it ends.
    later: set[asyncio.Task[Any]] = field(default_factory=set)
    #: Hashes of the known lane each account may spend a :data:`passwords.KNOWN_WINDOW`.
    known_allowance: int = passwords.KNOWN_HASHES_PER_ACCOUNT
    #: The table websockets of each session in this process (closed when it ends).
    sockets: sessions.Sockets = field(default_factory=sessions.Sockets)

    async def hash(
        self,
        call: Any,
        *args: Any,
        lane: str | None = passwords.SHARED,
        account: Account | None = None,
    ) -> Any:
        """``call(*args)`` (a hash or a verification) in a hashing thread, spending one of the
        budget's ``lane`` (:class:`passwords.Budget`; None: a rehash, which spends none), or
        ``busy`` at once when too many wait or the lane is spent. The known lane is
        ``account``'s own, counted in the database for every process
        (:attr:`known_allowance`): one's own device cookie spends one's
        own account's allowance, never another's."""
        if lane == passwords.KNOWN:
            if account is None:
                raise ValueError("the known lane is an account's: name it")
            self.hashing.check(lane)  # a full queue: at once, nothing counted
            wait: int = await self.run(
                self.data.spend_allowance,
                f"known:{account.id}",
                self.known_allowance,
                passwords.KNOWN_WINDOW,
            )
            if wait:
                self.hashing.budget.refused[passwords.KNOWN] += 1
                raise HashesSpent(
                    "this account's passwords were checked too often lately; try again in "
                    f"{wait} s",
                    retry_after=wait,
                )
        return await self.hashing(call, *args, lane=lane)

    async def close_expired(self) -> int:
        """Close this process's table sockets whose session is over (expired, swept or ended
        while no notice reached here), each told why; how many. Run every
        :data:`sessions.CHECK_SECONDS` while the application runs."""
        held = list(self.sockets.by_session)
        if not held:
            return 0
        alive: set[str] = await self.run(self.data.live_sessions, held)
        return self.sockets.close([s for s in held if s not in alive])

    async def count(self, keys: list[str], window: int = limits.FAILED_SIGNIN_SECONDS) -> list[int]:
        """The attempts counted at ``keys`` in their current window (every process's)."""
        counts: list[int] = await self.run(self.data.attempts, keys, window)
        return counts

    async def attempt(
        self, keys: list[str], window: int = limits.FAILED_SIGNIN_SECONDS
    ) -> list[int]:
        """Count one more attempt at each of ``keys``; the counts now."""
        counts: list[int] = await self.run(self.data.attempt, keys, window)
        return counts

    #: The event loop the application started on (where work after an answer runs).
    loop: asyncio.AbstractEventLoop | None = None

    def after(self, work: Coroutine[Any, Any, Any]) -> None:
        """Run ``work`` after the answer, on the application's event loop (its failure is
        logged, never passed on)."""
        loop = self.loop or asyncio.get_running_loop()
        if loop is asyncio.get_running_loop():
            self._track(asyncio.create_task(work))
        else:  # a request served on another loop (tests' clients): hand the work over
            loop.call_soon_threadsafe(lambda: self._track(loop.create_task(work)))

    def _track(self, task: asyncio.Task[Any]) -> None:
        self.later.add(task)

        def done(task: asyncio.Task[Any]) -> None:
            self.later.discard(task)
            if not task.cancelled() and task.exception() is not None:
                log.error("work after an answer failed", exc_info=task.exception())

        task.add_done_callback(done)

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
    """The asker's address as per-address limits count it (an IPv6 client by its /64)."""
    return limits.client_key(request.client.host if request.client else "?")


def limited(bucket: str) -> Any:
    """A dependency spending one of the asker's tries at ``bucket`` (signup, signin, links,
    password)."""

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
    next: StrictStr | None = Field(None, max_length=1000)  # where the page goes afterwards


class SignInIn(BaseModel):
    login: StrictStr = Field(max_length=300)  # a name or an e-mail address
    password: StrictStr = Field(max_length=1000)
    next: StrictStr | None = Field(None, max_length=1000)  # where the page goes afterwards


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
    before (anyone's) ends, so that no cookie outlives its sign-out. The browser is known to
    the account from now on (its device cookie)."""
    before = sessions.cookie(request)
    if before is not None:
        await svc.run(svc.data.end_session, before)
        svc.sockets.close([digest(before)])  # its seats were the other session's
    secret = await svc.run(svc.data.new_session, account.id, limits.SESSION_SECONDS)
    sessions.set_cookie(response, secret, secure=svc.secure(request))
    if sessions.device(request, svc.key, account.id) is None:
        device = sessions.device_token(svc.key, account.id)
        sessions.set_device(response, device, secure=svc.secure(request))


def _login_key(login: str) -> str:
    """What a sign-in's ``login`` is counted under when no account has it (an address by its
    key, a name by its key), so that unknown names are counted as known ones are."""
    return "?" + (passwords.email_key(login) if "@" in login else passwords.name_key(login))


def _next(value: str | None) -> str:
    """Where the page goes after signing in: ``value`` if it is a path of this site (read
    with the URL parser: no other host however spelled), else the account page."""
    return sessions.same_origin_path(value)


#: Why a sign-in waits (the same words for every account, known or not).
HELD = (
    "too many wrong passwords for this account lately; wait a quarter of an hour, sign in "
    "from a browser that signed in to it before, or set a new password by the link "
    "'Forgot your password?' mails"
)


@router.get("/account")
async def my_account(account: Annotated[Account | None, Depends(current)]) -> dict[str, Any]:
    """The signed-in account (name, e-mail address, whether confirmed, mail settings), or
    ``{"account": null}``: only the account's own browser ever sees its address."""
    return {"account": None if account is None else account.mine()}


@router.post("/account/signup", status_code=201, dependencies=[same_site, limited("signup")])
async def sign_up(body: SignUpIn, request: Request, response: Response, svc: Svc) -> Any:
    """Make an account and sign this browser in; a link to confirm the address is mailed.

    An address another account has is answered exactly as a free one: the account is made
    and signed in, and shows the address unconfirmed, but holds it only as a stand-in that
    is never confirmed nor mailed (its owner is told instead): the answer, the cookies and
    the account's page tell nobody who has an account here. Names are public (tables and
    ratings show them), so a taken name is said."""
    name, email, password = _checked(body)
    svc.hashing.check(passwords.SHARED)  # a full queue or a spent budget: at once
    svc.hashing.budget.check(passwords.SHARED)
    keys = [f"signup:{passwords.email_key(email)}", f"signup:{passwords.name_key(name)}"]
    if max(await svc.count(keys, 3600)) >= limits.SIGNUPS_PER_ACCOUNT_HOUR:
        raise TooFast("too many sign-ups with this name or address lately; wait a while")
    await svc.run(svc.data.check_name_free, name)  # before the costly hash
    hashed = await svc.hash(passwords.hash_password, password)
    await svc.attempt(keys, 3600)  # a hash was spent on them
    account = await svc.run(svc.data.create, name, email, hashed)
    await _sign_in(svc, request, response, account)
    svc.after(_mail_confirm(svc, account))
    return {"account": account.mine(), "next": _next(body.next)}


def _checked(body: SignUpIn) -> tuple[str, str, str]:
    """A sign-up's name, address and password, each checked: every one that is wrong is said
    at once (a form that answers one mistake at a time makes a newcomer send it thrice), with
    the first one's code, so that the page goes to that field."""
    problems: list[BadMessage] = []
    name = email = password = ""
    try:
        name = passwords.check_name(body.name)
    except BadMessage as exc:
        problems.append(exc)
    try:
        email = passwords.check_email(body.email)
    except BadMessage as exc:
        problems.append(exc)
    try:
        password = passwords.check_password(
            body.password, name=name or body.name, email=email or body.email
        )
    except BadMessage as exc:
        problems.append(exc)
    if len(problems) > 1:
        raise type(problems[0])("; ".join(str(p) for p in problems))
    if problems:
        raise problems[0]
    return name, email, password


async def _mail_taken(svc: Service, email: str) -> None:
    """Tell the owner of ``email`` that someone gave it for another account (at most a few
    an hour, whoever asks); nothing else happens."""
    owner = await svc.run(svc.data.find, email)
    if owner is None:
        return
    if not await _may_link(svc, owner, "taken"):
        return
    site = svc.site()
    await svc.queue(
        mail.letter(
            kind="taken",
            account=owner.id,
            recipient=owner.email,
            subject="crisis: your address was given for another account",
            text=(
                f"Hello {owner.name},\n\n"
                "Someone gave this e-mail address for another account at crisis. It stays "
                "your account's, and nothing was changed. If it was you, sign in instead:\n"
                f"{site}/account/signin\n\n"
                f"Forgot your password? Set a new one at\n{site}/account/forgot"
            ),
            site=site,
            key=svc.key,
            stops="all",
            generation=owner.mail_gen,
            why="You get this mail because this address is the one of an account at crisis.",
        )
    )


@router.post("/account/signin", dependencies=[same_site, limited("signin")])
async def sign_in(body: SignInIn, request: Request, response: Response, svc: Svc) -> Any:
    """Sign this browser in by name (or e-mail address) and password.

    Wrong passwords are counted per account and per account and address (every process's,
    in the database): past their limits the sign-ins wait, with no hash, except from a
    browser holding the account's device cookie, whose own wrong passwords are counted
    apart. A name nobody has is counted and answered exactly as a known one."""
    svc.hashing.check()  # a full queue answers at once, before any other work
    if not sessions.has_device(request):  # no known browser: the strangers' lane, spent?
        svc.hashing.budget.check(passwords.SHARED)
    login = body.login.strip()
    # By address only a confirmed one: an unconfirmed address (free or another's, held as a
    # stand-in) signs nobody in, so that a sign-in after a sign-up tells nothing.
    account = await svc.run(lambda: svc.data.find(login, confirmed=True)) if login else None
    who = account.id if account is not None else _login_key(login)
    device = sessions.device(request, svc.key, account.id) if account is not None else None
    address = limits.site_key(_address(request))  # an IPv6 client by its /48
    keys = [f"fail:{who}", f"fail:{who}:{address}", f"fail:from:{address}"]
    if device is not None:
        keys.append(f"fail:device:{device}")
    counts = await svc.count(keys)
    trusted = device is not None and counts[3] < limits.FAILED_SIGNINS_PER_DEVICE
    if not trusted and (
        counts[0] >= limits.FAILED_SIGNINS
        or counts[1] >= limits.FAILED_SIGNINS_PER_ADDRESS
        or counts[2] >= limits.FAILED_SIGNINS_FROM_ADDRESS
    ):
        raise TooFast(HELD)
    stored = account.password if account is not None else passwords.DUMMY
    # The owner's known browser has a lane of the hash budget that strangers cannot spend.
    lane = passwords.KNOWN if trusted else passwords.SHARED
    right = await svc.hash(passwords.verify, stored, body.password, lane=lane, account=account)
    if account is None or not right:
        await svc.attempt(keys)
        raise BadCredentials(
            "no account has that name and password (an address signs in once it is confirmed)"
        )
    # A right password forgets this name's count from here and the device's, never the
    # address's spray count (one account of one's own must not wipe it).
    await svc.run(svc.data.forget_attempts, [keys[1], *keys[3:]])
    if passwords.needs_rehash(stored):
        fresh = await svc.hash(passwords.hash_password, passwords.normal(body.password), lane=None)
        await svc.run(svc.data.rehash, account.id, stored, fresh)
    await _sign_in(svc, request, response, account)
    return {"account": account.mine(), "next": _next(body.next)}


@router.post("/account/signout", dependencies=[same_site])
async def sign_out(request: Request, response: Response, svc: Svc) -> dict[str, Any]:
    """Sign this browser out (its session ends; other browsers stay signed in)."""
    secret = sessions.cookie(request)
    if secret is not None:
        await svc.run(svc.data.end_session, secret)
        svc.sockets.close([digest(secret)])  # its tables' sockets too
    sessions.clear_cookie(response, secure=svc.secure(request))
    return {"account": None}


async def _check_password(svc: Service, me: Account, password: str, wrong: str) -> None:
    """Refuse (:class:`BadCredentials`, the try counted) a password that is not ``me``'s;
    past a few wrong ones in the window, refuse at once (:class:`TooFast`), with no hash."""
    key = [f"wrong:{me.id}"]
    if (await svc.count(key))[0] >= limits.WRONG_PASSWORDS_PER_ACCOUNT:
        raise TooFast("too many wrong passwords lately; wait a quarter of an hour")
    if not await svc.hash(passwords.verify, me.password, password):
        await svc.attempt(key)
        raise BadCredentials(wrong)


async def _link_hash(svc: Service, account: Account) -> None:
    """Count a new password set by a mailed link (reset, undo) for ``account``; past the
    limit, :class:`TooFast` with no hash."""
    if (await svc.attempt([f"linkhash:{account.id}"]))[0] > limits.LINK_HASHES_PER_ACCOUNT:
        raise TooFast("too many new passwords for this account lately; wait a while")


@router.post("/account/password", dependencies=[same_site, limited("password")])
async def change_password(body: PasswordIn, request: Request, me: Me, svc: Svc) -> Any:
    """Change the password (the current one first); every other browser is signed out."""
    await _check_password(svc, me, body.current, "the current password is wrong")
    password = passwords.check_password(body.new, name=me.name, email=me.email)
    hashed = await svc.hash(passwords.hash_password, password)
    secret = sessions.cookie(request)
    ended = await svc.run(svc.data.set_password, me.id, hashed, digest(secret) if secret else None)
    svc.sockets.close(ended)  # the other browsers' table sockets
    return {"account": me.mine()}


# -- mailed links ------------------------------------------------------------------------------
async def _mail_confirm(svc: Service, account: Account) -> None:
    """Mail the link that confirms ``account``'s address; for a stand-in (an address another
    account has), tell that address's owner instead (a few times an hour at most)."""
    if account.held:
        await _mail_taken(svc, account.email)
        return
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
            generation=account.mail_gen,
            why=f"You get this mail because an account named {account.name} was made with "
            "this address at crisis.",
        )
    )


@router.post("/account/confirm/again", dependencies=[same_site, limited("links")])
async def confirm_again(request: Request, me: Me, svc: Svc) -> dict[str, Any]:
    """Mail a new link to confirm the address (a few an hour)."""
    if me.confirmed is None and await _may_link(svc, me, "confirm"):
        svc.after(_mail_confirm(svc, me))
    return {"account": me.mine()}


async def _may_link(svc: Service, account: Account, purpose: str) -> bool:
    """Whether one more ``purpose`` mail may go to ``account`` this hour (counted at once, in
    one statement: asked for at the same moment, they are still a few an hour)."""
    sent = await svc.attempt([f"link:{purpose}:{account.id}"], 3600)
    return sent[0] <= limits.LINKS_PER_ACCOUNT_HOUR


@router.post("/account/confirm", dependencies=[same_site])
async def confirm(body: TokenIn, svc: Svc) -> dict[str, Any]:
    """Confirm an address by the secret of the link mailed to it (once, until it expires)."""
    link = await svc.run(svc.data.use_link, body.token, "confirm")
    return {"confirmed": True, "name": link.account.name}


@router.post("/account/email", dependencies=[same_site, limited("links"), limited("password")])
async def change_email(body: EmailIn, request: Request, me: Me, svc: Svc) -> dict[str, Any]:
    """Change the e-mail address (the password first): the new one is unconfirmed until its
    link is followed, and the old one is told of the change (its own confirmed address given
    again changes nothing and mails nobody). An address another account has
    is taken and answered exactly as a free one, but held only as a stand-in (never
    confirmed nor mailed; its owner is told instead), so that the answer and the account's
    page tell nobody who has an account here.

    Each change mails two addresses, either of which may be a stranger's: an account may
    change its address :data:`limits.LINKS_PER_ACCOUNT_HOUR` times an hour (past that it is
    refused, ``rate_limited``, and nothing changes), and the confirmation link counts
    against the account's hourly confirm links, as asking for it again does."""
    await _check_password(svc, me, body.password, "the password is wrong")
    email = passwords.check_email(body.email)
    changes = await svc.attempt([f"email:{me.id}"], 3600)
    if changes[0] > limits.LINKS_PER_ACCOUNT_HOUR:
        raise TooFast("this account's address was changed too often lately; wait an hour")
    account = await svc.run(svc.data.set_email, me.id, email)
    if account.confirmed is not None:
        return {"account": account.mine()}  # its own confirmed address again: no change
    if passwords.email_key(me.email) != passwords.email_key(email) and not me.held:
        svc.after(_mail_changed(svc, me))
    if await _may_link(svc, account, "confirm"):
        svc.after(_mail_confirm(svc, account))
    return {"account": account.mine()}


async def _mail_changed(svc: Service, me: Account) -> None:
    """Tell the old address of a change, with the link that takes it back."""
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
            generation=me.mail_gen,
            why="You get this mail because it was the address of an account at crisis.",
        )
    )


class UndoIn(BaseModel):
    token: StrictStr = Field(max_length=100)
    password: StrictStr = Field(max_length=1000)


@router.post("/account/undo", dependencies=[same_site, limited("password")])
async def undo_email(body: UndoIn, request: Request, response: Response, svc: Svc) -> Any:
    """Take the old address back by the link mailed to it when it was changed, with a new
    password; every browser is signed out, then this one signed in."""
    link = await svc.run(svc.data.peek_link, body.token, "undo")
    old = link.email or link.account.email
    password = passwords.check_password(body.password, name=link.account.name, email=old)
    await _link_hash(svc, link.account)
    hashed = await svc.hash(
        passwords.hash_password, password, lane=passwords.KNOWN, account=link.account
    )
    account, ended = await svc.run(_undo, svc.data, body.token, hashed)
    svc.sockets.close(ended)  # every browser's table sockets (other processes are told)
    await svc.run(svc.data.forget_attempts, [f"fail:{account.id}", f"wrong:{account.id}"])
    await _sign_in(svc, request, response, account)
    return {"account": account.mine()}


def _undo(data: Accounts, token: str, hashed: str) -> tuple[Account, list[str]]:
    link = data.use_link(token, "undo")
    return data.restore(link.account.id, link.email or link.account.email, hashed)


@router.post("/account/forgot", status_code=202, dependencies=[same_site, limited("links")])
async def forgot(body: ForgotIn, svc: Svc) -> dict[str, Any]:
    """Mail a link that sets a new password to the account with this name or address. The
    answer is the same, and comes as soon, whether there is one or not (the mail is made
    after the answer): it tells nobody who has an account."""
    login = body.login.strip()
    if login and len(login) <= passwords.MAX_EMAIL:
        svc.after(_mail_reset(svc, login))
    return {"sent": True}


async def _mail_reset(svc: Service, login: str) -> None:
    account = await svc.run(svc.data.find, login)
    if account is None or account.held or not await _may_link(svc, account, "reset"):
        return
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
            generation=account.mail_gen,
            why="You get this mail because someone asked crisis for a new password for "
            "your account.",
        )
    )


@router.post("/account/reset", dependencies=[same_site, limited("password")])
async def reset(body: ResetIn, request: Request, response: Response, svc: Svc) -> Any:
    """Set a new password by the secret of a reset link (once, until it expires); every
    browser is signed out, then this one signed in. The address is then confirmed too, and
    the account's wrong passwords are forgotten."""
    link = await svc.run(svc.data.peek_link, body.token, "reset")
    account = link.account
    password = passwords.check_password(body.password, name=account.name, email=account.email)
    await _link_hash(svc, account)
    hashed = await svc.hash(
        passwords.hash_password, password, lane=passwords.KNOWN, account=account
    )
    link = await svc.run(svc.data.use_link, body.token, "reset")
    ended = await svc.run(svc.data.set_password, account.id, hashed, None, confirm=True)
    svc.sockets.close(ended)
    await svc.run(svc.data.forget_attempts, [f"fail:{account.id}", f"wrong:{account.id}"])
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


#: The body an RFC 8058 one-click POST carries (the mail program's button).
ONE_CLICK = b"List-Unsubscribe=One-Click"


@router.post("/mail/stop")
async def stop_mail(request: Request, svc: Svc, t: str | None = None) -> dict[str, Any]:
    """Stop the mails a stop link names. The page the mailed link opens posts its secret in
    the body (``{"token": ...}``: the link holds it in its fragment, which no server logs);
    a mail program's one-click POST (RFC 8058, the ``List-Unsubscribe`` header's URL, body
    ``List-Unsubscribe=One-Click``) names it as ``t``, and the server's access log shows it
    hidden. A link works while the account's mail settings are those it was mailed under:
    any change of them (this one too) ends it. Needs no sign-in."""
    raw = await request.body()
    token: str | None = None
    if t is not None:
        if raw.strip() != ONE_CLICK:
            raise BadLink("a stop link's secret goes in the request's body")
        token = t
    else:
        try:
            token = TokenIn.model_validate_json(raw).token
        except ValueError:
            token = None
    found = mail.read_stop_token(svc.key, token or "") if token and len(token) <= 100 else None
    if found is None:
        raise BadLink("that link is not one this site sent")
    account_id, kind, generation = found
    account = await svc.run(svc.data.set_mail, account_id, STOPS[kind], generation)
    if account is None:
        raise LinkExpired(
            "that link has expired (the mail settings changed since it was mailed); change "
            "them on your account's page"
        )
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
