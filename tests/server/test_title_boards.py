"""The lobby's metadata names each title's web board as the title declares it
(``TitleSpec.presentation.board``); the table page picks its board from there, not from the
title's name."""

from __future__ import annotations

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
