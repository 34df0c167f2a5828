"""A title's turn as a Mermaid flowchart, drawn from its machine's declarations.

:func:`mermaid` reads only :meth:`Machine.describe() <crisis.engine.machine.Machine.describe>`:
the decision steps, the automatic steps, each step's flow (the steps it goes to, the
sub-procedures it calls, its phase) and the start step. :func:`update` puts such charts
into a Markdown document between markers, so that a document showing them can be
regenerated (``tools/turn_diagrams.py``) and checked by a test against the code.

Shapes: a decision step is a rounded box, an automatic step a hexagon, a sub-procedure (a
step some step calls) a box with double sides, the end of the game a circle. A solid arrow
is a move to the next step; a dotted arrow labelled ``calls`` enters a sub-procedure, which
returns to its caller when it ends. Steps declared in a phase are drawn inside it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from crisis.engine.machine import OVER


def _id(step: str) -> str:
    """A Mermaid node id for ``step`` (prefixed: some step names are Mermaid words)."""
    return "s_" + re.sub(r"\W", "_", step)


def _order(described: Mapping[str, Any]) -> list[str]:
    """Every step in the order a game first meets it: breadth first from the start step
    along moves and calls; steps not reached follow in name order."""
    flow: Mapping[str, Any] = described["flow"]
    names = set(described["steps"]) | set(described["automatic"]) | set(flow)
    for f in flow.values():
        names |= set(f["goes"]) | set(f["calls"])
    start = described.get("start")
    order: list[str] = []
    queue = [start] if start in names else []
    while queue:
        step = queue.pop(0)
        if step in order:
            continue
        order.append(step)
        f = flow.get(step, {"goes": [], "calls": []})
        queue += [s for s in [*f["goes"], *f["calls"]] if s not in order]
    return order + sorted(names - set(order))


def mermaid(described: Mapping[str, Any]) -> str:
    """The flowchart (Mermaid source, without the code fence) of a machine's
    :meth:`~crisis.engine.machine.Machine.describe` output; see the module docstring."""
    flow: Mapping[str, Any] = described["flow"]
    automatic = set(described["automatic"])
    called = {c for f in flow.values() for c in f["calls"]}
    order = _order(described)

    def node(step: str) -> str:
        label = f'"{step}"'
        if step == OVER:
            return f"{_id(step)}(({label}))"
        if step in automatic:
            return f"{_id(step)}{{{{{label}}}}}"
        if step in called:
            return f"{_id(step)}[[{label}]]"
        return f"{_id(step)}([{label}])"

    lines = ["flowchart TD"]
    start = described.get("start")
    if start is not None:
        lines.append(f"    start((start)) --> {_id(start)}")
    phases: dict[str, list[str]] = {}
    for step in order:
        phase = flow.get(step, {}).get("phase")
        if phase is None or step == OVER:
            lines.append(f"    {node(step)}")
        else:
            phases.setdefault(phase, []).append(step)
    for phase, steps in phases.items():
        lines.append(f'    subgraph p_{_id(phase)[2:]}["{phase}"]')
        lines += [f"        {node(step)}" for step in steps]
        lines.append("    end")
    for step in order:
        f = flow.get(step)
        if f is None:
            continue
        lines += [f"    {_id(step)} --> {_id(g)}" for g in f["goes"] if g != step]
        lines += [f"    {_id(step)} -. calls .-> {_id(c)}" for c in f["calls"]]
    return "\n".join(lines) + "\n"


def _markers(name: str) -> tuple[str, str]:
    begin = (
        f"<!-- turn diagram of {name}: generated from describe() by "
        "tools/turn_diagrams.py; change the declarations, not this -->"
    )
    return begin, f"<!-- end of the turn diagram of {name} -->"


def update(text: str, charts: Mapping[str, str]) -> str:
    """``text`` (Markdown) with each title's chart in ``charts`` (title name -> Mermaid
    source) put in a ``mermaid`` code block between that title's markers, replacing what
    was there. Raises ``ValueError`` when a title's markers are missing."""
    for name, chart in charts.items():
        begin, end = _markers(name)
        pattern = re.compile(re.escape(begin) + r".*?" + re.escape(end), re.S)
        if not pattern.search(text):
            raise ValueError(f"no markers for the turn diagram of {name}: {begin} ... {end}")
        block = f"{begin}\n\n```mermaid\n{chart}```\n\n{end}"
        text = pattern.sub(block.replace("\\", "\\\\"), text)
    return text


def markers(name: str) -> str:
    """The empty markers to put in a document where ``name``'s chart belongs."""
    begin, end = _markers(name)
    return f"{begin}\n{end}"


__all__ = ["markers", "mermaid", "update"]
