"""Every way a player could honestly write a tally scores as the piles do.

Hands are played to their end by the engine (every preset, every player count); each side's
tally is then written as players might write it: a suit's best card swapped for any card it
took of the same value, the prime as points instead of cards or beside them, facts left out.
Every such way is accepted and scored, whole tallies exactly as the piles, partial ones never
deciding a category wrongly. Ways no player could honestly write are refused, or fit other
piles that the exact check finds.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from service.engine import Rules, score_hand
from service.engine.cards import SUIT_MASKS, Cards, iter_cards
from service.engine.presets import make_rules
from service.engine.primes import PRIME_COUNT_ORDERS
from service.engine.scoring import HandScore, counted_cards, prime_of
from service.engine.tally import TALLY_NAMES, SideTally, suit_values, tally_of
from service.engine.tally_check import shares, tally_problems
from service.engine.tally_primes import best_value, prime_value, whole_totals, worth
from service.engine.tally_score import score_tallies
from tests.engine.tally_helpers import FinishedHand, every_table, played_hand, tally_fits

# Every preset at every player count, and the other sum tables (faces worth 0 or a half each,
# or each its own value) at two and four players.
TABLES = every_table() + [
    make_rules(preset, prime_table=table)
    for preset in ("scopa", "scopone_scientifico")
    for table in ("southern", "zero_faces", "half_values")
]
# The most ways of writing a hand's tallies scored in one example.
WAYS_PER_HAND = 12


@st.composite
def played(draw: st.DrawFn) -> FinishedHand:
    """A hand of some table, played to its end with random legal moves."""
    rules = draw(st.sampled_from(TABLES))
    return played_hand(rules, random.Random(draw(st.integers(0, 2**32 - 1))))


def sums_its_prime(rules: Rules) -> bool:
    """Whether the rules' prime table sums values (so that a prime may be counted as points)."""
    return rules.prime_table not in PRIME_COUNT_ORDERS


def named_primes(rules: Rules, pile: Cards) -> list[Cards]:
    """Every prime a side with this pile may name: in each suit, any card it took of the best
    value it took there (for a count table, every card it took of the ranks counted)."""
    if not sums_its_prime(rules):
        return [pile & counted_cards(rules.prime_table)]
    choices = []
    for suit in SUIT_MASKS:
        held = pile & suit
        best = best_value(rules, held)
        choices.append(
            [0] if best is None else [1 << c for c in iter_cards(worth(rules, held, best))]
        )
    return [sum(picked) for picked in itertools.product(*choices)]


def honest_ways(rules: Rules, pile: Cards, scope: int) -> list[SideTally]:
    """Every whole tally a side with this pile and scope could honestly write: each named
    prime, and where the table sums values and the side holds every suit, its points instead
    of the cards or beside them."""
    truth = tally_of(rules, pile, scope)
    ways = [replace(truth, prime=prime) for prime in named_primes(rules, pile)]
    whole = prime_of(rules, pile)
    if sums_its_prime(rules) and whole.complete:
        assert not isinstance(whole.value, tuple)
        ways += [replace(way, prime_points=whole.value) for way in ways]
        ways.append(replace(truth, prime=None, prime_points=whole.value))
    return ways


def same_points(scored: HandScore, truth: HandScore) -> None:
    """Two scores of a hand agree on every side's points and prime value."""
    assert [s.points for s in scored.sides] == [s.points for s in truth.sides]
    assert [s.prime.value for s in scored.sides] == [s.prime.value for s in truth.sides]
    assert scored.totals == truth.totals


@settings(max_examples=100, deadline=None)
@given(played(), st.randoms(use_true_random=False))
def test_every_honest_whole_tally_scores_as_the_piles(
    hand: FinishedHand, rng: random.Random
) -> None:
    rules = hand.rules
    truth = score_hand(rules, hand.piles, hand.scope, hand.declarations)
    per_side = [honest_ways(rules, p, n) for p, n in zip(hand.piles, hand.scope, strict=True)]
    ways = list(itertools.product(*per_side))
    for tallies in rng.sample(ways, min(len(ways), WAYS_PER_HAND)):
        assert tally_problems(rules, tallies) == [], tallies
        scored = score_tallies(rules, tallies, 0, hand.declarations)
        assert scored.hand is not None and scored.undecided == ()
        same_points(scored.hand, truth)
        for tally, side in zip(tallies, scored.hand.sides, strict=True):
            assert side.prime.from_points == (tally.prime is None)


