"""A Time of Crisis view as plain text, for terminals, logs and text-mode environments.

It prints only what the view holds (so only what its role may see): the round and prompt,
each player's public counts (and the viewer's own cards), the provinces with their
governors, support and barbarians, the armies, the market and the battle in progress.
"""

from __future__ import annotations

from typing import Any

from crisis.games.time_of_crisis import data
from crisis.games.time_of_crisis.words import card_name

#: Log lines shown at the foot of the view.
LOG_LINES = 10


def _cards(cards: list[str]) -> str:
    """Cards by their printed names, repeats counted: "Mob (Populace 3) x2"."""
    counts: dict[str, int] = {}
    for c in cards:
        counts[c] = counts.get(c, 0) + 1
    return (
        ", ".join(f"{card_name(c)} x{n}" if n > 1 else card_name(c) for c, n in counts.items())
        or "-"
    )


def _event(eid: str | None) -> str:
    """An event card's printed name ("-" for none)."""
    return data.EVENTS[eid].name if eid in data.EVENTS else (eid or "-")


def _province_line(name: str, prov: dict[str, Any], view: dict[str, Any]) -> str:
    parts = [f"{name:<10} {prov['governor'] or '-':<8} support {prov['support']}"]
    if prov["mobs"]:
        parts.append(f"mobs {prov['mobs']}")
    if prov["militia"]:
        parts.append("militia")
    if prov["improvements"]:
        parts.append("+".join(prov["improvements"]))
    if prov["quaestor"]:
        parts.append("quaestor")
    if prov["pretender"]:
        parts.append(f"pretender {prov['pretender']}{' (seat)' if prov['seat'] else ''}")
    barbs = [f"{t} {n}" for t, n in prov["active"].items() if n]
    barbs += [f"{t} {n} inactive" for t, n in prov["inactive"].items() if n]
    barbs += [x for x, where in view["leaders"].items() if where == name]
    barbs += [f"rival {x}" for x, where in view["rivals"].items() if where == name]
    if barbs:
        parts.append("barbarians: " + ", ".join(barbs))
    return "  " + "; ".join(parts)


def render(view: dict[str, Any], role: str | None = None) -> str:
    """The view as a few dozen lines of plain text (``role`` labels whose view it is)."""
    who = role or view.get("viewer") or "observer"
    lines = [
        f"Time of Crisis - round {view['round']}, {view['phase']}; view of {who}",
        f"Current player: {view['current']} (first: {view['first']}); "
        f"Emperor: {view['emperor'] or 'none'}",
        f"Prompt: {view['prompt']} -> {', '.join(view['active']) or 'nobody'} to act",
        "",
        "Players:",
    ]
    for p in view["players"]:
        line = (
            f"  {p['role']:<7} legacy {p['legacy']:>3}  emperor turns {p['emperor_turns']}"
            f"  hand {p['hand_count']} available {p['available_count']}"
            f" discard {p['discard_count']}"
            f"  governors ready {p['governors_ready']} generals ready {p['generals_ready']}"
        )
        lines.append(line)
        if "hand" in p:
            lines.append(f"          hand: {_cards(p['hand'])}")
            lines.append(f"          available: {_cards(p['available'])}")
            lines.append(f"          discard: {_cards(p['discard'])}")
    lines += ["", "Provinces:"]
    lines += [_province_line(n, prov, view) for n, prov in view["provinces"].items()]
    homes = [
        f"{t} {tr['active']}/{tr['inactive']}" for t, tr in view["tribes"].items() if tr["in_game"]
    ]
    lines.append("Homelands (active/inactive): " + ", ".join(homes))
    if view["armies"]:
        lines += ["", "Armies:"]
        for a in view["armies"]:
            extra = " capital" if a["capital"] else ""
            extra += " castra" if a["castra"] else ""
            extra += " battled" if a["battled"] else ""
            foed = sum(a["foederati"].values())
            lines.append(
                f"  #{a['id']} {a['owner']:<7} {a['region']:<12} legions {a['full']}"
                f"+{a['reduced']} reduced, foederati {foed}{extra}"
            )
    turn = view["turn"]
    # The spheres by the names the action labels use (Senate, not blue).
    pool = ", ".join(f"{data.SPHERE[s]} {turn['pool'][s]}" for s in data.SUITS)
    lines += [
        "",
        f"Turn: influence {pool}; political points {turn['political']}; "
        f"played {_cards(turn['played'])}",
        f"Events: deck {view['event_deck_count']}, lasting {_event(view['lasting'])}, "
        f"drawn {len(view['events_drawn'])}",
    ]
    if view["supply"]:
        lines.append("Market: " + _cards([c for c, n in view["supply"].items() for _ in range(n)]))
    if view["market"]:
        tops = [
            f"{s}: {card_name(m['top']) if m['top'] else '-'} ({m['count']})"
            for s, m in view["market"].items()
        ]
        lines.append("Market stacks: " + ", ".join(tops))
    if view["peek"]:
        lines.append("Peek: " + ", ".join(_event(e) for e in view["peek"]))
    b = view["battle"]
    if b is not None:
        lines.append(
            f"Battle in {b['region']}: army #{b['attacker']} vs {b['kind']} {b['defender']}, "
            f"stage {b['stage']}, rolls {b['attacker_rolls']} / {b['defender_rolls']}"
        )
    if view["result"] is not None:
        r = view["result"]
        lines.append(f"Game over ({r['reason']}): scores {r['scores']}, winner {r['winner']}")
    if view["log"]:
        lines += ["", "Log:"] + [f"  {x}" for x in view["log"][-LOG_LINES:]]
    return "\n".join(lines)
