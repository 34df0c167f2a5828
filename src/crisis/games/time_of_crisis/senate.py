"""Senate actions (RULES 6.3.2): recruit and recall Governors, and Place Governor."""

from __future__ import annotations

from collections import deque
from collections.abc import Collection
from dataclasses import dataclass

from crisis.engine import rng as dice
from crisis.engine.action import Action
from crisis.engine.machine import Call
from crisis.games.time_of_crisis import data
from crisis.games.time_of_crisis.board import (
    ITALIA_MAX,
    counted,
    dice_rolled,
    log,
    replace_governor,
)
from crisis.games.time_of_crisis.military import check_occupation
from crisis.games.time_of_crisis.odds import p_votes
from crisis.games.time_of_crisis.registry import RULES, arg_tuple, flow, handles, lists
from crisis.games.time_of_crisis.state import (
    NEUTRAL,
    EmperorToken,
    State,
    capital_units,
    emperor,
    governed,
    player,
    the_current_player,
)


def votes_required(support: int, defenders: int, attackers: int, princeps: bool = False) -> int:
    """Votes a Place Governor needs (RULES 6.3.2): twice the support, plus the governor's
    units in the capital, minus the candidate's own, never below 1; Princeps Senatus takes
    off 2 more. Bots ask this with what their view shows."""
    need = max(1, 2 * support + defenders - attackers)
    return max(1, need - 2) if princeps else need


def votes_needed(state: State, role: str, province: str) -> int:
    """The votes ``role``'s Place Governor in ``province`` needs before Princeps Senatus."""
    prov = state.provinces[province]
    defenders = 0
    if prov.governor not in (None, NEUTRAL):
        defenders = capital_units(state, province, str(prov.governor))
    return votes_required(prov.support, defenders, capital_units(state, province, role))


def target_open(
    province: str,
    governor: str | None,
    closed: bool,
    pretender: str | None,
    role: str,
    turn: tuple[Collection[str], Collection[str], bool],
) -> bool:
    """Whether ``role``'s Place Governor may target ``province``, whose ``governor`` it is,
    ``closed`` to Place Governor or not and held by ``pretender``, given this turn's
    (provinces targeted, provinces recalled, whether ``role`` was Emperor). Bots ask this
    with what their view shows."""
    targeted, recalled, was_emperor = turn
    return (
        governor is not None
        and governor != role
        and not closed
        and pretender is None
        and province not in targeted
        and province not in recalled
        and not (province == data.ITALIA and was_emperor)
    )


def can_target(state: State, role: str, province: str) -> bool:
    """Whether ``province`` may be the target of ``role``'s Place Governor now."""
    prov = state.provinces[province]
    turn = (state.turn.targeted, state.turn.recalled, state.turn.was_emperor)
    return target_open(province, prov.governor, prov.no_place_governor, prov.pretender, role, turn)


def basilica_dice(state: State, role: str, province: str) -> int:
    """One extra die per Basilica province ``role`` governs, when targeting Italia."""
    if province != data.ITALIA:
        return 0
    return sum(1 for n in governed(state, role) if "Basilica" in state.provinces[n].improvements)


def lowest_vote(state: State, province: str) -> int:
    """The lowest die face that gives a vote: 1 against a Neutral governor, else 2; 3 under
    a Quaestor."""
    prov = state.provinces[province]
    if prov.quaestor:
        return 3
    return 1 if prov.governor == NEUTRAL else 2


@dataclass(frozen=True, slots=True)
class Vote:
    """What a Place Governor would face now: the votes ``need``ed, the ``free`` dice
    (Basilicas and Ambitus) on top of the ``paid`` ones, the lowest counting face, the votes
    added without dice (a Populace Emperor's opponents in Italia), whether Mobile Vulgus
    carries it outright and whether the governor is a Neutral one without a Quaestor
    (enough dice then win without a roll). :meth:`paying` asks the same vote with another
    number of paid dice, which is how a bot weighs how many to pay."""

    need: int
    free: int
    low: int
    bonus: int
    mobile_vulgus: bool
    neutral: bool
    paid: int = 0

    @property
    def dice(self) -> int:
        """The dice rolled: paid, Basilica and Ambitus."""
        return self.paid + self.free

    @property
    def automatic(self) -> str | None:
        """``"mobile_vulgus"`` or ``"neutral"`` when the attempt succeeds without a roll."""
        if self.mobile_vulgus:
            return "mobile_vulgus"
        if self.neutral and self.dice >= self.need:
            return "neutral"  # Ruling 16: enough dice against a Neutral always win
        return None

    @property
    def chance(self) -> float:
        """The probability that the attempt succeeds."""
        return self.chance_paying(self.paid)

    def chance_paying(self, paid: int) -> float:
        """``paying(paid).chance`` without building that vote (a bot weighs many): 1 when
        it is :attr:`automatic` with ``paid`` dice paid, else the odds of the roll."""
        dice = paid + self.free
        if self.mobile_vulgus or (self.neutral and dice >= self.need):
            return 1.0
        return p_votes(dice, self.need - self.bonus, self.low)

    def paying(self, paid: int) -> Vote:
        """The same vote with ``paid`` dice paid."""
        v = self
        return Vote(v.need, v.free, v.low, v.bonus, v.mobile_vulgus, v.neutral, paid)


