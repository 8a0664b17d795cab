"""POST /v1/fair-play: evidence that a player saw hidden cards or played an engine's moves,
over many hands: its declaration, blueprint and view."""

from __future__ import annotations

from typing import Any

from flask import Response, current_app

from service.api.examples import Lazy, finished_record, loaded
from service.api.fair_play.answer import fair_play_answer
from service.api.fair_play.request import FairPlayHand, FairPlayRequest
from service.api.fair_play.schemas import FairPlayRequestSchema, FairPlayResponseSchema
from service.api.http.json import Blueprint, json_answer
from service.api.http.operations import BATCH_LIMIT, BY_SEARCHES, Operation, route
from service.api.http.searches import app_advice, uncached_advice
from service.api.insights.insights import named_seat
from service.api.review.request import card_plays
from service.config import DEFAULTS
from service.search.fair_play import hypotheses_for


def hand_searches(hand: FairPlayHand, player: str | None, pair: str | None) -> int:
    """The searches of one hand: its judged seats' card plays (forced ones too), each for the
    seat's own view and each hypothesis; a seat not given nor named counts every seat's."""
    record = hand.record
    seat = hand.seat if hand.seat is not None else named_seat(record, player)
    other = hand.pair_seat if hand.pair_seat is not None else named_seat(record, pair)
    mine = card_plays(record, None if seat is None else (seat,))
    theirs = 0 if other is None else card_plays(record, (other,))
    return mine * (1 + len(hypotheses_for(record.rules))) + theirs * 2


def fair_play_searches(request: FairPlayRequest) -> int:
    """The searches of every hand that loads."""
    return sum(
        hand_searches(h, request.player, request.pair)
        for h in request.hands
        if isinstance(h, FairPlayHand)
    )


JUDGE_FAIR_PLAY = Operation(
    "judgeFairPlay",
    BY_SEARCHES,
    "POST",
    "/v1/fair-play",
    request=FairPlayRequestSchema,
    searches=fair_play_searches,
    localised=True,
    body_limit=BATCH_LIMIT,
)

blp = Blueprint("fair_play", __name__, url_prefix="/v1", description="Fair play.")


def example_request() -> dict[str, Any]:
    """The example hand played to its end, judged for seat 0."""
    return {"hands": [{"record": finished_record(), "seat": 0}], "player": "Anna"}


EXAMPLE = Lazy(example_request)


def example_answer() -> dict[str, Any]:
    """The example's report (too few decisions for a verdict)."""
    request = loaded(FairPlayRequestSchema, EXAMPLE.value())
    return fair_play_answer(request, DEFAULTS, uncached_advice(DEFAULTS))


@route(blp, JUDGE_FAIR_PLAY, example=EXAMPLE)
@blp.response(200, FairPlayResponseSchema, example=Lazy(example_answer))
def post_fair_play(request: FairPlayRequest) -> Response:
    """Fair-play evidence over many hands of one player (and of a pair).

    Each hand is a record with the player's `seat`, or without it when the request's `player`
    is named in the record's `meta.players` (the pair's other seat likewise: `pair_seat` or
    `pair`). Every searched decision of the player is advised for the seat's own view and for
    each leak hypothesis (every other hand known; with three seats or more, each other seat's
    hand on its own, the partner's among them), at `{"iterations": 300}`, seed 0, through the
    advice cache; the pair's other seat's decisions for its own view and with the player's
    hand known.

    Per hypothesis the answer gives the summed log-likelihood ratio of the played moves under
    a player who saw those cards against one who did not (both a softmax of the searches'
    values, temperature 0.2 points, with a 5% uniform share), the decisions it rests on, the
    p-value against honest players of every calibrated style (the five levels and the
    rule-based expert bot, for two-player scopa, scopone scientifico and scopone classico;
    other rules of the same player count use one of theirs and say so), and a verdict:
    `review_recommended` at p <= 0.01, `strong_evidence` at p <= 0.001, none under 100
    decisions or without a calibration. The decisions that weigh most come with the seat's
    view for a moderator to replay. `engine` gives how often the played move is the search's
    best and what that can and cannot tell: an engine user at the default budget plays as the
    master level does.

    `dealt_hands` is a test that needs no calibration and holds for an honest player of any
    style: at the player's plays made before the next seat has played from a fresh deal, the
    next hand is a uniform draw from the cards the player could not see (given the hands of the
    seats that have played), so an honest choice is independent of it. Each such play's
    e-value is exact; their product, averaged over eight alternative players, reaches 1/p for
    an honest player with chance at most p. Its verdict flags at any number of plays and says
    `no_evidence` from 30. All the report's tests (each hypothesis, the engine, a pair, the
    dealt hands) are Bonferroni-adjusted together.

    Hands that do not load, replay or name the player, and hands of another table size than
    most, are listed in `problems` and left out. Every search (decisions times searches each,
    at 300 iterations) may not pass the batch cap (`REVIEW_BATCH_MAX_TOTAL_ITERATIONS`): a 422
    `budget-too-large` before any search; the searches share the batch's time cap
    (`REVIEW_BATCH_MAX_TOTAL_MS`), and a decision it cuts is counted `unjudged`. Rate limit:
    every search. The body may be as large as `BATCH_MAX_CONTENT_LENGTH`.
    """
    return json_answer(fair_play_answer(request, current_app.config, app_advice(current_app)))
