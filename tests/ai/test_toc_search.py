"""Time of Crisis's own search (``search``): legal whole games, reproducible with an
iterations budget, blind to what its view hides, within its time budget."""

from __future__ import annotations

import pickle
import random

import pytest

from crisis.ai import get_bot, searches
from crisis.ai.toc import search as search_module
from crisis.ai.toc.observe import Obs
from crisis.ai.toc.profiles import Profile
from crisis.ai.toc.search import SearchBot
from crisis.engine import rng as dice
from crisis.engine.action import Action
from crisis.games import time_of_crisis as toc
from crisis.games.time_of_crisis.state import State, copy_state
from tests.ai.clocks import SearchClock, install

TITLE = "time_of_crisis"


def _play(bots: dict[str, str], seed: int, players: int) -> dict:
    state = toc.setup(seed, {"players": players})
    seats = {r: get_bot(bots.get(r, "senate"), TITLE) for r in toc.roles(state)}
    rng = random.Random(seed)
    for _ in range(20_000):
        if toc.result(state) is not None:
            break
        role = toc.active(state)[0]
        legal = toc.actions(state, role)
        action = seats[role].choose(toc.view(state, role), role, legal, rng)
        assert action in legal
        toc.apply(state, role, action)
    result = toc.result(state)
    assert result is not None, "the game did not end"
    return result


def _searched_decision(
    seed: int, players: int, skip: int, options: dict | None = None
) -> tuple[State, str]:
    """A state at a decision the search weighs (several candidates), after ``skip`` such
    decisions of heuristic play."""
    state = toc.setup(seed, {"players": players, **(options or {})})
    bot = get_bot("balanced", TITLE)
    probe = SearchBot(iterations=2)
    rng = random.Random(seed)
    seen = 0
    while True:
        role = toc.active(state)[0]
        legal = toc.actions(state, role)
        view = toc.view(state, role)
        if probe.will_search(view, role, legal):
            seen += 1
            if seen > skip:
                return state, role
        toc.apply(state, role, bot.choose(view, role, legal, rng))


def _scramble(state: State, role: str, seed: int) -> State:
    """A copy with every part ``role`` cannot see changed: the other players' cards dealt
    anew (some swapped for other cards), another event order, other face-down stacks, other
    dice."""
    other = copy_state(state)
    rnd = random.Random(seed)
    for p in other.players:
        if p.role == role:
            continue
        cards = p.hand + p.available + p.discard
        rnd.shuffle(cards)
        cards = [
            rnd.choice(["castra", "mob", "tribute", "quaestor"]) if rnd.random() < 0.5 else c
            for c in cards
        ]
        a, b = len(p.hand), len(p.available)
        p.hand, p.available, p.discard = cards[:a], cards[a : a + b], cards[a + b :]
    rnd.shuffle(other.event_deck)
    for stack in other.stacks.values():
        rest = stack[1:]
        rnd.shuffle(rest)
        stack[1:] = rest
    other.rng = dice.new_rng(seed)
    return other


def test_the_search_is_registered_and_plays_whole_games_with_legal_actions() -> None:
    """``search`` is registered as a searching bot (a server sends its moves to the search
    workers) and plays legal moves to the end of 2- and 4-player games."""
    assert isinstance(get_bot("search:iterations=2", TITLE), SearchBot)
    assert searches("search", TITLE)
    for players, seat in ((2, "blue"), (4, "green")):
        result = _play({seat: "search:iterations=2:width=3"}, 3, players)
        assert len(result["scores"]) == players


