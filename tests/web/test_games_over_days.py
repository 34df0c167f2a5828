"""A game over days between two people who met on the site, end to end in a real Chromium.

Aurelia (a laptop, 1440x900) and Livia (a phone, 390x844) sign up in two browser contexts and
confirm their addresses by the mailed links. Aurelia opens a rated, two-seat, short game of
Time of Crisis with a day per move; Livia finds it under "Open games" and takes the free seat
with one click. They play; Livia closes her page while Aurelia plays on. Livia's turn comes
while she is away: the site mails her exactly one turn notice (over real SMTP, read by an
SMTP server in this process). Its link, opened on a third, fresh context (another device),
asks her to sign in and then lands on her seat. They play to the end; both ratings move on
the leaderboard; each profile lists the game with a link to its replay; the table shows the
ratings beside the names. Every page on the way is photographed at its size
(``test-artifacts/days-*.png``) and axe-core finds no serious or critical violation on it.

"Away" is the account's setting (10 minutes by default); the test moves Livia's last visit
back in time in the database instead of waiting for it.
"""

from __future__ import annotations

import itertools
import json
import random
import re
import secrets
import time
from collections.abc import Iterator
from email.message import EmailMessage
from typing import Any

import pytest
from sqlalchemy import create_engine, text

from crisis.devtools.loadtest import free_port
from crisis.server import create_app, limits
from crisis.server.accounts import install
from tests.databases import fresh_database
from tests.server.smtp import Inbox, body, link, smtp_server
from tests.server.test_notify import Browser as PushKeys
from tests.server.test_notify import Receiver, receiving
from tests.waiting import wait_for

from .test_accessibility import _serious
from .test_browser import _my_turn, _page, _shot, _take_a_turn_step, browser, pytestmark
from .threaded import served_in_thread
from .waits import settled

__all__ = ["browser", "pytestmark"]

PASSWORD = "septimius severus 193"
LAPTOP, PHONE = (1440, 900), (390, 844)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Inbox, str]]:
    """A server with accounts mailing the SMTP server in this process; its clock looks every
    half second. Yields its address, the inbox and the database's URL."""
    with (
        smtp_server() as (inbox, smtp_url),
        fresh_database("sqlite", tmp_path_factory.mktemp("days")) as db,
        pytest.MonkeyPatch.context() as patch,
    ):
        # Every test here signs two people up from 127.0.0.1: more than one address's burst.
        patch.setattr(limits, "SIGNUP_BURST", 20)
        port = free_port()
        app = create_app(
            db.url,
            bot_delay=0.0,
            bot_workers=1,
            clock_every=0.5,
            http_per_minute={"act": 100_000, "state": 100_000, "tables": 100_000},
        )
        # Push and webhooks may reach this machine's own receivers (never on a public site).
        install(
            app,
            smtp_url=smtp_url,
            public_url=f"http://127.0.0.1:{port}",
            mail_poll=0.1,
            private_targets=True,
        )
        with served_in_thread(app, port) as base:
            yield base, inbox, db.url


@pytest.fixture(scope="module")
def receiver() -> Iterator[Receiver]:
    """A push service and a chat's webhook on loopback (what they are sent, decrypted by the
    test's browser keys)."""
    with receiving() as box:
        box.usual = 201
        yield box


def _look(page: Any, name: str) -> None:
    """A screenshot for a person to look at, and axe-core's serious findings: none."""
    _shot(page, f"days-{name}")
    assert _serious(page) == [], name


def _mails(inbox: Inbox, address: str, subject: str) -> list[EmailMessage]:
    return inbox.to(address, subject)


def _wait_mail(inbox: Inbox, address: str, subject: str, count: int = 1) -> EmailMessage:
    return inbox.wait_to(address, subject, count=count)


def _sign_up(page: Any, server: str, inbox: Inbox, name: str) -> str:
    """Sign up on the sign-up page and confirm the address by the mailed link."""
    address = f"{name.lower()}@example.org"
    page.goto(server + "/account/signup")
    page.fill("#name", name)
    page.fill("#email", address)
    page.fill("#password", PASSWORD)
    page.click("#submit")
    page.wait_for_url("**/account", timeout=120_000)  # Argon2id on a busy machine
    mail = _wait_mail(inbox, address, "onfirm")
    page.goto(f"{server}/account/confirm#t={link(mail, '/account/confirm')}")
    page.wait_for_selector("#ok:text('is confirmed')")
    return address


