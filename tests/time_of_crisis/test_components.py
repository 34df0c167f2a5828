"""components.toml is the one place for component limits, costs, to-hit numbers and the
other numbers of the game: every key in it is read, and a changed value changes the rules."""

from __future__ import annotations

import subprocess
import sys
import textwrap

# Loads the title with tomllib.loads wrapped so that components.toml's tables record every
# key read, then prints the leaves never read. EDIT (a Python dict of section -> key ->
# value) changes values before the title sees them.
PROBE = textwrap.dedent(
    """
    import json, sys, tomllib

    EDIT = json.loads(sys.argv[1])
    read = set()

    class Tracked(dict):
        def __init__(self, raw, path):
            super().__init__(
                {k: Tracked(v, (*path, k)) if isinstance(v, dict) else v for k, v in raw.items()}
            )
            self.path = path
        def __getitem__(self, key):
            read.add((*self.path, key))
            return super().__getitem__(key)
        def get(self, key, default=None):
            read.add((*self.path, key))
            return super().get(key, default)
        def items(self):
            read.update((*self.path, k) for k in self)
            return super().items()
        def values(self):
            read.update((*self.path, k) for k in self)
            return super().values()

    def leaves(table, path=()):
        for k, v in dict.items(table):
            if isinstance(v, dict):
                yield from leaves(v, (*path, k))
            else:
                yield (*path, k)

    loads = tomllib.loads
    found = {}

    def tracked(text):
        raw = loads(text)
        if "limits" in raw:  # components.toml
            for section, values in EDIT.items():
                raw[section].update(values)
            found["components"] = Tracked(raw, ())
            return found["components"]
        return raw

    tomllib.loads = tracked
    from crisis.games.time_of_crisis import TITLE, combat, data, market, populace, senate
    data.provisional()
    unread = sorted(".".join(p) for p in leaves(found["components"]) if p not in read)
    print(json.dumps({
        "unread": unread,
        "full": combat.FULL,
        "militia_cost": populace.MILITIA_COST,
        "trash": market.TRASH_COST,
        "recall": data.COSTS.recall_governor,
        "leader_events": [TITLE.name, sorted(data.LEADER_EVENTS.values())],
    }))
    """
)


def _probe(edit: str = "{}") -> dict[str, object]:
    import json

    run = subprocess.run(
        [sys.executable, "-c", PROBE, edit], capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0, run.stderr
    return dict(json.loads(run.stdout))


def test_every_key_of_components_toml_is_read() -> None:
    assert _probe()["unread"] == []


def test_changed_values_reach_the_rules() -> None:
    edit = '{"combat": {"full_legion": 2}, "costs": {"militia": 4, "trash_card": 5}}'
    probed = _probe(edit)
    assert (probed["full"], probed["militia_cost"], probed["trash"]) == (2, 4, 5)
    assert probed["leader_events"] == ["time_of_crisis", ["ardashir", "cniva", "shapur_i"]]


def test_leader_counts_must_match_the_leader_costs() -> None:
    run = subprocess.run(
        [sys.executable, "-c", PROBE, '{"limits": {"governors_per_player": 5}}'],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode != 0
    assert "one leader cost per Governor and per General counter" in run.stderr


def test_a_malformed_section_is_refused_with_a_clear_error() -> None:
    run = subprocess.run(
        [sys.executable, "-c", PROBE, '{"costs": {"bribe": 1}}'],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode != 0
    assert "components.toml [costs]" in run.stderr
