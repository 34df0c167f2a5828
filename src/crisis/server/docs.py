"""The API reference: Swagger UI served from this server's own files.

FastAPI's built-in ``docs_url`` page loads Swagger UI from a CDN and starts it with an inline
script, both of which the server's Content-Security-Policy (``'self'`` only) forbids, so the
page stays blank. :func:`add_docs` serves the same reference with local assets instead: the
Swagger UI distribution that the ``swagger-ui-bundle-v2`` package ships (Swagger UI 5, which
reads the OpenAPI 3.1 documents FastAPI writes), the page ``web/docs.html`` and its start
script ``web/js/docs.js``. Nothing on the page is inline and nothing comes from another host,
so it works under the policy unchanged.
"""

from __future__ import annotations

import html
from importlib import resources
from pathlib import Path
from string import Template

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, HTMLResponse
from fastapi.staticfiles import StaticFiles
from swagger_ui_bundle import swagger_ui_path

WEB = Path(str(resources.files("crisis") / "web"))
PAGE = WEB / "docs.html"
SCRIPT = WEB / "js" / "docs.js"
#: The Swagger UI distribution (swagger-ui-bundle.js, swagger-ui.css, favicons).
SWAGGER_UI = Path(str(swagger_ui_path))


def add_docs(app: FastAPI, path: str = "/api/docs") -> None:
    """Serve the API reference for ``app`` at ``path``: the page itself, its start script at
    ``{path}/docs.js`` and Swagger UI's files under ``{path}/assets``.

    Create the app with ``docs_url=None`` (FastAPI's own page would otherwise answer ``path``
    first). The page reads ``app.openapi_url``, which must not be ``None``.
    """
    if app.openapi_url is None:
        raise ValueError("add_docs needs the app's OpenAPI document (openapi_url is None)")
    path = "/" + path.strip("/")
    if path == "/":
        raise ValueError("add_docs needs a path of its own, not the site's root")
    openapi_url = app.openapi_url
    page = Template(PAGE.read_text(encoding="utf-8"))
    title = f"{app.title}: API reference"

    @app.get(path, include_in_schema=False, name="api_docs")
    async def api_docs(request: Request) -> HTMLResponse:
        # Behind a proxy that mounts the app under a prefix, every URL carries that prefix.
        root = str(request.scope.get("root_path", "")).rstrip("/")
        return HTMLResponse(
            page.substitute(
                title=html.escape(title),
                assets=html.escape(f"{root}{path}/assets"),
                script=html.escape(f"{root}{path}/docs.js"),
                openapi_url=html.escape(f"{root}{openapi_url}"),
            )
        )

    @app.get(f"{path}/docs.js", include_in_schema=False, name="api_docs_script")
    async def api_docs_script() -> FileResponse:
        return FileResponse(SCRIPT, media_type="text/javascript")

    app.mount(f"{path}/assets", StaticFiles(directory=SWAGGER_UI), name="api_docs_assets")
