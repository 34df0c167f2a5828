"""Office assignment (step 4a): the Emperor card, the Legatus, and handing out vacated or
vacant offices by the priority rules; then Aemilius Aemilianus's accession ability."""

from __future__ import annotations

from typing import Any

from crisis.engine.action import Action
from crisis.engine.machine import frame, running
from crisis.games.rome_in_crisis import data
from crisis.games.rome_in_crisis.election import worth
from crisis.games.rome_in_crisis.registry import RULES, automatic, goto, handles, lists
from crisis.games.rome_in_crisis.state import (
    APPOINTMENT_RETURNS,
    Appointment,
    State,
    card_name,
    clockwise_from_dealer,
    face,
    in_play,
    log,
    office_of,
    owner,
    player,
    seat,
    suit,
)


def _name(state: State, office: str) -> str:
    return state.cards.offices[office].name


def _release(state: State, cand: str) -> None:
    """``cand`` gives up his office (if any), which joins the offices to hand out."""
    office = office_of(state, cand)
    if office is not None:
        state.offices[office] = None
        if office in data.LESSER and office not in state.pending:
            state.pending.append(office)
        log(state, f"{card_name(state, cand)} gives up the {_name(state, office)}")


def military_rank(state: State, cand: str) -> int:
    """Military qualifications (ruling R9): his worth in a Military election (rating, office
    bonus, ability, Military and Gold cards on him), less the Legatus card's own bonus, which
    cannot qualify its holder for itself."""
    held = office_of(state, cand)
    bonus = state.cards.offices[held].bonus["military"] if held == "legatus" else 0
    return worth(state, cand, "military") - bonus


def best_military(state: State) -> str | None:
    """The non-Emperor candidate with a Military rating and the best qualifications; ties
    go to the owner first left of the dealer, then to his earlier candidate."""
    best: str | None = None
    for role in clockwise_from_dealer(state):
        for c in player(state, role).candidates:
            if c == state.emperor or face(state, c).military <= 0:
                continue
            if best is None or military_rank(state, c) > military_rank(state, best):
                best = c
    return best


@automatic("offices_start", goes=("mount_start", "office_next"))
def _offices_start(state: State) -> None:
    emp = state.emperor
    if emp is None:
        goto(state, "mount_start")
        return
    state.received = [emp]
    _release(state, emp)
    state.offices["emperor"] = emp
    if face(state, emp).ability == "florianus":
        log(state, f"{card_name(state, emp)} takes back the lesser offices")
        for office in data.LESSER:
            holder = state.offices.get(office)
            if holder is not None:
                _release(state, holder)
    if "legatus" in state.offices:
        best = best_military(state)
        if best is None:
            if state.offices["legatus"] is not None:
                log(state, "No candidate can be Legatus: the office is set aside")
            state.offices["legatus"] = None
        elif state.offices["legatus"] != best:
            _release(state, best)
            state.offices["legatus"] = best
            log(state, f"{card_name(state, best)} ({owner(state, best)}) becomes Legatus")
        if best is not None:
            state.received.append(best)
    for office in data.LESSER:
        if state.offices.get(office, "absent") is None and office not in state.pending:
            state.pending.append(office)
    state.pending.sort(key=data.OFFICES.index)
    goto(state, "office_next")


@automatic("office_next", goes=("accession", "office_order"), calls=("appoint",))
def _office_next(state: State) -> None:
    if not state.pending:
        state.received = []
        goto(state, "accession")
        return
    if len(state.pending) > 1:
        goto(state, "office_order")
        return
    _place(state, state.pending[0])


def eligible_for(state: State, office: str) -> list[str]:
    """Candidates who may take ``office`` now: rated in its category, neither Emperor nor
    Legatus, and not given an office already in this assignment (ruling R8)."""
    category = state.cards.offices[office].category
    busy = {state.offices.get("emperor"), state.offices.get("legatus"), *state.received}
    return [c for c in in_play(state) if c not in busy and face(state, c).rating(category) > 0]


def offices_held(state: State, role: str) -> int:
    """How many office cards ``role``'s candidates hold (the Emperor included)."""
    mine = set(player(state, role).candidates)
    return sum(1 for holder in state.offices.values() if holder in mine)


def priority(state: State, office: str) -> str | None:
    """The player who gets ``office``: has an eligible candidate, fewest offices, then
    fewest victory points, then closest to the dealer's right (the dealer last)."""
    n = len(state.players)
    roles = {owner(state, c) for c in eligible_for(state, office)} - set(state.declined)
    best = sorted(
        (
            offices_held(state, r),
            player(state, r).vp,
            (state.dealer - seat(state, r) - 1) % n,
            r,
        )
        for r in roles
        if r is not None
    )
    return best[0][3] if best else None