def _two_seat_lobby(page: Any, server: str, name: str) -> None:
    """The lobby, signed in as ``name`` and ready, set for two players."""
    page.goto(server + "/")
    page.locator("#site-note", has_text=f"Signed in as {name}").wait_for()
    page.wait_for_selector("#create:enabled")
    page.select_option("#players", "2")


def _active(page: Any, server: str, table: str) -> list[str]:
    res = page.request.get(f"{server}/api/tables/{table}")
    return list(res.json()["active"])


def _seat_shown(page: Any, role: str) -> None:
    """The page holds ``role``'s seat (the seat list says "you" beside it)."""
    page.locator("#seats div", has_text=re.compile(rf"^{role.capitalize()}:.*· you")).wait_for()


def _play_in_page(page: Any, rng: random.Random, until: Any, steps: int = 400) -> None:
    """Click what glows on ``page`` whenever it is to move, until ``until()``."""
    for _ in range(steps):
        if until():
            return
        if _my_turn(page) and page.locator("#prompt", has_text="Sending").count() == 0:
            _take_a_turn_step(page, rng)
        settled(page)
    raise AssertionError("the game never got there")


def _finish(server: str, table: str, by_role: dict[str, Any], rng: random.Random) -> None:
    """Play the rest of the game with random legal moves, each seat through its own person's
    browser (their session cookie), over the site's HTTP API."""
    for _ in range(5000):
        now = by_role["green"].request.get(f"{server}/api/tables/{table}").json()
        if now["status"] == "finished":
            return
        for role in now["active"]:
            req = by_role[role].request
            state = req.get(f"{server}/api/tables/{table}/state?role={role}").json()
            legal = [a for a in state.get("actions", []) if a[0] != "undo"]
            if legal:
                move = {"role": role, "action": rng.choice(legal), "version": state["version"]}
                req.post(f"{server}/api/tables/{table}/actions", data=move)
    raise AssertionError("the game did not end")


