"""The mail outbox and its sender (crisis.server.mail.outbox) without an application: every
mail goes once however many processes send, a failed try waits longer each time, and the
settings read the environment; on both databases, with a real SMTP server."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from crisis.server.mail import outbox as mail
from crisis.server.store.repository import Store
from tests.databases import Database
from tests.server.smtp import smtp_server


async def _in_thread(call: Any, *args: Any) -> Any:
    return await asyncio.to_thread(call, *args)


def test_two_senders_send_each_mail_once(db: Database) -> None:
    store = Store(db.url)
    try:
        box = mail.Outbox(store.engine)
        for n in range(30):
            box.add(
                mail.Mail(kind="turn", recipient=f"p{n}@example.org", subject=f"n{n}", body="x")
            )
        with smtp_server() as (inbox, url):
            config = mail.MailConfig.make(smtp_url=url, public_url="http://crisis.example")

            async def both() -> list[int]:
                senders = [mail.Sender(mail.Outbox(store.engine), config, _in_thread) for _ in "ab"]
                return list(await asyncio.gather(*(s.send_due() for s in senders)))

            taken = asyncio.run(both())
            assert sum(taken) == 30
            got = sorted(str(m["Subject"]) for m in inbox.wait(30))
        assert got == sorted(f"n{n}" for n in range(30))
        assert db.execute("SELECT COUNT(*) FROM outbox WHERE status = 'sent' AND attempts = 1") == [
            (30,)
        ]
        first = inbox.mails[0]
        assert first["From"] == "crisis@crisis.example" and first["Message-ID"]
    finally:
        store.close()


def test_backoff_doubles_up_to_the_longest_wait() -> None:
    waits = [mail.backoff(n, 30.0, 3600.0) for n in range(1, 10)]
    assert waits == [30, 60, 120, 240, 480, 960, 1920, 3600, 3600]


def test_the_settings_come_from_the_environment_and_bad_ones_are_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("CRISIS_SMTP_URL", "smtps://me%40x.org:p%40ss@mail.example:2465")
    monkeypatch.setenv("CRISIS_PUBLIC_URL", "https://crisis.example/")
    monkeypatch.delenv("CRISIS_MAIL_FROM", raising=False)
    config = mail.MailConfig.make()
    assert config.public_url == "https://crisis.example"
    assert config.sender() == "crisis@crisis.example"
    assert config.shown() == "smtps://me@x.org@mail.example:2465"  # never the password
    settings = mail.smtp_settings(config.smtp_url or "")
    assert settings["username"] == "me@x.org" and settings["password"] == "p@ss"
    assert settings["use_tls"] is True and settings["port"] == 2465
    assert mail.smtp_settings("smtp://relay")["start_tls"] is None  # STARTTLS when offered
    assert mail.smtp_settings("smtp+starttls://relay")["port"] == 587
    given = mail.MailConfig.make(smtp_url="smtp://other:25", mail_from="games@crisis.example")
    assert given.smtp_url == "smtp://other:25" and given.sender() == "games@crisis.example"
    assert given.site == "https://crisis.example"
    for bad in ("http://mail.example", "smtp://", "mail.example:25"):
        with pytest.raises(ValueError):
            mail.MailConfig.make(smtp_url=bad)
    with pytest.raises(ValueError):
        mail.MailConfig.make(public_url="crisis.example")


def test_the_sender_stops_at_once_even_when_woken_as_it_is_stopped(db: Database) -> None:
    """A mail queued just as the server shuts down wakes the sender in the same moment it is
    cancelled: the sender still stops then, never after its whole wait between looks (a
    cancellation lost inside that wait kept every shutdown waiting the full stop time)."""
    store = Store(db.url)
    try:
        config = mail.MailConfig.make(smtp_url=None, public_url="http://crisis.example")

        async def woken_and_stopped() -> bool:
            sender = mail.Sender(mail.Outbox(store.engine), config, _in_thread, poll=3600.0)
            sender.start()
            while not sender._wake._waiters:  # type: ignore[attr-defined]
                await asyncio.sleep(0.01)  # until it has looked once and waits for a wake
            task = sender._task
            assert task is not None
            sender.wake()
            await asyncio.sleep(0)  # the wake is delivered: the wait's inner future is done
            await sender.stop()
            return task.done()

        assert asyncio.run(woken_and_stopped())
    finally:
        store.close()