def _place(state: State, office: str) -> None:
    if office in state.pending:
        state.pending.remove(office)
    role = priority(state, office)
    if role is None:
        state.declined = []
        log(state, f"No candidate can hold the {_name(state, office)}: set aside")
        goto(state, "office_next")
        return
    appointment = Appointment(office=office, role=role)
    RULES.call(state, "appoint", appointment, then=APPOINTMENT_RETURNS)
    RULES.offer(state)


def appoint_choices(state: State, office: str, role: str) -> list[Action]:
    """R8: ``role`` picks which eligible candidate takes ``office``; one who holds another
    office gives it up, which the owner may refuse (``keep``) when every eligible candidate of
    his holds one: the office then passes to the next player by the priorities."""
    mine = [c for c in eligible_for(state, office) if owner(state, c) == role]
    out = [Action("appoint", c) for c in mine]
    if mine and all(office_of(state, c) is not None for c in mine):
        out.append(Action("keep"))
    return out


def _appoint(state: State, office: str, cand: Any) -> None:
    state.declined = []
    _release(state, str(cand))
    state.offices[office] = cand
    state.received.append(cand)
    log(state, f"{card_name(state, cand)} ({owner(state, cand)}) becomes {_name(state, office)}")
    RULES.ret(state)


def _emperor_player(state: State) -> list[str]:
    r = owner(state, state.emperor) if state.emperor else None
    return [r] if r else []


@lists(
    "office_order",
    "Choose which office is handed out next",
    _emperor_player,
    goes=("office_next",),
    calls=("appoint",),
)
def _list_order(state: State, role: str) -> list[Action]:
    return [Action("assign_office", o) for o in state.pending]


@handles("assign_office", step="office_order", args=("lesser_office",))
def _assign_office(state: State, role: str, arg: Any) -> None:
    _place(state, arg)


def _appointee(state: State) -> list[str]:
    appointment = running(state, Appointment)
    return [appointment.role] if appointment else []


@lists("appoint", "Choose which of your candidates takes the office", _appointee)
def _list_appoint(state: State, role: str) -> list[Action]:
    return appoint_choices(state, frame(state, Appointment).office, role)


@handles("keep", step="appoint", ends="step")
def _keep(state: State, role: str, arg: Any) -> None:
    """Keep your candidates' offices: the office being placed goes to the next player."""
    office = frame(state, Appointment).office
    log(state, f"{role} keeps his offices rather than take the {_name(state, office)}")
    state.declined.append(role)
    RULES.ret(state)
    _place(state, office)


@handles("appoint", step="appoint", args=("candidate",))
def _appoint_action(state: State, role: str, arg: Any) -> None:
    _appoint(state, frame(state, Appointment).office, arg)


# -- Aemilius Aemilianus ----------------------------------------------------------------------


def transfer_choices(state: State) -> list[str]:
    """Goths cards on rivals' candidates that Aemilius Aemilianus may take."""
    emp = state.emperor
    assert emp is not None
    mine = owner(state, emp)
    return sorted(
        card
        for p in state.players
        if p.role != mine
        for c in p.candidates
        for card in state.played_on[c]
        if suit(state, card) == "goths"
    )


@automatic("accession", goes=("mount_start", "transfer"))
def _accession(state: State) -> None:
    emp = state.emperor
    if emp is not None and face(state, emp).ability == "aemilian":
        if transfer_choices(state):
            RULES.offer(state, "transfer")
            return
        log(state, f"{card_name(state, emp)} finds no Goths card to take")
    goto(state, "mount_start")


@lists(
    "transfer", "Take a Goths card from a rival's candidate", _emperor_player, goes=("mount_start",)
)
def _list_transfer(state: State, role: str) -> list[Action]:
    return [Action("transfer", c) for c in transfer_choices(state)]


@handles("transfer", step="transfer", args=("goths",))
def _transfer(state: State, role: str, arg: Any) -> None:
    emp = state.emperor
    assert emp is not None
    for c in in_play(state):
        if arg in state.played_on[c]:
            state.played_on[c].remove(arg)
            log(
                state,
                f"{card_name(state, emp)} takes {card_name(state, arg)} from {owner(state, c)}",
            )
    state.played_on[emp].append(arg)
    goto(state, "mount_start")
