"""Ratings of people who play rated games: one rating per account and title, moved by every
rated game's final places with OpenSkill's Plackett-Luce model (a rating system for games of
any number of players, each ranked; it gives every player a skill ``mu`` and an uncertainty
``sigma`` that shrinks as they play).

A rated table seats people only (bots are never rated), and a rating moves only for a game
its people chose to play and played: every seat belongs to an account that has confirmed an
address at some time (a player who changes their address during a game, leaving the new one
unconfirmed, cannot make it unrated), each player made at least :data:`MIN_OWN_MOVES`
actions of their own, and no two of them have played :data:`PAIR_GAMES_PER_DAY` rated games
together in the last day. A game that does not meet this is recorded unrated
(``games.unrated`` says why). The places:

- in the order of the title's final ranking;
- players the result names as joint winners share first place, and players whom only a die
  roll of the tie-break separated share their place (a die is luck, not play);
- a player who resigned, or whose seat went to a bot (their time ran out, whatever the
  table chose to do then), is last, tied with anyone else who left: what the bot played is
  not theirs, so a player who lets the site's bot finish for them gains nothing by it.

Ratings are shown on a familiar scale: :func:`shown` maps ``mu`` 25 (a new player) to 1500,
and a rating stays *provisional* while ``sigma`` is above :data:`PROVISIONAL` (the first few
games). A game is rated exactly once: its ratings are written in the transaction that writes
its end (:func:`rate_in`), which commits both or neither.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce
from sqlalchemy import Connection, Engine, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from crisis.server.accounts.schema import accounts
from crisis.server.ratings.schema import rating_changes, ratings
from crisis.server.store.schema import actions, games, seats

MODEL = PlackettLuce()
#: A rating is provisional while its uncertainty is above this (a new one's is 25/3).
PROVISIONAL = 5.0
#: Rating points per unit of ``mu`` on the shown scale.
SCALE = 40.0


def shown(mu: float) -> int:
    """A skill ``mu`` on the shown scale (a new player: 1500)."""
    return round(1500 + SCALE * (mu - MODEL.mu))


@dataclass(frozen=True)
class Seat:
    """What rating needs of a seat at the end of a game."""

    role: str
    account: str | None
    resigned: bool


def places(result: dict[str, Any], seated: list[Seat]) -> dict[str, int]:
    """Each role's place (1 is first; equal places are ties) from a final ``result`` (see
    the module's text for the rules)."""
    ranking: list[str] = [r for r in result.get("ranking", []) if isinstance(r, str)]
    scores: dict[str, Any] = result.get("scores") or {}
    gone = {s.role for s in seated if s.resigned}
    winners = set(result.get("winners") or [])
    dice = set(result.get("tie_break_rolls") or {})
    order = [r for r in ranking if r not in gone]
    order += [s.role for s in seated if s.role not in order and s.role not in gone]
    out: dict[str, int] = {}
    for i, role in enumerate(order):
        if i and _tied(order[i - 1], role, scores, winners, dice):
            out[role] = out[order[i - 1]]
        else:
            out[role] = i + 1
    for role in gone:
        out[role] = len(order) + 1
    return out


def _tied(a: str, b: str, scores: dict[str, Any], winners: set[str], dice: set[str]) -> bool:
    if a in winners and b in winners:
        return True
    return a in dice and b in dice and scores.get(a) == scores.get(b)


#: The fewest actions of their own each player must have made for a rated game to move
#: ratings: a game that ends before (someone resigned at once, or let their time run out, or
#: never came) is recorded unrated, as Lichess aborts a game in which a side has not moved.
#: Three, because a title's setup asks each player one or two choices (a province, a way to
#: raise money), often with one sensible answer: three actions take each player into the
#: play of their first turn, so a seat that was never played, or resigned at the start,
#: never moves a rating. Actions a bot made for the seat after its person left do not count.
MIN_OWN_MOVES = 3
#: Rated games one pair of accounts may play per :data:`PAIR_WINDOW` seconds; the rest are
#: recorded unrated (see docs/accounts.md: a farmer's second account is worth little).
PAIR_GAMES_PER_DAY = 3
PAIR_WINDOW = 24 * 3600


class Unrated:
    """Why a rated game moved no rating (``games.unrated``)."""

    #: A seat without an account, or fewer than two accounts.
    NO_ACCOUNT = "no_account"
    #: A player made fewer than :data:`MIN_OWN_MOVES` actions of their own.
    ABORTED = "aborted"
    #: A player had never confirmed an e-mail address when the game ended.
    UNCONFIRMED = "unconfirmed"
    #: Two of its players had played :data:`PAIR_GAMES_PER_DAY` rated games together that day.
    REPEATED = "repeated"


def _own_moves(db: Connection, game_id: str, left: dict[str, int | None]) -> dict[str, int]:
    """Per role, the actions its person made (those before ``left_at``, when the seat went to
    a bot; every one of the role's otherwise)."""
    counts = {role: 0 for role in left}
    for role, n in db.execute(select(actions.c.role, actions.c.n).where(actions.c.game == game_id)):
        if role in counts and (left[role] is None or n < left[role]):
            counts[role] += 1
    return counts


