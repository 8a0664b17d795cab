"""POST /v1/record, /v1/replay and /v1/view: hand records out of states, records replayed,
and what one seat of a full state can know."""

from __future__ import annotations

import http
from collections.abc import Mapping
from typing import Any

from service.api.convert import effective_rules, invalid_state, state_of
from service.api.examples import Lazy, dealt_state, finished_state, state_json
from service.api.hand_records import record_from_body, replayed
from service.api.json_body import BodyBlueprint
from service.api.problems import VALIDATION, ProblemError, field_message
from service.api.record_schemas import (
    RecordRequestSchema,
    RecordResponseSchema,
    ReplayRequestSchema,
    ReplayResponseSchema,
    ViewRequestSchema,
    ViewResponseSchema,
)
from service.api.v1.play import hand_end
from service.engine import codec
from service.engine.errors import InvalidStateError
from service.engine.message import Message
from service.engine.record import MetaValue, record_of
from service.engine.record_codec import record_to_dict
from service.engine.state import apply, legal_moves
from service.engine.view import view_of

blp = BodyBlueprint(
    "records", __name__, url_prefix="/v1", description="Hand records, replays and seat views."
)

TOO_LARGE = http.HTTPStatus(413).name
EXAMPLE_META = {"players": ["Ann", "Bruno"], "date": "2026-11-22", "place": "Bar Sport"}


def meta_of(data: Mapping[str, Any]) -> tuple[tuple[str, MetaValue], ...]:
    """Schema-checked metadata as the engine keeps it."""
    return tuple((k, tuple(v) if isinstance(v, list) else v) for k, v in data.items())


def record_answer(body: Mapping[str, Any]) -> dict[str, Any]:
    """The record of the state's hand, or a 422 naming what the state lacks."""
    state = state_of(effective_rules(body), body["state"])
    try:
        record = record_of(state, meta_of(body.get("meta", {})))
    except InvalidStateError as error:
        raise invalid_state(error.problems, "state") from error
    return {"record": record_to_dict(record)}


def replay_answer(body: Mapping[str, Any]) -> dict[str, Any]:
    """Every state of the record's hand and each move's events; the score once it ends."""
    done = replayed(record_from_body(body["record"]))
    return {
        "states": [codec.state_to_dict(s) for s in done.states],
        "events": [[codec.event_to_dict(e) for e in events] for events in done.events],
        **hand_end(done.final, "record.match"),
    }


def view_answer(body: Mapping[str, Any]) -> dict[str, Any]:
    """The seat's view of the state, as /v1/advice takes it."""
    state = state_of(effective_rules(body), body["state"])
    seat = body["seat"]
    players = state.rules.players
    if seat >= players:
        reason = Message("must be a seat 0..{last}", last=players - 1)
        raise ProblemError(422, field_message("seat", reason), {"seat": [reason]}, VALIDATION)
    view = codec.view_to_dict(view_of(state, seat))
    view.pop("unseen")
    return {"view": view}


def short_record() -> dict[str, Any]:
    """The record of the example hand after its first four moves."""
    state = dealt_state()
    for _ in range(4):
        state, _ = apply(state, legal_moves(state)[0])
    return record_to_dict(record_of(state))


RECORD_EXAMPLE = Lazy(lambda: {"state": state_json(finished_state()), "meta": EXAMPLE_META})
REPLAY_EXAMPLE = Lazy(lambda: {"record": short_record()})
VIEW_EXAMPLE = Lazy(lambda: {"state": state_json(dealt_state()), "seat": 1})


@blp.route("/record", methods=["POST"])
@blp.doc(operationId="recordHand")
@blp.arguments(RecordRequestSchema, example=RECORD_EXAMPLE)
@blp.response(
    200, RecordResponseSchema, example=Lazy(lambda: record_answer(RECORD_EXAMPLE.value()))
)
@blp.alt_response(413, response=TOO_LARGE)
def post_record(body: dict[str, Any]) -> dict[str, Any]:
    """The hand record of a state: its deal rebuilt from its history, every move so far.

    Any state that /v1/play returns carries its history, and that is enough: the first hands
    are the cards each seat held in the first deal (played or still held), the stock is what
    later deals took from it, seat by seat in dealing order, then the cards still to deal;
    within one seat's share of a deal the cards are in code order. The record replays
    (/v1/replay) to exactly this state. A state without its whole history, or whose history
    does not lead to it, is a 422 naming `state.history` or the fields that differ. `meta`
    (players' names, date, place...) is copied into the record.
    """
    return record_answer(body)


@blp.route("/replay", methods=["POST"])
@blp.doc(operationId="replayRecord")
@blp.arguments(ReplayRequestSchema, example=REPLAY_EXAMPLE)
@blp.response(
    200, ReplayResponseSchema, example=Lazy(lambda: replay_answer(REPLAY_EXAMPLE.value()))
)
@blp.alt_response(413, response=TOO_LARGE)
def post_replay(body: dict[str, Any]) -> dict[str, Any]:
    """Check a hand record and replay it: the state as dealt and after every move.

    A deal that its rules cannot deal is a 422 (`urn:scopa:problem:invalid-state`) listing
    every problem under `record.deal` (cards missing, doubled or outside the pack, hands,
    table or stock of the wrong size, a table the re-deal rule voids). The first move that
    cannot be played is a 422 (`urn:scopa:problem:illegal-move`) naming
    `record.moves[i]` and why, with `move_index` and the `legal_moves` at that point; nothing
    is replayed then. A record may stop mid-hand; once it ends the hand the answer carries
    the `score`, and `match` when the record has one (or a claim ended the hand).
    """
    return replay_answer(body)


@blp.route("/view", methods=["POST"])
@blp.doc(operationId="viewOfSeat")
@blp.arguments(ViewRequestSchema, example=VIEW_EXAMPLE)
@blp.response(200, ViewResponseSchema, example=Lazy(lambda: view_answer(VIEW_EXAMPLE.value())))
@blp.alt_response(413, response=TOO_LARGE)
def post_view(body: dict[str, Any]) -> dict[str, Any]:
    """What one seat of a full state can know: its view, as /v1/advice takes it.

    The view holds the seat's hand, the open cards (table, piles, scope, declarations), the
    other hands' sizes, the stock's size and the history; the hidden cards never appear. The
    Chkobba cutter's view shows the drawn card while the choice is open.
    """
    return view_answer(body)