def test_two_people_play_a_rated_game_over_days(site: tuple[str, Inbox, str], browser: Any) -> None:
    server, inbox, database = site
    rng = random.Random(11)
    suffix = secrets.token_hex(2)
    host_name, guest_name = f"Aurelia{suffix}", f"Livia{suffix}"
    host, host_problems = _page(browser, *LAPTOP)
    guest, guest_problems = _page(browser, *PHONE)
    _sign_up(host, server, inbox, host_name)
    guest_address = _sign_up(guest, server, inbox, guest_name)

    # Aurelia opens a rated two-seat short game, a day per move, with a free seat.
    _two_seat_lobby(host, server, host_name)
    host.check("input[name=short_game]")
    host.check("#open-table")
    # Ticking "Open" makes the bots' seats open seats (a rated table takes no bot).
    assert host.locator('select[name="seat-blue"]').input_value() == "open"
    host.check("#rated")
    host.select_option("#pace", str(24 * 3600))
    host.select_option('select[name="seat-blue"]', "open")
    _look(host, "lobby-laptop")
    host.click("#create")
    host.wait_for_url("**/table/**")
    table = host.url.rsplit("/", 1)[-1].split("?")[0].split("#")[0]
    host.locator("#options", has_text="open: it starts when its free seats").wait_for()
    # Which seat waits for a player, at the top and in the prompt.
    host.locator("#prompt", has_text="Waiting for players to take the free seat: Blue").wait_for()
    assert (
        "Waiting for players to take the free seat: Blue" in host.locator("#table-bar").inner_text()
    )
    _look(host, "open-table-laptop")

    # Livia finds it among the open games, rated and a day per move, and takes the seat.
    guest.goto(server + "/")
    row = guest.locator(f'#open-tables li[data-table="{table}"]')
    row.wait_for()
    listed = row.inner_text()
    assert "blue: free" in listed and host_name in listed, listed
    assert "rated" in listed and "unrated" not in listed and "1 d per move" in listed, listed
    assert f"{host_name} (no rating yet)" in listed, listed  # before her first rated game
    row.scroll_into_view_if_needed()
    _look(guest, "open-games-phone")
    row.get_by_role("button", name="Take a seat").click()
    guest.wait_for_url(f"**/table/{table}**")
    _seat_shown(guest, "blue")
    _seat_shown(host, "green")
    host.locator("#options", has_text="1 day per move").wait_for()
    _look(guest, "table-phone")

    # They play until it is Aurelia's to move alone; then Livia closes her page.
    _play_in_page(
        guest,
        rng,
        lambda: (
            _active(host, server, table) == ["green"]
            and not host.locator("#prompt", has_text="Sending").count()
        ),
    )
    guest.close()
    assert _mails(inbox, guest_address, "Your turn") == []

    # Aurelia plays her turn; Livia's comes while she is away (left a moment ago: no mail
    # yet). Her last visit is then moved back past her 10 minutes: the clock mails her once.
    _play_in_page(host, rng, lambda: "blue" in _active(host, server, table))
    time.sleep(1.0)
    assert _mails(inbox, guest_address, "Your turn") == []
    engine = create_engine(database)
    with engine.begin() as db:
        db.execute(
            text("UPDATE seats SET seen = seen - 660 WHERE game = :g AND role = 'blue'"),
            {"g": table},
        )
    engine.dispose()
    mail = _wait_mail(inbox, guest_address, "Your turn")
    time.sleep(1.5)  # three more looks of the clock: still one
    assert len(_mails(inbox, guest_address, "Your turn")) == 1
    found = re.search(r"(http://\S+/table/\S+)", body(mail))
    assert found is not None, body(mail)
    url = found.group(1)
    assert url.endswith(f"/table/{table}?seat=blue"), url
    assert "/mail/stop" in body(mail)  # every mail says how to stop such mails

    # Another device: the link asks her to sign in, then lands on her seat, her turn.
    device = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]})
    phone = device.new_page()
    phone.set_default_timeout(60_000)
    phone_problems: list[str] = []
    phone.on("pageerror", lambda e: phone_problems.append(f"page error: {e}"))
    sockets: list[str] = []
    loaded: list[str] = []
    phone.on("websocket", lambda ws: sockets.append(ws.url))
    phone.on("request", lambda r: loaded.append(r.url) if "/api/meta" in r.url else None)
    phone.goto(url)
    phone.wait_for_url("**/account/signin?next=**")
    # Asked before the table loads: no socket to the table, no game data fetched.
    assert sockets == [] and loaded == [], (sockets, loaded)
    phone.locator("#for-seat", has_text="your seat").wait_for()
    _look(phone, "signin-from-mail-phone")
    phone.fill("#login", guest_name)
    phone.fill("#password", PASSWORD)
    phone.locator("#signin-form button[type=submit]").click()
    phone.wait_for_url(f"**/table/{table}?seat=blue", timeout=120_000)
    _seat_shown(phone, "blue")
    phone.wait_for_selector("#notice:not(.hidden)")
    _look(phone, "your-turn-phone")

    # They play to the end (the rest by each person's browser over the API).
    for _ in range(3):
        _take_a_turn_step(phone, rng)
        settled(phone)
    _finish(server, table, {"green": host, "blue": phone}, rng)
    for page in (host, phone):
        page.wait_for_selector("#prompt:has-text('Game over')")
    # Random play can end level on every count the tie-break reads, so that only its die
    # separates them: that is a shared place, a draw for ratings, and nobody's rating moves.
    result = host.request.get(f"{server}/api/tables/{table}").json()["result"]
    drawn = set(result.get("tie_break_rolls") or {}) == {"green", "blue"}
    # Beside the names at the table: each account's rating, moved by this game (or not, in
    # a draw), and by how much (pushed with the end, then told by the players' answer too).
    moved = re.compile(r"\((\d+)\?? ([+\u2212]\d+)\)")
    for page in (host, phone):
        for name in (host_name, guest_name):
            line = page.locator(
                "#seats div", has=page.locator("a.player", has_text=name), has_text=moved
            )
            line.wait_for()
            shown = line.inner_text()
            said = page.request.get(f"{server}/api/tables/{table}/players").json()
            found = moved.search(shown)
            assert found, (shown, said)
            if drawn:
                assert (found.group(1), found.group(2)) == ("1500", "+0"), (shown, said)
            else:
                assert found.group(1) != "1500", (shown, said)
    for page, size in ((host, "laptop"), (phone, "phone")):
        page.locator("#seats").scroll_into_view_if_needed()
        _look(page, f"game-over-{size}")
        # The rating sits on the name's line, "· you" after it (no bar of its own).
        line = page.locator("#seats div", has_text="· you").first
        box = line.bounding_box()
        height = page.evaluate("parseFloat(getComputedStyle(document.body).lineHeight) || 24")
        assert box is not None and box["height"] < 1.6 * height, (box, height)
    # The review's charts: small labels, each inside its chart, at both sizes.
    for page, size in ((host, "laptop"), (phone, "phone")):
        page.locator("#review .chart-label").first.wait_for(timeout=120_000)
        labels = page.evaluate(
            """() => [...document.querySelectorAll('#review svg.chart')].flatMap(svg => {
                 const frame = svg.getBoundingClientRect();
                 return [...svg.querySelectorAll('.chart-label')].map(t => {
                   const r = t.getBoundingClientRect();
                   return {text: t.textContent, height: r.height, top: r.top,
                           left: r.left, right: r.right,
                           inside: r.left >= frame.left - 0.5 && r.right <= frame.right + 0.5};
                 });
               })"""
        )
        assert labels and all(x["inside"] for x in labels), labels
        assert max(x["height"] for x in labels) < 20, labels
        # The rounds under the axis stand apart ("R31" and "end" ran into each other).
        for a, b in itertools.pairwise(labels):
            if abs(a["top"] - b["top"]) < 1 and a["left"] < b["left"]:
                assert a["right"] + 2 <= b["left"], (a, b)
        page.locator("#review-card").scroll_into_view_if_needed()
        _look(page, f"review-{size}")
    # The replay: each step's own texts, not the final state's.
    host.locator("#table-card").scroll_into_view_if_needed()
    host.click("#replay")
    host.wait_for_selector("#replay-label:has-text('step 0')")
    for _ in range(5):
        host.click("#replay-next")
    host.wait_for_selector("#replay-label:has-text('step 5 of')")
    for where in ("#prompt", "#round", "#rules-title"):
        assert "Game over" not in host.locator(where).inner_text(), where
    _look(host, "replay-step-5-laptop")
    host.click("#replay-close")

    # A rematch from the table's button: Livia's seat is offered to her account (an
    # invitation to answer), not taken for her with its clock running.
    host.click("#rematch")
    host.wait_for_url(re.compile(rf"/table/(?!{table})[^/?#]+"))
    rematch = host.url.rsplit("/", 1)[-1].split("?")[0].split("#")[0]
    host.locator("#seats", has_text="waits for them to accept").wait_for()
    offers = phone.request.get(f"{server}/api/account/invitations").json()["invitations"]
    assert [(o["table"], o["role"]) for o in offers] == [(rematch, "blue")], offers
    _look(host, "rematch-offered-laptop")

    # The leaderboard: both rated, the winner above 1500 and the other below (both at 1500
    # after a draw).
    winner = {"green": host_name, "blue": guest_name}[result["ranking"][0]]
    for page, size in ((host, "laptop"), (phone, "phone")):
        page.goto(server + "/ratings")
        board = page.locator("#boards")
        board.get_by_text(host_name).wait_for()
        board.get_by_text(guest_name).wait_for()
        _look(page, f"ratings-{size}")
        # Each profile lists the game, with a link to its replay.
        for name in (host_name, guest_name):
            page.goto(f"{server}/players/{name}")
            page.locator(f'a[href*="/table/{table}"]').first.wait_for()
            _look(page, f"profile-{'winner' if name == winner else 'other'}-{size}")
    top = host.request.get(f"{server}/api/ratings/time_of_crisis").json()["players"]
    mine = {p["name"]: p["rating"] for p in top}
    loser = guest_name if winner == host_name else host_name
    if drawn:
        assert mine[winner] == mine[loser] == 1500, mine
    else:
        assert mine[winner] > 1500 > mine[loser], mine

    assert not host_problems, host_problems
    assert not [p for p in guest_problems if "Failed to load" not in p], guest_problems
    assert not phone_problems, phone_problems
    device.close()
    host.close()


