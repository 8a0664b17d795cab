"""The napola run in every preset that scores it: one point a card from A-2-3, capped at the 6
or at the horse; with the cap at the horse the whole suit wins the game outright (scopa-pagat,
"Napola"; scopone-pagat, Trentino's cappotto). No source scores a run of 10 as 10 points."""

from typing import Any

import pytest

from service.engine import RulesError, add_hand, make_rules, score_hand
from service.engine.cards import FULL_PACK
from service.engine.presets import PRESETS
from tests.engine.helpers import cards

WHOLE_SUIT = "1D 2D 3D 4D 5D 6D 7D 8D 9D 10D"
TO_THE_HORSE = "1D 2D 3D 4D 5D 6D 7D 8D 9D"


def two_piles(first: str) -> tuple[int, int]:
    mine = cards(first)
    return mine, FULL_PACK & ~mine


@pytest.mark.parametrize(
    ("preset", "options", "pile", "napola", "outright"),
    [
        # The napola preset counts to the horse: 9 points, the whole suit a Napoleone.
        ("napola", {}, TO_THE_HORSE, 9, None),
        ("napola", {}, WHOLE_SUIT, 9, "napoleone"),
        ("napola", {}, "1D 2D 3D 4D 5D 6D 7D", 7, None),
        # Some cap the run at A-6: the whole suit scores 6 and wins nothing outright.
        ("napola", {"napola_cap": 6}, WHOLE_SUIT, 6, None),
        ("napola", {"napola_cap": 6}, "1D 2D 3D 4D 5D", 5, None),
        # Scopa d'Assi "often" plays the napola (scopa-pagat: "see above"): the same rule.
        ("scopa_d_assi", {"napola": "length"}, WHOLE_SUIT, 9, "napoleone"),
        ("scopa_d_assi", {"napola": "length", "napola_cap": 6}, WHOLE_SUIT, 6, None),
        # Trentino: the run scores to its highest card; all ten coins are the cappotto.
        ("scopone_trentino", {}, TO_THE_HORSE, 9, None),
        ("scopone_trentino", {}, WHOLE_SUIT, 9, "cappotto"),
        # Cirulla's Piccola stops at the 6 and never wins outright.
        ("cirulla", {}, WHOLE_SUIT, 6, None),
        # The encyclopedia's form (the length less two) keeps the same caps.
        ("napola", {"napola": "over_two"}, WHOLE_SUIT, 7, "napoleone"),
    ],
)
def test_napola_runs_are_capped_and_the_whole_suit_wins_outright(
    preset: str, options: dict[str, Any], pile: str, napola: int, outright: str | None
) -> None:
    rules = make_rules(preset, **options)
    hand = score_hand(rules, two_piles(pile), (0, 0))
    first = hand.sides[0]
    assert first.points["napola"] == napola
    assert first.outright == outright
    if outright is not None:
        result = add_hand(rules, (0, 0), hand)
        assert (result.winner, result.reason) == (0, outright)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_no_preset_scores_a_run_of_ten(name: str) -> None:
    rules = make_rules(name)
    if rules.napola == "none" or rules.pack != "italian40":
        return
    hand = score_hand(rules, two_piles(WHOLE_SUIT), (0, 0))
    assert hand.sides[0].points["napola"] < 10
    assert rules.napola_cap in (6, 9)
    # Counted to the horse, the whole suit must end the game.
    assert (hand.sides[0].outright is not None) == (rules.napola_cap == 9)


def test_the_napola_preset_plays_to_21() -> None:
    # scopa-pagat: with napola points "the target ... is usually set at 21, 31 or 41".
    assert make_rules("napola").target == 21


@pytest.mark.parametrize("cap", [7, 10])
def test_only_the_sources_caps_are_choices(cap: int) -> None:
    with pytest.raises(RulesError) as error:
        make_rules("napola", napola_cap=cap)
    assert [p.field for p in error.value.problems] == ["napola_cap"]


def test_a_cap_at_the_horse_without_an_outright_win_is_refused() -> None:
    with pytest.raises(RulesError) as error:
        make_rules("napola", napoleone=False)
    assert [p.field for p in error.value.problems] == ["napoleone"]
    # With the cap at the 6, the Napoleone is an option of its own.
    assert not make_rules("napola", napola_cap=6).napoleone
    assert make_rules("napola", napola_cap=6, napoleone=True).napoleone