@settings(max_examples=60, deadline=None)
@given(played(), st.randoms(use_true_random=False))
def test_every_honest_partial_tally_decides_only_what_the_piles_do(
    hand: FinishedHand, rng: random.Random
) -> None:
    rules = hand.rules
    truth = score_hand(rules, hand.piles, hand.scope, hand.declarations)
    share = rng.choice((0.2, 0.5, 0.8))
    tallies = []
    for pile, scope in zip(hand.piles, hand.scope, strict=True):
        way = rng.choice(honest_ways(rules, pile, scope))
        left_out = [n for n in TALLY_NAMES if rng.random() < share]
        tallies.append(
            SideTally() if rng.random() < 0.1 else replace(way, **dict.fromkeys(left_out))
        )
    assert tally_problems(rules, tallies) == [], tallies
    scored = score_tallies(rules, tallies, 0, hand.declarations)
    if scored.hand is not None:
        same_points(scored.hand, truth)
        return
    for side, true_side in zip(scored.sides, truth.sides, strict=True):
        for category, points in side.points.items():
            assert true_side.points[category] == points, (category, tallies)
        assert set(side.points) | set(side.undecided) >= set(true_side.points)
        if side.total is not None:
            assert side.total == true_side.total


def dishonest_ways(rules: Rules, hand: FinishedHand, side: int) -> list[SideTally]:
    """Tallies of a side that no player holding its pile writes: a suit's card swapped for
    one it took worth less, or for one it did not take; points a little off, or that no whole
    prime makes; under a count table, a counted card left out or one not taken put in."""
    pile = hand.piles[side]
    truth = tally_of(rules, pile, hand.scope[side])
    prime = truth.prime or 0
    if not sums_its_prime(rules):
        counted = counted_cards(rules.prime_table) & rules.pack_cards
        return [replace(truth, prime=prime ^ 1 << c) for c in iter_cards(counted)]
    ways = []
    for suit in SUIT_MASKS:
        named = prime & suit
        for c in iter_cards(rules.pack_cards & suit & ~named):
            lower = pile >> c & 1 and prime_value(rules, c) < (best_value(rules, named) or 0)
            if lower or not pile >> c & 1:
                ways.append(replace(truth, prime=prime & ~suit | 1 << c))
    whole = prime_of(rules, pile)
    if whole.complete:
        assert not isinstance(whole.value, tuple)
        for off in (-2, -1, 1, 2):
            ways.append(replace(truth, prime=None, prime_points=whole.value + off))
    return ways


@settings(max_examples=60, deadline=None)
@given(played(), st.randoms(use_true_random=False))
def test_a_tally_no_player_could_write_is_refused_or_fits_other_piles(
    hand: FinishedHand, rng: random.Random
) -> None:
    rules = hand.rules
    side = rng.randrange(rules.sides)
    ways = dishonest_ways(rules, hand, side)
    honest = [tally_of(rules, p, n) for p, n in zip(hand.piles, hand.scope, strict=True)]
    makeable = (
        whole_totals(suit_values(rules, rules.pack_cards)) if sums_its_prime(rules) else set()
    )
    for way in rng.sample(ways, min(len(ways), WAYS_PER_HAND)):
        tallies = [*honest[:side], way, *honest[side + 1 :]]
        problems = tally_problems(rules, tallies)
        if way.prime_points is not None and way.prime_points not in makeable:
            assert problems, way  # a total no whole prime makes
        named = [t.prime or 0 for t in tallies]
        if any(a & b for a, b in itertools.combinations(named, 2)):
            assert problems, way  # a card in two primes
        if problems:
            continue
        piles = shares(rules, tallies)
        assert piles is not None
        for tally, pile in zip(tallies, piles, strict=True):
            assert tally_fits(rules, tally, pile), tally
