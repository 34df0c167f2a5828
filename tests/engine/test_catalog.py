"""The research adapters' action catalogs come from the rules' declarations."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from crisis.engine.action import Action
from crisis.games import get_title
from tests.engine.test_machine import build

ROOT = Path(__file__).resolve().parents[2]


def test_the_catalog_combines_each_verbs_declared_domains() -> None:
    m = build()
    m.handles("swap", "pick", args=("seat", "pair"))(lambda s, r, a: None)
    m.handles("bonus", "pick", option="bonus")(lambda s, r, a: None)
    domains = {"seat": ["A", "B"], "pair": [(1, 2)]}
    catalog = m.catalog({**domains, "number": [0, 1]}, {})
    assert Action("swap", ("A", 1, 2)) in catalog  # tuple values are spliced in
    assert Action("stop") in catalog and Action("bonus") not in catalog
    assert Action("bonus") in m.catalog(domains, {"bonus": True})


def test_a_domain_without_values_is_a_clear_error() -> None:
    m = build()
    m.handles("swap", "pick", args=("seat",))(lambda s, r, a: None)
    with pytest.raises(KeyError, match="no values for domain 'seat'"):
        m.catalog({}, {})


@pytest.mark.parametrize("name", ["time_of_crisis", "rome_in_crisis"])
def test_every_declared_verb_is_in_the_richest_catalog_once(name: str) -> None:
    title = get_title(name)
    options = {"players": 4, "expansion_cards": True, "emperor_rules": True}
    if name == "rome_in_crisis":
        options = {"players": 4}
    catalog = title.research.action_catalog(options)
    assert len(set(catalog)) == len(catalog)
    assert {a.verb for a in catalog} == {v.name for v in title.rules.machine.verbs.values()}


def test_options_leave_out_the_verbs_that_need_them() -> None:
    toc = get_title("time_of_crisis")
    base = {a.verb for a in toc.research.action_catalog({"players": 4})}
    needs = {v.name: v.option for v in toc.rules.machine.verbs.values() if v.option}
    assert needs["place_emperor"] == "emperor_rules" and needs["cavalry"] == "expansion_cards"
    assert not base & set(needs)


def test_the_documented_catalog_tables_are_up_to_date() -> None:
    run = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "catalog_tables.py"), "--check"],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stdout


def test_the_order_does_not_depend_on_the_order_verbs_were_declared() -> None:
    first, second = build(), build()
    for m, names in ((first, ("zeta", "alpha")), (second, ("alpha", "zeta"))):
        for name in names:
            m.handles(name, "pick", args=("number",))(lambda s, r, a: None)
    domains = {"number": [2, 1]}
    assert first.catalog(domains, {}) == second.catalog(domains, {})
    assert first.catalog(domains, {})[:2] == [Action("alpha", 2), Action("alpha", 1)]