def test_the_search_is_reproducible_and_reads_only_its_view() -> None:
    """With an iterations budget and a seed the same choice and statistics come back; a state
    whose hidden parts are scrambled, showing the bot the same view, gives the same answer;
    the view is left as it was."""
    cases: tuple[tuple[int, int, int, dict], ...] = (
        (3, 4, 6, {}),
        (8, 4, 20, {"expansion_cards": True, "market": "variable"}),
        (5, 2, 10, {}),
    )
    for seed, players, skip, options in cases:
        state, role = _searched_decision(seed, players, skip, options)
        other = _scramble(state, role, seed + 100)
        assert toc.to_json(other) != toc.to_json(state)
        view = toc.view(state, role)
        assert toc.view(other, role) == view
        legal = toc.actions(state, role)
        for focus in (0.0, 0.001):
            answers = []
            for source in (state, state, other):
                seen = toc.view(source, role)
                bot = SearchBot(iterations=12, focus=focus)
                action = bot.choose(seen, role, legal, random.Random(7))
                assert action in legal and seen == view
                assert bot.last_iterations == 12 or (focus and not bot.last_focused)
                stats = [(c.action, sorted(c.values.items())) for c in bot.last_search]
                answers.append((action, stats, bot.last_focused))
            assert answers[0] == answers[1] == answers[2]
            assert len(answers[0][1]) > 1  # it weighed several candidates


def test_the_search_keeps_to_its_time_budgets(monkeypatch: pytest.MonkeyPatch) -> None:
    """``seconds`` per decision (one rollout may run past it) and ``turn`` per turn: once a
    turn's budget is spent, the heuristic answers at once. (Each rollout takes 1/32 s of the
    search's own clock, tests/ai/clocks.py: a binary fraction, so that the sums are exact.)"""
    state, role = _searched_decision(6, 4, 8)
    legal = toc.actions(state, role)
    view = toc.view(state, role)
    clock = install(monkeypatch, search_module)
    rollout = 1 / 32
    played = _fake_rollouts(monkeypatch, {}, clock, rollout)
    bot = SearchBot(seconds=0.1, turn=5.0)
    start = clock.now
    assert bot.choose(view, role, legal, random.Random(1)) in legal
    assert 0.1 <= clock.now - start < 0.1 + rollout
    assert bot.last_iterations == len(played) == 4  # 4/32 s: the first past 0.1
    spent = SearchBot(seconds=1.0, turn=0.05)
    start = clock.now
    spent.choose(view, role, legal, random.Random(1))
    assert 0.05 <= clock.now - start < 0.05 + rollout
    # The turn's budget is gone: no more searching this turn, the heuristic's move at once.
    assert not spent.will_search(view, role, legal)
    assert spent.choose(view, role, legal, random.Random(1)) == spent._default(view, role, legal)


def test_the_search_plays_cards_and_forced_moves_without_searching() -> None:
    state = toc.setup(2, {"players": 4})
    bot = get_bot("balanced", TITLE)
    probe = SearchBot(iterations=2)
    rng = random.Random(2)
    checked = 0
    while checked < 20:
        role = toc.active(state)[0]
        legal = toc.actions(state, role)
        view = toc.view(state, role)
        act = bot.choose(view, role, legal, rng)
        if len(legal) == 1 or (view["step"] == "actions" and act.verb == "play_card"):
            assert not probe.will_search(view, role, legal)
            checked += 1
        toc.apply(state, role, act)


def test_the_rollout_view_leads_the_heuristic_to_its_full_view_choices() -> None:
    """The rollouts hand the heuristic a cut-down view (no texts, log or prices); it answers
    the same from it as from the full view, at every step of games of 2-4 players with
    random moves mixed in."""
    import msgspec

    from crisis.ai.toc.heuristic import decide
    from crisis.ai.toc.observe import Obs
    from crisis.ai.toc.profiles import PROFILES
    from crisis.ai.toc.search import rollout_view

    checked = 0
    for seed in range(3):
        options = {"players": 2 + seed, "expansion_cards": seed == 1}
        state = toc.setup(seed, options)
        plain = msgspec.to_builtins(state.options)
        rng = random.Random(seed)
        prof = PROFILES[("balanced", "senate", "military")[seed]]
        while toc.result(state) is None and checked < 1500:
            role = toc.active(state)[0]
            legal = toc.actions(state, role)
            choice = decide(Obs(toc.view(state, role), role), legal, prof)
            lean = rollout_view(state, role, plain)
            assert decide(Obs(lean, role), legal, prof) == choice
            checked += 1
            pick = legal[rng.randrange(len(legal))] if rng.random() < 0.2 else choice
            toc.apply(state, role, pick if pick in legal else legal[0])
    assert checked > 1000


