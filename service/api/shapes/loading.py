"""Request loading: from the parts a schema loaded to checked engine values (rules, states,
views as decisions, records, moves, card sets, seats), the engine's errors turned into 422
problems naming the request's fields."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from service.api.http.problems import (
    INVALID_RULES,
    INVALID_RULES_TITLE,
    INVALID_STATE,
    INVALID_STATE_TITLE,
    VALIDATION,
    ProblemError,
    field_message,
)
from service.api.http.refused import invalid_rules, invalid_state
from service.api.shapes.values import RulesRefused, RulesValue
from service.engine.assemble import (
    Parts,
    move_from_parts,
    record_from_parts,
    state_from_parts,
    view_from_parts,
)
from service.engine.cards import Card, Cards, code
from service.engine.errors import InvalidStateError, Problem
from service.engine.message import Message
from service.engine.moves import Move
from service.engine.record import HandRecord
from service.engine.rules import Rules
from service.engine.state import State
from service.engine.view import check_state
from service.search import Decision, UnadvisableError, decision_of


def rules_of(value: RulesValue, field: str = "rules") -> Rules:
    """The Rules a request's rules field loaded, or a 422 naming each bad option."""
    if isinstance(value, RulesRefused):
        raise invalid_rules(value.error, field)
    return value


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


def decision_from(data: Mapping[str, Any]) -> Decision:
    """A request's view as a checked decision, or a 422 naming the view's fields."""
    rules = effective_rules(data, "view")
    try:
        return decision_of(view_from_parts(rules, data["view"]))
    except InvalidStateError as error:
        raise invalid_state(error.problems, "view") from error
    except UnadvisableError as error:
        field = f"view.{error.field}"
        raise ProblemError(
            422, error.reason, {field: [error.reason]}, INVALID_STATE, INVALID_STATE_TITLE
        ) from error


def state_of(rules: Rules, parts: Parts, prefix: str = "state") -> State:
    """A checked State from a request's state, or a 422 listing every problem."""
    try:
        state = state_from_parts(rules, parts)
        check_state(state)
    except InvalidStateError as error:
        raise invalid_state(error.problems, prefix) from error
    return state


def record_of(parts: Parts, field: str = "record") -> HandRecord:
    """A request's hand record under its rules, or a 422 naming its fields under ``field``."""
    rules = rules_of(parts["rules"], f"{field}.rules")
    try:
        return record_from_parts(rules, parts)
    except InvalidStateError as error:
        raise invalid_state(error.problems, field) from error


def move_of(parts: Parts) -> Move:
    """A Move from a request's move, or a 422 naming a doubled capture card."""
    try:
        return move_from_parts(parts, "move")
    except InvalidStateError as error:
        raise invalid_state(error.problems) from error


def cards_of(rules: Rules, fields: Mapping[str, Sequence[Card]]) -> dict[str, Cards]:
    """Disjoint card sets from lists of cards, or a 422 naming doubled and foreign cards."""
    problems: list[Problem] = []
    owner: dict[int, str] = {}
    sets: dict[str, Cards] = {}
    for name, cards in fields.items():
        mask = 0
        for i, c in enumerate(cards):
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


def seat_of(players: int, seat: int, field: str = "seat") -> int:
    """A seat of a table of ``players``, or a 422 naming the field."""
    if seat >= players:
        reason = Message("must be a seat 0..{last}", last=players - 1)
        raise ProblemError(422, field_message(field, reason), {field: [reason]}, VALIDATION)
    return seat
