"""Rome in Crisis bots: the heuristic, the generic ISMCTS through the contract, and the
determinization they search on."""

from __future__ import annotations

import random

import pytest

from crisis.ai import bot_names, get_bot
from crisis.ai.ismcts import ISMCTSBot
from crisis.games import rome_in_crisis as ric

TITLE = "rome_in_crisis"


def _play(bots: dict[str, str], seed: int, players: int) -> dict:
    state = ric.setup(seed, {"players": players})
    seats = {r: get_bot(bots.get(r, "random"), TITLE) for r in ric.roles(state)}
    rng = random.Random(seed)
    for _ in range(5_000):
        if ric.result(state) is not None:
            break
        role = ric.active(state)[0]
        legal = ric.actions(state, role)
        action = seats[role].choose(ric.view(state, role), role, legal, rng)
        assert action in legal
        ric.apply(state, role, action)
    result = ric.result(state)
    assert result is not None, "the game did not end"
    return result


def test_the_registry_offers_rome_in_crisis_its_own_bots_only() -> None:
    assert bot_names(TITLE) == ["random", "heuristic", "ismcts", "novice", "search"]
    assert isinstance(get_bot("ismcts:iterations=3", TITLE), ISMCTSBot)
    with pytest.raises(ValueError, match="unknown bot 'military' for rome_in_crisis"):
        get_bot("military", TITLE)


@pytest.mark.strength
def test_the_heuristic_beats_random_players() -> None:
    games = 30
    wins = 0.0
    for seed in range(games):
        me = ("green", "blue", "yellow")[seed % 3]
        result = _play({me: "heuristic"}, seed, 3)
        if me in result["winners"]:
            wins += 1 / len(result["winners"])
    assert wins / games > 0.6  # parity is 1/3; measured 87% over 60 games


def test_ismcts_plays_whole_games_with_legal_actions() -> None:
    result = _play({"green": "ismcts:iterations=3", "blue": "heuristic"}, 5, 2)
    assert set(result["scores"]) == {"green", "blue"}


@pytest.mark.parametrize("policy", ["heuristic", "random"])
def test_determinization_agrees_with_the_view_at_every_step(policy: str) -> None:
    for seed in range(4):
        state = ric.setup(seed, {"players": 2 + seed % 3})
        rng = random.Random(seed)
        bot = get_bot(policy, TITLE)
        while ric.result(state) is None:
            for role in ric.roles(state):
                view = ric.view(state, role)
                sample = ric.determinize(view, role, random.Random(seed))
                assert ric.view(sample, role) == view
            role = ric.active(state)[0]
            legal = ric.actions(state, role)
            ric.apply(state, role, bot.choose(ric.view(state, role), role, legal, rng))


def test_the_search_reward_reads_winners_or_a_single_winner() -> None:
    from crisis.ai.ismcts import reward

    shared = {"winners": ["green", "blue"], "scores": {"green": 9, "blue": 9, "red": 3}}
    assert reward(shared, "green") == 0.5 and reward(shared, "red") == 0.5 * 3 / 9
    single = {"winner": "red", "scores": {"green": 4, "red": 8}}
    assert reward(single, "red") == 1.0 and reward(single, "green") == 0.25
    assert reward(None, "green") == 0.5


def _first_choice(seed: int) -> tuple[dict, str, list]:
    """The view, role and legal actions at the first decision of a 3-player game that has
    several choices."""
    state = ric.setup(seed, {"players": 3})
    while True:
        role = ric.active(state)[0]
        legal = ric.actions(state, role)
        if len(legal) > 1:
            return ric.view(state, role), role, legal
        ric.apply(state, role, legal[0])


def test_the_search_keeps_its_rollout_bots_move_without_evidence_against_it() -> None:
    """With a rollout bot, that bot's own move is the search's prior: tried first
    and kept unless another move's mean beats it by ``margin`` standard errors, which a
    handful of rollouts never shows. Without the prior (``prior=0:margin=0``) the search
    takes its most visited move, as before."""
    view, role, legal = _first_choice(4)
    heuristic = get_bot("heuristic", TITLE)
    for seed in range(3):
        bot = ISMCTSBot(TITLE, iterations=3, rollout="heuristic")
        choice = bot.choose(view, role, legal, random.Random(seed))
        expected = heuristic.choose(view, role, legal, random.Random(seed))
        # The heuristic draws nothing at random: its move is the one the search keeps.
        assert choice == bot._default == expected and choice in legal
        assert any(a.action == choice and a.visits >= 1 for a in bot.last_search)
    plain = ISMCTSBot(TITLE, iterations=3, rollout="heuristic", prior=0, margin=0)
    plain.choose(view, role, legal, random.Random(0))
    assert plain._default is None
    assert ISMCTSBot(TITLE, iterations=3)._prior_choice(view, role, legal, random.Random(0)) is None


def _scrambled(seed: int, players: int, decisions: int) -> tuple[object, object, str]:
    """A mid-game state after ``decisions`` choices of heuristic play, and another that shows
    its active role the same view with the hidden parts (other hands, deck) drawn afresh."""
    state = ric.setup(seed, {"players": players})
    bot = get_bot("heuristic", TITLE)
    rng = random.Random(seed)
    made = 0
    while True:
        role = ric.active(state)[0]
        legal = ric.actions(state, role)
        if len(legal) > 1:
            made += 1
            if made > decisions:
                break
        ric.apply(state, role, bot.choose(ric.view(state, role), role, legal, rng))
    other = ric.determinize(ric.view(state, role), role, random.Random(seed + 99))
    return state, other, role


