"""POST /v1/record, /v1/replay and /v1/view: hand records out of states, records replayed,
and what one seat of a full state can know: their declarations, blueprint and views."""

from __future__ import annotations

from flask import Response

from service.api.examples import (
    EXAMPLE_META,
    Lazy,
    dealt_state,
    finished_state,
    loaded,
    short_record,
    state_json,
)
from service.api.http.json import Blueprint, json_answer
from service.api.http.operations import ONE_UNIT, Operation, route
from service.api.records.answer import record_answer, replay_answer, view_answer
from service.api.records.request import RecordRequest, ReplayRequest, ViewRequest
from service.api.records.schemas import (
    RecordRequestSchema,
    RecordResponseSchema,
    ReplayRequestSchema,
    ReplayResponseSchema,
    ViewRequestSchema,
    ViewResponseSchema,
)

RECORD_HAND = Operation("recordHand", ONE_UNIT, "POST", "/v1/record", request=RecordRequestSchema)
REPLAY_RECORD = Operation(
    "replayRecord", ONE_UNIT, "POST", "/v1/replay", request=ReplayRequestSchema
)
VIEW_OF_SEAT = Operation("viewOfSeat", ONE_UNIT, "POST", "/v1/view", request=ViewRequestSchema)

blp = Blueprint(
    "records", __name__, url_prefix="/v1", description="Hand records, replays and seat views."
)

RECORD_EXAMPLE = Lazy(lambda: {"state": state_json(finished_state()), "meta": EXAMPLE_META})
REPLAY_EXAMPLE = Lazy(lambda: {"record": short_record()})
VIEW_EXAMPLE = Lazy(lambda: {"state": state_json(dealt_state()), "seat": 1})


@route(blp, RECORD_HAND, example=RECORD_EXAMPLE)
@blp.response(
    200,
    RecordResponseSchema,
    example=Lazy(lambda: record_answer(loaded(RecordRequestSchema, RECORD_EXAMPLE.value()))),
)
def post_record(request: RecordRequest) -> Response:
    """The hand record of a state: its deal rebuilt from its history, every move so far.

    Any state that /v1/play returns carries its history, and that is enough: the first hands
    are the cards each seat held in the first deal (played or still held), the stock is what
    later deals took from it, seat by seat in dealing order, then the cards still to deal;
    within one seat's share of a deal the cards are in code order. The record replays
    (/v1/replay) to exactly this state. A state without its whole history, or whose history
    does not lead to it, is a 422 naming `state.history` or the fields that differ. `meta`
    (players' names, date, place...) is copied into the record.
    """
    return json_answer(record_answer(request))


@route(blp, REPLAY_RECORD, example=REPLAY_EXAMPLE)
@blp.response(
    200,
    ReplayResponseSchema,
    example=Lazy(lambda: replay_answer(loaded(ReplayRequestSchema, REPLAY_EXAMPLE.value()))),
)
def post_replay(request: ReplayRequest) -> Response:
    """Check a hand record and replay it: the state as dealt and after every move.

    A deal that its rules cannot deal is a 422 (`urn:scopa:problem:invalid-state`) listing
    every problem under `record.deal` (cards missing, doubled or outside the pack, hands,
    table or stock of the wrong size, a table the re-deal rule voids). The first move that
    cannot be played is a 422 (`urn:scopa:problem:illegal-move`) naming
    `record.moves[i]` and why, with `move_index` and the `legal_moves` at that point; nothing
    is replayed then. A record may stop mid-hand; once it ends the hand the answer carries
    the `score`, and `match` when the record has one (or a claim ended the hand).
    """
    return json_answer(replay_answer(request))


@route(blp, VIEW_OF_SEAT, example=VIEW_EXAMPLE)
@blp.response(
    200,
    ViewResponseSchema,
    example=Lazy(lambda: view_answer(loaded(ViewRequestSchema, VIEW_EXAMPLE.value()))),
)
def post_view(request: ViewRequest) -> Response:
    """What one seat of a full state can know: its view, as /v1/advice takes it.

    The view holds the seat's hand, the open cards (table, piles, scope, declarations), the
    other hands' sizes, the stock's size and the history; the hidden cards never appear. The
    Chkobba cutter's view shows the drawn card while the choice is open.
    """
    return json_answer(view_answer(request))