def mobile_vulgus_carries(province: str, support: int) -> bool:
    """Whether Mobile Vulgus wins a Place Governor in ``province`` at ``support`` without a
    vote: any province but Italia at support 1 or 2 (expansion card)."""
    return province != data.ITALIA and support in (1, 2)


def vote_for(state: State, role: str, province: str, paid: int) -> Vote:
    """The vote ``role`` would face placing a Governor in ``province`` with ``paid`` dice,
    with this turn's cards applied (Ambitus, Princeps Senatus, Mobile Vulgus); changes
    nothing. :func:`place_governor_attempt` resolves exactly this vote."""
    turn = state.turn
    prov = state.provinces[province]
    need = votes_needed(state, role, province)
    if turn.princeps:
        need = max(1, need - 2)
    token = state.emperor_token
    bonus = 2 if province == data.ITALIA and token is not None and token.kind == "populace" else 0
    return Vote(
        need=need,
        free=basilica_dice(state, role, province) + turn.ambitus,
        low=lowest_vote(state, province),
        bonus=bonus,
        mobile_vulgus=turn.mobile_vulgus and mobile_vulgus_carries(province, prov.support),
        neutral=prov.governor == NEUTRAL and not prov.quaestor,
        paid=paid,
    )


def count_votes(state: State, province: str, n: int) -> tuple[list[int], int]:
    """Roll ``n`` dice for votes: 1 counts only against a Neutral governor, 2-5 count
    (only 3+ under a Quaestor), a 6 counts and adds a bonus die."""
    low = lowest_vote(state, province)
    queue = deque(range(n))
    rolls: list[int] = []
    votes = 0
    while queue:
        queue.popleft()
        r = dice.roll(state.rng)
        rolls.append(r)
        if r >= low:
            votes += 1
        if r == 6:
            queue.append(0)
    return rolls, votes


#: Under the optional Emperor rules, a player who takes Italia places his Emperor token.
flow("actions", calls=("emperor",))


def place_governor_attempt(state: State, role: str, province: str, n: int) -> bool:
    """Resolve a Place Governor action with ``n`` paid dice; True if it succeeded.

    Expansion cards played earlier this turn apply: Ambitus adds dice, Princeps Senatus
    lowers the votes needed by 2, Mobile Vulgus wins a support 1-2 province outright. A
    Populace Emperor's opponents gain 2 votes in Italia (expansion 3.3.2).
    """
    turn = state.turn
    prov = state.provinces[province]
    vote = vote_for(state, role, province, n)
    turn.targeted.append(province)
    turn.princeps = False
    turn.ambitus = 0
    token = state.emperor_token
    need = vote.need
    rolls: list[int] = []
    if vote.automatic == "mobile_vulgus":
        turn.mobile_vulgus = False
        votes = need
        log(state, f"{role}'s Mobile Vulgus carries {province} without a vote")
    elif vote.automatic == "neutral":
        votes = vote.dice
    else:
        rolls, votes = count_votes(state, province, vote.dice)
        votes += vote.bonus
    got = counted(votes, "vote")
    result = f"rolls {dice_rolled(rolls, vote.dice)} = {got}" if rolls else f"{got} without a roll"
    outcome = "" if votes >= need else ": fails"  # a success is told by the next line
    log(state, f"{role} seeks {province}: {counted(need, 'vote')} needed, {result}{outcome}")
    damnatio = None
    if province == data.ITALIA:
        damnatio, turn.damnatio = turn.damnatio, None
    if votes < need:
        return False
    old = prov.governor
    was_emperor = emperor(state)
    senate_emperor = token is not None and token.kind == "senate"
    support = 0 if province == data.ITALIA else max(1, prov.support - 1)
    replace_governor(state, province, role, support)
    if province != data.ITALIA and was_emperor == role:
        italia = state.provinces[data.ITALIA]
        italia.support = min(ITALIA_MAX, italia.support + 1)
    if damnatio and old not in (None, NEUTRAL) and not senate_emperor:
        p = player(state, str(old))
        p.emperor_turns = 0 if damnatio == "damnatio_memoriae" else max(0, p.emperor_turns - 2)
        log(state, f"Damnatio Memoriae: {old}'s Emperor Turns fall to {p.emperor_turns}")
    log(state, f"{role} now governs {province}")
    if province == data.ITALIA and state.options.emperor_rules:
        turn.was_emperor = True
        RULES.call(state, "emperor", Call())
        RULES.offer(state)
    return True


