"""Accounts, sessions and mailed links in the database (the tables of revision 0005), through
SQLAlchemy Core. Every method is one short transaction, called in the database thread
(``Hall.db``). Secrets (session cookies, link secrets) are made here and only their SHA-256
is stored: a copy of the database signs nobody in and resets nothing."""

from __future__ import annotations

import hashlib
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Engine, case, delete, func, insert, select, update
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import IntegrityError

from crisis.server.accounts.errors import BadLink, EmailTaken, LinkExpired, LinkUsed, NameTaken
from crisis.server.accounts.passwords import email_key, name_key
from crisis.server.accounts.schema import HELD, accounts, attempts, links, sessions
from crisis.server.mail.schema import outbox
from crisis.server.store.schema import settings

#: Turn notices go to a player away from the table this many minutes, by default.
MAIL_AFTER = 10
#: Counted attempts are forgotten this long after their window began (the longest window).
ATTEMPTS_KEPT = 86_400
#: The kind of the notice that tells the other processes of a site which sessions ended
#: (``{"k": "ended", "s": [digests]}``), and how many one notice names at most.
ENDED = "ended"
ENDED_PER_NOTICE = 100


def held_key(account_id: str) -> str:
    """The ``email_key`` of an account that holds its address as a stand-in."""
    return HELD + account_id


def now() -> int:
    return int(time.time())


def _key(key: str) -> str:
    """What ``attempts`` keeps of a counted key (accounts and addresses are not kept as such)."""
    return hashlib.sha256(f"attempt:{key}".encode("utf-8", "replace")).hexdigest()


def digest(secret: str) -> str:
    """What the database keeps of a secret."""
    return hashlib.sha256(secret.encode("utf-8", "replace")).hexdigest()


@dataclass(frozen=True)
class Account:
    """One account as stored (``password``: the Argon2id hash)."""

    id: str
    name: str
    email: str
    password: str
    confirmed: int | None
    created: int
    mail_turns: bool
    mail_invites: bool
    mail_ends: bool
    mail_after: int
    mail_gen: int = 0  # the mail settings' generation (stop links mailed before it are dead)
    #: The address is another account's, held here as a stand-in (:data:`HELD`): never
    #: confirmed, never mailed. Never shown: its holder sees it as an unconfirmed address.
    held: bool = False

    def mine(self) -> dict[str, Any]:
        """What the account's own browser is shown (the only place its address appears)."""
        return {
            "name": self.name,
            "email": self.email,
            "confirmed": self.confirmed is not None,
            "created": self.created,
            "mail": self.mail_settings(),
        }

    def mail_settings(self) -> dict[str, Any]:
        return {
            "turns": self.mail_turns,
            "invites": self.mail_invites,
            "ends": self.mail_ends,
            "after_minutes": self.mail_after,
        }


@dataclass(frozen=True)
class Link:
    """A mailed link that was just used: its account and what it was for."""

    account: Account
    purpose: str
    email: str | None


def _account(row: Any) -> Account:
    m = row._mapping
    return Account(
        id=m["id"],
        name=m["name"],
        email=m["email"],
        password=m["password"],
        confirmed=m["confirmed"],
        created=m["created"],
        mail_turns=bool(m["mail_turns"]),
        mail_invites=bool(m["mail_invites"]),
        mail_ends=bool(m["mail_ends"]),
        mail_after=m["mail_after"],
        mail_gen=m.get("mail_gen") or 0,
        held=str(m.get("email_key") or "").startswith(HELD),
    )


