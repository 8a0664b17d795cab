"""Answers about hand records: a state's record, a record replayed, and what one seat of a
state can know."""

from __future__ import annotations

from typing import Any

from service.api.game.answer import hand_end
from service.api.http.refused import illegal_record_move, invalid_state
from service.api.records.request import RecordRequest, ReplayRequest, ViewRequest
from service.engine import codec
from service.engine.errors import InvalidStateError
from service.engine.record import HandRecord, RecordMoveError, Replay, record_of, replay
from service.engine.record_codec import record_to_dict
from service.engine.view import View, view_of


def replayed(record: HandRecord, field: str = "record") -> Replay:
    """The record replayed, or a 422: every problem of its deal, or its first illegal move."""
    try:
        return replay(record)
    except InvalidStateError as error:
        raise invalid_state(error.problems, field) from error
    except RecordMoveError as error:
        raise illegal_record_move(error, field) from error


def record_answer(request: RecordRequest) -> dict[str, Any]:
    """The record of the state's hand, or a 422 naming what the state lacks."""
    try:
        record = record_of(request.state, request.meta)
    except InvalidStateError as error:
        raise invalid_state(error.problems, "state") from error
    return {"record": record_to_dict(record)}


def replay_answer(request: ReplayRequest) -> dict[str, Any]:
    """Every state of the record's hand and each move's events; the score once it ends."""
    done = replayed(request.record)
    return {
        "states": [codec.state_to_dict(s) for s in done.states],
        "events": [[codec.event_to_dict(e) for e in events] for events in done.events],
        **hand_end(done.final, "record.match"),
    }


def view_dict(view: View) -> dict[str, Any]:
    """A seat's view as /v1/view answers it and /v1/advice takes it (without ``unseen``,
    which the rest implies)."""
    found = codec.view_to_dict(view)
    found.pop("unseen")
    return found


def view_answer(request: ViewRequest) -> dict[str, Any]:
    """The seat's view of the state, as /v1/advice takes it."""
    return {"view": view_dict(view_of(request.state, request.seat))}
