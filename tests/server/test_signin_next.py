"""After signing in, a page goes on only to a path of this site: ``next`` is read with the URL
parser, as sent and once decoded, and every spelling a browser would read as another host is
answered with the account page instead. Both databases."""

from __future__ import annotations

import pytest

from crisis.server.accounts.sessions import HOME, same_origin_path
from tests.databases import Database
from tests.server.test_accounts import PASSWORD, loosen, make_app, quick_hashes  # noqa: F401

#: Spellings of another host (or of no path at all): each must give the account page.
ELSEWHERE = (
    "/%5Cevil.example/",
    "/%5cevil.example/",
    "/%09/evil.example/",
    "/%0a/evil.example/",
    "/%2F/evil.example/",
    "/%2f%2fevil.example",
    "//evil.example/",
    "///evil.example/",
    "/\\evil.example/",
    "\\\\evil.example/",
    "/\t/evil.example/",
    "/ /evil.example/",
    "https://evil.example/",
    "http:/evil.example/",
    "HTTPS://evil.example",
    "javascript:alert(1)",
    "data:text/html,x",
    "evil.example",
    "%2F%2Fevil.example",
    "/\u2028/evil.example",
    "",
    "/" + "a" * 1000,
)
#: Paths of this site: kept (the fragment dropped).
HERE = (
    ("/account", "/account"),
    ("/table/ab12cd?seat=blue", "/table/ab12cd?seat=blue"),
    ("/ratings?title=rome_in_crisis#top", "/ratings?title=rome_in_crisis"),
    ("/players/Aurelian", "/players/Aurelian"),
)


@pytest.mark.parametrize("value", ELSEWHERE)
def test_no_other_host_however_spelled(value: str) -> None:
    assert same_origin_path(value) == HOME


@pytest.mark.parametrize(("value", "expected"), HERE)
def test_paths_of_this_site_are_kept(value: str, expected: str) -> None:
    assert same_origin_path(value) == expected


def test_the_sign_in_answer_names_where_to_go(db: Database) -> None:
    with make_app(db) as client:
        loosen(client)
        res = client.post(
            "/api/account/signup",
            json={
                "name": "Aurelian",
                "email": "a@example.org",
                "password": PASSWORD,
                "next": "/%5Cevil.example/",
            },
        )
        assert res.status_code == 201 and res.json()["next"] == HOME, res.text
        for value in (*ELSEWHERE[:8], None):
            body = {"login": "Aurelian", "password": PASSWORD, "next": value}
            res = client.post("/api/account/signin", json=body)
            assert res.status_code == 200 and res.json()["next"] == HOME, (value, res.text)
        res = client.post(
            "/api/account/signin",
            json={"login": "Aurelian", "password": PASSWORD, "next": "/table/ab?seat=red"},
        )
        assert res.json()["next"] == "/table/ab?seat=red"
        res = client.post(
            "/api/account/signin", json={"login": "Aurelian", "password": PASSWORD, "next": 5}
        )
        assert res.status_code == 400 and res.json()["code"] == "bad_message"