def test_a_player_invited_by_name_is_mailed_and_reaches_the_seat(
    site: tuple[str, Inbox, str], browser: Any
) -> None:
    server, inbox, _database = site
    suffix = secrets.token_hex(2)
    host_name, guest_name = f"Marcus{suffix}", f"Julia{suffix}"
    host, host_problems = _page(browser, *PHONE)
    guest, _guest_problems = _page(browser, *LAPTOP)
    _sign_up(host, server, inbox, host_name)
    guest_address = _sign_up(guest, server, inbox, guest_name)
    _two_seat_lobby(host, server, host_name)
    invite = host.locator('input[name="invite-blue"]')
    assert invite.is_hidden()  # only for a seat offered to a player of the site
    host.select_option('select[name="seat-blue"]', "player")
    host.click("#create")  # no name yet: the page asks for one and makes nothing
    host.locator("#create-error", has_text="Name the player to invite as blue").wait_for()
    invite.fill("nobody-here")
    host.click("#create")
    host.locator("#create-error", has_text="no player is called").wait_for()
    invite.fill(guest_name.lower())  # names are found whatever their case
    host.locator("#seats").evaluate("e => e.scrollIntoView()")
    # The name's field fits the phone's width (no sideways scrolling).
    assert host.evaluate("document.documentElement.scrollWidth") <= PHONE[0]
    _look(host, "lobby-invite-phone")
    host.click("#create")
    host.wait_for_url("**/table/**")
    table = host.url.rsplit("/", 1)[-1].split("?")[0].split("#")[0]
    mail = _wait_mail(inbox, guest_address, "invites you")
    assert f"/table/{table}?seat=blue" in body(mail) and host_name in body(mail)
    # Signed in on their own browser, the guest follows the link to the seat offered, and
    # accepts it (an invitation is an offer): the seat is theirs.
    guest.goto(f"{server}/table/{table}?seat=blue")
    guest.locator(".offer button.primary", has_text="Accept").click()
    _seat_shown(guest, "blue")
    guest.locator("#seats a.player", has_text=guest_name).wait_for()  # by account, rated or not
    assert not [p for p in host_problems if "status of 4" not in p], host_problems


