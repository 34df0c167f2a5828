"""A real SMTP server in the test process (aiosmtpd, on a thread of its own) that keeps the
mails it receives, or refuses them, and an address where no server listens."""

from __future__ import annotations

import email
import email.policy
import socket
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from email.message import EmailMessage
from typing import Any

from aiosmtpd.controller import Controller

from tests.waiting import wait_for


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Inbox:
    """What the server received (each mail parsed), and how it answers: ``refuse`` is an
    SMTP reply to every mail (``"451 ..."``: try later; ``"550 ..."``: never), None accepts."""

    mails: list[EmailMessage] = field(default_factory=list)
    refuse: str | None = None
    refused: int = 0

    async def handle_DATA(self, _server: Any, _session: Any, envelope: Any) -> str:
        if self.refuse is not None:
            self.refused += 1
            return self.refuse
        parsed = email.message_from_bytes(envelope.content, policy=email.policy.default)
        assert isinstance(parsed, EmailMessage)
        self.mails.append(parsed)
        return "250 OK"

    def wait(self, count: int = 1) -> list[EmailMessage]:
        """The mails received, once there are ``count`` (:func:`tests.waiting.wait_for`)."""
        wait_for(lambda: len(self.mails) >= count, f"{count} mails")
        return list(self.mails)

    def to(self, address: str, subject: str, after: int = 0) -> list[EmailMessage]:
        """The mails to ``address`` whose subject holds ``subject``, of those received after
        the first ``after``."""
        return [m for m in self.mails[after:] if m["To"] == address and subject in m["Subject"]]

    def wait_to(
        self, address: str, subject: str, *, count: int = 1, after: int = 0
    ) -> EmailMessage:
        """The newest mail to ``address`` about ``subject``, once ``count`` such mails came
        (of those after the first ``after``)."""
        wait_for(
            lambda: len(self.to(address, subject, after)) >= count,
            f"{count} {subject!r} mail(s) to {address}",
        )
        return self.to(address, subject, after)[-1]


@contextmanager
def smtp_server(port: int | None = None) -> Iterator[tuple[Inbox, str]]:
    """A running SMTP server: its inbox and its ``smtp://`` URL."""
    inbox = Inbox()
    port = port or free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield inbox, f"smtp://127.0.0.1:{port}"
    finally:
        controller.stop()


def body(mail: EmailMessage) -> str:
    part = mail.get_body(("plain",))
    assert part is not None
    return str(part.get_content()).replace("\r\n", "\n")


def link(mail: EmailMessage, path: str) -> str:
    """The secret of the first link to ``path`` (``/account/reset``) in a mail's text."""
    for word in body(mail).split():
        if f"{path}#t=" in word:
            return word.split("#t=", 1)[1]
    raise AssertionError(f"no {path} link in {body(mail)!r}")
