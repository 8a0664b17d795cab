"""The engine's errors: small ValueError subclasses that say exactly what is wrong."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from service.engine.message import Joined, Message


class EngineError(ValueError):
    """Base of every error the engine raises for bad input."""


class CardCodeError(EngineError):
    """A card code that names no card."""

    def __init__(self, text: str) -> None:
        self.message = Message(
            "not a card code: {text!r} (expected rank 1-10 then suit D, C, S or B)", text=text
        )
        super().__init__(self.message)
        self.text = text


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with an input: where it is and why."""

    field: str
    reason: str


def listed_problems(problems: Iterable[Problem]) -> Message:
    """Problems as one message, ``field: reason`` each, joined by semicolons."""
    return Joined(
        "; ", (Message("{field}: {reason}", field=p.field, reason=p.reason) for p in problems)
    )


class RulesError(EngineError):
    """An unknown preset, an unknown option, a bad value, or options that clash."""

    def __init__(self, problems: list[Problem]) -> None:
        self.message = listed_problems(problems)
        super().__init__(self.message)
        self.problems = problems


class InvalidStateError(EngineError):
    """A state, view or set of piles that cannot happen; lists every problem at once."""

    def __init__(self, problems: list[Problem]) -> None:
        self.message = listed_problems(problems)
        super().__init__(self.message)
        self.problems = problems


class IllegalMoveError(EngineError):
    """A move that is not among the legal moves of a state."""

    def __init__(self, move_code: str, reason: str) -> None:
        self.message = Message("illegal move {move}: {reason}", move=move_code, reason=reason)
        super().__init__(self.message)
        self.move_code = move_code
        self.reason = reason