def _emperor_places(state: State, role: str) -> list[Action]:
    out = [Action("place_emperor", data.ITALIA)]
    out += [Action("place_emperor", n) for n in governed(state, role) if n != data.ITALIA]
    out += [Action("place_emperor", f"#{a.id}") for a in state.armies if a.owner == role]
    return out


@lists(
    "emperor",
    "You are Emperor: place your Emperor token (Italia, a province or an army)",
    the_current_player,
)
def _list_emperor(state: State, role: str) -> list[Action]:
    return _emperor_places(state, role)


@handles("place_emperor", step="emperor", args=[("province",), ("army",)], option="emperor_rules")
def place_emperor(state: State, role: str, where: str) -> None:
    """Senate Emperor in Italia, Populace Emperor on another of your Governors (his Mobs are
    dispersed), or Military Emperor with one of your armies (expansion 3.2)."""
    if where == data.ITALIA:
        state.emperor_token = EmperorToken(owner=role, kind="senate", province=where)
    elif where.startswith("#"):
        state.emperor_token = EmperorToken(owner=role, kind="military", army=int(where[1:]))
    else:
        state.emperor_token = EmperorToken(owner=role, kind="populace", province=where)
        # Ruling 44: a Populace Emperor's accession clears the Mobs of all his provinces.
        for name in governed(state, role):
            state.provinces[name].mobs = 0
    log(state, f"{role} becomes a {state.emperor_token.kind.capitalize()} Emperor ({where})")
    RULES.ret(state)
    check_occupation(state)


#: Governor placements by province, each number of dice built once and shared (actions are
#: immutable): at a Senate-rich pool they are most of what the rules list.
_PLACEMENTS: dict[str, list[Action]] = {}


def _placements(province: str, most: int) -> list[Action]:
    """Placing a Governor in ``province`` with 1 to ``most`` dice."""
    made = _PLACEMENTS.setdefault(province, [])
    while len(made) < most:
        made.append(Action("place_governor", (province, len(made) + 1)))
    return made[:most]


@lists("actions", verbs=("recruit_governor", "place_governor", "recall_governor"))
def _list_senate(state: State, role: str) -> list[Action]:
    out: list[Action] = []
    blue = state.turn.pool["blue"]
    if not blue:
        return out
    p = player(state, role)
    out += [Action("recruit_governor", c) for c in sorted(p.governors_unclaimed) if c <= blue]
    if p.governors_ready:
        for name in state.provinces:
            out += _placements_in(state, role, name, blue)
    if blue >= data.COSTS.recall_governor:
        out += [Action("recall_governor", name) for name in governed(state, role)]
    return out


def _placements_in(state: State, role: str, province: str, blue: int) -> list[Action]:
    """``role``'s Place Governor actions in ``province`` with ``blue`` Senate points, for a
    player with a Governor ready."""
    return _placements(province, blue) if can_target(state, role, province) else []


@RULES.narrows("actions", ("place_governor",))
def _one_placement(state: State, role: str, action: Action) -> list[Action]:
    """The actions :func:`_list_senate` lists for the province ``action`` names."""
    blue = state.turn.pool["blue"]
    arg = action.arg
    if not (blue and isinstance(arg, tuple) and arg and arg[0] in state.provinces):
        return []
    if not player(state, role).governors_ready:
        return []
    return _placements_in(state, role, str(arg[0]), blue)


@handles(
    "recruit_governor",
    step="actions",
    args=("leader_cost",),
    cost=lambda _s, _r, cost: {"blue": cost},
)
def recruit_governor(state: State, role: str, cost: int) -> None:
    """Pay a Governor's printed cost to move it to the Available Leaders box."""
    p = player(state, role)
    p.governors_unclaimed.remove(cost)
    p.governors_ready += 1
    log(state, f"{role} recruits a Governor ({cost})")


@handles(
    "place_governor",
    step="actions",
    args=("province", "amount"),
    cost=lambda _s, _r, arg: {"blue": arg[1]},
)
def place_governor(state: State, role: str, arg: tuple[str, int]) -> None:
    """Spend Senate points, one die each, for votes to replace a province's Governor."""
    province, n = arg_tuple(arg)
    place_governor_attempt(state, role, province, n)


@handles(
    "recall_governor",
    step="actions",
    args=("province",),
    cost=lambda *_: {"blue": data.COSTS.recall_governor},
)
def recall_governor(state: State, role: str, province: str) -> None:
    """Senate points (two): your Governor returns to your box; a Neutral takes his place."""
    # Ruling 18: a voluntary Recall is not a removal the Emperor *must* make, so Italia
    # keeps its support (it still follows the Neutral provinces while Italia is Neutral).
    replace_governor(state, province, NEUTRAL, 1, italia_penalty=False)
    state.turn.recalled.append(province)
    log(state, f"{role} recalls the Governor of {province}")
