"""Every page the site serves starts its head with the one shared block (tools/page_heads.py),
and everything that block links to is served from the site itself."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from crisis.server import create_app
from crisis.server.accounts import install
from crisis.server.accounts.routes import PAGES
from tests.databases import Database

ROOT = Path(__file__).resolve().parents[2]
_SPEC = importlib.util.spec_from_file_location("page_heads", ROOT / "tools" / "page_heads.py")
assert _SPEC is not None and _SPEC.loader is not None
page_heads = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(page_heads)


def test_every_page_carries_the_current_shared_head() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "page_heads.py"), "--check"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    names = {page.name for page in page_heads.pages()}
    assert {"index.html", "table.html", "ratings.html", *PAGES.values()} <= names


def test_a_page_without_the_markers_is_refused_not_guessed() -> None:
    with pytest.raises(ValueError, match="one shared head block"):
        page_heads.updated("<!doctype html>\n<head>\n  <title>x</title>\n</head>\n")


def test_the_served_pages_start_with_the_block_and_its_links_answer(db: Database) -> None:
    app = create_app(db.url)
    install(app)  # the account pages
    with TestClient(app) as client:
        _check_served(client)


def _check_served(client: TestClient) -> None:
    block = f"<head>\n  {page_heads.BEGIN}\n{page_heads.HEAD}  {page_heads.END}\n"
    for path in ["/", "/ratings", "/players/someone", "/table/abc", *PAGES]:
        page = client.get(path)
        assert page.status_code == 200, path
        assert block in page.text, path
    links = re.findall(r'href="([^"]+)"', page_heads.HEAD)
    assert len(links) == 5
    for link in links:
        assert link.startswith("/"), link  # the Content-Security-Policy allows 'self' only
        assert client.get(link).status_code == 200, link
