"""The API reference at /api/docs: Swagger UI from the package's own files, nothing inline and
nothing from another host, so that the server's Content-Security-Policy lets it run (the
browser check is tests/web/test_docs_page.py)."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from crisis.server import create_app
from crisis.server.app import SECURITY_HEADERS, Guard
from crisis.server.docs import add_docs
from tests.databases import Database

CSP = dict(SECURITY_HEADERS)[b"content-security-policy"].decode()


def docs_app(database: str, **kwargs: Any) -> FastAPI:
    """``create_app``'s app with the local API reference at /api/docs.

    Once app.py builds its app with ``docs_url=None`` and calls ``add_docs`` this returns the
    app unchanged; until then it drops FastAPI's CDN page and adds ours.
    """
    app = create_app(database, **kwargs)
    if not any(getattr(r, "name", None) == "api_docs" for r in app.router.routes):
        defaults = ("swagger_ui_html", "swagger_ui_redirect")
        app.router.routes[:] = [
            r for r in app.router.routes if getattr(r, "name", None) not in defaults
        ]
        add_docs(app)
    return app


class _Page(HTMLParser):
    """The tags of a page, with their attributes, and the text inside each script and style."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str]]] = []
        self.inline: list[str] = []  # non-blank text inside <script> or <style>
        self._open: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, {k: v or "" for k, v in attrs}))
        self._open = tag if tag in ("script", "style") else None

    def handle_endtag(self, tag: str) -> None:
        self._open = None

    def handle_data(self, data: str) -> None:
        if self._open and data.strip():
            self.inline.append(f"<{self._open}>{data.strip()[:80]}")


def _parse(text: str) -> _Page:
    page = _Page()
    page.feed(text)
    return page


@pytest.fixture
def docs(db: Database) -> Any:
    app = docs_app(db.url, bot_delay=0.0)
    with TestClient(app) as client:
        yield client


def test_the_docs_page_uses_only_local_assets_and_nothing_inline(docs: TestClient) -> None:
    res = docs.get("/api/docs")
    assert res.status_code == 200
    assert res.headers["content-type"].startswith("text/html")
    # The page runs under the server's policy, unchanged: exactly one CSP header, 'self' only.
    assert res.headers.get_list("content-security-policy") == [CSP]
    page = _parse(res.text)
    # No address names a host: no scheme, no protocol-relative //host; FastAPI's CDN is gone.
    assert not re.search(r"https?:|//[a-z0-9]|cdn\.jsdelivr", res.text, re.I)
    links = [a[name] for _, a in page.tags for name in ("src", "href") if name in a]
    assert links and all(link.startswith("/") and not link.startswith("//") for link in links)
    # No inline script or style block, no style or on* attribute (script-src/style-src 'self').
    assert page.inline == []
    assert [t for t, _ in page.tags if t == "style"] == []
    attrs = {name for _, a in page.tags for name in a}
    assert "style" not in attrs and not [a for a in attrs if a.startswith("on")]
    scripts = [a.get("src", "") for t, a in page.tags if t == "script"]
    assert scripts == ["/api/docs/assets/swagger-ui-bundle.js", "/api/docs/docs.js"]
    # Where the page tells Swagger UI to read the API description.
    (root,) = [a for _, a in page.tags if a.get("id") == "swagger-ui"]
    assert root["data-openapi-url"] == "/openapi.json"
    # Every file the page names is served, with the security headers too.
    for link in links:
        got = docs.get(link)
        assert got.status_code == 200, link
        assert got.headers["content-security-policy"] == CSP, link


@pytest.mark.parametrize(
    ("url", "kind", "holds"),
    [
        ("/api/docs/docs.js", "text/javascript", "SwaggerUIBundle({"),
        ("/api/docs/assets/swagger-ui-bundle.js", "javascript", "SwaggerUIBundle"),
        ("/api/docs/assets/swagger-ui.css", "text/css", ".swagger-ui"),
        ("/api/docs/assets/favicon-32x32.png", "image/png", ""),
        ("/openapi.json", "application/json", '"/api/tables"'),
    ],
)
def test_the_page_s_script_assets_and_api_description_are_served(
    docs: TestClient, url: str, kind: str, holds: str
) -> None:
    res = docs.get(url)
    assert res.status_code == 200, url
    assert kind in res.headers["content-type"]
    assert holds in res.text


def test_the_start_script_reads_the_page_and_asks_no_other_host(docs: TestClient) -> None:
    script = docs.get("/api/docs/docs.js").text
    assert "root.dataset.openapiUrl" in script
    assert "validatorUrl: null" in script  # no badge image from the public validator
    assert not re.search(r"https?://", script)


def test_swagger_ui_is_version_5_which_reads_openapi_3_1(docs: TestClient) -> None:
    """FastAPI writes OpenAPI 3.1, which Swagger UI 4 refuses ("Unable to render this
    definition"): the bundle must be Swagger UI 5 or later."""
    from crisis.server.docs import SWAGGER_UI

    assert docs.get("/openapi.json").json()["openapi"].startswith("3.1")
    major = re.fullmatch(r"swagger-ui-(\d+)\.\d+\.\d+", SWAGGER_UI.name)
    assert major is not None and int(major.group(1)) >= 5, SWAGGER_UI.name


def test_the_docs_stay_out_of_the_api_description(docs: TestClient) -> None:
    paths = docs.get("/openapi.json").json()["paths"]
    assert "/api/tables" in paths
    assert not [p for p in paths if p.startswith("/api/docs")]


def test_add_docs_on_a_bare_app_at_another_path_and_behind_a_prefix() -> None:
    app = FastAPI(title="bare", docs_url=None, redoc_url=None)
    add_docs(app, "/reference/")
    app.add_middleware(Guard)
    client = TestClient(app)
    page = client.get("/reference")
    assert page.status_code == 200
    assert page.headers["content-security-policy"] == CSP
    assert 'href="/reference/assets/swagger-ui.css"' in page.text
    assert '<script src="/reference/docs.js">' in page.text
    assert "<title>bare: API reference</title>" in page.text
    assert client.get("/reference/docs.js").status_code == 200
    assert client.get("/reference/assets/swagger-ui-bundle.js").status_code == 200
    assert client.get("/api/docs").status_code == 404
    # Mounted under a prefix by a proxy, the page's addresses carry the prefix.
    behind = TestClient(app, root_path="/crisis").get("/reference").text
    assert 'src="/crisis/reference/docs.js"' in behind
    assert 'data-openapi-url="/crisis/openapi.json"' in behind


def test_add_docs_refuses_an_app_without_an_api_description_or_a_path() -> None:
    with pytest.raises(ValueError, match="openapi_url"):
        add_docs(FastAPI(openapi_url=None, docs_url=None))
    with pytest.raises(ValueError, match="path"):
        add_docs(FastAPI(docs_url=None), "/")
