"""The lobby's metadata names each title's web board as the title declares it
(``TitleSpec.presentation.board``); the table page picks its board from there, not from the
title's name."""

from __future__ import annotations

import re
from pathlib import Path

from fastapi.testclient import TestClient

import crisis
from crisis.games import DEFAULT_TITLE, TITLES, get_title


def test_meta_names_the_board_each_title_declares(client: TestClient) -> None:
    meta = client.get("/api/meta").json()
    for name in TITLES:
        assert meta["titles"][name]["board"] == get_title(name).presentation.board != ""
    assert (
        meta["board"] == get_title(DEFAULT_TITLE).presentation.board
    )  # the default title's, on top


def test_the_table_page_picks_the_declared_board() -> None:
    table = (Path(crisis.__file__).parent / "web" / "js" / "table.js").read_text()
    assert "BOARDS[info.board]" in table and "BOARDS[s.table.title]" not in table


def test_each_card_pile_a_title_declares_belongs_to_a_verb_that_names_a_card(
    client: TestClient,
) -> None:
    """The board offers a card verb on the pile the title declares (``card_piles``) and on
    the hand otherwise: every verb named there is a declared verb whose argument is a card,
    and the board compares no action with a verb of the market or the piles itself."""
    meta = client.get("/api/meta").json()["titles"]["time_of_crisis"]
    piles = meta["card_piles"]
    assert set(piles.values()) == {"market", "available", "discard"}
    card_verbs = {
        v["verb"]
        for entries in meta["rules"]["verbs"].values()
        for v in entries
        if ["card"] in v["args"]
    }
    assert set(piles) <= card_verbs
    board = Path(crisis.__file__).parent / "web" / "js" / "boards" / "time_of_crisis" / "board.js"
    named = re.findall(r'\[0\]\s*[!=]==\s*"(\w+)"', board.read_text())  # a[0] === "buy"
    assert not set(named) & {*piles, "cycle"}
