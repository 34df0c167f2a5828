"""Mail: the outbox in the database and the task that sends it over SMTP.

Whatever wants to mail someone adds a row to ``outbox`` (in its own transaction, or in the one
that made the reason to mail); the :class:`Sender` of each server process takes the due rows
(one process per row: taking a row is a compare-and-set on its ``due``, which also leases it
for a while in case the process dies mid-send), sends them with aiosmtplib, and on failure puts
them back with a doubling wait (``limits.MAIL_RETRY_SECONDS`` up to
``limits.MAIL_RETRY_MAX_SECONDS``) until ``limits.MAIL_ATTEMPTS`` tries have failed. Nothing
waits for a mail: a mail that cannot go never blocks play, a sign-up or anything else.

With no SMTP server configured (the default), each mail is written to the server log (the
``crisis.mail`` logger) and kept in the database marked ``logged``: nothing fails and nothing
is lost, and a developer follows the links in the log.

Every mail names a link that stops such mails (:func:`stop_token`, signed with the site's
``settings.mail_key``), in its text and in the ``List-Unsubscribe`` headers (RFC 2369, and
RFC 8058's one-click POST, which mail programs offer as a button).

Configuration: ``smtp_url`` (``CRISIS_SMTP_URL``), e.g. ``smtp://user:password@host:587``
(STARTTLS when the server offers it), ``smtp+starttls://...`` (STARTTLS required) or
``smtps://...`` (TLS from the first byte, port 465); ``public_url`` (``CRISIS_PUBLIC_URL``),
the site's address as people reach it, which every link in a mail starts with; ``mail_from``
(``CRISIS_MAIL_FROM``), the sender's address (default ``crisis@`` the public host).

Links are built from the configured address only, never from a request's ``Host`` header
(anyone can send any Host: a reset link built from it would lead the owner's secret to the
sender's site). So SMTP without a public URL is refused at start; without SMTP (mails only
reach the log) the links start with the address the server listens on (``local_url``).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import io
import json
import logging
import os
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from email.generator import BytesGenerator
from email.message import EmailMessage
from email.policy import SMTP
from email.utils import formatdate, make_msgid
from typing import Any
from urllib.parse import unquote, urlsplit

import aiosmtplib
from sqlalchemy import Connection, Engine, delete, insert, select, update

from crisis.server import limits
from crisis.server.accounts.schema import HELD, accounts
from crisis.server.mail import Courier, Undeliverable
from crisis.server.mail.schema import outbox

log = logging.getLogger("crisis.mail")

Runner = Callable[..., Awaitable[Any]]

#: The environment variables read when a setting is not given.
SMTP_ENV, PUBLIC_ENV, FROM_ENV = "CRISIS_SMTP_URL", "CRISIS_PUBLIC_URL", "CRISIS_MAIL_FROM"
#: What a stop link may stop: each kind of notice, or every one.
STOPPABLE = ("turns", "invites", "ends", "all")
#: What each stop link stops, in the words of a mail's last line.
STOP_WORDS = {
    "turns": "turn notices",
    "invites": "invitations to tables",
    "ends": "game results",
    "all": "turn notices, invitations and game results",
}


#: Why a site with SMTP and no public URL does not start.
NO_PUBLIC_URL = (
    "mail is set to go out over SMTP but the site's public address is not set: set "
    "--public-url (or CRISIS_PUBLIC_URL) to the address people reach the site at, e.g. "
    "https://crisis.example; every link in a mail is built from it, never from a request"
)


@dataclass(frozen=True)
class MailConfig:
    """Where mail goes and what links in it start with (see the module's text)."""

    smtp_url: str | None = None
    public_url: str | None = None
    mail_from: str | None = None
    #: Where links start without a public URL (only without SMTP: the mails reach the log).
    local_url: str = "http://localhost"

    @property
    def site(self) -> str:
        """The address every mailed link starts with: the public URL, else (no SMTP, so
        the mails only reach the log) the address the server listens on."""
        return self.public_url or self.local_url

    @classmethod
    def make(
        cls,
        smtp_url: str | None = None,
        public_url: str | None = None,
        mail_from: str | None = None,
        local_url: str | None = None,
    ) -> MailConfig:
        """The settings given, else those in the environment, else none. :class:`ValueError`
        (saying what to set) for an SMTP or public URL it cannot use, and for SMTP without
        a public URL."""
        config = cls(
            smtp_url=smtp_url or os.environ.get(SMTP_ENV) or None,
            public_url=(public_url or os.environ.get(PUBLIC_ENV) or "").rstrip("/") or None,
            mail_from=mail_from or os.environ.get(FROM_ENV) or None,
            local_url=(local_url or "http://localhost").rstrip("/"),
        )
        if config.smtp_url is not None:
            smtp_settings(config.smtp_url)  # refuse a URL it cannot use now, not at first mail
            if config.public_url is None:
                raise ValueError(NO_PUBLIC_URL)
        for url in (config.public_url, config.local_url):
            if url is not None:
                _check_site(url)
        return config

    def sender(self) -> str:
        """The From address: the one set, else ``crisis@`` the site's host."""
        if self.mail_from:
            return self.mail_from
        host = urlsplit(self.site).hostname or "localhost"
        return f"crisis@{host}"

    def shown(self) -> str:
        """The SMTP server as the log may show it (never the password)."""
        if self.smtp_url is None:
            return "none (mails are written to the log)"
        parts = urlsplit(self.smtp_url)
        user = f"{unquote(parts.username)}@" if parts.username else ""
        return f"{parts.scheme}://{user}{parts.hostname}:{parts.port or ''}".rstrip(":")


def _check_site(url: str) -> None:
    """Refuse (:class:`ValueError`) a site address links cannot start with: one that is not
    ``http(s)://host[:port][/path]`` (no user, query or fragment)."""
    parts = urlsplit(url)
    try:
        parts.port  # noqa: B018 (reading it checks it)
    except ValueError:
        raise ValueError(f"the public URL's port is not a number: {url}") from None
    if (
        parts.scheme not in ("http", "https")
        or not parts.hostname
        or parts.username is not None
        or parts.query
        or parts.fragment
        or any(c.isspace() or c in '<>"\\' for c in url)
    ):
        raise ValueError(
            f"the public URL must be http(s)://host[:port][/path], nothing else: {url}"
        )


def smtp_settings(url: str) -> dict[str, Any]:
    """aiosmtplib's connection settings for an SMTP URL (see the module's text)."""
    parts = urlsplit(url)
    schemes: dict[str, tuple[int, bool, bool | None]] = {
        "smtp": (25, False, None),
        "smtp+starttls": (587, False, True),
        "smtps": (465, True, False),
    }
    if parts.scheme not in schemes or not parts.hostname:
        raise ValueError(
            "the SMTP URL is smtp://[user:password@]host[:port] (or smtp+starttls://, smtps://)"
        )
    port, use_tls, start_tls = schemes[parts.scheme]
    return {
        "hostname": parts.hostname,
        "port": parts.port or port,
        "username": unquote(parts.username) if parts.username else None,
        "password": unquote(parts.password) if parts.password else None,
        "use_tls": use_tls,
        "start_tls": start_tls,
        "timeout": limits.SMTP_TIMEOUT,
    }


# -- stop links --------------------------------------------------------------------------------
def stop_token(key: bytes, account: str, kind: str, generation: int = 0) -> str:
    """The secret of the link that stops ``kind`` mails (see :data:`STOPPABLE`) to
    ``account``: it stops only that, and only while the account's mail settings are those
    of ``generation`` (``accounts.mail_gen``; any change of them, by a link or the account's
    page, ends every stop link mailed before)."""
    body = f"stop:{account}:{kind}:{generation}"
    mac = hmac.new(key, body.encode(), hashlib.sha256).hexdigest()[:32]
    return f"{account}.{kind}.{generation}.{mac}"


def read_stop_token(key: bytes, token: str) -> tuple[str, str, int] | None:
    """``(account, kind, generation)`` of a genuine stop link's secret, else None."""
    parts = token.split(".")
    if len(parts) != 4 or parts[1] not in STOPPABLE or not parts[2].isdigit():
        return None
    account, kind, generation = parts[0], parts[1], int(parts[2])
    if len(parts[2]) > 9 or not hmac.compare_digest(
        stop_token(key, account, kind, generation), token
    ):
        return None
    return account, kind, generation


class HideStopSecrets(logging.Filter):
    """Hides the secret of a one-click stop (``/api/mail/stop?t=...``) in the server's
    access log (uvicorn's, whose arguments are address, method, path, version, status)."""

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args
        if isinstance(args, tuple) and len(args) >= 3 and isinstance(args[2], str):
            if args[2].startswith("/api/mail/stop?"):
                record.args = (*args[:2], "/api/mail/stop?t=(hidden)", *args[3:])
        return True


def hide_stop_secrets(logger: str = "uvicorn.access") -> None:
    """Add :class:`HideStopSecrets` to ``logger`` (once)."""
    target = logging.getLogger(logger)
    if not any(isinstance(f, HideStopSecrets) for f in target.filters):
        target.addFilter(HideStopSecrets())


# -- mails -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Mail:
    """A mail to put in the outbox."""

    kind: str  # confirm | reset | turn | invite | end
    recipient: str
    subject: str
    body: str
    account: str | None = None
    headers: dict[str, str] = field(default_factory=dict)
    #: The road it takes: ``mail``, or a channel of :mod:`crisis.server.mail` (``push``:
    #: ``recipient`` is a subscription's id; ``webhook``: the account's id).
    channel: str = "mail"


def letter(
    *,
    kind: str,
    account: str,
    recipient: str,
    subject: str,
    text: str,
    site: str,
    key: bytes,
    stops: str,
    why: str,
    generation: int = 0,
) -> Mail:
    """A mail to an account: ``text``, then why it came and the link that stops ``stops``
    mails (in the text and in the ``List-Unsubscribe`` headers). ``site``: the public URL;
    ``generation``: the account's ``mail_gen`` (see :func:`stop_token`)."""
    token = stop_token(key, account, stops, generation)
    page = f"{site}/mail/stop#t={token}"
    one_click = f"{site}/api/mail/stop?t={token}"
    what = STOP_WORDS[stops]
    body = f"{text.rstrip()}\n\n-- \n{why}\nTo get no more {what} from crisis, open {page}\n"
    return Mail(
        kind=kind,
        recipient=recipient,
        subject=subject,
        body=body,
        account=account,
        headers={
            "List-Unsubscribe": f"<{one_click}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            "Auto-Submitted": "auto-generated",
        },
    )


# -- the outbox --------------------------------------------------------------------------------
def _now() -> int:
    return int(time.time())


class Outbox:
    """The ``outbox`` table: every method is one short transaction (or part of the caller's,
    given its connection)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def add(self, mail: Mail, db: Connection | None = None) -> int:
        """Queue ``mail`` to go now; returns its id, or 0 when the guard refuses it: a mail
        for an account that holds its address only as a stand-in (another account's
        address, given at sign-up or as a change) never goes to that address, whatever
        asked for it (:func:`held_address`)."""
        moment = _now()
        values = {
            "account": mail.account,
            "kind": mail.kind,
            "recipient": mail.recipient,
            "subject": mail.subject[:200],
            "body": mail.body,
            "headers": json.dumps(mail.headers),
            "channel": mail.channel,
            "status": "queued",
            "attempts": 0,
            "due": moment,
            "created": moment,
        }
        if db is not None:
            return _guarded(db, values)
        with self.engine.begin() as own:
            return _guarded(own, values)

    def due(self, limit: int = 20) -> list[dict[str, Any]]:
        """Queued mails whose time has come, the longest waiting first."""
        with self.engine.connect() as db:
            rows = db.execute(
                select(outbox)
                .where(outbox.c.status == "queued", outbox.c.due <= _now())
                .order_by(outbox.c.due, outbox.c.id)
                .limit(limit)
            )
            return [dict(r._mapping) for r in rows]

    def take(self, mail_id: int, seen_due: int, lease: int) -> bool:
        """Take a due mail to send (counting the try): False when another process took it
        first. It stays leased ``lease`` seconds: a process that dies mid-send leaves it to be
        taken again then."""
        with self.engine.begin() as db:
            taken = db.execute(
                update(outbox)
                .where(
                    outbox.c.id == mail_id,
                    outbox.c.status == "queued",
                    outbox.c.due == seen_due,
                )
                .values(due=_now() + lease, attempts=outbox.c.attempts + 1)
            )
            return taken.rowcount == 1

    def done(self, mail_id: int, status: str = "sent") -> None:
        """The mail went (``sent``) or was written to the log (``logged``)."""
        with self.engine.begin() as db:
            db.execute(
                update(outbox)
                .where(outbox.c.id == mail_id)
                .values(status=status, sent=_now(), error=None)
            )

    def retry(self, mail_id: int, error: str, at: int | None) -> None:
        """The try failed: try again at the moment ``at``, or give up (None)."""
        values: dict[str, Any] = {"error": error[:500]}
        if at is None:
            values["status"] = "failed"
        else:
            values["due"] = at
        with self.engine.begin() as db:
            db.execute(update(outbox).where(outbox.c.id == mail_id).values(values))

    def purge(self, older_than: int) -> int:
        """Forget mails that went, were logged or were given up, ``older_than`` seconds ago."""
        with self.engine.begin() as db:
            gone = db.execute(
                delete(outbox).where(
                    outbox.c.status != "queued", outbox.c.created < _now() - older_than
                )
            )
            return int(gone.rowcount or 0)

    def get(self, mail_id: int) -> dict[str, Any] | None:
        with self.engine.connect() as db:
            row = db.execute(select(outbox).where(outbox.c.id == mail_id)).first()
        return None if row is None else dict(row._mapping)


def held_address(db: Connection, account: str | None, recipient: str) -> bool:
    """Whether ``recipient`` is an address ``account`` holds only as a stand-in (another
    account's: :data:`crisis.server.accounts.schema.HELD`), to which nothing is ever mailed for
    it: its owner would learn of an account they did not make, and its holder could have
    the site mail a stranger at will."""
    if account is None:
        return False
    row = db.execute(
        select(accounts.c.email, accounts.c.email_key).where(accounts.c.id == account)
    ).first()
    return (
        row is not None
        and str(row.email_key).startswith(HELD)
        and row.email.strip().lower() == recipient.strip().lower()
    )


def _guarded(db: Connection, values: dict[str, Any]) -> int:
    if values["channel"] == "mail" and held_address(db, values["account"], values["recipient"]):
        log.info("mail: a %s mail for an address held as a stand-in was not queued", values["kind"])
        return 0
    return _added(db, values)


def _added(db: Connection, values: dict[str, Any]) -> int:
    key = db.execute(insert(outbox).values(values)).inserted_primary_key
    assert key is not None
    return int(key[0])


#: How mails are written: SMTP's line ends, and header lines up to RFC 5322's limit, so that
#: a long ``List-Unsubscribe`` URL stays a plain ``<https://...>`` (folded to 78 characters
#: it would become an RFC 2047 encoded word, which mail programs do not read as a URL).
POLICY = SMTP.clone(max_line_length=998)


def message(row: dict[str, Any], sender: str) -> EmailMessage:
    """The mail an outbox row holds, as sent."""
    mail = EmailMessage(policy=POLICY)
    mail["From"] = sender
    mail["To"] = row["recipient"]
    mail["Subject"] = row["subject"]
    mail["Date"] = formatdate(row["created"], localtime=False)
    mail["Message-ID"] = make_msgid("crisis", domain=sender.rpartition("@")[2] or None)
    for name, value in json.loads(row["headers"]).items():
        mail[name] = value
    mail.set_content(row["body"])
    return mail


def flat(mail: EmailMessage) -> bytes:
    """The mail's bytes as sent, written with :data:`POLICY` (aiosmtplib would write it with
    its own, which folds long headers into encoded words)."""
    out = io.BytesIO()
    BytesGenerator(out, policy=POLICY).flatten(mail)
    return out.getvalue()


def backoff(attempts: int, first: float, longest: float) -> float:
    """Seconds to wait after the ``attempts``-th failed try."""
    return float(min(longest, first * 2 ** max(0, attempts - 1)))


#: Deliveries of other channels (push, webhooks) under way at once in one process, and the
#: tries each gets (about two hours of doubling waits: a notice later than that is stale).
COURIERS_AT_ONCE = 8
NOTICE_ATTEMPTS = 8

#: Seconds the server's shutdown waits for the sender to stop.
STOP_WAIT = 5.0


class Sender:
    """Sends the outbox's due mails, in the background of one server process.

    ``run`` calls the outbox's (blocking) methods off the event loop (``Hall.db``). ``poll``:
    seconds between looks at the outbox (mails queued by this process wake it at once; those
    of other processes wait at most this long)."""

    def __init__(
        self,
        box: Outbox,
        config: MailConfig,
        run: Runner,
        *,
        poll: float = 5.0,
        retry: float = limits.MAIL_RETRY_SECONDS,
        retry_max: float = limits.MAIL_RETRY_MAX_SECONDS,
        attempts: int = limits.MAIL_ATTEMPTS,
        lease: int = 300,
        chores: Sequence[Callable[[], Any]] = (),
        couriers: dict[str, Courier] | None = None,
    ) -> None:
        self.box, self.config, self.run = box, config, run
        #: Who delivers the rows of each channel besides mail (:mod:`crisis.server.mail`),
        #: the deliveries under way and how many may be at once.
        self.couriers = dict(couriers or {})
        self._in_flight: set[asyncio.Task[None]] = set()
        self._couriers_free = asyncio.Semaphore(COURIERS_AT_ONCE)
        #: Blocking calls run hourly beside the outbox's purge (expired sessions and links).
        self.chores = tuple(chores)
        self.poll = poll
        self.retry, self.retry_max, self.attempts, self.lease = retry, retry_max, attempts, lease
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._purged = 0.0

    def wake(self) -> None:
        """Look at the outbox now (a mail was just queued); from any thread or event loop."""
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is loop:
            self._wake.set()
        else:
            loop.call_soon_threadsafe(self._wake.set)

    def start(self) -> None:
        log.info("mail: SMTP server %s", self.config.shown())
        self._loop = asyncio.get_running_loop()
        self._task = asyncio.create_task(self._forever(), name="crisis-mail")

    async def stop(self) -> None:
        """Stop sending (a mail being sent is tried again by the next start); never waits
        more than a few seconds, whatever the mail server or the database does."""
        if self._task is not None:
            self._task.cancel()
            for task in self._in_flight:
                task.cancel()
            done, _ = await asyncio.wait({self._task, *self._in_flight}, timeout=STOP_WAIT)
            if self._task not in done:
                log.warning("mail: the sender did not stop in %s s; left behind", STOP_WAIT)
            self._task = None

    async def _forever(self) -> None:
        while True:
            try:
                await self.send_due()
                if time.monotonic() - self._purged > 3600:
                    self._purged = time.monotonic()
                    await self.run(self.box.purge, limits.MAIL_KEEP_SECONDS)
                    for chore in self.chores:
                        await self.run(chore)
            except asyncio.CancelledError:
                raise
            except Exception:  # the database is away: try again at the next look
                log.exception("mail: could not read the outbox")
            self._wake.clear()
            # asyncio.timeout, not wait_for: on Python 3.11 a wait_for whose wait had just
            # been woken swallows a cancellation that comes in the same moment (a mail
            # queued as the server shuts down), and the sender then ran on until the stop
            # gave up on it.
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(self.poll):
                    await self._wake.wait()

    async def send_due(self) -> int:
        """Send (or log) every mail due now; returns how many were taken."""
        taken = 0
        while True:
            rows = await self.run(self.box.due)
            fresh = 0
            for row in rows:
                if await self.run(self.box.take, row["id"], row["due"], self.lease):
                    fresh += 1
                    taken_row = {**row, "attempts": row["attempts"] + 1}
                    if (row.get("channel") or "mail") == "mail":
                        await self.deliver(taken_row)
                    else:
                        # A push service or a chat may be slow (seconds each): they go beside
                        # the mails, a few at a time, so that no receiver holds up a mail.
                        self._aside(taken_row)
            taken += fresh
            if fresh == 0 or len(rows) < 20:
                return taken

    def _aside(self, row: dict[str, Any]) -> None:
        """Deliver a row of another channel in a task of its own, at most
        :data:`COURIERS_AT_ONCE` at a time."""

        async def go() -> None:
            async with self._couriers_free:
                await self.deliver(row)

        task = asyncio.create_task(go(), name=f"crisis-notice-{row['id']}")
        self._in_flight.add(task)
        task.add_done_callback(self._in_flight.discard)

    async def deliver(self, row: dict[str, Any]) -> None:
        """Send one taken row (a mail, or a notice of another channel) and record how it
        went."""
        channel = row.get("channel") or "mail"
        if channel != "mail":
            await self._courier(channel, row)
            return
        sender = self.config.sender()
        if self.config.smtp_url is None:
            log.info(
                "mail %d (no SMTP server: kept, not sent) to %s: %s\n%s",
                row["id"],
                row["recipient"],
                row["subject"],
                row["body"],
            )
            await self.run(self.box.done, row["id"], "logged")
            return
        try:
            await aiosmtplib.send(
                flat(message(row, sender)),
                sender=sender,
                recipients=[row["recipient"]],
                **smtp_settings(self.config.smtp_url),
            )
        except Exception as exc:
            what = f"mail {row['id']} to {row['recipient']}"
            await self._failed(row, exc, _refused_for_good(exc), what)
            return
        log.info("mail %d sent to %s: %s", row["id"], row["recipient"], row["subject"])
        await self.run(self.box.done, row["id"], "sent")

    async def _courier(self, channel: str, row: dict[str, Any]) -> None:
        """Deliver a row of another channel through its courier (never naming its target in
        the log: a push endpoint or a webhook URL is a secret)."""
        what = f"{channel} notice {row['id']} ({row['kind']})"
        courier = self.couriers.get(channel)
        try:
            if courier is None:
                raise Undeliverable(f"this server delivers no {channel} notices")
            await courier(row)
        except Exception as exc:
            await self._failed(row, exc, isinstance(exc, Undeliverable), what)
            return
        log.info("%s sent", what)
        await self.run(self.box.done, row["id"], "sent")

    async def _failed(
        self, row: dict[str, Any], exc: BaseException, permanent: bool, what: str
    ) -> None:
        """Record a failed try: again after a doubling wait, or given up (``permanent``, or
        the last of :data:`limits.MAIL_ATTEMPTS`)."""
        most = self.attempts if (row.get("channel") or "mail") == "mail" else NOTICE_ATTEMPTS
        last = permanent or row["attempts"] >= min(self.attempts, most)
        wait = backoff(row["attempts"], self.retry, self.retry_max)
        at = None if last else _now() + max(1, round(wait))
        log.warning(
            "%s failed (try %d%s): %s",
            what,
            row["attempts"],
            ", given up" if last else f", again in {round(wait)} s",
            _said(exc),
        )
        await self.run(self.box.retry, row["id"], _said(exc), at)


def _refused_for_good(exc: BaseException) -> bool:
    """Whether the server refused the mail itself for good (a 5xx reply to the recipient or
    the content): sending it again would be refused again. Anything else (down, busy, a
    4xx, a login that failed while the settings get mended) is tried again later."""
    if isinstance(exc, aiosmtplib.SMTPRecipientsRefused):
        return all(r.code >= 500 for r in exc.recipients)
    if isinstance(exc, aiosmtplib.SMTPRecipientRefused | aiosmtplib.SMTPDataError):
        return exc.code >= 500
    return False


def _said(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"[:500]
