"""Every kind of miscount in a hand's tallies is named, with its field; a fuzz of tallies finds
no tally accepted that no sharing of the pack gives."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.engine import Rules, tally_check
from service.engine.cards import SUIT_MASKS, Cards
from service.engine.errors import Problem
from service.engine.presets import make_rules
from service.engine.scoring import prime_of
from service.engine.tally import SideTally, tally_fields, tally_of
from service.engine.tally_check import shares, tally_problems
from service.engine.tally_score import score_tallies
from tests.engine.helpers import cards
from tests.engine.tally_helpers import hands, tally_fits

SCOPA = make_rules("scopa")
# Side 0 takes these, side 1 the rest of the pack.
MINE = cards("1D 2D 3D 4D 5D 7D 7C 1C 2C 3C 6S 1S 2S 5S 1B 3B 9B 10B 8C 9C 10C 4S 5C")


def base(rules: Rules = SCOPA, mine: Cards = MINE) -> list[SideTally]:
    """The two tallies of a real hand: side 0 took ``mine``, side 1 the rest."""
    return [tally_of(rules, mine, 2), tally_of(rules, rules.pack_cards & ~mine, 1)]


def fields(problems: list[Problem]) -> dict[str, str]:
    """Problems by field (the last reason of a field)."""
    return {p.field: p.reason for p in problems}


def changed(side: int, tallies: list[SideTally] | None = None, **facts: object) -> list[SideTally]:
    """The base tallies with some facts of one side changed."""
    made = list(tallies or base())
    made[side] = replace(made[side], **facts)  # type: ignore[arg-type]
    return made


def test_the_base_hand_adds_up() -> None:
    assert tally_problems(SCOPA, base()) == []


def test_cards_must_add_up_to_the_pack() -> None:
    problems = fields(tally_problems(SCOPA, changed(0, cards=24)))
    assert "cards taken add up to 41 (24 + 17, 0 left over); the pack has 40" in problems["tallies"]


def test_cards_left_over_count_towards_the_pack() -> None:
    tallies = changed(1, cards=15)
    assert "cards taken add up to 38" in fields(tally_problems(SCOPA, tallies))["tallies"]
    tallies = changed(1, tallies, coins=None, prime=None, settebello=None)
    left = cards("8S 8B")
    assert tally_problems(SCOPA, tallies, left) == []


def test_coins_must_add_up_to_the_suit() -> None:
    problems = fields(tally_problems(SCOPA, changed(1, coins=3)))
    assert problems["tallies"].startswith("coins taken add up to 9")


def test_a_side_cannot_take_more_coins_than_cards() -> None:
    tallies = changed(0, cards=5, coins=6)
    assert fields(tally_problems(SCOPA, tallies))["tallies[0].coins"] == (
        "more coins (6) than cards (5)"
    )


def test_each_scopa_needs_two_cards_in_the_pile() -> None:
    problems = fields(tally_problems(SCOPA, changed(1, scope=9)))
    assert problems["tallies[1].scope"] == "9 scope need at least 18 cards in the pile"


def test_scope_need_their_cards_when_the_cards_are_not_counted() -> None:
    # Side 0 says 18 scope but counts no cards; side 1 took all 40: side 0 has none. Either
    # count alone would add up.
    problems = tally_problems(SCOPA, [SideTally(scope=18), SideTally(cards=40)])
    assert [p.field for p in problems] == ["tallies[0].scope", "tallies[1].cards"], problems


def test_a_scored_card_the_pack_lacks_is_nobodys() -> None:
    corse = make_rules("corse", piva=True)
    mine = corse.pack_cards & cards("1D 2D 3D 4D 5D 6D 7D 7C 7S 7B 1C 1S 1B 9C 9S 9B 10C 10S 10B")
    real = base(corse, mine)
    assert tally_problems(corse, real) == []
    assert tally_problems(corse, [real[0], SideTally()]) == []
    problems = fields(tally_problems(corse, changed(0, real, piva=True)))
    assert problems["tallies[0].piva"] == "not in the corse36 pack: 2B"


def test_counts_out_of_range_name_the_range() -> None:
    problems = fields(tally_problems(SCOPA, changed(1, scope=19, cards=41)))
    assert problems["tallies[1].scope"] == "must be 0 to 18"
    assert problems["tallies[1].cards"] == "must be 0 to 40"


def test_a_scored_card_is_taken_by_one_side_only() -> None:
    problems = fields(tally_problems(SCOPA, changed(1, settebello=True)))
    assert problems["tallies[0].settebello"] == "7D also taken by side 1"
    assert problems["tallies[1].settebello"] == "7D also taken by side 0"


def test_a_scored_card_left_over_is_nobodys() -> None:
    tallies = changed(0, cards=None, coins=None, prime=None)
    problems = fields(tally_problems(SCOPA, tallies, cards("7D")))
    assert problems["tallies[0].settebello"] == "7D is left over"


def test_somebody_took_each_scored_card() -> None:
    problems = fields(tally_problems(SCOPA, changed(0, settebello=False)))
    assert problems["tallies"] == "nobody took 7D (settebello) and it is not left over"


def test_prime_cards_are_in_one_prime_only() -> None:
    theirs = base()[1].prime or 0
    tallies = changed(0, prime=theirs)
    problems = fields(tally_problems(SCOPA, tallies))
    assert "is also in side 0's prime" in problems["tallies[1].prime"]


def test_a_prime_card_left_over_is_a_miscount() -> None:
    tallies = changed(0, cards=None, coins=None, settebello=None)
    problems = fields(tally_problems(SCOPA, tallies, cards("7D")))
    assert problems["tallies[0].prime"] == "7D is left over"


def test_a_prime_cannot_hold_more_cards_than_the_pile() -> None:
    tallies = changed(0, cards=3)
    assert fields(tally_problems(SCOPA, tallies))["tallies[0].prime"] == (
        "4 cards in the prime but the side took 3"
    )


def test_a_side_with_coins_has_a_coin_in_its_prime() -> None:
    mine = base()[0].prime or 0
    tallies = changed(0, prime=mine & ~cards("7D"), settebello=False)
    problems = fields(tally_problems(SCOPA, tallies))
    assert problems["tallies[0].prime"] == "the side took coins, so its best coin is in the prime"


def test_a_scored_card_taken_bounds_the_prime_of_its_suit() -> None:
    mine = base()[0].prime or 0
    tallies = changed(0, prime=mine & ~cards("7D") | cards("5D"))
    problems = fields(tally_problems(SCOPA, tallies))
    assert problems["tallies[0].prime"] == (
        "7D was taken, so the prime's card of its suit is worth 21 or more"
    )


def test_the_best_card_of_a_suit_is_in_some_prime() -> None:
    # Side 1 says its best club is the 6 while nobody's prime has the 7 of clubs.
    theirs = base()[1].prime or 0
    tallies = changed(1, prime=theirs & ~cards("7B") | cards("6B"))
    problems = fields(tally_problems(SCOPA, tallies))
    assert "nobody's prime has 7B" in problems["tallies"]


def test_a_count_table_lists_every_counted_card_once() -> None:
    chkobba = make_rules("chkobba")
    tallies = base(chkobba)
    short = replace(tallies[1], prime=(tallies[1].prime or 0) & ~cards("7S"))
    problems = fields(tally_problems(chkobba, [tallies[0], short]))
    assert problems["tallies"] == "in nobody's prime: 7S"
    assert "cannot be in the prime" in fields(
        tally_problems(chkobba, changed(0, tallies, prime=cards("7D 5B")))
    ).get("tallies[0].prime", "")


def test_a_sum_table_prime_has_one_card_a_suit() -> None:
    mine = base()[0].prime or 0
    problems = fields(tally_problems(SCOPA, changed(0, prime=mine | cards("6D"))))
    assert problems["tallies[0].prime"] == "one card of each suit at most"


def test_a_run_needs_its_coins() -> None:
    napola = make_rules("napola")
    problems = fields(tally_problems(napola, changed(0, base(napola), napola=7)))
    assert problems["tallies[0].napola"] == "a run of 7 needs 7 coins; the side took 6"
    problems = fields(tally_problems(napola, changed(0, base(napola), napola=2)))
    assert problems["tallies[0].napola"] == "must be one of 0, 3, 4, 5, 6, 7, 8, 9, 10"


def test_scalette_runs_need_their_coins_together() -> None:
    scalette = make_rules("scalette")
    tallies = changed(0, base(scalette), scalette_low=5, scalette_high=3)
    problems = fields(tally_problems(scalette, tallies))
    assert problems["tallies[0].scalette_high"] == ("runs of 5 and 3 need 8 coins; the side took 6")


def test_a_fact_the_rules_do_not_score_is_refused() -> None:
    problems = fields(tally_problems(SCOPA, changed(0, re_bello=True)))
    assert problems["tallies[0].re_bello"] == "these rules do not score it"


def test_one_tally_a_side() -> None:
    problems = fields(tally_problems(SCOPA, [SideTally()]))
    assert problems["tallies"] == "expected 2 tallies, one per side (null for a side not counted)"


def test_facts_that_no_sharing_gives_are_blamed_by_name() -> None:
    # All ten coins, but no napola: the exact check finds no piles and names the run (with
    # side 1's no coins, side 0 took them all whatever its own count says).
    napola = make_rules("napola")
    coins = cards("1D 2D 3D 4D 5D 6D 7D 8D 9D 10D")
    tallies = base(napola, coins | cards("7C 7S 7B"))
    problems = tally_problems(napola, changed(0, tallies, napola=0))
    named = fields(problems)
    assert set(named) == {"tallies[0].napola"}, problems
    assert all("without it they would add up" in reason for reason in named.values())


RULES_FUZZED = [make_rules(n) for n in ("scopa", "napola", "scalette", "chkobba", "cirulla")]
RULES_FUZZED += [make_rules("scopa", players=3), make_rules("corse"), make_rules("hurrikan")]


@st.composite
def tallies(draw: st.DrawFn) -> tuple[Rules, list[SideTally], Cards]:
    """Rules, a tally of plausible but random facts per side, and a leftover."""
    rules = draw(st.sampled_from(RULES_FUZZED))
    specs = tally_fields(rules)
    made = []
    for _ in range(rules.sides):
        facts: dict[str, object] = {}
        for spec in specs:
            if draw(st.booleans()):
                continue
            if spec.kind == "boolean":
                facts[spec.name] = draw(st.booleans())
            elif spec.kind == "cards":
                pool = [c for c in range(40) if spec.cards >> c & 1]
                chosen = draw(st.lists(st.sampled_from(pool), max_size=4, unique=True))
                facts[spec.name] = sum(1 << c for c in chosen)
            elif spec.choices is not None:
                facts[spec.name] = draw(st.sampled_from(spec.choices))
            else:
                facts[spec.name] = draw(st.integers(spec.minimum or 0, spec.maximum or 0))
        made.append(SideTally(**facts))  # type: ignore[arg-type]
    leftover = draw(st.sampled_from([0, 0, 0, 1 << 9, 1 << 6 | 1 << 19]))
    return rules, made, leftover


@settings(max_examples=400, deadline=None)
@given(tallies())
def test_no_tally_is_accepted_that_no_piles_give(
    case: tuple[Rules, list[SideTally], Cards],
) -> None:
    rules, made, leftover = case
    problems = tally_problems(rules, made, leftover)
    if problems:
        assert all(p.field.startswith("tallies") or p.field == "leftover" for p in problems)
        return
    piles = shares(rules, made, leftover)
    assert piles is not None
    for given_tally, pile in zip(made, piles, strict=True):
        assert tally_fits(rules, given_tally, pile), given_tally
    score_tallies(rules, made, leftover)


@pytest.mark.parametrize("rules", RULES_FUZZED, ids=lambda r: f"{r.preset}-{r.players}")
def test_a_tally_scored_whole_or_in_part_never_fails(rules: Rules) -> None:
    tallies_made = base(rules) if rules.sides == 2 else [SideTally()] * rules.sides
    assert score_tallies(rules, tallies_made) is not None


def mutated(tally: SideTally, rules: Rules, rng: random.Random) -> SideTally:
    """A tally with one counted fact miscounted: a count off by one, a card flipped, a card
    added to or dropped from the prime."""
    spec = rng.choice(tally_fields(rules))
    value = getattr(tally, spec.name)
    if value is None:
        return tally
    if spec.kind == "boolean":
        flipped: dict[str, Any] = {spec.name: not value}
        return replace(tally, **flipped)
    if spec.kind == "cards":
        toggled: dict[str, Any] = {spec.name: value ^ 1 << rng.choice(range(40))}
        return replace(tally, **toggled)
    moved: dict[str, Any] = {spec.name: max(0, value + rng.choice((-1, 1)))}
    return replace(tally, **moved)


@pytest.mark.parametrize("rules", RULES_FUZZED, ids=lambda r: f"{r.preset}-{r.players}")
def test_miscounts_of_real_hands_are_refused_or_still_add_up(rules: Rules) -> None:
    rng = random.Random(rules.preset)
    verdicts = {"accepted": 0, "refused": 0}
    for hand in hands(rules, 60, seed=5):
        made = [tally_of(rules, p, n) for p, n in zip(hand.piles, hand.scope, strict=True)]
        side = rng.randrange(len(made))
        made[side] = mutated(made[side], rules, rng)
        if rng.random() < 0.5:
            made[side] = mutated(made[side], rules, rng)
        if tally_problems(rules, made):
            verdicts["refused"] += 1
            continue
        verdicts["accepted"] += 1
        piles = shares(rules, made)
        assert piles is not None
        for given_tally, pile in zip(made, piles, strict=True):
            assert tally_fits(rules, given_tally, pile), given_tally
    assert verdicts["refused"] > 0


# Primes are judged by value: any card of the best value a side took in a suit stands for it.
SCOPONE = make_rules("scopone_scientifico")
# Side 0's only coins are the three faces, all worth 10 in the standard table.
FACES = cards("8D 9D 10D 7C 6C 5C 7S 6S 5S 7B 6B 5B 4B 3B 2B 1B 1C 1S 2C 2S")


def test_any_card_of_the_best_value_stands_for_its_suit() -> None:
    real = base(SCOPONE, FACES)
    assert (real[0].prime or 0) & SUIT_MASKS[0] == cards("10D")
    for named in ("8D", "9D", "10D"):
        prime = (real[0].prime or 0) & ~SUIT_MASKS[0] | cards(named)
        tallies = changed(0, real, prime=prime)
        assert tally_problems(SCOPONE, tallies) == [], named
        scored, truth = score_tallies(SCOPONE, tallies).hand, score_tallies(SCOPONE, real).hand
        assert scored is not None and truth is not None
        assert [s.points for s in scored.sides] == [s.points for s in truth.sides]
        assert scored.sides[0].prime.cards & SUIT_MASKS[0] == cards(named)


def test_a_card_worth_less_than_the_best_taken_is_refused() -> None:
    # Side 0 took the 7 of cups: naming its 6 leaves the 7 to nobody.
    real = base(SCOPONE, FACES)
    prime = (real[0].prime or 0) & ~cards("7C") | cards("6C")
    problems = fields(tally_problems(SCOPONE, changed(0, real, prime=prime)))
    assert "nobody's prime has 7C" in problems["tallies"]


def test_the_best_value_of_a_suit_is_in_some_prime_whichever_card_names_it() -> None:
    # Both sides name a face of coins: the coins worth more are then nobody's.
    real = base(SCOPONE, FACES)
    theirs = (real[1].prime or 0) & ~SUIT_MASKS[0] | cards("10D")
    mine = (real[0].prime or 0) & ~SUIT_MASKS[0] | cards("9D")
    tallies = changed(1, changed(0, real, prime=mine), prime=theirs)
    problems = fields(tally_problems(SCOPONE, tallies))
    assert "nobody's prime has 7D" in problems["tallies"]
    # A suit whose best value only faces have: one of them in some prime.
    left = cards("1C 2C 3C 4C 5C 6C 7C")
    tallies = [
        tally_of(SCOPONE, FACES & ~left, 2),
        tally_of(SCOPONE, SCOPONE.pack_cards & ~FACES & ~left, 1),
    ]
    tallies[1] = replace(tallies[1], prime=(tallies[1].prime or 0) & ~SUIT_MASKS[1])
    problems = fields(tally_problems(SCOPONE, tallies, left))
    assert problems["tallies"] == (
        "nobody's prime has one of 8C, 9C, 10C, the best of their suit: whoever took one has one "
        "in the prime"
    )


def test_a_table_that_values_the_faces_apart_tells_them_apart() -> None:
    # Southern values: the king 10, the horse 9, the jack 8; with three coins, side 0 holds
    # the king whatever else is shared.
    southern = make_rules("scopa", prime_table="southern")
    real = base(southern, FACES)
    prime = (real[0].prime or 0) & ~SUIT_MASKS[0] | cards("9D")
    assert tally_problems(southern, changed(0, real, prime=prime)) != []
    zero = make_rules("scopa", prime_table="zero_faces")
    real = base(zero, FACES)
    prime = (real[0].prime or 0) & ~SUIT_MASKS[0] | cards("8D")
    assert tally_problems(zero, changed(0, real, prime=prime)) == []


def test_a_scored_card_bounds_the_value_not_the_card() -> None:
    # Grande's three taken: any face of coins is a coin worth as much as each of them.
    grande = make_rules("scopa", grande=True)
    real = base(grande, FACES)
    assert real[0].grande is True
    prime = (real[0].prime or 0) & ~SUIT_MASKS[0] | cards("8D")
    assert tally_problems(grande, changed(0, real, prime=prime)) == []


def points_of(tally: SideTally, rules: Rules = SCOPA) -> SideTally:
    """The tally with its prime counted as points instead of cards."""
    value = prime_of(rules, tally.prime or 0).value
    assert isinstance(value, int | float)
    return replace(tally, prime=None, prime_points=value)


def test_a_prime_counted_as_points_scores_as_its_cards() -> None:
    real = base()
    for made in ([points_of(real[0]), real[1]], [real[0], points_of(real[1])]):
        assert tally_problems(SCOPA, made) == []
        assert score_tallies(SCOPA, made).hand is not None
        assert score_tallies(SCOPA, made).hand.totals == score_tallies(SCOPA, real).hand.totals  # type: ignore[union-attr]
    both = [points_of(t) for t in real]
    assert tally_problems(SCOPA, both) == []
    beside = [replace(t, prime_points=points_of(t).prime_points) for t in real]
    assert tally_problems(SCOPA, beside) == []


def test_points_no_whole_prime_makes_are_refused() -> None:
    real = base()
    problems = fields(tally_problems(SCOPA, changed(0, real, prime=None, prime_points=41)))
    assert problems["tallies[0].prime_points"] == "no prime with a card of every suit makes 41"
    problems = fields(tally_problems(SCOPA, changed(0, real, prime=None, prime_points=85)))
    assert problems["tallies[0].prime_points"] == "must be 40 to 84"
    problems = fields(tally_problems(SCOPA, changed(0, real, prime=None, prime_points=40)))
    assert problems["tallies[0].prime_points"] == (
        "with 7D taken, no prime with a card of every suit makes 40"
    )
    few = [SideTally(cards=3, coins=0, prime_points=60), SideTally()]
    assert {p.reason for p in tally_problems(SCOPA, few)} >= {
        "a prime with a card of every suit needs 4 cards; the side took 3",
        "a prime with a card of every suit has a coin; the side took no coins",
    }


def test_points_beside_cards_must_be_theirs() -> None:
    real = base()
    mine = real[0].prime or 0
    value = prime_of(SCOPA, mine).value
    problems = fields(tally_problems(SCOPA, changed(0, real, prime_points=61)))
    assert problems["tallies[0].prime_points"] == f"the prime's cards make {value}, not 61"
    lacking = changed(0, real, prime=mine & ~cards("1B"), prime_points=value)
    problems = fields(tally_problems(SCOPA, lacking))
    assert problems["tallies[0].prime_points"] == (
        "points count a prime with a card of every suit; these cards lack a suit"
    )


def test_points_that_the_other_primes_rule_out_are_refused() -> None:
    # Side 1 names the four sevens: side 0 cannot make 84.
    sevens = cards("7D 7C 7S 7B")
    tallies = [SideTally(prime_points=84), SideTally(prime=sevens)]
    problems = fields(tally_problems(SCOPA, tallies))
    assert problems["tallies[0].prime_points"] == (
        "beside the other sides' primes and the cards left over, no prime the side can hold "
        "makes 84"
    )
    # The settebello is side 1's, so side 0's four sevens are not: the exact check finds it.
    tallies = [SideTally(cards=4, prime_points=84), SideTally(settebello=True)]
    problems = tally_problems(SCOPA, tallies)
    assert problems and all("without it they would add up" in p.reason for p in problems)
    assert shares(SCOPA, [SideTally(cards=4, prime_points=84), SideTally()]) is not None


def test_a_check_of_points_past_its_budget_asks_for_the_cards(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(tally_check, "CHECK_BUDGET", 1)
    real = base()
    problems = fields(tally_problems(SCOPA, [points_of(real[0]), real[1]]))
    assert problems == {
        "tallies[0].prime_points": "too many primes make these points to check them against the "
        "rest of the tallies: name the prime's cards"
    }
