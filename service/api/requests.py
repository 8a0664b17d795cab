"""The requests of API v1 as the schemas load them: engine values, every check of the request
done (``service.api.schemas``), what the use cases answer (``service.api.usecases``).

Budgets and match contexts are left as sent (``Budget``, ``MatchInput``): the server's caps
and the side count are checked by the use case, after the position, as the answers' order of
problems has always been.
"""

from __future__ import annotations

from dataclasses import dataclass

from service.engine.cards import Cards
from service.engine.declarations import Declaration
from service.engine.errors import RulesError
from service.engine.moves import Move
from service.engine.record import HandRecord, MetaValue
from service.engine.rules import Rules
from service.engine.state import State
from service.engine.tally import SideTally
from service.engine.tally_score import TallyScore
from service.search import Budget, Decision
from service.search.levels import Level

Seed = int | str


@dataclass(frozen=True, slots=True)
class RulesRefused:
    """Options the engine refused together (a clash, a bad combination): its error, which the
    request's schema answers as a 422 naming each option under the field it came from, once
    the other fields are checked."""

    error: RulesError


# What a rules field loads: the engine's Rules, or the engine's refusal.
RulesValue = Rules | RulesRefused


@dataclass(frozen=True, slots=True)
class MatchInput:
    """The match a request names: the sides' scores before the hand, and a target."""

    scores: tuple[int, ...]
    target: int | None = None


@dataclass(frozen=True, slots=True)
class DealRequest:
    """Deal a hand of these rules from a seed (None: the service draws one)."""

    rules: Rules
    seed: Seed | None
    dealer: int


@dataclass(frozen=True, slots=True)
class MovesRequest:
    """The legal moves of a full state, or of a hand on a table (the light form)."""

    rules: Rules
    state: State | None = None
    hand: Cards = 0
    table: Cards = 0


@dataclass(frozen=True, slots=True)
class PlayRequest:
    """A move of the player to move in a full state."""

    state: State
    move: Move


@dataclass(frozen=True, slots=True)
class TallyFormRequest:
    """The rules whose tally form is asked for."""

    rules: Rules


@dataclass(frozen=True, slots=True)
class HandInput:
    """A finished hand to score: every side's pile (checked against the pack) or tally
    (checked for miscounts), the cards left over, its declarations and its claim."""

    piles: tuple[Cards, ...] | None
    scope: tuple[int, ...]
    tallies: tuple[SideTally, ...] | None
    leftover: Cards
    declarations: tuple[Declaration, ...]
    claimed_by: int | None


@dataclass(frozen=True, slots=True)
class ScoreRequest:
    """A finished hand and the match so far."""

    rules: Rules
    hand: HandInput
    match: MatchInput | None


@dataclass(frozen=True, slots=True)
class LedgerHand:
    """One hand of a match ledger: who dealt it, the hand, and its tallies' score (scored
    while checking that they decide every category)."""

    dealer: int | None
    hand: HandInput
    tallied: TallyScore | None = None


@dataclass(frozen=True, slots=True)
class LedgerRequest:
    """A match's hands in order, from the scores before the first, to a target."""

    rules: Rules
    scores: tuple[int, ...] | None
    target: int | None
    hands: tuple[LedgerHand, ...]


@dataclass(frozen=True, slots=True)
class AdviceRequest:
    """A decision to advise, with the budget, match and seed asked for."""

    decision: Decision
    budget: Budget | None
    match: MatchInput | None
    seed: Seed | None


@dataclass(frozen=True, slots=True)
class BotRequest:
    """A bot's decision at a level, with the match and seed asked for."""

    decision: Decision
    level: Level
    match: MatchInput | None
    seed: Seed | None


@dataclass(frozen=True, slots=True)
class RecordRequest:
    """The record of a state's hand, with metadata to copy into it."""

    state: State
    meta: tuple[tuple[str, MetaValue], ...]


@dataclass(frozen=True, slots=True)
class ReplayRequest:
    """A hand record to check and replay."""

    record: HandRecord


@dataclass(frozen=True, slots=True)
class ViewRequest:
    """What one seat of a full state can know."""

    state: State
    seat: int


@dataclass(frozen=True, slots=True)
class ReviewRequest:
    """A record to review: the seats (None: every seat), the budget, seed and match."""

    record: HandRecord
    seats: tuple[int, ...] | None
    budget: Budget | None
    match: MatchInput | None
    seed: Seed | None


@dataclass(frozen=True, slots=True)
class BatchReviewRequest:
    """The bodies of many review requests, each loaded on its own (a bad one is its line's
    problem)."""

    reviews: tuple[object, ...]


@dataclass(frozen=True, slots=True)
class PlayerHand:
    """One hand of a player: its record and the player's seat (None: found by name)."""

    record: HandRecord
    seat: int | None


@dataclass(frozen=True, slots=True)
class InsightsRequest:
    """Hands of one player (each body loaded on its own), the player's name, and the review's
    budget, seed and match."""

    hands: tuple[object, ...]
    player: str | None
    budget: Budget | None
    seed: Seed | None
    match: MatchInput | None = None


@dataclass(frozen=True, slots=True)
class DrillsRequest:
    """Hands of one player (each body loaded on its own), the player's name, the review's
    budget and seed, and the re-searches' budget."""

    hands: tuple[object, ...]
    player: str | None
    budget: Budget | None
    seed: Seed | None
    drill_budget: Budget | None
