"""Scoring a hand from the sides' tallies, counted in full or in part.

Full tallies are scored by the same code as piles (``score_facts``), so the answer is the one
the piles would give. A partial tally is first completed where the counts force a value (the
one side not counted has what the others did not take); a category is then decided for a side
when it would score the same in every way the uncounted facts could turn out, within the
bounds each category's own facts set; otherwise it is undecided.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from service.engine.cards import SUIT_MASKS, Cards, count
from service.engine.declarations import Declaration, ScoredDeclaration, score_declarations
from service.engine.primes import PRIME_COUNT_ORDERS, PRIME_TABLES
from service.engine.rules import Rules
from service.engine.scoring import (
    GRANDE_POINTS,
    PIVA_PENALTY,
    HandScore,
    Prime,
    SideFacts,
    categories,
    counted_cards,
    majority_winner,
    napola_points,
    outright_win,
    prime_of,
    primiera_winner,
    scalette_points,
    score_facts,
)
from service.engine.tally import SideTally, TallyTerms, tally_prime, tally_terms
from service.engine.tally_primes import reachable_primes, suit_options

OUTRIGHT = "outright"
# A side's outcome in a category won by one side: 1 surely won, 0 surely not, None undecided.
Outcome = int | None


@dataclass(frozen=True, slots=True)
class TalliedSide:
    """One side's hand from a partial tally: the points decided, the categories not."""

    side: int
    tally: SideTally
    prime: Prime | None
    points: Mapping[str, int]
    undecided: tuple[str, ...]
    outright: str | None
    declarations: tuple[ScoredDeclaration, ...]

    @property
    def total(self) -> int | None:
        """The hand points of the side, when every category is decided."""
        return None if self.undecided else sum(self.points.values())


@dataclass(frozen=True, slots=True)
class DecidedPoints:
    """The points of a hand whose partial tallies decide every category: what the match
    needs of it."""

    totals: tuple[int, ...]
    outright: tuple[int, str] | None


@dataclass(frozen=True, slots=True)
class TallyScore:
    """A hand scored from tallies: the hand's score when every fact was counted, else each
    side's decided points."""

    hand: HandScore | None
    sides: tuple[TalliedSide, ...]
    # The scored facts of each side's tally, when every tally counts every fact.
    facts: tuple[SideFacts, ...] = ()

    @property
    def undecided(self) -> tuple[str, ...]:
        """Every category some side's points are undecided in, in the rules' order."""
        seen: dict[str, None] = {}
        for side in self.sides:
            seen.update(dict.fromkeys(side.undecided))
        return tuple(seen)

    def points(self) -> HandScore | DecidedPoints | None:
        """The hand's points for the match: the whole score, or the decided points of partial
        tallies that decide everything; None while something is undecided."""
        if self.hand is not None:
            return self.hand
        if self.undecided:
            return None
        outright = next(((s.side, s.outright) for s in self.sides if s.outright), None)
        return DecidedPoints(tuple(s.total or 0 for s in self.sides), outright)


def score_tallies(
    rules: Rules,
    tallies: Sequence[SideTally],
    leftover: Cards = 0,
    declarations: Sequence[Declaration] = (),
) -> TallyScore:
    """Score a finished hand from tallies already checked (``tally_check.tally_problems``)."""
    terms = tally_terms(rules)
    filled = completed(terms, tallies, leftover)
    if all(terms.complete(t) for t in filled):
        facts = tuple(terms.facts(t) for t in filled)
        return TallyScore(score_facts(rules, facts, declarations), (), facts)
    return TallyScore(None, decided(terms, filled, leftover, declarations))


def completed(
    terms: TallyTerms, tallies: Sequence[SideTally], leftover: Cards
) -> tuple[SideTally, ...]:
    """The tallies with every uncounted fact that the others force filled in: the remainder of
    the cards or coins for the one side not counted, a scored card's taker, the runs that
    another side's run rules out."""
    rules, asked = terms.rules, terms.asked
    filled = list(tallies)
    bonus = SUIT_MASKS[rules.bonus]
    for name, available in (
        ("cards", rules.pack_size - count(leftover)),
        ("coins", terms.coins_in_pack - count(leftover & bonus)),
    ):
        if name not in asked:
            continue
        unknown = [i for i, t in enumerate(filled) if getattr(t, name) is None]
        rest = available - sum(getattr(t, name) or 0 for t in filled)
        if len(unknown) == 1 or (unknown and rest == 0):
            remainder: dict[str, Any] = {name: rest}
            for i in unknown:
                filled[i] = replace(filled[i], **remainder)
    for name in terms.not_in_pack:
        filled = [t if t.known(name) else replace(t, **{name: False}) for t in filled]
    for name, c in terms.single_cards.items():
        values = [getattr(t, name) for t in filled]
        if True in values or leftover >> c & 1:
            filled = [t if t.known(name) else replace(t, **{name: False}) for t in filled]
        elif values.count(None) == 1:
            filled = [t if t.known(name) else replace(t, **{name: True}) for t in filled]
    for name in ("grande", "napola", "scalette_low", "scalette_high"):
        taken = any(getattr(t, name) for t in filled)
        if name in asked and taken:
            nothing: dict[str, Any] = {name: False if name == "grande" else 0}
            filled = [t if t.known(name) else replace(t, **nothing) for t in filled]
    unknown_primes = [i for i, t in enumerate(filled) if t.prime is None]
    if rules.prime_table in PRIME_COUNT_ORDERS and "prime" in asked and len(unknown_primes) == 1:
        shown = sum(t.prime or 0 for t in filled)
        rest = counted_cards(rules.prime_table) & rules.pack_cards & ~shown & ~leftover
        filled[unknown_primes[0]] = replace(filled[unknown_primes[0]], prime=rest)
    return tuple(filled)


