"""The loaded values that several requests share: a seed, the rules (or the engine's refusal
of them), and a match as sent (its side count is checked by the use case, after the position,
as the answers' order of problems has always been)."""

from __future__ import annotations

from dataclasses import dataclass

from service.engine.errors import RulesError
from service.engine.rules import Rules

Seed = int | str


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
