"""Each hand of a fair-play request planned and searched: the player's searched decisions (and
the pair's other seat's), each advised for the seat's own view and for each leak hypothesis,
through the advice source at ``fair_play.BUDGET`` and ``fair_play.SEED``.

A leak hypothesis's search is told the true hands of the seats it reveals (``AdviceJob.known``),
from the replayed state; the honest search is the seat's own view (``view_of``) and nothing
else, the same job /v1/advice would run. A hand is refused on its own (left out) when it does
not load, replay or name the player; the batch cap counts every search before any runs.

A hand's evidence is values (``HandEvidence``) and has a JSON form, which a fair-play job keeps
as the hand's line (``hand_evidence_json``, ``hand_evidence_of_json``).
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from service.api.fair_play.request import FairPlayHand
from service.api.insights.insights import checked_seat, named_seat, seat_of
from service.api.insights.request import PlayerHand
from service.api.refusals import BudgetTooLargeError, RefusedError
from service.api.review.reviewing import played_move_job
from service.cache.advice_job import AdviceOf, advice_job
from service.engine.message import Message
from service.engine.moves import Move
from service.engine.record import HandRecord, replay
from service.engine.view import view_of
from service.search import Advice
from service.search.fair_play import (
    BUDGET,
    SEED,
    DecisionEvidence,
    hypotheses_for,
    revealed_seats,
    seat_kind,
)
from service.search.review import SEARCHED, Planned, plan


@dataclass(frozen=True, slots=True)
class PlannedDecision:
    """A searched decision of a seat and the hypotheses it is searched under."""

    planned: Planned
    hypotheses: tuple[str, ...]

    @property
    def searches(self) -> int:
        """Its searches: the seat's own view, then one a hypothesis."""
        return 1 + len(self.hypotheses)


@dataclass(frozen=True, slots=True)
class PlannedHand:
    """A hand planned before any search: its index in the request, record, the player's seat,
    the pair's other seat, and the decisions to search."""

    index: int
    record: HandRecord
    seat: int
    pair_seat: int | None
    decisions: tuple[PlannedDecision, ...]

    @property
    def searches(self) -> int:
        """Every search its evidence takes."""
        return sum(d.searches for d in self.decisions)


def seats_of(hand: FairPlayHand, player: str | None, pair: str | None) -> tuple[int, int | None]:
    """The player's seat and the pair's other seat in a hand: as given, or found by name (the
    player's as /v1/insights finds it)."""
    rules = hand.record.rules
    seat = seat_of(PlayerHand(hand.record, hand.seat), player)
    other = hand.pair_seat if hand.pair_seat is not None else named_seat(hand.record, pair)
    if other is None:
        if hand.pair_seat is None and pair is not None:
            reason = Message(
                "no pair seat: give pair_seat, or the request's pair as named in meta.players"
            )
            raise RefusedError.of("pair_seat", reason)
        return seat, None
    checked_seat(rules, other, "pair_seat")
    if other == seat:
        raise RefusedError.of("pair_seat", Message("must be another seat than the player's"))
    if rules.players < 3:
        reason = Message("a pair needs a table of three seats or more")
        raise RefusedError.of("pair_seat", reason)
    return seat, other


def planned_hand(
    index: int, hand: FairPlayHand, player: str | None, pair: str | None
) -> PlannedHand:
    """A hand replayed and its decisions planned (``review.REFUSALS`` raised)."""
    seat, other = seats_of(hand, player, pair)
    record = hand.record
    rules = record.rules
    seats = frozenset({seat} if other is None else {seat, other})
    done = replay(record)
    mine = hypotheses_for(rules)
    theirs = () if other is None else (seat_kind((seat - other) % rules.players),)
    decisions = tuple(
        PlannedDecision(p, mine if p.play.seat == seat else theirs)
        for p in plan(done, record.moves, seats)
        if p.status == SEARCHED
    )
    return PlannedHand(index, record, seat, other, decisions)


