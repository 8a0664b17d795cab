"""The answer of /v1/fair-play: every hand planned before any search (a hand that does not
load, replay or name the player left out with its problem, and so is one of another player
count than most of them), the batch cap checked over every search, the evidence searched within
the batch's time cap, and the report."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from service.api.fair_play.evidence import (
    Clock,
    PlannedHand,
    check_searches,
    hand_evidence,
    planned_hand,
)
from service.api.fair_play.report import PlayerHands, report
from service.api.fair_play.request import FairPlayRequest
from service.api.http.language import answer_language, translate
from service.api.http.refused import refused
from service.api.insights.answer import left_out_json
from service.api.insights.insights import LeftOut
from service.api.refusals import RefusedError
from service.api.review.batch import check_count
from service.api.review.reviewing import REFUSALS
from service.cache.advice_job import AdviceOf
from service.engine.message import Message
from service.i18n.languages import MESSAGES

T = TypeVar("T")


def planned_hands(request: FairPlayRequest) -> tuple[list[PlannedHand], list[LeftOut]]:
    """The hands planned, and those left out with their errors: one that does not load,
    replay or name the player, or whose table has another number of seats than most hands'."""
    planned: list[PlannedHand] = []
    left_out: list[LeftOut] = []
    for index, hand in enumerate(request.hands):
        if isinstance(hand, Exception):
            left_out.append((index, hand))
            continue
        try:
            planned.append(planned_hand(index, hand, request.player, request.pair))
        except REFUSALS as error:
            left_out.append((index, error))
    kept, others = majority_only(planned, lambda h: h.record.rules.players, lambda h: h.index)
    return kept, sorted(left_out + others, key=lambda t: t[0])


def majority_only(
    hands: Sequence[T], players_of: Callable[[T], int], index_of: Callable[[T], int]
) -> tuple[list[T], list[LeftOut]]:
    """The hands of the table size most of them have, and the others refused: a report is
    weighed against the honest players of one table size."""
    counts = Counter(players_of(h) for h in hands)
    if len(counts) <= 1:
        return list(hands), []
    players = counts.most_common(1)[0][0]
    kept: list[T] = []
    others: list[LeftOut] = []
    for hand in hands:
        seats = players_of(hand)
        if seats == players:
            kept.append(hand)
            continue
        reason = Message(
            "a table of {seats} seats: the report is over the hands of {players} seats, the "
            "most of the request's",
            seats=seats,
            players=players,
        )
        others.append((index_of(hand), RefusedError.of("record.rules", reason)))
    return kept, others


def fair_play_answer(
    request: FairPlayRequest, config: Mapping[str, Any], advice_of: AdviceOf
) -> dict[str, Any]:
    """The fair-play report of a request's hands, and the hands left out."""
    try:
        check_count(len(request.hands), config, "hands")
        planned, left_out = planned_hands(request)
        check_searches(planned, config, "hands")
    except RefusedError as error:
        raise refused(error) from error
    clock = Clock(config["REVIEW_BATCH_MAX_TOTAL_MS"])
    hands = [(hand_evidence(hand, advice_of, clock), hand.record) for hand in planned]
    found = report(PlayerHands(hands), request.player, request.pair)
    words: dict[str, Any] = in_language(found, answer_language(MESSAGES))
    return {**words, "problems": left_out_json(left_out)}


def in_language(value: Any, lang: str) -> Any:
    """A report with its words (``Message`` values) in a language."""
    if isinstance(value, Message):
        return translate(value, lang)
    if isinstance(value, dict):
        return {key: in_language(item, lang) for key, item in value.items()}
    if isinstance(value, list):
        return [in_language(item, lang) for item in value]
    return value
