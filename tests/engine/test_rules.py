"""Presets and options: deal schedules, sides, validation that names every problem."""

from dataclasses import replace
from typing import Any

import pytest

from service.engine import PRESETS, RulesError, make_rules, rules_from_mapping
from service.engine.rules import with_options

# docs/rules.md section 2: (preset, options, players, initial table, deal sizes).
SCHEDULES = [
    ("scopa", {}, 2, 4, (3,) * 6),
    ("scopa", {"players": 3}, 3, 4, (3,) * 4),
    ("scopa", {"players": 4}, 4, 4, (3,) * 3),
    ("scopa", {"players": 6}, 6, 4, (3,) * 2),
    ("scopone", {}, 4, 4, (9,)),
    ("scopone_scientifico", {}, 4, 0, (10,)),
    ("scopone_trentino", {}, 4, 0, (10,)),
    ("scopone_messina", {}, 3, 1, (13,)),
    ("scopa", {"pack": "corse36", "deal_sizes": [3, 3, 3, 3, 4]}, 2, 4, (3, 3, 3, 3, 4)),
    ("scopa", {"players": 4, "pack": "corse36", "deal_sizes": [3, 3, 2]}, 4, 4, (3, 3, 2)),
    ("scopa", {"deal_sizes": [6, 6, 6]}, 2, 4, (6, 6, 6)),
]


@pytest.mark.parametrize(("preset", "options", "players", "table", "sizes"), SCHEDULES)
def test_deal_schedules_follow_the_rules_table(
    preset: str, options: dict[str, Any], players: int, table: int, sizes: tuple[int, ...]
) -> None:
    rules = make_rules(preset, **options)
    assert (rules.players, rules.initial_table, rules.deal_sizes) == (players, table, sizes)
    assert table + players * sum(sizes) == rules.pack_size


def test_corse_pack_has_no_twos() -> None:
    rules = make_rules("scopa", pack="corse36", deal_sizes=[3, 3, 3, 3, 4])
    assert rules.pack_size == 36
    assert not any(rules.pack_cards >> (suit * 10 + 1) & 1 for suit in range(4))


@pytest.mark.parametrize(
    ("options", "sides", "side_of_seats"),
    [
        ({}, 2, (0, 1)),
        ({"players": 3}, 3, (0, 1, 2)),
        ({"players": 4}, 2, (0, 1, 0, 1)),
        ({"players": 6}, 2, (0, 1, 0, 1, 0, 1)),
        ({"players": 6, "teams": False}, 6, (0, 1, 2, 3, 4, 5)),
    ],
)
def test_sides_are_players_or_alternating_teams(
    options: dict[str, Any], sides: int, side_of_seats: tuple[int, ...]
) -> None:
    rules = make_rules("scopa", **options)
    assert rules.sides == sides
    assert tuple(rules.side_of(s) for s in range(rules.players)) == side_of_seats
    for side in range(sides):
        assert all(rules.side_of(s) == side for s in rules.seats_of(side))


@pytest.mark.parametrize(
    ("preset", "target"),
    [
        ("scopa", 11),
        ("scopone", 11),
        ("scopone_scientifico", 11),
        ("scopone_trentino", 21),
        ("scopone_messina", 21),
        ("bazzica", 21),
        ("sbarazzina", 41),
        ("piva", 21),
        ("napola", 21),
        ("cirulla", 51),
    ],
)
def test_targets_follow_the_rules(preset: str, target: int) -> None:
    assert make_rules(preset).target == target


def test_presets_carry_their_extras() -> None:
    assert make_rules("re_bello").re_bello
    assert make_rules("napola").napola == "length"
    assert make_rules("calabrese").sette_di_coppe
    assert make_rules("piva").piva
    trentino = make_rules("scopone_trentino")
    assert (trentino.napola, trentino.cappotto) == ("length", True)
    assert make_rules("scopone").teams
    assert make_rules("scopa").bonus_suit == "D"


