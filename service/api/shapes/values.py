"""The loaded values that several requests share: a seed, the rules (or the engine's refusal
of them), a match as sent (its side count is checked by the use case, after the position, as
the answers' order of problems has always been), and the entries of a list loaded one by one."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from service.engine.errors import RulesError
from service.engine.rules import Rules

Seed = int | str
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class RulesRefused:
    """Options the engine refused together (a clash, a bad combination): its error, which the
    request's schema answers as a 422 naming each option under the field it came from, once
    the other fields are checked."""

    error: RulesError


# What a rules field loads: the engine's Rules, or the engine's refusal.
RulesValue = Rules | RulesRefused


@dataclass(frozen=True, slots=True)
class MatchInput:
    """The match a request names: the sides' scores before the hand, and a target."""

    scores: tuple[int, ...]
    target: int | None = None


class Entries(Generic[T]):
    """A list's entries as sent, each loaded the first time it is read: its value, or the error
    that refused it (a record's problem is its own, not the whole request's). Whoever reads an
    entry first (the request's price, its answer, a job's record) loads it, once."""

    def __init__(self, load: Callable[[Any], T | Exception], bodies: Sequence[Any]) -> None:
        self.load = load
        self.bodies = bodies
        self.loaded: dict[int, T | Exception] = {}

    def __len__(self) -> int:
        """How many entries were sent."""
        return len(self.bodies)

    def __getitem__(self, index: int) -> T | Exception:
        """Entry ``index``, loaded (once)."""
        if index not in self.loaded:
            self.loaded[index] = self.load(self.bodies[index])
        return self.loaded[index]

    def __iter__(self) -> Iterator[T | Exception]:
        """Every entry in order, loaded."""
        return (self[index] for index in range(len(self)))
