"""Hand records in requests: read, replayed and checked, every engine error a 422 problem."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from service.api.convert import invalid_state, rules_of
from service.api.problems import ILLEGAL_MOVE, ILLEGAL_MOVE_TITLE, ProblemError
from service.engine import codec
from service.engine.errors import InvalidStateError
from service.engine.message import Message
from service.engine.record import HandRecord, RecordMoveError, Replay, replay
from service.engine.record_codec import record_from_dict
from service.engine.state import legal_moves


def record_from_body(data: Mapping[str, Any], field: str = "record") -> HandRecord:
    """The record of a request (schema-checked), or a 422 naming its fields under ``field``."""
    rules = rules_of(data["rules"], f"{field}.rules")
    try:
        return record_from_dict(data, rules)
    except InvalidStateError as error:
        raise invalid_state(error.problems, field) from error


def illegal_record_move(error: RecordMoveError, field: str = "record") -> ProblemError:
    """A 422 naming the record's move that cannot be played, why, and the legal moves then."""
    path = f"{field}.moves[{error.index}]"
    play = error.play
    return ProblemError(
        422,
        Message(
            "{path} ({move} by seat {seat}) cannot be played: {reason}",
            path=path,
            move=play.move.code(),
            seat=play.seat,
            reason=error.reason,
        ),
        {path: [error.reason]},
        ILLEGAL_MOVE,
        ILLEGAL_MOVE_TITLE,
        legal_moves=[codec.legal_move_dict(error.state, m) for m in legal_moves(error.state)],
        move_index=error.index,
    )


def replayed(record: HandRecord, field: str = "record") -> Replay:
    """The record replayed, or a 422: every problem of its deal, or its first illegal move."""
    try:
        return replay(record)
    except InvalidStateError as error:
        raise invalid_state(error.problems, field) from error
    except RecordMoveError as error:
        raise illegal_record_move(error, field) from error