class Accounts:
    """Reads and writes accounts, sessions and links."""

    def __init__(
        self, engine: Engine, announce: Callable[[Connection, dict[str, Any]], None] | None = None
    ) -> None:
        self.engine = engine
        #: Tells every other process of the site, when a transaction commits (the store's
        #: ``notify``: PostgreSQL's NOTIFY), which sessions it ended, so that each closes
        #: their table sockets (:data:`ENDED`); None: one process, nobody to tell.
        self.announce = announce

    def _ended(self, db: Connection, ids: list[str]) -> None:
        """Announce the end of the sessions ``ids`` (their digests) with ``db``'s commit, a
        notice per :data:`ENDED_PER_NOTICE` (a NOTIFY payload holds under 8,000 bytes)."""
        if self.announce is None:
            return
        for start in range(0, len(ids), ENDED_PER_NOTICE):
            self.announce(db, {"k": ENDED, "s": ids[start : start + ENDED_PER_NOTICE]})

    # -- accounts --------------------------------------------------------------------------
    def create(self, name: str, email: str, password_hash: str) -> Account:
        """A new account, unconfirmed, with the default mail settings; :class:`NameTaken`
        (nothing written) when another account has the name. When another account has the
        address, the new one holds it as a stand-in (``held``: never confirmed, never
        mailed; the caller tells the address's owner instead)."""
        keys = name_key(name), email_key(email)
        account_id = secrets.token_hex(8)
        values: dict[str, Any] = {
            "id": account_id,
            "name": name,
            "name_key": name_key(name),
            "email": email,
            "email_key": email_key(email),
            "password": password_hash,
            "confirmed": None,
            "created": now(),
            "mail_turns": 1,
            "mail_invites": 1,
            "mail_ends": 1,
            "mail_after": MAIL_AFTER,
            "mail_gen": 0,
        }
        for _ in range(2):
            try:
                with self.engine.begin() as db:
                    self._refuse_taken(db, keys[0])
                    if self._owner(db, keys[1]) is not None:
                        values["email_key"] = held_key(account_id)
                    db.execute(insert(accounts).values(values))
                return _account(_Row(values))
            except IntegrityError:
                # Two sign-ups for one name or address at once: the unique index refused
                # the second. A name is said taken; an address is held as a stand-in.
                with self.engine.connect() as db:
                    self._refuse_taken(db, keys[0])
                values["email_key"] = held_key(account_id)
        raise EmailTaken("another account has that e-mail address")  # pragma: no cover

    def check_name_free(self, name: str) -> None:
        """:class:`NameTaken` if another account has the name (names are public: saying so
        tells nobody anything the site does not show)."""
        with self.engine.connect() as db:
            if db.execute(
                select(accounts.c.id).where(accounts.c.name_key == name_key(name))
            ).first():
                raise NameTaken("that name is taken")

    @staticmethod
    def _refuse_taken(db: Connection, name: str) -> None:
        if db.execute(select(accounts.c.id).where(accounts.c.name_key == name)).first():
            raise NameTaken("that name is taken")

    @staticmethod
    def _owner(db: Connection, key: str, besides: str | None = None) -> str | None:
        """The account whose address has the key ``key`` (other than ``besides``), if any:
        its owner (stand-ins have no key of an address)."""
        where = [accounts.c.email_key == key]
        if besides is not None:
            where.append(accounts.c.id != besides)
        found: str | None = db.execute(select(accounts.c.id).where(*where)).scalar()
        return found

    def get(self, account_id: str) -> Account | None:
        with self.engine.connect() as db:
            row = db.execute(select(accounts).where(accounts.c.id == account_id)).first()
        return None if row is None else _account(row)

    def find(self, login: str, *, confirmed: bool = False) -> Account | None:
        """The account named ``login``, or (with an @) the owner of that address (never an
        account that holds it as a stand-in); ``confirmed``: by address, only if the address
        is confirmed (a sign-in by address: an unconfirmed one, free or another's, signs
        nobody in, so that signing in after a sign-up tells nothing)."""
        column, key = (
            (accounts.c.email_key, email_key(login))
            if "@" in login
            else (accounts.c.name_key, name_key(login))
        )
        query = select(accounts).where(column == key)
        if confirmed and "@" in login:
            query = query.where(accounts.c.confirmed.is_not(None))
        with self.engine.connect() as db:
            row = db.execute(query).first()
        return None if row is None else _account(row)

    def set_password(
        self, account_id: str, password_hash: str, keep: str | None = None, *, confirm: bool = False
    ) -> list[str]:
        """Store a new password hash and end every session of the account but ``keep`` (the
        hash of the session that changed it), and every unused reset link; the hashes of the
        sessions ended. ``confirm``: the change came by a link mailed to the address, which
        is then confirmed too."""
        values: dict[str, Any] = {"password": password_hash}
        if confirm:  # never a stand-in's address: the link went to nobody's
            held = accounts.c.email_key.startswith(HELD)
            values["confirmed"] = case(
                (held, None), else_=func.coalesce(accounts.c.confirmed, now())
            )
            values["first_confirmed"] = case(
                (held, accounts.c.first_confirmed),
                else_=func.coalesce(accounts.c.first_confirmed, now()),
            )
        with self.engine.begin() as db:
            db.execute(update(accounts).where(accounts.c.id == account_id).values(values))
            others = [sessions.c.account == account_id]
            if keep is not None:
                others.append(sessions.c.id != keep)
            gone = [r[0] for r in db.execute(select(sessions.c.id).where(*others))]
            db.execute(delete(sessions).where(*others))
            self._ended(db, gone)
            db.execute(
                update(links)
                .where(
                    links.c.account == account_id,
                    links.c.purpose == "reset",
                    links.c.used.is_(None),
                )
                .values(used=now())
            )
        return gone

    def set_email(self, account_id: str, email: str) -> Account:
        """Give the account a new address, unconfirmed; one another account has is held as
        a stand-in (``held``: never confirmed, never mailed; the caller tells its owner).
        The confirmed address it has already, given again, changes nothing (it stays
        confirmed, and no link dies).
        Unused reset and confirmation links die with the old address; links that take an
        old address back stay (a second change must not spend the first one's)."""
        key = email_key(email)
        with self.engine.begin() as db:
            row = db.execute(select(accounts).where(accounts.c.id == account_id)).first()
            if row is not None and row.email_key == key and row.confirmed is not None:
                return _account(row)  # the address it has, confirmed: nothing changes
            if self._owner(db, key, besides=account_id) is not None:
                key = held_key(account_id)
            db.execute(
                update(accounts)
                .where(accounts.c.id == account_id)
                .values(email=email, email_key=key, confirmed=None)
            )
            db.execute(
                update(links)
                .where(
                    links.c.account == account_id,
                    links.c.used.is_(None),
                    links.c.purpose.in_(("reset", "confirm")),
                )
                .values(used=now())
            )
            row = db.execute(select(accounts).where(accounts.c.id == account_id)).first()
        assert row is not None
        return _account(row)

    def restore(self, account_id: str, email: str, password_hash: str) -> tuple[Account, list[str]]:
        """Undo a change of address by the link mailed to the old one: the old address back,
        confirmed (the link proved it), a new password, every session ended and every other
        link spent; the account and the hashes of the sessions ended. :class:`EmailTaken`
        (nothing changes) if another account took the old address meanwhile."""
        key = email_key(email)
        moment = now()
        with self.engine.begin() as db:
            if self._owner(db, key, besides=account_id) is not None:
                raise EmailTaken("another account has that e-mail address now")
            db.execute(
                update(accounts)
                .where(accounts.c.id == account_id)
                .values(
                    email=email,
                    email_key=key,
                    confirmed=moment,
                    first_confirmed=func.coalesce(accounts.c.first_confirmed, moment),
                    password=password_hash,
                )
            )
            mine = sessions.c.account == account_id
            gone = [r[0] for r in db.execute(select(sessions.c.id).where(mine))]
            db.execute(delete(sessions).where(mine))
            self._ended(db, gone)
            db.execute(
                update(links)
                .where(links.c.account == account_id, links.c.used.is_(None))
                .values(used=moment)
            )
            row = db.execute(select(accounts).where(accounts.c.id == account_id)).first()
        assert row is not None
        return _account(row), gone

    def rehash(self, account_id: str, old: str, new: str) -> None:
        """Replace the hash ``old`` by ``new`` (same password, today's parameters), unless
        the password changed meanwhile."""
        with self.engine.begin() as db:
            db.execute(
                update(accounts)
                .where(accounts.c.id == account_id, accounts.c.password == old)
                .values(password=new)
            )

    def set_mail(
        self, account_id: str, values: dict[str, Any], generation: int | None = None
    ) -> Account | None:
        """Change some of the mail settings (``mail_turns`` ...), which ends every stop link
        mailed before; returns the account (None: no such account, or ``generation`` given
        and the settings' generation is no longer it: nothing changed)."""
        where = [accounts.c.id == account_id]
        if generation is not None:
            where.append(func.coalesce(accounts.c.mail_gen, 0) == generation)
        if values:
            bumped = {**values, "mail_gen": func.coalesce(accounts.c.mail_gen, 0) + 1}
            with self.engine.begin() as db:
                if db.execute(update(accounts).where(*where).values(bumped)).rowcount != 1:
                    return None
        return self.get(account_id)

    # -- sessions --------------------------------------------------------------------------
    def new_session(self, account_id: str, seconds: int) -> str:
        """A new session's secret (the cookie's value), valid ``seconds`` while unused."""
        secret = secrets.token_urlsafe(32)
        moment = now()
        with self.engine.begin() as db:
            db.execute(
                insert(sessions).values(
                    id=digest(secret), account=account_id, created=moment, expires=moment + seconds
                )
            )
            # Expired sessions of this account go now (no sweep needed for them).
            db.execute(
                delete(sessions).where(
                    sessions.c.account == account_id, sessions.c.expires < moment
                )
            )
        return secret

    def session(self, secret: str, seconds: int | None) -> tuple[Account, bool] | None:
        """The account signed in by the cookie ``secret`` (None: none, or expired) and
        whether its session was extended (by ``seconds`` from now, once a day at most;
        None: never)."""
        key = digest(secret)
        moment = now()
        with self.engine.connect() as db:
            row = db.execute(
                select(accounts, sessions.c.expires)
                .join(sessions, sessions.c.account == accounts.c.id)
                .where(sessions.c.id == key, sessions.c.expires > moment)
            ).first()
        if row is None:
            return None
        extended = seconds is not None and row.expires < moment + seconds - 86_400
        if extended:
            with self.engine.begin() as db:
                db.execute(
                    update(sessions)
                    .where(sessions.c.id == key)
                    .values(expires=moment + (seconds or 0))
                )
        return _account(row), extended

    def end_session(self, secret: str) -> None:
        """End the session of the cookie ``secret`` (announced to the other processes)."""
        with self.engine.begin() as db:
            key = digest(secret)
            if db.execute(delete(sessions).where(sessions.c.id == key)).rowcount:
                self._ended(db, [key])

    def live_sessions(self, ids: list[str]) -> set[str]:
        """Which of the sessions ``ids`` (their digests) are still open: not ended, not
        expired (a socket of any other one is closed, :meth:`Service.close_expired`)."""
        if not ids:
            return set()
        with self.engine.connect() as db:
            rows = db.execute(
                select(sessions.c.id).where(sessions.c.id.in_(ids), sessions.c.expires > now())
            )
            return {r[0] for r in rows}

    def sweep(self) -> int:
        """Forget expired sessions (announced as ended, so that every process closes their
        table sockets), links a week past their end and counted attempts a day old; how
        many went."""
        moment = now()
        with self.engine.begin() as db:
            expired = sessions.c.expires < moment
            ended = [r[0] for r in db.execute(select(sessions.c.id).where(expired))]
            gone = db.execute(delete(sessions).where(expired)).rowcount
            self._ended(db, ended)
            gone += db.execute(delete(links).where(links.c.expires < moment - 7 * 86_400)).rowcount
            gone += db.execute(
                delete(attempts).where(attempts.c.since < moment - ATTEMPTS_KEPT)
            ).rowcount
        return int(gone or 0)

    # -- counted attempts ------------------------------------------------------------------
    def attempt(self, keys: list[str], window: int) -> list[int]:
        """Count one more attempt at each of ``keys`` (e.g. ``fail:ACCOUNT:ADDRESS``) in its
        window of ``window`` seconds (a window that ended starts again at 1); how many each
        has now. One statement a key, so attempts counted at once by several processes all
        count."""
        moment = now()
        old = attempts.c.since <= moment - window
        build = postgresql_insert if self.engine.dialect.name == "postgresql" else sqlite_insert
        counts: dict[str, int] = {}
        with self.engine.begin() as db:
            for key in sorted(set(keys)):  # one order everywhere: no deadlock between two
                row = {"key": _key(key), "count": 1, "since": moment}
                stmt = (
                    build(attempts)
                    .values(row)
                    .on_conflict_do_update(
                        index_elements=[attempts.c.key],
                        set_={
                            "count": case((old, 1), else_=attempts.c["count"] + 1),
                            "since": case((old, moment), else_=attempts.c.since),
                        },
                    )
                    .returning(attempts.c["count"])
                )
                counts[key] = int(db.execute(stmt).scalar_one())
        return [counts[k] for k in keys]

    def spend_allowance(self, key: str, allowance: int, window: int) -> int:
        """Spend one of ``allowance`` at ``key`` in its window of ``window`` seconds (every
        process's count): 0 when it was left, else the seconds until the window ends."""
        count = self.attempt([key], window)[0]
        if count <= allowance:
            return 0
        with self.engine.connect() as db:
            since = db.execute(select(attempts.c.since).where(attempts.c.key == _key(key))).scalar()
        return max(1, int(since or now()) + window - now())

    def attempts(self, keys: list[str], window: int) -> list[int]:
        """How many attempts each of ``keys`` has in its current window of ``window``
        seconds (0: none, or its window ended)."""
        hashed = [_key(k) for k in keys]
        with self.engine.connect() as db:
            rows = db.execute(
                select(attempts.c.key, attempts.c["count"]).where(
                    attempts.c.key.in_(hashed), attempts.c.since > now() - window
                )
            ).all()
        found = {r[0]: int(r[1]) for r in rows}
        return [found.get(h, 0) for h in hashed]

    def forget_attempts(self, keys: list[str]) -> None:
        """Start the count of each of ``keys`` again (the account's owner proved who they
        are)."""
        with self.engine.begin() as db:
            db.execute(delete(attempts).where(attempts.c.key.in_([_key(k) for k in keys])))

    # -- mailed links ----------------------------------------------------------------------
    def new_link(
        self, account_id: str, purpose: str, seconds: int, email: str | None = None
    ) -> str:
        """A new link secret for ``purpose`` (reset | confirm), valid ``seconds``, once."""
        secret = secrets.token_urlsafe(32)
        moment = now()
        with self.engine.begin() as db:
            db.execute(
                insert(links).values(
                    id=digest(secret),
                    account=account_id,
                    purpose=purpose,
                    email=email,
                    created=moment,
                    expires=moment + seconds,
                    used=None,
                )
            )
            # Links long dead go (a week past their end): used or expired ones are kept that
            # long only to say "already used" or "expired" rather than "unknown".
            db.execute(
                delete(links).where(
                    links.c.account == account_id, links.c.expires < moment - 7 * 86_400
                )
            )
        return secret

    def peek_link(self, secret: str, purpose: str) -> Link:
        """What :meth:`use_link` would spend, with the same refusals, spending nothing."""
        with self.engine.connect() as db:
            row = self._usable(db, secret, purpose, now())
            account = db.execute(select(accounts).where(accounts.c.id == row.account)).first()
        assert account is not None
        return Link(_account(account), row.purpose, row.email)

    @staticmethod
    def _usable(db: Connection, secret: str, purpose: str, moment: int) -> Any:
        row = db.execute(select(links).where(links.c.id == digest(secret))).first()
        if row is None or row.purpose != purpose:
            raise BadLink("that link is not one this site sent")
        if row.used is not None:
            raise LinkUsed("that link was used already; ask for a new one")
        if row.expires <= moment:
            raise LinkExpired("that link has expired; ask for a new one")
        return row

    def use_link(self, secret: str, purpose: str) -> Link:
        """Spend a link: its account and purpose, or :class:`BadLink` (unknown, or for
        something else), :class:`LinkExpired` or :class:`LinkUsed`; nothing changes then.
        Two uses at once: one wins, the other is told it was used."""
        key = digest(secret)
        moment = now()
        with self.engine.begin() as db:
            row = self._usable(db, secret, purpose, moment)
            spent = db.execute(
                update(links).where(links.c.id == key, links.c.used.is_(None)).values(used=moment)
            )
            if spent.rowcount != 1:
                raise LinkUsed("that link was used already; ask for a new one")
            account = db.execute(select(accounts).where(accounts.c.id == row.account)).first()
            assert account is not None
            if purpose == "confirm" and row.email is not None:
                if email_key(row.email) == account.email_key:  # never a stand-in's
                    db.execute(
                        update(accounts)
                        .where(accounts.c.id == row.account)
                        .values(
                            confirmed=moment,
                            first_confirmed=func.coalesce(accounts.c.first_confirmed, moment),
                        )
                    )
                    account = db.execute(
                        select(accounts).where(accounts.c.id == row.account)
                    ).first()
                    assert account is not None
                else:
                    raise BadLink("that link confirms an address this account no longer has")
        return Link(_account(account), row.purpose, row.email)

    # -- mail ------------------------------------------------------------------------------
    def mail_key(self) -> bytes:
        """The site's secret for the links that stop mails (``settings.mail_key``)."""
        with self.engine.connect() as db:
            value = db.execute(
                select(settings.c.value).where(settings.c.name == "mail_key")
            ).scalar_one()
        return bytes.fromhex(value)

    def sent_to(self, account_id: str, kind: str | None = None) -> list[dict[str, Any]]:
        """The mails for an account, oldest first (tests and the account's own page)."""
        query = select(outbox).where(outbox.c.account == account_id).order_by(outbox.c.id)
        if kind is not None:
            query = query.where(outbox.c.kind == kind)
        with self.engine.connect() as db:
            return [dict(r._mapping) for r in db.execute(query)]


class _Row:
    """A dict seen as a row (for :func:`_account` on values just written)."""

    def __init__(self, values: dict[str, Any]) -> None:
        self._mapping = values