def test_piva_is_two_player_sbarazzina_with_the_two_of_clubs_at_minus_five() -> None:
    # scopa-pagat: Piva is a two-player Sbarazzina where the 2 of clubs scores -5, to 21 or 31.
    piva = make_rules("piva")
    sbarazzina = make_rules("sbarazzina")
    assert (piva.piva, piva.target, sorted(PRESETS["piva"].schedules)) == (True, 21, [2])
    assert replace(sbarazzina, preset="piva", piva=True, target=21) == piva
    assert "sbarazzina_piva" not in PRESETS
    # The option alone combines with any preset.
    assert make_rules("scopone", piva=True).piva


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_options_round_trip_through_a_mapping(preset: str) -> None:
    rules = make_rules(preset)
    assert rules_from_mapping(rules.options()) == rules
    assert rules_from_mapping(preset) == rules


def test_overrides_apply_and_bonus_suit_is_case_blind() -> None:
    rules = make_rules("scopa", bonus_suit="c", target=21, capture_rule="fifteen")
    assert (rules.bonus_suit, rules.target, rules.capture_rule) == ("C", 21, "fifteen")


def problems_of(preset: str, **options: Any) -> dict[str, str]:
    """The problems make_rules reports, by field."""
    with pytest.raises(RulesError) as error:
        make_rules(preset, **options)
    return {p.field: p.reason for p in error.value.problems}


def test_unknown_preset_names_the_known_ones() -> None:
    reason = problems_of("briscola")["preset"]
    assert "briscola" in reason
    assert "scopone_scientifico" in reason


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"players": "2"}, "players"),
        ({"players": True}, "players"),
        ({"players": 7}, "players"),
        ({"teams": 1}, "teams"),
        ({"bonus_suit": "X"}, "bonus_suit"),
        ({"capture_rule": "twelve"}, "capture_rule"),
        ({"deal_sizes": [3, "3"]}, "deal_sizes"),
        ({"deal_sizes": 3}, "deal_sizes"),
        ({"napola_cap": 7}, "napola_cap"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_bad_values_are_named(options: dict[str, Any], field: str) -> None:
    assert field in problems_of("scopa", **options)


def test_every_bad_option_is_reported_at_once() -> None:
    assert set(problems_of("scopa", players="x", teams=3, colour=1)) == {
        "players",
        "teams",
        "colour",
    }


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"deal_sizes": [3, 3]}, "deal_sizes"),
        ({"initial_table": 2}, "deal_sizes"),
        ({"pack": "corse36"}, "deal_sizes"),
        ({"deal_sizes": [0]}, "deal_sizes"),
        ({"initial_table": -4, "deal_sizes": [3] * 8}, "initial_table"),
        ({"teams": True}, "teams"),
        ({"ace_scopa": True}, "ace_scopa"),
        ({"ace_takes_itself": True}, "ace_takes_itself"),
        ({"pack": "corse36", "deal_sizes": [3, 3, 3, 3, 4], "napola": "length"}, "napola"),
        ({"target": 0}, "target"),
        ({"players": 5}, "players"),
        ({"scalette": True, "napola": "length"}, "scalette"),
        ({"declarations": "bazzica", "deal_sizes": [6, 6, 6]}, "declarations"),
    ],
)
def test_clashing_or_unsupported_options_are_named(options: dict[str, Any], field: str) -> None:
    assert field in problems_of("scopa", **options)


def test_clashes_are_all_reported_at_once() -> None:
    found = problems_of("scopa", teams=True, ace_scopa=True, target=0)
    assert {"teams", "ace_scopa", "target"} <= set(found)


def test_mapping_without_a_preset_is_rejected() -> None:
    with pytest.raises(RulesError) as error:
        rules_from_mapping({"players": 2})
    assert [p.field for p in error.value.problems] == ["preset"]


def test_with_options_validates_the_result() -> None:
    rules = make_rules("scopa")
    assert with_options(rules, last_card_scopa=True).last_card_scopa
    with pytest.raises(RulesError):
        with_options(rules, deal_sizes=[4])
    with pytest.raises(RulesError):
        with_options(rules, colour="red")
