"""The API reference (/api/docs) renders in a real headless Chromium under the server's
Content-Security-Policy: Swagger UI draws the operations, a request goes through "Try it out",
and the browser reports no policy violation and fetches nothing from another host.

The screenshot lands in ``test-artifacts/api-docs.png``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from crisis.devtools.loadtest import free_port
from crisis.server.app import SECURITY_HEADERS
from tests.databases import BACKENDS, fresh_database

from .test_browser import ARTIFACTS, browser, pytestmark

# The browser tests' Chromium fixture and skip condition (Chromium missing) apply here too.
from .threaded import served_in_thread

__all__ = ["browser", "pytestmark"]

CSP = dict(SECURITY_HEADERS)[b"content-security-policy"].decode()


@pytest.fixture(scope="module", params=BACKENDS)
def docs_server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[str]:
    """The app with its local API reference, served by uvicorn on a free port in this process
    (a thread), so that the browser sees the real headers, the CSP among them; once on each
    backend."""
    from ..server.test_docs import docs_app

    with fresh_database(request.param, tmp_path_factory.mktemp("docs")) as db:
        app = docs_app(db.url, bot_delay=0.0)
        with served_in_thread(app, free_port()) as base:
            yield base


@pytest.mark.browser
def test_swagger_ui_renders_under_the_csp_with_local_assets(docs_server: str, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 1440, "height": 900})
    console: list[str] = []
    errors: list[str] = []
    requests: list[str] = []
    page.on("console", lambda m: console.append(f"{m.type}: {m.text}"))
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("requestfailed", lambda r: errors.append(f"failed: {r.url} {r.failure}"))
    page.on("request", lambda r: requests.append(r.url))
    # Violations also fire a DOM event; collect them (the init script runs outside the CSP).
    page.add_init_script(
        "window.__violations = [];"
        "document.addEventListener('securitypolicyviolation', (e) =>"
        " window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));"
    )

    response = page.goto(docs_server + "/api/docs")
    assert response is not None and response.status == 200
    # The page is served under the server's policy, unchanged.
    assert response.headers["content-security-policy"] == CSP

    # Swagger UI drew the API: the title and the operations, /api/tables among them.
    page.wait_for_selector(".swagger-ui .opblock-summary-path[data-path='/api/tables']")
    title = page.locator(".swagger-ui .info .title").inner_text()
    assert title.startswith("crisis") and "OAS 3.1" in title
    assert page.locator(".swagger-ui .opblock").count() >= 10
    assert page.locator(".swagger-ui .errors-wrapper").count() == 0
    assert page.get_by_text("Unable to render this definition").count() == 0
    # Swagger UI's stylesheet applies (it is blocked if style-src refuses it).
    get = page.locator(".opblock-get .opblock-summary-method").first
    assert get.evaluate("e => getComputedStyle(e).backgroundColor") == "rgb(97, 175, 254)"
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "api-docs.png"))

    # "Try it out" on GET /api/tables: the request goes to this server (connect-src 'self')
    # and Swagger UI shows the answer.
    block = page.locator(".opblock-get:has(.opblock-summary-path[data-path='/api/tables'])")
    block.locator(".opblock-summary").click()
    block.locator("button.try-out__btn").click()
    block.locator("button.execute").click()
    status = block.locator(".live-responses-table tr.response .response-col_status")
    status.wait_for()
    assert status.inner_text().strip() == "200"
    assert "/api/tables" in block.locator(".request-url").inner_text()

    # Nothing was refused by the policy, nothing failed, nothing left this server.
    violations = page.evaluate("() => window.__violations")
    assert violations == []
    refused = [m for m in console if "Content Security Policy" in m or "Refused to" in m]
    assert refused == []
    assert [m for m in console if m.startswith("error:")] == []
    assert errors == []
    outside = [u for u in requests if not u.startswith(docs_server + "/")]
    assert outside == []
    assert docs_server + "/api/docs/assets/swagger-ui-bundle.js" in requests
    assert docs_server + "/api/docs/docs.js" in requests
    assert docs_server + "/openapi.json" in requests
    page.close()
