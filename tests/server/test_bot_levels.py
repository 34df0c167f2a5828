"""Strength levels at the tables: a level's seat gets its bot and thinking budget, capped by
the server's own setting, and the hint asks the ``hard`` level's bot."""

from __future__ import annotations

from crisis.ai.advice import hard_bot
from crisis.ai.ismcts import ISMCTSBot as GenericSearch
from crisis.ai.novice import NoviceBot
from crisis.ai.toc.ismcts import ISMCTSBot
from crisis.ai.toc.search import SearchBot
from crisis.server.play.bots import check_bot, make_bot


def test_a_level_seat_gets_its_bot_and_budget_capped_by_the_server() -> None:
    hard = make_bot("hard", "time_of_crisis", think=1.0)
    assert isinstance(hard, SearchBot) and hard.seconds == 0.15 and hard.own.name == "consul"
    quick = make_bot("hard", "time_of_crisis", think=0.1)  # crisis serve --think-seconds 0.1
    assert isinstance(quick, SearchBot) and quick.seconds == 0.1 and quick.infer
    # The turn-plan search, the level before, keeps its name and the server's budget.
    plans = make_bot("ismcts", "time_of_crisis", think=0.4)
    assert isinstance(plans, ISMCTSBot) and plans.seconds == 0.4
    assert isinstance(make_bot("easy", "time_of_crisis"), NoviceBot)
    assert isinstance(make_bot("easy", "rome_in_crisis"), NoviceBot)
    # Old names stay valid (saved tables refer to them), with the server's budget.
    old = make_bot("ismcts", "rome_in_crisis", think=0.3)
    assert isinstance(old, GenericSearch) and old.seconds == 0.3
    assert check_bot("military", "time_of_crisis") == "military"
    assert check_bot("hard", "rome_in_crisis") == "hard"


def test_the_hint_uses_the_hard_level_bot() -> None:
    assert hard_bot("time_of_crisis") == "search"
    assert hard_bot("rome_in_crisis") == "search"
