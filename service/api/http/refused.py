"""Refused requests as problems: the engine's errors and the use cases' refusals
(``service.api.refusals``) as the 422 problems that name the request's fields."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from service.api.http.problems import (
    BUDGET_TOO_LARGE,
    BUDGET_TOO_LARGE_TITLE,
    ILLEGAL_MOVE,
    ILLEGAL_MOVE_TITLE,
    INVALID_RULES,
    INVALID_RULES_TITLE,
    INVALID_SCORE,
    INVALID_SCORE_TITLE,
    INVALID_STATE,
    INVALID_STATE_TITLE,
    VALIDATION,
    ProblemError,
    errors_by_field,
    listed,
)
from service.api.refusals import BudgetTooLargeError, RefusedError
from service.engine import codec
from service.engine.errors import IllegalMoveError, Problem, RulesError
from service.engine.message import Message, Plural
from service.engine.record import RecordMoveError
from service.engine.state import State, legal_moves


def invalid_state(problems: Sequence[Problem], prefix: str = "") -> ProblemError:
    """A 422 problem listing every problem of a state, piles or cards under ``prefix``."""
    errors = errors_by_field(problems, prefix)
    return ProblemError(422, problems_detail(errors), errors, INVALID_STATE, INVALID_STATE_TITLE)


def invalid_score(problems: Sequence[Problem], prefix: str = "") -> ProblemError:
    """A 422 problem listing every problem of a hand or match to score under ``prefix``: piles
    or tallies that do not add up, a ledger's hands out of order."""
    errors = errors_by_field(problems, prefix)
    return ProblemError(422, problems_detail(errors), errors, INVALID_SCORE, INVALID_SCORE_TITLE)


def problems_detail(errors: Mapping[str, Sequence[str]]) -> Message:
    """How many problems there are, then each as ``field: reason``."""
    found = sum(map(len, errors.values()))
    return Plural(
        "{count} problem: {problems}",
        "{count} problems: {problems}",
        found,
        problems=listed(errors),
    )


def invalid_rules(error: RulesError, field: str) -> ProblemError:
    """A 422 problem naming each option the engine refused, under ``field``."""
    errors = errors_by_field(error.problems, field)
    return ProblemError(422, error.message, errors, INVALID_RULES, INVALID_RULES_TITLE)


def illegal_move(state: State, error: IllegalMoveError) -> ProblemError:
    """A 422 naming the illegal move, why, and the legal moves."""
    return ProblemError(
        422,
        error.message,
        {"move": [error.reason]},
        ILLEGAL_MOVE,
        ILLEGAL_MOVE_TITLE,
        legal_moves=[codec.legal_move_dict(state, m) for m in legal_moves(state)],
    )


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


def refused(error: RefusedError) -> ProblemError:
    """The 422 of a use case's refusal: budget-too-large for a budget, else validation."""
    if isinstance(error, BudgetTooLargeError):
        return ProblemError(
            422,
            error.detail,
            error.errors,
            BUDGET_TOO_LARGE,
            BUDGET_TOO_LARGE_TITLE,
            **error.extensions,
        )
    return ProblemError(422, error.detail, error.errors, VALIDATION, **error.extensions)
