"""Message: English text that keeps its template and parameters for translation."""

from __future__ import annotations

import pickle

from service.engine.errors import IllegalMoveError, InvalidStateError, Problem
from service.engine.message import N_, Joined, Message

ITALIAN = {
    "seat {seat} does not hold that card": "il posto {seat} non ha quella carta",
    "illegal move {move}: {reason}": "mossa non lecita {move}: {reason}",
    "{field}: {reason}": "{field}: {reason}",
    "must be a list": "deve essere una lista",
}


def italian(text: str) -> str:
    return ITALIAN.get(text, text)


def test_a_message_is_its_english_text() -> None:
    message = Message("seat {seat} does not hold that card", seat=1)
    assert message == "seat 1 does not hold that card"
    assert isinstance(message, str)
    assert message.template == "seat {seat} does not hold that card"
    assert dict(message.params) == {"seat": 1}
    assert f"why: {message}" == "why: seat 1 does not hold that card"


def test_translated_with_its_parameters_nested_messages_included() -> None:
    reason = Message("seat {seat} does not hold that card", seat=1)
    detail = Message("illegal move {move}: {reason}", move="5S", reason=reason)
    assert detail == "illegal move 5S: seat 1 does not hold that card"
    assert detail.translated(italian) == "mossa non lecita 5S: il posto 1 non ha quella carta"
    untranslated = Message("a text no catalogue has {n}", n=2)
    assert untranslated.translated(italian) == "a text no catalogue has 2"


def test_joined_messages_are_translated_one_by_one() -> None:
    joined = Joined("; ", [Message("must be a list"), "plain", Message("must be a list")])
    assert joined == "must be a list; plain; must be a list"
    assert joined.translated(italian) == "deve essere una lista; plain; deve essere una lista"


def test_engine_errors_keep_the_english_text_and_carry_messages() -> None:
    error = IllegalMoveError("5S", Message("seat {seat} does not hold that card", seat=1))
    assert str(error) == "illegal move 5S: seat 1 does not hold that card"
    assert error.message.translated(italian).startswith("mossa non lecita 5S")
    problems = [Problem("hands[0]", Message("must be a list"))]
    state_error = InvalidStateError(problems)
    assert str(state_error) == "hands[0]: must be a list"
    assert state_error.message.translated(italian) == "hands[0]: deve essere una lista"


def test_pickles_as_its_text_and_marks_are_identity() -> None:
    message = Message("seat {seat} does not hold that card", seat=object())
    assert pickle.loads(pickle.dumps(message)) == str(message)
    assert N_("a constant") == "a constant"
