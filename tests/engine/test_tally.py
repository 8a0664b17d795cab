"""Tallies: the fields follow the rules' categories, tallies of real hands score exactly as
their piles, partial tallies decide only what they can, and every accepted tally adds up."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

import pytest

from service.engine import Rules, score_hand
from service.engine.presets import make_rules
from service.engine.rules import with_options
from service.engine.scoring import categories
from service.engine.tally import (
    FIELDS_OF_CATEGORY,
    TALLY_FACTS,
    TALLY_NAMES,
    SideTally,
    facts_named,
    tally_fields,
    tally_of,
)
from service.engine.tally_check import shares, tally_problems
from service.engine.tally_primes import reachable_primes
from service.engine.tally_score import score_tallies
from tests.engine.tally_helpers import FinishedHand, blanked, every_table, hands, tally_fits

TABLES = every_table()
HANDS_PER_TABLE = 20  # 62 tables: about 1,240 hands (and 620 more through the API)


def table_id(rules: Rules) -> str:
    """A test id: the preset and the player count."""
    return f"{rules.preset}-{rules.players}"


def tallies_of(hand: FinishedHand) -> list[SideTally]:
    """Every side's tally, as counted from its pile."""
    return [tally_of(hand.rules, p, n) for p, n in zip(hand.piles, hand.scope, strict=True)]


def asked(rules: Rules) -> set[str]:
    """The names of the rules' tally fields."""
    return {f.name for f in tally_fields(rules)}


def test_every_field_is_a_fact_of_the_tally_and_every_category_has_its_fields() -> None:
    everything = make_rules(
        "scopa",
        re_bello=True,
        sette_di_coppe=True,
        piva=True,
        grande=True,
        napola="length",
        napoleone=True,
        declarations="bazzica",
    )
    assert set(categories(everything)) <= set(FIELDS_OF_CATEGORY)
    for rules in TABLES:
        names = [f.name for f in tally_fields(rules)]
        assert set(names) <= set(TALLY_NAMES)
        assert len(names) == len(set(names))
        assert {f.category for f in tally_fields(rules)} == set(categories(rules)) - {
            "declarations"
        }


@pytest.mark.parametrize(
    ("options", "fields"),
    [
        ({"re_bello": True}, {"re_bello"}),
        ({"sette_di_coppe": True}, {"sette_di_coppe"}),
        ({"piva": True}, {"piva"}),
        ({"grande": True}, {"grande"}),
        ({"napola": "length", "napoleone": True}, {"napola"}),
        ({"scalette": True}, {"scalette_low", "scalette_high"}),
    ],
)
def test_an_options_category_brings_its_fields(
    options: dict[str, object], fields: set[str]
) -> None:
    plain = make_rules("scopa")
    before = asked(plain)
    after = asked(with_options(plain, **options))
    assert not fields & before
    assert after - before == fields


def test_the_fields_take_the_rules_pack_and_prime_table() -> None:
    corse = {f.name: f for f in tally_fields(make_rules("corse"))}
    assert corse["cards"].maximum == 36
    assert corse["coins"].maximum == 9
    chkobba = {f.name: f for f in tally_fields(make_rules("chkobba"))}
    assert not chkobba["prime"].one_per_suit
    assert chkobba["prime"].cards.bit_count() == 8  # the sevens and the sixes
    napola = {f.name: f for f in tally_fields(make_rules("napola"))}
    assert napola["napola"].choices == (0, 3, 4, 5, 6, 7, 8, 9, 10)


@pytest.mark.parametrize("rules", TABLES, ids=table_id)
def test_tallies_of_finished_hands_add_up_and_score_as_their_piles(rules: Rules) -> None:
    for hand in hands(rules, HANDS_PER_TABLE, seed=hash(table_id(rules)) % 1000):
        tallies = tallies_of(hand)
        assert tally_problems(rules, tallies) == []
        from_piles = score_hand(rules, hand.piles, hand.scope, hand.declarations)
        if "napola" not in asked(rules):
            # The run is evidence only; a tally of rules without napola does not count it.
            from_piles = replace(
                from_piles, sides=tuple(replace(s, napola_run=None) for s in from_piles.sides)
            )
        scored = score_tallies(rules, tallies, 0, hand.declarations)
        assert scored.hand == from_piles
        assert scored.undecided == ()


