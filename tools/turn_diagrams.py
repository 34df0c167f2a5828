"""Write the turn diagrams of docs/architecture.md from the titles' declarations.

Each title's chart is :func:`crisis.engine.diagram.mermaid` of its machine's ``describe()``
(decision and automatic steps, the steps each goes to, the sub-procedures it calls, its
phase), put between that title's markers in the document. Run it after changing where a
step leads; ``tests/engine/test_flow.py`` fails while the document disagrees with the code.

    python tools/turn_diagrams.py          # rewrite docs/architecture.md
    python tools/turn_diagrams.py --check  # exit 1 if it is out of date
"""

from __future__ import annotations

import sys
from pathlib import Path

from crisis.engine.diagram import mermaid, update
from crisis.games import TITLES, get_title

DOC = Path(__file__).resolve().parent.parent / "docs" / "architecture.md"


def charts() -> dict[str, str]:
    """Every registered title's chart, by title name."""
    return {name: mermaid(get_title(name).rules.machine.describe()) for name in sorted(TITLES)}


def main(argv: list[str]) -> int:
    """Rewrite the document, or with ``--check`` say whether it is up to date."""
    text = DOC.read_text(encoding="utf-8")
    new = update(text, charts())
    if "--check" in argv:
        if new != text:
            print(f"{DOC} is out of date: run python tools/turn_diagrams.py", file=sys.stderr)
            return 1
        return 0
    DOC.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
