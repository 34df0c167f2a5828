"""Candidate abilities: one small function per ability kind, registered by kind.

A candidate face names its kind and parameters in the card data (see data.ABILITY_KINDS).
Three hooks cover every kind: a crisis modifier (the Emperor's total against a crisis type),
an election bonus (a nominee's worth) and a success bonus (extra points). The abilities that
act at a moment of their own (Aemilius Aemilianus on accession, Florianus in the office
assignment, Trebonianus Gallus's Gold) are looked up by kind in the phase modules.
"""

from __future__ import annotations

from collections.abc import Callable

from crisis.games.rome_in_crisis.data import Face

Hook = Callable[[Face, str], int]

MODIFIERS: dict[str, Hook] = {}
ELECTION: dict[str, Hook] = {}
SUCCESS: dict[str, Hook] = {}


def _register(table: dict[str, Hook], kind: str) -> Callable[[Hook], Hook]:
    def deco(fn: Hook) -> Hook:
        table[kind] = fn
        return fn

    return deco


@_register(MODIFIERS, "modifier")
def _flat_modifier(f: Face, crisis: str) -> int:
    """A flat plus or minus against some crisis types (Probus: +6 Goths, -3 Persia)."""
    return f.params.get(crisis, 0)


@_register(ELECTION, "election")
def _election_bonus(f: Face, method: str) -> int:
    """Extra worth in elections of some methods."""
    return f.params.get(method, 0)


@_register(SUCCESS, "success_bonus")
def _success_bonus(f: Face, crisis: str) -> int:
    """Extra victory points when the Emperor solves a crisis."""
    return f.params.get("points", 0)


def crisis_modifier(f: Face, crisis: str) -> int:
    """What the face's ability adds to the Emperor's total against ``crisis``."""
    fn = MODIFIERS.get(f.ability)
    return fn(f, crisis) if fn else 0


def election_bonus(f: Face, method: str) -> int:
    """What the face's ability adds to his worth in a ``method`` election."""
    fn = ELECTION.get(f.ability)
    return fn(f, method) if fn else 0


def success_bonus(f: Face, crisis: str) -> int:
    """Extra points when he solves ``crisis`` as Emperor."""
    fn = SUCCESS.get(f.ability)
    return fn(f, crisis) if fn else 0


def describe(f: Face) -> str:
    """The ability's text (from the data), or a plain summary of its parameters."""
    if f.text:
        return f.text
    if f.ability == "none":
        return ""
    params = ", ".join(f"{k} {v:+d}" for k, v in f.params.items())
    return f"{f.ability} {params}".strip()
