"""A Rome in Crisis view as plain text, enough to play from: the terminal game and the
research adapters' ``render`` draw the table with it.

Every line comes from the view alone, and each step adds only what that step needs (the
candidates on offer in the setup draft, the worths and the leader in the election, the
strength to match while a crisis is addressed), so nothing outlives its step.
"""

from __future__ import annotations

from typing import Any

from crisis.games.rome_in_crisis import data

#: How many of the latest log lines are shown.
RECENT = 6

_METHODS = data.METHOD_NAMES


def _kind(crisis: Any) -> str:
    """A crisis type as printed: Goths, Persians, Palmyra, SPQR."""
    return "SPQR" if crisis == "spqr" else str(crisis).capitalize()


def render(v: dict[str, Any], role: str | None) -> str:
    """The view as plain text: the table, each player's candidates, the crises, what the
    current step is about, the latest log lines and the prompt."""
    names: dict[str, str] = v.get("card_names", {})
    cands = {c["id"]: c for c in v["candidates"]}

    def name(cid: Any) -> str:
        c = cands.get(str(cid))
        return str(c["name"]) if c else names.get(str(cid), str(cid))

    def listed(ids: list[Any]) -> str:
        return ", ".join(name(c) for c in ids) or "none"

    method = _METHODS.get(v["method"], "not chosen")
    out = [
        f"Rome in Crisis - turn {v['turn']}, dealer {v['dealer']}, method {method}",
        f"Deck {v['deck_count']}, discards {v['discard_count']}, "
        f"Emperors removed {v['removals']}/2",
    ]
    offices = {o["holder"]: o["name"] for o in v["offices"] if o["holder"]}
    for p in v["players"]:
        hand = f"hand: {listed(p['hand'])}" if "hand" in p else f"{p['hand_count']} cards"
        out.append(f"{p['role']}: {p['vp']} VP, {hand}")
        for cid in p["candidates"]:
            out.append("  " + _candidate(cands[cid], offices.get(cid), name))
    out += _crises(v, name)
    out += _step(v, role, cands, name, listed)
    recent = v.get("log", [])[-RECENT:]
    if recent:
        out.append("Recent:")
        out += [f"  {line}" for line in recent]
    if v["result"]:
        ranking = ", ".join(f"{r} {v['result']['scores'][r]}" for r in v["result"]["ranking"])
        out.append(f"Game over: {', '.join(v['result']['winners'])} won ({ranking} VP)")
    else:
        out.append(f"{', '.join(v['active'])} to act: {v['prompt']}")
    return "\n".join(out)


def _candidate(c: dict[str, Any], office: str | None, name: Any) -> str:
    r = c["ratings"]
    held = f" [{office}]" if office else ""
    cards = ", ".join(name(x["id"]) for x in c["cards"]) or "no cards"
    return (
        f"{c['name']} ({c['side']}) Military {r['military']}, SPQR {r['spqr']}, "
        f"Praetorian {r['praetorian']}{held}: {cards}"
    )


def _crises(v: dict[str, Any], name: Any) -> list[str]:
    out = [
        f"Crisis #{k['rank']} {_kind(k['type'])} (strength {k['total']}): "
        + ", ".join(name(x["id"]) for x in k["cards"])
        for k in v["crises"]
    ] or ["No crises"]
    if v["loose_gold"]:
        out.append("Loose Gold: " + ", ".join(name(x["id"]) for x in v["loose_gold"]))
    return out


def _step(
    v: dict[str, Any], role: str | None, cands: dict[str, Any], name: Any, listed: Any
) -> list[str]:
    """The lines the current step needs."""
    step = v["step"]
    out: list[str] = []
    if step == "setup_draft":
        on_offer = [cands[c] for c in v["pool"]]
        out.append("Candidates on offer:")
        out += [f"  {_candidate(c, None, name)}" for c in on_offer]
        offices = {o["id"]: o for o in v["offices"]}
        opened = [f"{offices[o]['name']} ({offices[o]['category']})" for o in v["open_offices"]]
        out.append(f"Open offices: {', '.join(opened) or 'none'}")
    elif step == "draft" and v["revealed"]:
        out.append("On offer: " + listed([x["id"] for x in v["revealed"]]))
    elif step in ("nominate", "bidding") and v["auction"]:
        out += _election(v, cands)
    elif step == "appoint" and v["placing"]:
        office = next(o for o in v["offices"] if o["id"] == v["placing"])
        out.append(f"Appointing the {office['name']}: {v['appointee']} chooses the candidate")
    elif step == "office_order":
        offices = {o["id"]: o["name"] for o in v["offices"]}
        out.append("Offices to hand out: " + ", ".join(offices[o] for o in v["pending_offices"]))
    elif step == "mount":
        waiting = [p["role"] for p in v["players"] if not p["chosen"]]
        out.append(f"Still choosing a crisis card: {', '.join(waiting) or 'nobody'}")
        if role is not None and v.get("my_crisis_card"):
            out.append(f"Your face-down crisis card: {name(v['my_crisis_card'])}")
    elif v["address"] and step in ("emperor_cards", "cancel", "discard", "legatus_cards"):
        out += _address(v, name, listed)
    return out


def _election(v: dict[str, Any], cands: dict[str, Any]) -> list[str]:
    a = v["auction"]
    method = _METHODS.get(v["method"], "")
    out = [f"Election by {method} worth:"]
    worths = a.get("worths", {})
    for r, cid in a["nominees"].items():
        status = " (out)" if r in a["dropped"] else ""
        lead = " - leads" if a.get("leader") == r else ""
        out.append(f"  {r}: {cands[cid]['name']} worth {worths.get(r, '?')}{lead}{status}")
    if a["bidder"]:
        bid = ", ".join(v["card_names"].get(c, c) for c in a["bid"]) or "nothing yet"
        out.append(f"{a['bidder']} bids: {bid}")
    if a["nominating"]:
        out.append(f"Still to put forward a candidate: {', '.join(a['nominating'])}")
    return out


def _address(v: dict[str, Any], name: Any, listed: Any) -> list[str]:
    a = v["address"]
    crisis = next((k for k in v["crises"] if k["type"] == a["crisis"]), None)
    office = "Emperor" if a["who"] == "emperor" else "Legatus"
    against = f"{_kind(a['crisis'])} {'war' if a['who'] == 'legatus' else 'crisis'}"
    out = [f"The {office} ({a['role']}) addresses the {against}"]
    if crisis is not None:
        out.append(f"  strength to match: {crisis['total']}")
    if a["who"] == "emperor" and v.get("emperor"):
        out.append(f"  cards on the Emperor: {listed(v['played_on'].get(v['emperor'], []))}")
    else:
        out.append(f"  cards used: {listed(a['played'])}")
    if a["cancelled"]:
        out.append(f"  cancelled by Gold: {listed(a['cancelled'])}")
    if a["total"]:
        out.append(f"  strength {a['total']}: discarding up to {a['target']}")
    if a["picked"]:
        out.append(f"  chosen to discard: {listed(a['picked'])}")
    return out