def test_the_search_says_beforehand_which_decisions_it_searches() -> None:
    """``will_search`` (what a server uses to send a move to its search workers) agrees with
    what ``choose`` then does, decision by decision, in a 3-player game."""
    state = toc.setup(11, {"players": 3})
    bots = {role: SearchBot(iterations=2) for role in toc.roles(state)}
    rng = random.Random(3)
    said = {True: 0, False: 0}
    for _ in range(300):
        if toc.result(state) is not None:
            break
        role = toc.active(state)[0]
        legal = toc.actions(state, role)
        view = toc.view(state, role)
        bot = bots[role]
        bot.last_search = []
        expect = bot.will_search(view, role, legal)
        toc.apply(state, role, bot.choose(view, role, legal, rng))
        assert bool(bot.last_search) == expect, (role, view["step"], len(legal))
        said[expect] += 1
    assert said[True] and said[False]  # both kinds of decision were seen


def test_inferred_opponent_models_follow_what_each_player_bought() -> None:
    """``opponents=infer`` models each other player by the suit it bought most value of
    (public), Senate before any purchase or on a tie; never the bot itself."""
    from crisis.ai.toc.profiles import MILITARY, POPULACE, SENATE
    from crisis.ai.toc.search import infer_profiles

    state = toc.setup(4, {"players": 4})
    view = toc.view(state, "red")
    roles = [p["role"] for p in view["players"]]
    assert infer_profiles(view, "red") == {r: SENATE for r in roles if r != "red"}
    red = [c for c, k in toc.data.INFLUENCE.items() if k.suit == "red" and k.value == 3]
    yellow = [c for c, k in toc.data.INFLUENCE.items() if k.suit == "yellow" and k.value == 2]
    blue = [c for c, k in toc.data.INFLUENCE.items() if k.suit == "blue" and k.value == 2]
    bought = {roles[1]: [red[0], yellow[0]], roles[2]: yellow * 2, roles[3]: [blue[0], yellow[0]]}
    for p in view["players"]:
        p["bought"] = bought.get(p["role"], red)
    models = infer_profiles(view, roles[0])
    assert models == {roles[1]: MILITARY, roles[2]: POPULACE, roles[3]: SENATE}
    bot = SearchBot(opponents="infer")
    assert bot.infer and bot.opponents is SENATE
    assert not SearchBot().infer