def test_a_friend_link_table_made_while_signed_in_follows_both_and_mails_the_maker(
    site: tuple[str, Inbox, str], browser: Any, receiver: Receiver
) -> None:
    """A signed-in maker makes a (not open) table with a friend's link; the friend, signed
    in, opens it: both find it in "Your games", in the lobby and on the account page, and
    when the friend has moved the maker, away, gets exactly one turn notice on each of her
    channels: a mail, a Web Push to her browser (encrypted for it, read back here) and a
    webhook into her chat."""
    server, inbox, database = site
    rng = random.Random(5)
    suffix = secrets.token_hex(2)
    maker_name, friend_name = f"Titus{suffix}", f"Flavia{suffix}"
    maker, maker_problems = _page(browser, *LAPTOP)
    friend, friend_problems = _page(browser, *PHONE)
    maker_address = _sign_up(maker, server, inbox, maker_name)
    _sign_up(friend, server, inbox, friend_name)
    # The maker is told in her browser too (as the account page's button subscribes it) and
    # in her chat.
    keys = PushKeys()
    hook, pushed = f"/hook/{maker_name}", f"/push/{maker_name}"
    res = maker.request.post(
        server + "/api/account/push",
        data={"endpoint": receiver.url(pushed), "keys": keys.keys(), "label": "Chromium"},
    )
    assert res.status == 201, res.text()
    res = maker.request.post(
        server + "/api/account/notices", data={"webhook_url": receiver.url(hook), "webhook": True}
    )
    assert res.ok and res.json()["channels"]["webhook"] is True, res.text()
    _two_seat_lobby(maker, server, maker_name)
    maker.check("input[name=short_game]")
    maker.select_option("#pace", str(24 * 3600))
    maker.select_option('select[name="seat-blue"]', "friend")
    maker.click("#create")
    box = maker.locator("#invite-list input")
    box.wait_for()
    seat_link = box.input_value()
    table = seat_link.split("/table/", 1)[1].split("#")[0]
    # The friend, signed in, opens the link: the seat is her account's from now on.
    friend.goto(seat_link)
    _seat_shown(friend, "blue")
    friend.goto(server + "/account")
    friend.locator(f'#my-games li[data-table="{table}"]', has_text=maker_name).wait_for()
    _look(friend, "your-games-account-phone")
    for page, other in ((maker, friend_name), (friend, maker_name)):
        page.goto(server + "/")
        entry = page.locator(f'#my-tables li[data-table="{table}"]')
        entry.wait_for()
        assert other in entry.inner_text() and "1 d per move" in entry.inner_text()
    _look(maker, "your-games-lobby-laptop")
    _look(friend, "your-games-lobby-phone")
    maker.goto(server + "/account")
    maker.locator(f'#my-games li[data-table="{table}"]').wait_for()
    _look(maker, "your-games-account-laptop")
    # The friend plays (the maker first where the game begins with green, at her table);
    # the maker then leaves, and the friend plays until the maker's turn.
    maker.goto(f"{server}/table/{table}")
    _seat_shown(maker, "green")
    friend.goto(f"{server}/table/{table}")
    _seat_shown(friend, "blue")
    # At the top on both sizes: whose turn, the time left, rated or not, the players.
    for page, size in ((maker, "laptop"), (friend, "phone")):
        bar = page.locator("#table-bar")
        bar.locator("li", has_text=friend_name).wait_for()
        said = bar.inner_text()
        assert maker_name in said and " h left" in said and "unrated" in said, said
        # "unrated" is the game's: a player without a rating is not called so beside it too
        assert said.count("unrated") == 1, said
        # (on a phone at your turn the banner under the bar says it, and the bar does not)
        turn = f"{said}\n{page.locator('#notice').inner_text()}"
        assert re.search(r"Your turn|Waiting for \S+ \((Green|Blue)\)", turn), turn
        box = bar.bounding_box()
        assert box is not None and box["y"] + box["height"] < 200, box
        _look(page, f"table-bar-{size}")
    _play_in_page(
        maker,
        rng,
        lambda: (
            _active(maker, server, table) == ["blue"]
            and not maker.locator("#prompt", has_text="Sending").count()
        ),
    )
    # Away from now on, she is mailed at once (not after her 10 minutes away).
    assert _mails(inbox, maker_address, "Your turn") == []
    engine = create_engine(database)
    with engine.begin() as db:
        db.execute(
            text("UPDATE accounts SET mail_after = 0 WHERE email = :a"), {"a": maker_address}
        )
    maker.goto(server + "/")
    _play_in_page(friend, rng, lambda: "green" in _active(friend, server, table))
    mail = _wait_mail(inbox, maker_address, "Your turn")

    def told(path: str) -> list[bytes]:
        return [sent for at, _headers, sent in receiver.got if at == path]

    wait_for(lambda: told(pushed) and told(hook), "the push and the webhook")
    time.sleep(1.5)  # three more looks of the clock: still one on each channel
    assert len(_mails(inbox, maker_address, "Your turn")) == 1
    assert f"/table/{table}?seat=green" in body(mail)
    assert "to move" in body(mail) and "Since your last move:" in body(mail)
    (push_message,) = [keys.read(sent) for sent in told(pushed)]
    assert f"/table/{table}?seat=green" in push_message["url"], push_message
    (chat,) = [json.loads(sent) for sent in told(hook)]
    assert chat["crisis"]["kind"] == "turn" and f"/table/{table}?seat=green" in chat["content"]
    # The lobby's "Your games" puts it first for the maker: her turn, how long, the time left.
    maker.reload()
    first = maker.locator("#my-tables li").first
    first.locator(".your-turn").wait_for()
    said = first.inner_text()
    assert f'data-table="{table}"' in first.evaluate("e => e.outerHTML")
    assert "Your turn (it came " in said and "left" in said, said
    engine.dispose()
    assert not [p for p in maker_problems if "Failed to load" not in p], maker_problems
    assert not [p for p in friend_problems if "Failed to load" not in p], friend_problems
    maker.close()
    friend.close()
