"""From validated request data to engine values, engine errors turned into 422 problems."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from service.api.json_text import json_text
from service.api.problems import (
    ILLEGAL_MOVE,
    ILLEGAL_MOVE_TITLE,
    INVALID_RULES,
    INVALID_RULES_TITLE,
    INVALID_STATE,
    INVALID_STATE_TITLE,
    VALIDATION,
    ProblemError,
    errors_by_field,
    listed,
)
from service.engine import codec
from service.engine.cards import Cards, code, parse_card
from service.engine.errors import IllegalMoveError, InvalidStateError, Problem, RulesError
from service.engine.memo import Memo
from service.engine.message import Message
from service.engine.moves import Move, move_sweeps
from service.engine.presets import rules_from_mapping
from service.engine.rules import Rules
from service.engine.state import State, legal_moves
from service.engine.view import check_state


def invalid_state(problems: Sequence[Problem], prefix: str = "") -> ProblemError:
    """A 422 problem listing every problem of a state, piles or cards under ``prefix``."""
    errors = errors_by_field(problems, prefix)
    return ProblemError(
        422,
        Message("{count} problem(s): {problems}", count=len(problems), problems=listed(errors)),
        errors,
        INVALID_STATE,
        INVALID_STATE_TITLE,
    )


# The rules a request's rules objects describe, by their JSON text (cheaper to key than the
# engine's memo; a miss goes on to it).
_RULES_MEMO: Memo[Rules] = Memo(256, key=json_text)


def rules_of(value: str | Mapping[str, Any], field: str = "rules") -> Rules:
    """The Rules a request's rules field describes, or a 422 naming each bad option."""
    try:
        if isinstance(value, str):
            return rules_from_mapping(value)
        return _RULES_MEMO.get(value, lambda: rules_from_mapping(value))
    except RulesError as error:
        errors = errors_by_field(error.problems, field)
        raise ProblemError(
            422, error.message, errors, INVALID_RULES, INVALID_RULES_TITLE
        ) from error


def effective_rules(data: Mapping[str, Any], holder: str = "state") -> Rules:
    """The rules of a request about a state or view: the request's, the holder's, equal if both."""
    given = data.get("rules")
    carried = data[holder].get("rules")
    if given is None and carried is None:
        raise ProblemError(
            422,
            Message("the rules are missing: give rules or {holder}.rules", holder=holder),
            {"rules": [Message("required")]},
            VALIDATION,
        )
    rules = rules_of(given) if given is not None else None
    embedded = rules_of(carried, f"{holder}.rules") if carried is not None else None
    if rules is not None and embedded is not None and rules != embedded:
        raise ProblemError(
            422,
            Message(
                "rules and {holder}.rules describe different rules; give one, or the same in both",
                holder=holder,
            ),
            {"rules": [Message("differs from {holder}.rules", holder=holder)]},
            INVALID_RULES,
            INVALID_RULES_TITLE,
        )
    chosen = rules or embedded
    assert chosen is not None
    return chosen


def state_of(rules: Rules, data: Mapping[str, Any]) -> State:
    """A checked State from a request's state object, or a 422 listing every problem."""
    try:
        state = codec.state_from_dict(data, rules)
        check_state(state)
    except InvalidStateError as error:
        raise invalid_state(error.problems, "state") from error
    return state


def move_of(data: Mapping[str, Any]) -> Move:
    """A Move from a request's move object, or a 422 naming a doubled capture card."""
    try:
        return codec.move_from_dict(data, "move")
    except InvalidStateError as error:
        raise invalid_state(error.problems) from error


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


def cards_of(rules: Rules, fields: Mapping[str, Sequence[str]]) -> dict[str, Cards]:
    """Disjoint card sets from lists of codes, or a 422 naming doubled and foreign cards."""
    problems: list[Problem] = []
    owner: dict[int, str] = {}
    sets: dict[str, Cards] = {}
    for name, values in fields.items():
        mask = 0
        for i, text in enumerate(values):
            c = parse_card(text)
            if not rules.pack_cards >> c & 1:
                reason = Message("{card} is not in the {pack} pack", card=code(c), pack=rules.pack)
                problems.append(Problem(f"{name}[{i}]", reason))
            elif c in owner:
                reason = Message("{card} is also in {place}", card=code(c), place=owner[c])
                problems.append(Problem(f"{name}[{i}]", reason))
            else:
                owner[c] = f"{name}[{i}]"
            mask |= 1 << c
        sets[name] = mask
    if problems:
        raise invalid_state(problems)
    return sets


def light_move_dict(rules: Rules, move: Move, table: Cards) -> dict[str, Any]:
    """A move of the light form with its sweep flag, as if it were not the hand's last card."""
    return codec.move_to_dict(move, move_sweeps(rules, move, table, last_play=False))