def test_the_search_is_registered_and_plays_whole_games_with_legal_actions() -> None:
    """Rome in Crisis's own search (``search``) plays legal moves to the end in 2- and
    4-player games and is what the ``hard`` level plays, with a seconds budget."""
    from crisis.ai import level, searches
    from crisis.ai.ric.search import SearchBot

    assert isinstance(get_bot("search:iterations=4", TITLE), SearchBot)
    assert searches("search", TITLE) and searches("hard", TITLE)
    hard = level("hard", TITLE)
    assert hard is not None and hard.bot == "search" and float(hard.settings["seconds"]) > 0
    for players, seat in ((2, "blue"), (4, "green")):
        result = _play({seat: "search:iterations=4"}, 3, players)
        assert len(result["scores"]) == players


def test_the_search_is_reproducible_with_iterations_and_reads_only_its_view() -> None:
    """With an iterations budget and a seed the search makes the same choice with the same
    statistics; two states that show the bot the same view (hidden hands and deck drawn
    differently) give the same answer, so nothing hidden leaks in; the view is left as it
    was."""
    from crisis.ai.ric.search import SearchBot

    for seed, players, decisions in ((1, 4, 5), (2, 2, 12), (5, 3, 30)):
        state, other, role = _scrambled(seed, players, decisions)
        assert ric.to_json(other) != ric.to_json(state)
        view = ric.view(state, role)
        assert ric.view(other, role) == view
        legal = ric.actions(state, role)
        answers = []
        for source in (state, state, other):
            seen = ric.view(source, role)
            bot = SearchBot(iterations=30)
            action = bot.choose(seen, role, legal, random.Random(7))
            assert action in legal and seen == view
            assert bot.last_iterations == 30
            answers.append(
                (action, [(a.action, a.visits, round(a.total, 9)) for a in bot.last_search])
            )
        assert answers[0] == answers[1] == answers[2]


def test_the_search_keeps_to_its_time_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """The search stops at its ``seconds``; the rollout that crosses the deadline ends first.
    (Each rollout takes 1/32 s of the search's own clock, tests/ai/clocks.py: a binary
    fraction, so that the sums are exact.)"""
    from crisis.ai.ric import search
    from tests.ai.clocks import costly, install

    state, _, role = _scrambled(4, 4, 3)
    legal = ric.actions(state, role)
    clock = install(monkeypatch, search)
    rollout = 1 / 32
    calls = costly(monkeypatch, search.SearchBot, "_iterate", clock, rollout)
    bot = search.SearchBot(seconds=0.1)
    start = clock.now
    assert bot.choose(ric.view(state, role), role, legal, random.Random(1)) in legal
    assert 0.1 <= clock.now - start < 0.1 + rollout
    assert bot.last_iterations == len(calls) == 4  # 4/32 s: the first past 0.1


def test_the_search_values_finished_and_unfinished_games() -> None:
    from crisis.ai.ric.search import final_value, lead_value

    assert final_value({"winners": ["green", "blue"]}, "green") == 0.5
    assert final_value({"winner": "red"}, "red") == 1.0
    assert final_value({"winners": ["red"]}, "green") == 0.0
    assert lead_value({"green": 5, "blue": 5}, "green", 3.0) == 0.5
    assert (
        lead_value({"green": 9, "blue": 3}, "green", 3.0)
        > 0.8
        > 0.2
        > lead_value({"green": 3, "blue": 9}, "green", 3.0)
    )


def test_the_heuristic_keeps_a_bid_budget_per_seat() -> None:
    """One heuristic playing several seats (as in a search's rollouts) keeps each seat's
    bids apart; :meth:`forget` clears them."""
    from crisis.ai.ric.heuristic import HeuristicBot

    bot = HeuristicBot()
    bot._spent["green"] = (3, 9)
    bot._spent["blue"] = (3, 2)
    assert bot._spent["blue"] == (3, 2)
    bot.forget()
    assert bot._spent == {}


def test_the_rollout_view_leads_the_heuristic_to_its_full_view_choices() -> None:
    """The search's rollouts give the heuristic a cut-down view (what it reads, no texts);
    the heuristic answers the same from it as from the full view, at every step of games
    of 2-4 players with some random moves mixed in."""
    from crisis.ai.ric.heuristic import HeuristicBot
    from crisis.ai.ric.search import rollout_view

    checked = 0
    for seed in range(6):
        state = ric.setup(seed, {"players": 2 + seed % 3})
        full, lean = HeuristicBot(), HeuristicBot()
        rng = random.Random(seed)
        while ric.result(state) is None:
            role = ric.active(state)[0]
            legal = ric.actions(state, role)
            choice = full.choose(ric.view(state, role), role, legal, rng)
            assert lean.choose(rollout_view(state, role), role, legal, rng) == choice
            checked += 1
            ric.apply(
                state, role, legal[rng.randrange(len(legal))] if rng.random() < 0.3 else choice
            )
    assert checked > 1000