def _pairs_today(db: Connection, people: list[str], now: int) -> int:
    """The most rated games any two of ``people`` played together in the last
    :data:`PAIR_WINDOW` seconds."""
    mine, theirs = rating_changes.alias("mine"), rating_changes.alias("theirs")
    count = func.count().label("n")
    rows = db.execute(
        select(mine.c.account, theirs.c.account, count)
        .join(theirs, (theirs.c.game == mine.c.game) & (theirs.c.account > mine.c.account))
        .where(
            mine.c.account.in_(people),
            theirs.c.account.in_(people),
            mine.c.at > now - PAIR_WINDOW,
        )
        .group_by(mine.c.account, theirs.c.account)
    ).all()
    return max((r.n for r in rows), default=0)


def rate_in(
    db: Connection, game_id: str, now: int | None = None
) -> dict[str, tuple[int, int]] | None:
    """Rate a finished rated game in ``db``'s transaction, the one that writes its end, so
    that a game is rated exactly once even if the process dies at that moment: returns each
    account's shown rating before and after, or None when it moves no rating: not a rated
    game, not over, rated already, or recorded unrated (``games.unrated`` says why:
    :class:`Unrated`). An error here is an error of the end's transaction: it does not commit.
    """
    now = int(time.time()) if now is None else now
    game = db.execute(
        select(games.c.title, games.c.result, games.c.status, games.c.rated, games.c.unrated).where(
            games.c.id == game_id
        )
    ).first()
    if game is None or not game.rated or game.status != "finished" or not game.result:
        return None
    if game.unrated is not None:
        return None
    done = db.execute(
        select(rating_changes.c.account).where(rating_changes.c.game == game_id).limit(1)
    ).first()
    if done is not None:
        return None  # rated already
    rows = db.execute(
        select(seats.c.role, seats.c.account, seats.c.resigned, seats.c.left_at).where(
            seats.c.game == game_id
        )
    ).all()
    # A seat that went to a bot (left_at) is a person who left: last, as one who resigned.
    seated = [Seat(r.role, r.account, bool(r.resigned) or r.left_at is not None) for r in rows]
    people = [s.account for s in seated if s.account is not None]
    why: str | None = None
    if len(people) != len(seated) or len(set(people)) != len(people) or len(seated) < 2:
        why = Unrated.NO_ACCOUNT
    elif min(_own_moves(db, game_id, {r.role: r.left_at for r in rows}).values()) < MIN_OWN_MOVES:
        why = Unrated.ABORTED
    elif db.execute(
        select(func.count())
        .select_from(accounts)
        .where(accounts.c.id.in_(people), accounts.c.first_confirmed.is_(None))
    ).scalar_one():
        why = Unrated.UNCONFIRMED
    elif _pairs_today(db, people, now) >= PAIR_GAMES_PER_DAY:
        why = Unrated.REPEATED
    if why is not None:
        db.execute(update(games).where(games.c.id == game_id).values(unrated=why))
        return None
    placed = places(json.loads(game.result), seated)
    held = {
        r.account: r
        for r in db.execute(
            select(ratings).where(ratings.c.title == game.title, ratings.c.account.in_(people))
        )
    }
    before = {
        a: MODEL.rating(
            mu=held[a].mu if a in held else None, sigma=held[a].sigma if a in held else None
        )
        for a in people
    }
    teams = MODEL.rate([[before[a]] for a in people], ranks=[placed[s.role] for s in seated])
    after = {a: team[0] for a, team in zip(people, teams, strict=True)}
    db.execute(
        insert(rating_changes),
        [
            {
                "game": game_id,
                "account": a,
                "title": game.title,
                "place": placed[s.role],
                "mu_before": before[a].mu,
                "sigma_before": before[a].sigma,
                "mu_after": after[a].mu,
                "sigma_after": after[a].sigma,
                "at": now,
            }
            for s in seated
            if (a := s.account) is not None
        ],
    )
    for a in people:
        values = {"mu": after[a].mu, "sigma": after[a].sigma, "updated": now}
        if a in held:
            db.execute(
                update(ratings)
                .where(ratings.c.account == a, ratings.c.title == game.title)
                .values(games=ratings.c.games + 1, **values)
            )
        else:
            db.execute(insert(ratings).values(account=a, title=game.title, games=1, **values))
    return {a: (shown(before[a].mu), shown(after[a].mu)) for a in people}


def rate_end(db: Connection, game_id: str) -> tuple[dict[str, tuple[int, int]] | None, str | None]:
    """:func:`rate_in` as a game's end calls it: what it moved, per role (each seat's shown
    rating before and after), and why it moved nothing (:class:`Unrated`; None when it moved
    ratings)."""
    moved = rate_in(db, game_id)
    if moved is not None:
        held = db.execute(
            select(seats.c.role, seats.c.account).where(seats.c.game == game_id)
        ).all()
        return {r.role: moved[r.account] for r in held if r.account in moved}, None
    why = db.execute(select(games.c.unrated).where(games.c.id == game_id)).scalar()
    return None, why


