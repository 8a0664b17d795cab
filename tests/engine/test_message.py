"""Message: English text that keeps its template and parameters for translation."""

from __future__ import annotations

import pickle

from service.engine.errors import IllegalMoveError, InvalidStateError, Problem
from service.engine.message import N_, Joined, Message, Plural

ITALIAN = {
    "seat {seat} does not hold that card": "il posto {seat} non ha quella carta",
    "illegal move {move}: {reason}": "mossa non lecita {move}: {reason}",
    "{field}: {reason}": "{field}: {reason}",
    "must be a list": "deve essere una lista",
}
# Italian's plural forms, by the singular: one, then every other count.
ITALIAN_PLURALS = {
    "{count} problem: {problems}": ("{count} problema: {problems}", "{count} problemi: {problems}")
}


class Italian:
    """A catalogue of the few texts these tests translate."""

    def gettext(self, message: str, /) -> str:
        """The Italian text, or the English one."""
        return ITALIAN.get(message, message)

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        """Italian's form for ``n`` (one, or other), or the English form."""
        forms = ITALIAN_PLURALS.get(singular, (singular, plural))
        return forms[0] if n == 1 else forms[1]


italian = Italian()


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


def test_a_plural_takes_the_form_of_its_count_in_each_language() -> None:
    reason = Message("must be a list")
    one = Plural("{count} problem: {problems}", "{count} problems: {problems}", 1, problems=reason)
    assert one == "1 problem: must be a list"
    assert one.translated(italian) == "1 problema: deve essere una lista"
    two = Plural("{count} problem: {problems}", "{count} problems: {problems}", 2, problems="x")
    assert two == "2 problems: x"
    assert two.translated(italian) == "2 problemi: x"
    assert dict(two.params) == {"count": 2, "problems": "x"}
    assert Plural("{count} card", "{count} cards", 0) == "0 cards"


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