def test_the_search_reads_its_deck_weight_and_opponent_model(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``deck`` replaces the evaluator's weight per point of value bought in the rollouts'
    cut-offs and ``evaluator=refit`` its weights (the default keeps the fitted ones); the
    rollouts play the bot's seat with ``own`` and every other seat with its opponent model:
    ``balanced`` by default, the inferred profile with ``opponents=infer``."""
    from crisis.ai.toc import search
    from crisis.ai.toc.evaluate import REFIT, WEIGHTS, win_chances
    from crisis.ai.toc.search import infer_profiles

    state, role = _searched_decision(3, 4, 120)
    view = toc.view(state, role)
    assert any(p["bought"] for p in view["players"])
    plain = win_chances(view)
    assert win_chances(view, {"deck": WEIGHTS["deck"]}) == plain
    assert win_chances(view, {"deck": 0.0}) != plain
    legal = toc.actions(state, role)
    assert win_chances(view, REFIT) != plain
    values = []
    for deck, evaluator in ((None, "fitted"), (0.0, "fitted"), (None, "refit")):
        bot = SearchBot(iterations=12, deck=deck, evaluator=evaluator)
        assert bot.choose(view, role, legal, random.Random(7)) in legal
        values.append(str([sorted(c.values.items()) for c in bot.last_search]))
    assert len(set(values)) == 3
    assert SearchBot(evaluator="refit", deck=0.5).weights == {**REFIT, "deck": 0.5}
    with pytest.raises(ValueError, match="evaluator"):
        SearchBot(evaluator="other")

    real = search.decide
    for spec, expect in (
        ("search:iterations=3", {r: "balanced" for r in toc.roles(state) if r != role}),
        (
            "search:iterations=3:opponents=infer",
            {r: p.name for r, p in infer_profiles(view, role).items()},
        ),
        ("search:iterations=3:opponents=military", {r: "military" for r in toc.roles(state)}),
    ):
        seen: dict[str, set[str]] = {}

        def spy(
            o: Obs, acts: list[Action], prof: Profile, seen: dict[str, set[str]] = seen
        ) -> Action:
            seen.setdefault(o.me, set()).add(prof.name)
            return real(o, acts, prof)

        monkeypatch.setattr(search, "decide", spy)
        get_bot(spec, TITLE).choose(view, role, legal, random.Random(7))
        monkeypatch.setattr(search, "decide", real)
        others = {r: names for r, names in seen.items() if r != role}
        assert others and all(names == {expect[r]} for r, names in others.items()), spec


def test_focus_is_a_setting_that_rejects_bad_values() -> None:
    """``focus`` (a spread in win chances, 0: off, the default) and ``deep`` (sweeps of a
    focused decision) come from the bot's spec; anything else is refused."""
    assert SearchBot().focus == 0.0 and not SearchBot().focus
    bot = get_bot("search:seconds=0.15:focus=0.02", TITLE)
    assert isinstance(bot, SearchBot) and bot.focus == 0.02 and bot.deep == 32
    assert get_bot("search:focus=1:deep=8", TITLE).deep == 8  # type: ignore[attr-defined]
    for spec in ("focus=-0.1", "focus=abc", "focus=nan", "focus=inf", "deep=1", "deep=x"):
        with pytest.raises(ValueError, match=r"focus|deep"):
            get_bot(f"search:{spec}", TITLE)


def _fake_rollouts(
    monkeypatch: pytest.MonkeyPatch,
    values: dict[Action, float],
    clock: SearchClock | None = None,
    pause: float = 0.0,
) -> list[Action]:
    """Replace the rollouts by fixed values per root action (0.5 for the others), each
    moving ``clock`` on by ``pause`` seconds; returns the list the rollouts are recorded in."""
    played: list[Action] = []

    def rollout(self: SearchBot, state: State, role: str, action: Action) -> float:
        played.append(action)
        if clock is not None:
            clock.advance(pause)
        return values.get(action, 0.5)

    monkeypatch.setattr(SearchBot, "_rollout", rollout)
    return played


def test_focus_cuts_short_the_decisions_whose_first_sweep_shows_no_spread(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With ``focus``, a decision whose candidates' first rollouts are identical (or where no
    other candidate beats the heuristic's move by ``focus``) ends after that sweep with the
    heuristic's move; one with a single candidate plays no rollout at all; one where another
    candidate stands out is searched on, up to ``deep`` sweeps, and the better move taken."""
    state, role = _searched_decision(3, 4, 6)
    view, legal = toc.view(state, role), toc.actions(state, role)
    bot = SearchBot(iterations=60, focus=0.05, deep=10)
    default = bot._default(view, role, legal)
    cands = bot._candidates(view, role, legal, default)
    assert len(cands) > 2
    played = _fake_rollouts(monkeypatch, {})  # every rollout alike
    assert bot.choose(view, role, legal, random.Random(1)) == default
    assert bot.last_iterations == len(played) == len(cands) and not bot.last_focused
    assert [c.visits for c in bot.last_search] == [1] * len(cands)

    played = _fake_rollouts(monkeypatch, {cands[1]: 0.54})  # below the spread asked for
    assert bot.choose(view, role, legal, random.Random(1)) == default
    assert len(played) == len(cands) and not bot.last_focused

    played = _fake_rollouts(monkeypatch, {cands[-1]: 0.9})
    assert bot.choose(view, role, legal, random.Random(1)) == cands[-1]
    assert bot.last_focused and len(played) > len(cands)
    visits = {c.action: c.visits for c in bot.last_search}
    assert visits[default] == visits[cands[-1]] == 10  # ``deep`` sweeps, no more

    unfocused = SearchBot(iterations=60)  # the default searches every decision to the end
    played = _fake_rollouts(monkeypatch, {})
    unfocused.choose(view, role, legal, random.Random(1))
    assert unfocused.last_iterations == len(played) == 60

    # A decision with one candidate: the heuristic's move, no rollout.
    monkeypatch.setattr(SearchBot, "_candidates", lambda self, v, r, a, d: [d])
    played = _fake_rollouts(monkeypatch, {})
    assert not bot.will_search(view, role, legal)
    assert bot.choose(view, role, legal, random.Random(1)) == default and not played


def test_focus_spends_saved_time_on_focused_decisions_within_the_turn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The time bank: each searched decision adds ``seconds``, cut-short decisions spend
    little of it, a focused decision may spend what is banked (never more than what is left
    of the turn's ``turn`` seconds, give or take one rollout), and the turn's total keeps to
    ``turn``. The search's clock is the test's own: only the rollouts move it."""
    state, role = _searched_decision(6, 4, 8)
    view, legal = toc.view(state, role), toc.actions(state, role)
    probe = SearchBot()
    default = probe._default(view, role, legal)
    cands = probe._candidates(view, role, legal, default)
    other, sweep = cands[1], len(cands)
    clock = install(monkeypatch, search_module)
    pause = 1 / 128  # seconds a rollout takes on the search's clock (exact sums)
    bot = SearchBot(seconds=0.1, turn=0.6, focus=0.05)

    def timed() -> float:
        start = clock.now
        assert bot.choose(view, role, legal, random.Random(1)) in legal
        return clock.now - start

    _fake_rollouts(monkeypatch, {other: 0.9}, clock, pause)
    first = timed()  # focused with one decision's deposit in the bank
    assert bot.last_focused and 0 < first <= 0.1 + pause
    assert bot.bank == pytest.approx(0.1 - first)
    _fake_rollouts(monkeypatch, {}, clock, pause)
    for _ in range(3):  # cut short after one sweep: the bank grows by the rest of ``seconds``
        assert timed() == pytest.approx(sweep * pause) and not bot.last_focused
    assert bot.bank == pytest.approx(0.1 - first + 3 * (0.1 - sweep * pause))
    assert 0.2 < bot.bank <= 0.6
    _fake_rollouts(monkeypatch, {other: 0.9}, clock, pause)
    saved = bot.bank + bot.seconds
    spent = timed()
    # focused: more than one decision's own ``seconds``, never more than what was banked
    assert bot.last_focused and bot.seconds < spent <= saved + pause
    while bot.will_search(view, role, legal):  # the rest of the turn's budget
        timed()
    assert bot.turn <= bot._spent <= bot.turn + pause
    assert bot.choose(view, role, legal, random.Random(1)) == bot._default(view, role, legal)


def test_workers_share_the_sweeps_reproducibly_and_blind_to_hidden_parts() -> None:
    """``workers=2``: the rollouts of a decision are split between two processes, each on
    its own determinizations (even and odd sweeps), merged into one set of statistics; with
    an iterations budget the same choice and values come back, from a state whose hidden
    parts are scrambled too; the bot still pickles (without its helpers)."""
    state, role = _searched_decision(3, 4, 6)
    other = _scramble(state, role, 103)
    legal = toc.actions(state, role)
    answers = []
    for source in (state, state, other):
        bot = SearchBot(iterations=24, workers=2)
        try:
            action = bot.choose(toc.view(source, role), role, legal, random.Random(7))
            assert action in legal and bot.last_iterations == 24
            sweeps = set(bot.last_search[0].values)
            assert {s % 2 for s in sweeps} == {0, 1}  # both processes played
            assert sum(c.visits for c in bot.last_search) == 24
            answers.append((action, [sorted(c.values.items()) for c in bot.last_search]))
            assert pickle.loads(pickle.dumps(bot)).workers == 2
        finally:
            bot.close()
    assert answers[0] == answers[1] == answers[2]
    # One process alone plays other samples (every sweep) and may choose otherwise, but the
    # first sweep is the same determinization in both.
    alone = SearchBot(iterations=24)
    alone.choose(toc.view(state, role), role, legal, random.Random(7))
    assert alone.last_search[0].values[0] == dict(answers[0][1][0])[0]


def test_workers_is_a_setting_with_clear_errors() -> None:
    assert get_bot("search:workers=2:iterations=4", TITLE).workers == 2  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="workers must be at least 1"):
        SearchBot(workers=0)
    with pytest.raises(ValueError, match="focus and workers"):
        SearchBot(workers=2, focus=0.01)