def check_searches(
    hands: Sequence[PlannedHand],
    config: Mapping[str, Any],
    field: str,
    cap_setting: str = "REVIEW_BATCH_MAX_TOTAL_ITERATIONS",
) -> None:
    """Refused naming ``field`` when every search of the hands at the fair-play budget passes
    a cap in iterations (the batch cap; a job's hand: one review's)."""
    searches = sum(h.searches for h in hands)
    per = BUDGET.iterations or 0
    cap = config[cap_setting]
    if searches * per <= cap:
        return
    reason = Message(
        "{searches} searches (each decision for the seat's own view and for each leak "
        "hypothesis) at {per} iterations each is {total} iterations, over this server's batch "
        "cap of {cap}: send fewer hands",
        searches=searches,
        per=per,
        total=searches * per,
        cap=cap,
    )
    raise BudgetTooLargeError.of(field, reason, most_searches=cap // per)


@dataclass(frozen=True, slots=True)
class SeatDecision:
    """A searched decision's evidence, its seat, and its ranked moves (best first)."""

    seat: int
    moves: tuple[Move, ...]
    evidence: DecisionEvidence


@dataclass(frozen=True, slots=True)
class HandEvidence:
    """A hand's evidence: its index, the player's and the pair's seats, the decisions."""

    index: int
    seat: int
    pair_seat: int | None
    decisions: tuple[SeatDecision, ...]
    unjudged: int

    def of_seat(self, seat: int | None) -> list[DecisionEvidence]:
        """The evidence of one seat's decisions."""
        return [d.evidence for d in self.decisions if d.seat == seat]


class Clock:
    """The time left of a run's cap, for the next search (at least 1 ms)."""

    def __init__(self, cap_ms: int) -> None:
        self.cap_ms = cap_ms
        self.start = time.perf_counter()

    def left_ms(self) -> int:
        """The milliseconds left."""
        return max(1, int(self.cap_ms - (time.perf_counter() - self.start) * 1000.0))

    @property
    def spent(self) -> bool:
        """Whether the cap has passed."""
        return (time.perf_counter() - self.start) * 1000.0 >= self.cap_ms


def ranked_values(advice: Advice) -> dict[Move, float]:
    """The ranked moves' values of an advice (None when it is undersampled)."""
    return {m.move: m.expected_value for m in advice.moves if m.expected_value is not None}


def decision_evidence(
    planned: PlannedDecision, advice_of: AdviceOf, clock: Clock
) -> SeatDecision | None:
    """A decision searched for the seat's own view and each hypothesis (None when a search is
    undersampled or ranks too little to judge it)."""
    state, play = planned.planned.state, planned.planned.play
    view = view_of(state, play.seat)
    honest_job = played_move_job(view, play.move, BUDGET, None, SEED)
    honest, _ = advice_of(honest_job, clock.left_ms())
    values = ranked_values(honest)
    if honest.stats.undersampled or play.move not in values or len(values) < 2:
        return None
    moves = tuple(sorted(values, key=lambda m: -values[m]))
    leaked: dict[str, tuple[float, ...]] = {}
    for hypothesis in planned.hypotheses:
        seats = revealed_seats(hypothesis, state.rules, play.seat)
        known = {s: state.hands[s] for s in seats if state.hands[s]}
        job = advice_job(
            honest_job.decision, BUDGET, None, SEED, honest_job.must_search, known=known
        )
        found, _ = advice_of(job, clock.left_ms())
        seen = ranked_values(found)
        if found.stats.undersampled or any(m not in seen for m in moves):
            return None
        leaked[hypothesis] = tuple(seen[m] for m in moves)
    honest_values = tuple(values[m] for m in moves)
    evidence = DecisionEvidence(
        planned.planned.index, honest_values, moves.index(play.move), leaked
    )
    return SeatDecision(play.seat, moves, evidence)


def hand_evidence(hand: PlannedHand, advice_of: AdviceOf, clock: Clock) -> HandEvidence:
    """A planned hand's evidence, every decision searched until the clock's cap passes (the
    decisions left then are unjudged, not searched)."""
    found = [
        None if clock.spent else decision_evidence(d, advice_of, clock) for d in hand.decisions
    ]
    kept = tuple(d for d in found if d is not None)
    return HandEvidence(hand.index, hand.seat, hand.pair_seat, kept, len(found) - len(kept))


def hand_evidence_json(hand: HandEvidence) -> dict[str, Any]:
    """A hand's evidence as a job's line keeps it."""
    return {
        "index": hand.index,
        "seat": hand.seat,
        "pair_seat": hand.pair_seat,
        "unjudged": hand.unjudged,
        "decisions": [
            {
                "seat": d.seat,
                "move_index": d.evidence.index,
                "moves": [m.code() for m in d.moves],
                "honest": list(d.evidence.honest),
                "played": d.evidence.played,
                "leaked": {k: list(v) for k, v in d.evidence.leaked.items()},
            }
            for d in hand.decisions
        ],
    }


def hand_evidence_of_json(data: Mapping[str, Any]) -> HandEvidence:
    """A hand's evidence from its line."""
    decisions = []
    for d in data["decisions"]:
        evidence = DecisionEvidence(
            d["move_index"],
            tuple(d["honest"]),
            d["played"],
            {k: tuple(v) for k, v in d["leaked"].items()},
        )
        moves = tuple(Move.from_code(c) for c in d["moves"])
        decisions.append(SeatDecision(d["seat"], moves, evidence))
    return HandEvidence(
        data["index"], data["seat"], data["pair_seat"], tuple(decisions), data["unjudged"]
    )
