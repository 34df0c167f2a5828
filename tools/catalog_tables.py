"""Write the action-catalog tables of docs/research.md from the titles' declarations.

Each table lists, for the richest setup of a title, every declared verb with its number of
catalog entries, the id of its first entry and the argument domains it declares. Run it
after changing a verb's declaration; ``tests/rl/test_catalog_docs.py`` fails while the
document disagrees with the code.

    python tools/catalog_tables.py          # rewrite docs/research.md
    python tools/catalog_tables.py --check  # exit 1 if it is out of date
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

from crisis.games import get_title

DOC = Path(__file__).resolve().parent.parent / "docs" / "research.md"
#: The setup whose catalog each table shows (everything on, the most seats).
RICHEST: dict[str, dict[str, Any]] = {
    "time_of_crisis": {"players": 4, "expansion_cards": True, "emperor_rules": True},
    "rome_in_crisis": {"players": 4},
}


def table(name: str) -> str:
    """The markdown table of ``name``'s catalog under its richest setup."""
    title = get_title(name)
    catalog = title.research.action_catalog(RICHEST[name])
    first: dict[str, int] = {}
    count: dict[str, int] = {}
    for i, action in enumerate(catalog):
        first.setdefault(action.verb, i)
        count[action.verb] = count.get(action.verb, 0) + 1
    domains: dict[str, str] = {}
    options: dict[str, str] = {}
    for v in title.rules.machine.verbs.values():
        shown = " or ".join("(" + ", ".join(a) + ")" if a else "none" for a in v.args)
        domains.setdefault(v.name, shown)
        if v.option:
            options[v.name] = v.option
    rows = ["| verb | entries | first id | argument domains | needs |", "|---|---|---|---|---|"]
    for verb in sorted(first, key=first.__getitem__):
        need = f"`{options[verb]}`" if verb in options else ""
        rows.append(f"| {verb} | {count[verb]} | {first[verb]} | {domains[verb]} | {need} |")
    return "\n".join(rows)


def render(text: str) -> str:
    """``text`` with every ``<!-- catalog:NAME -->`` ... ``<!-- /catalog -->`` block rewritten."""

    def block(m: re.Match[str]) -> str:
        return f"{m.group(1)}\n{table(m.group(2))}\n<!-- /catalog -->"

    return re.sub(r"(<!-- catalog:([a-z_]+) -->)\n.*?\n<!-- /catalog -->", block, text, flags=re.S)


def main(argv: list[str]) -> int:
    """Rewrite docs/research.md, or with ``--check`` report whether it is up to date."""
    old = DOC.read_text()
    new = render(old)
    if "--check" in argv:
        if new != old:
            print("docs/research.md is out of date: run python tools/catalog_tables.py")
            return 1
        return 0
    DOC.write_text(new)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
