"""Write the shared part of every web page's head (src/crisis/web/*.html).

The pages are static files the server sends as they are (no template engine, no build step
for the client), so the lines every page needs (character set, viewport, theme colour, icons,
the web app manifest, the site's style sheet) are kept once, here, and copied between two
markers at the top of each page's ``<head>``. What differs per page (its title, an extra style
sheet, its scripts) stays below the block. Change :data:`HEAD` and run this;
``tests/web/test_page_heads.py`` fails while a page's block differs from it, or a page lacks
the markers.

Every link stays on the site's own origin, as the Content-Security-Policy (``'self'`` only)
requires. The API reference page (``docs.html``) is left out: it is the server's template for
the Swagger UI, with that tool's own assets and style.

    python tools/page_heads.py          # rewrite the pages' blocks
    python tools/page_heads.py --check  # exit 1 if a page is out of date
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

WEB = Path(__file__).resolve().parent.parent / "src" / "crisis" / "web"

#: Pages that are not the site's own: the Swagger UI's template.
SKIP = frozenset({"docs.html"})

BEGIN = "<!-- shared head: written by tools/page_heads.py; change it there -->"
END = "<!-- end of shared head -->"

#: The lines every page's head starts with, indented as they appear in the page.
HEAD = """\
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="theme-color" content="#8c2d19">
  <link rel="icon" href="/static/icon.svg" type="image/svg+xml">
  <link rel="icon" href="/static/icon-192.png" sizes="192x192" type="image/png">
  <link rel="apple-touch-icon" href="/static/icon-192.png">
  <link rel="manifest" href="/manifest.webmanifest">
  <link rel="stylesheet" href="/static/style.css">
"""

BLOCK = re.compile(re.escape("  " + BEGIN) + r"\n.*?" + re.escape("  " + END) + r"\n", re.S)


def pages() -> list[Path]:
    """The site's own pages, by name."""
    return sorted(p for p in WEB.glob("*.html") if p.name not in SKIP)


def updated(text: str) -> str:
    """``text`` (a page) with its shared block rewritten from :data:`HEAD`.

    A page without the markers is an error rather than a guess: the block goes right after
    ``<head>`` and the page's own lines below it, which only a person can sort out once.
    """
    block = f"  {BEGIN}\n{HEAD}  {END}\n"
    new, count = BLOCK.subn(lambda _: block, text)
    if count != 1:
        raise ValueError(f"expected one shared head block, found {count}")
    return new


def main(argv: list[str]) -> int:
    """Rewrite every page's block, or with ``--check`` list the pages that are out of date."""
    stale = []
    for page in pages():
        text = page.read_text(encoding="utf-8")
        try:
            new = updated(text)
        except ValueError as error:
            print(f"{page}: {error}", file=sys.stderr)
            return 1
        if new != text:
            stale.append(page)
            if "--check" not in argv:
                page.write_text(new, encoding="utf-8")
    if stale and "--check" in argv:
        for page in stale:
            print(f"{page} is out of date: run python tools/page_heads.py", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