def decided(
    terms: TallyTerms,
    tallies: Sequence[SideTally],
    leftover: Cards,
    declarations: Sequence[Declaration],
) -> tuple[TalliedSide, ...]:
    """Each side's points in the categories the tallies decide, and those they do not."""
    rules = terms.rules
    bonus = SUIT_MASKS[rules.bonus]
    primes = [tally_prime(rules, t) for t in tallies]
    won: dict[str, list[Outcome]] = {
        "scope": [t.scope for t in tallies],
        "cards": majority_outcomes(
            [t.cards for t in tallies], rules.pack_size - count(leftover), rules.pack_size
        ),
        "coins": majority_outcomes(
            [t.coins for t in tallies],
            terms.coins_in_pack - count(leftover & bonus),
            terms.coins_in_pack,
        ),
        "primiera": primiera_outcomes(rules, tallies, primes, leftover),
    }
    for name in terms.single_cards:
        won[name] = [
            None if t.known(name) is False else int(bool(getattr(t, name))) for t in tallies
        ]
    if rules.piva:
        won["piva"] = [None if t.piva is None else PIVA_PENALTY * t.piva for t in tallies]
    if rules.grande:
        won["grande"] = [None if t.grande is None else GRANDE_POINTS * t.grande for t in tallies]
    if rules.napola != "none":
        won["napola"] = [
            None if t.napola is None else napola_points(rules, t.napola) for t in tallies
        ]
    if rules.scalette:
        won["scalette"] = [
            None
            if t.scalette_low is None or t.scalette_high is None
            else scalette_points(t.scalette_low, t.scalette_high)
            for t in tallies
        ]
    declared = score_declarations(rules, declarations, rules.side_of)
    won["declarations"] = [sum(d.points for d in declared[side]) for side in range(len(tallies))]
    sides = []
    for side, tally in enumerate(tallies):
        points: dict[str, int] = {}
        undecided: list[str] = []
        for category in categories(rules):
            outcome = won[category][side]
            if outcome is None:
                undecided.append(category)
            else:
                points[category] = outcome
        outright, settled = outright_of(terms, tallies, side)
        if not settled:
            undecided.append(OUTRIGHT)
        sides.append(
            TalliedSide(
                side=side,
                tally=tally,
                prime=primes[side],
                points=MappingProxyType(points),
                undecided=tuple(undecided),
                outright=outright,
                declarations=declared[side],
            )
        )
    return tuple(sides)


def outright_of(
    terms: TallyTerms, tallies: Sequence[SideTally], side: int
) -> tuple[str | None, bool]:
    """A side's outright win (the whole bonus suit), and whether the tallies settle it."""
    coins = tallies[side].coins
    if coins is not None:
        return outright_win(terms.rules, coins == terms.coins_in_pack), True
    if outright_win(terms.rules, True) is None:
        return None, True
    others_took_coins = any(t.coins for i, t in enumerate(tallies) if i != side)
    return None, others_took_coins


def majority_outcomes(counts: Sequence[int | None], rest: int, available: int) -> list[Outcome]:
    """Each side's outcome in a most-cards category when some counts are unknown: ``rest`` is
    what the unknown sides share (any split), ``available`` the pack's cards of the kind."""
    unknown = counts.count(None)
    if not unknown:
        winner = majority_winner([n or 0 for n in counts], available)
        return [int(winner == i) for i in range(len(counts))]
    rest -= sum(n or 0 for n in counts)
    known = [n for n in counts if n is not None]
    if len(counts) == 2:
        # Both unknown: either may pass half, or neither.
        return [None if 2 * rest > available else 0] * 2
    outcomes: list[Outcome] = []
    for i, n in enumerate(counts):
        if n is None:
            outcomes.append(None if rest > max(known, default=0) else 0)
            continue
        beats_known = all(n > m for j, m in enumerate(counts) if j != i and m is not None)
        if beats_known and rest < n:
            outcomes.append(1)
        elif beats_known and rest <= unknown * (n - 1):
            outcomes.append(None)
        else:
            outcomes.append(0)
    return outcomes


def primiera_outcomes(
    rules: Rules,
    tallies: Sequence[SideTally],
    primes: Sequence[Prime | None],
    leftover: Cards,
) -> list[Outcome]:
    """Each side's outcome in the primiera: exact with every prime counted (as cards or as
    points); with one side's prime uncounted (a sum table), over every prime that side can hold
    beside the others' (``primes``: each tally's prime, None where not counted)."""
    unknown = [i for i, p in enumerate(primes) if p is None]
    if not unknown:
        winner = primiera_winner(rules, [p or prime_of(rules, 0) for p in primes])
        return [int(winner == i) for i in range(len(primes))]
    if len(unknown) > 1 or rules.prime_table not in PRIME_TABLES:
        return [None] * len(primes)
    side = unknown[0]
    known = [p or prime_of(rules, 0) for p in primes]
    seen: set[int | None] = set()
    for value, complete_prime in reachable_primes(suit_options(rules, tallies, side, leftover)):
        known[side] = Prime(value, 0, complete_prime)
        seen.add(primiera_winner(rules, known))
        if all(i in seen for i in range(len(primes))) and len(seen) > 1:
            break
    return [1 if seen == {i} else 0 if i not in seen else None for i in range(len(primes))]