class Ratings:
    """The ``ratings`` and ``rating_changes`` tables (each method one short transaction)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def rate(self, game_id: str) -> dict[str, tuple[int, int]] | None:
        """:func:`rate_in` in a transaction of its own (a game that ended before ratings were
        written with the end; the server rates in the end's own transaction)."""
        try:
            with self.engine.begin() as db:
                return rate_in(db, game_id)
        except IntegrityError:
            return None  # rated already (another process rated it at the same moment)

    def leaderboard(self, title: str, limit: int = 100) -> list[dict[str, Any]]:
        """The best ``limit`` rated players of ``title``: name, shown rating, games, and
        whether the rating is still provisional."""
        with self.engine.connect() as db:
            rows = db.execute(
                select(accounts.c.name, ratings.c.mu, ratings.c.sigma, ratings.c.games)
                .join(accounts, accounts.c.id == ratings.c.account)
                .where(ratings.c.title == title)
                .order_by(ratings.c.mu.desc(), accounts.c.name_key)
                .limit(limit)
            )
            return [
                {
                    "name": r.name,
                    "rating": shown(r.mu),
                    "games": r.games,
                    "provisional": r.sigma > PROVISIONAL,
                }
                for r in rows
            ]

    def of(self, accounts_ids: list[str], title: str) -> dict[str, dict[str, Any]]:
        """The shown ratings of some accounts for ``title`` (those that have one)."""
        if not accounts_ids:
            return {}
        with self.engine.connect() as db:
            rows = db.execute(
                select(ratings.c.account, ratings.c.mu, ratings.c.sigma, ratings.c.games).where(
                    ratings.c.title == title, ratings.c.account.in_(accounts_ids)
                )
            )
            return {
                r.account: {
                    "rating": shown(r.mu),
                    "games": r.games,
                    "provisional": r.sigma > PROVISIONAL,
                }
                for r in rows
            }

    def at_table(self, game_id: str) -> dict[str, dict[str, Any]] | None:
        """The people of a table who hold their seat with an account: per role, their account
        name (for a link to their profile) and their rating for the table's game (None before
        their first rated game of it); once a rated game has moved them, ``change``: the
        rating before and after this game. Seats played by link alone are left out. None when
        there is no such table."""
        with self.engine.connect() as db:
            title = db.execute(select(games.c.title).where(games.c.id == game_id)).scalar()
            if title is None:
                return None
            rows = db.execute(
                select(
                    seats.c.role,
                    accounts.c.name,
                    ratings.c.mu,
                    ratings.c.sigma,
                    ratings.c.games,
                    rating_changes.c.mu_before,
                    rating_changes.c.mu_after,
                )
                .join(accounts, accounts.c.id == seats.c.account)
                .outerjoin(
                    ratings, (ratings.c.account == seats.c.account) & (ratings.c.title == title)
                )
                .outerjoin(
                    rating_changes,
                    (rating_changes.c.game == game_id)
                    & (rating_changes.c.account == seats.c.account),
                )
                .where(seats.c.game == game_id)
            )
            found: dict[str, dict[str, Any]] = {}
            for r in rows:
                found[r.role] = {
                    "name": r.name,
                    "rating": None
                    if r.mu is None
                    else {
                        "rating": shown(r.mu),
                        "games": r.games,
                        "provisional": r.sigma > PROVISIONAL,
                    },
                }
                if r.mu_before is not None:
                    found[r.role]["change"] = [shown(r.mu_before), shown(r.mu_after)]
            return found

    def profile(self, name: str, limit: int = 100) -> dict[str, Any] | None:
        """A player's public page: their name, rating per title, and their rated games (the
        newest ``limit``) with the place and the rating before and after each; None for an
        unknown name. Never their e-mail address."""
        from crisis.server.accounts.passwords import name_key

        with self.engine.connect() as db:
            account = db.execute(
                select(accounts.c.id, accounts.c.name).where(accounts.c.name_key == name_key(name))
            ).first()
            if account is None:
                return None
            held = db.execute(
                select(ratings.c.title, ratings.c.mu, ratings.c.sigma, ratings.c.games).where(
                    ratings.c.account == account.id
                )
            )
            changes = db.execute(
                select(rating_changes)
                .where(rating_changes.c.account == account.id)
                .order_by(rating_changes.c.at.desc(), rating_changes.c.game)
                .limit(limit)
            )
            return {
                "name": account.name,
                "ratings": {
                    r.title: {
                        "rating": shown(r.mu),
                        "games": r.games,
                        "provisional": r.sigma > PROVISIONAL,
                    }
                    for r in held
                },
                "games": [
                    {
                        "table": c.game,
                        "title": c.title,
                        "at": c.at,
                        "place": c.place,
                        "before": shown(c.mu_before),
                        "after": shown(c.mu_after),
                    }
                    for c in changes
                ],
            }