@pytest.mark.parametrize("rules", TABLES, ids=table_id)
def test_partial_tallies_are_accepted_and_decide_only_what_is_certain(rules: Rules) -> None:
    rng = random.Random(table_id(rules))
    for hand in hands(rules, HANDS_PER_TABLE // 2, seed=7):
        truth = score_hand(rules, hand.piles, hand.scope, hand.declarations)
        share = rng.choice((0.1, 0.3, 0.6))
        partial = [
            SideTally() if rng.random() < 0.2 else blanked(t, rng, share) for t in tallies_of(hand)
        ]
        assert tally_problems(rules, partial) == [], partial
        scored = score_tallies(rules, partial, 0, hand.declarations)
        if scored.hand is not None:
            assert scored.hand.totals == truth.totals
            continue
        for side, true_side in zip(scored.sides, truth.sides, strict=True):
            for category, points in side.points.items():
                assert true_side.points[category] == points, (category, partial)
            assert set(side.points) | set(side.undecided) >= set(true_side.points)
            if side.total is not None:
                assert side.total == true_side.total


def test_the_side_not_counted_gets_what_the_others_did_not_take() -> None:
    rules = make_rules("scopa")
    hand = next(hands(rules, 1, seed=3))
    mine, theirs = tallies_of(hand)
    scored = score_tallies(rules, [mine, SideTally(scope=theirs.scope, prime=theirs.prime)])
    truth = score_hand(rules, hand.piles, hand.scope)
    assert scored.hand is not None
    assert [s.points for s in scored.hand.sides] == [s.points for s in truth.sides]
    assert scored.hand.sides[1].card_count == truth.sides[1].card_count


def test_a_dominant_count_decides_its_category_without_the_others() -> None:
    rules = make_rules("scopa", players=3)
    scored = score_tallies(rules, [SideTally(cards=21, coins=6), SideTally(), SideTally()])
    assert [s.points.get("cards") for s in scored.sides] == [1, 0, 0]
    assert [s.points.get("coins") for s in scored.sides] == [1, 0, 0]
    assert all("settebello" in s.undecided for s in scored.sides)
    assert scored.hand is None


def test_primiera_is_decided_against_every_prime_the_uncounted_side_can_hold() -> None:
    rules = make_rules("scopa")
    best = sum(1 << c for c in (6, 16, 26, 36))  # the four sevens
    scored = score_tallies(rules, [SideTally(prime=best), SideTally()])
    assert [s.points.get("primiera") for s in scored.sides] == [1, 0]
    weak = sum(1 << c for c in (9, 19, 29, 39))  # the four kings
    scored = score_tallies(rules, [SideTally(prime=weak), SideTally()])
    assert [s.points.get("primiera") for s in scored.sides] == [0, 1]
    middling = sum(1 << c for c in (6, 15, 25, 35))  # 7D and three sixes
    scored = score_tallies(rules, [SideTally(prime=middling), SideTally()])
    assert all("primiera" in s.undecided for s in scored.sides)


@pytest.mark.parametrize("rules", TABLES[::5], ids=table_id)
def test_every_accepted_tally_comes_from_some_piles(rules: Rules) -> None:
    # The witness piles the exact check finds give back every counted fact.
    rng = random.Random(table_id(rules))
    for hand in hands(rules, 12, seed=11):
        partial = [blanked(t, rng, 0.4) for t in tallies_of(hand)]
        piles = shares(rules, partial)
        assert piles is not None
        for side, (given, pile) in enumerate(zip(partial, piles, strict=True)):
            assert tally_fits(rules, given, pile), (side, given)


def test_the_primes_reachable_by_suit_are_those_of_every_choice() -> None:
    rng = random.Random(5)
    for _ in range(200):
        options = [
            [rng.choice((None, 10, 12, 16, 18, 21)) for _ in range(rng.randrange(1, 4))]
            for _ in range(4)
        ]
        brute = {
            (sum(v or 0 for v in combo), all(v is not None for v in combo))
            for combo in itertools.product(*options)
        }
        assert reachable_primes(options) == brute


def test_partial_tallies_that_decide_everything_give_the_match() -> None:
    rules = make_rules("scopa")
    sevens = sum(1 << c for c in (6, 16, 26, 36))
    mine = SideTally(cards=22, coins=7, settebello=True, prime=sevens, scope=1)
    scored = score_tallies(rules, [mine, SideTally(scope=0)])
    assert scored.hand is None and scored.undecided == ()
    points = scored.points()
    assert points is not None and points.totals == (5, 0)


def test_a_prime_counted_as_points_decides_the_primiera_as_its_cards_would() -> None:
    rules = make_rules("scopa")
    sevens = sum(1 << c for c in (6, 16, 26, 36))
    scored = score_tallies(rules, [SideTally(prime=sevens), SideTally(prime_points=60)])
    assert [s.points.get("primiera") for s in scored.sides] == [1, 0]
    scored = score_tallies(rules, [SideTally(prime_points=70), SideTally(prime_points=78)])
    assert [s.points.get("primiera") for s in scored.sides] == [0, 1]
    prime = scored.sides[1].prime
    assert prime is not None and prime.from_points and prime.value == 78
    # Beside a prime counted as points, the other side's uncounted prime may be any.
    scored = score_tallies(rules, [SideTally(prime_points=60), SideTally()])
    assert all("primiera" in s.undecided for s in scored.sides)


def test_every_fact_of_a_tally_is_stated_once_and_every_form_field_is_one_of_them() -> None:
    assert {fact.name for fact in TALLY_FACTS} == set(TALLY_NAMES)
    assert len({(f.name, f.description) for f in TALLY_FACTS}) == len(TALLY_FACTS)
    stated = {(f.name, f.category, f.description) for f in TALLY_FACTS}
    seen = set()
    for rules in every_table():
        for spec in tally_fields(rules):
            assert (spec.name, spec.category, spec.description) in stated, spec
            assert spec.kind == facts_named(spec.name)[0].kind or spec.name == "prime_points"
            seen.add((spec.name, spec.description))
    # The presets ask for every fact (the prime under both kinds of table).
    assert seen == {(f.name, f.description) for f in TALLY_FACTS}
