"""Card codes and move codes: parsing, formatting, and the errors for bad text."""

import pytest

from service.engine import CardCodeError, EngineError, Move, Suit, code, codes, parse_card
from service.engine.cards import (
    FULL_PACK,
    RANK_MASKS,
    RANK_OF_BIT,
    SUIT_MASKS,
    card,
    one_card_sets,
    parse_cards,
    rank_of,
    suit_of,
)
from tests.engine.helpers import cards


def test_every_card_code_round_trips() -> None:
    for c in range(40):
        assert parse_card(code(c)) == c
        assert card(rank_of(c), suit_of(c)) == c


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("7D", 7, Suit.D),
        ("7d", 7, Suit.D),
        ("10b", 10, Suit.B),
        ("1C", 1, Suit.C),
        ("8S", 8, Suit.S),
    ],
)
def test_codes_name_rank_then_suit(text: str, rank: int, suit: Suit) -> None:
    c = parse_card(text)
    assert (rank_of(c), suit_of(c)) == (rank, suit)


@pytest.mark.parametrize(
    "text", ["", "D", "7", "0D", "11D", "07D", "7X", "+7D", "7 D", "AD", " 7D", "10B ", "\u0667D"]
)
def test_bad_card_codes_are_rejected(text: str) -> None:
    with pytest.raises(CardCodeError) as error:
        parse_card(text)
    assert error.value.text == text


def test_a_non_string_is_not_a_card_code() -> None:
    with pytest.raises(CardCodeError):
        parse_card(7)  # type: ignore[arg-type]


def test_codes_list_suits_in_order_then_ranks() -> None:
    assert codes(cards("10B 7D 1C 3D")) == ["3D", "7D", "1C", "10B"]


def test_card_lists_read_either_case_and_refuse_non_codes() -> None:
    assert parse_cards(["7D", "7D", "10b"]) == [card(7, Suit.D), card(7, Suit.D), card(10, Suit.B)]
    assert parse_cards(["7D", "1c"]) == [card(7, Suit.D), card(1, Suit.C)]
    for bad in (["7D", "7X"], ["7D", 7], ["7D", ["7D"]], [True], ["7D", " 1c "]):
        with pytest.raises(CardCodeError):
            parse_cards(bad)  # type: ignore[arg-type]


def test_one_card_sets_split_a_set_in_id_order() -> None:
    held = cards("10B 7D 1C 3D")
    assert one_card_sets(held) == [1 << c for c in sorted(card_ids(held))]
    assert one_card_sets(0) == []
    assert all(RANK_OF_BIT[1 << c] == rank_of(c) for c in range(40))


def card_ids(held: int) -> list[int]:
    """The ids of a set's cards, by testing every id."""
    return [c for c in range(40) if held >> c & 1]


def test_rank_and_suit_masks_partition_the_pack() -> None:
    ranks = 0
    for r in range(1, 11):
        assert RANK_MASKS[r].bit_count() == 4
        assert not ranks & RANK_MASKS[r]
        ranks |= RANK_MASKS[r]
    suits = 0
    for mask in SUIT_MASKS:
        assert mask.bit_count() == 10
        suits |= mask
    assert ranks == suits == FULL_PACK


@pytest.mark.parametrize("text", ["7D", "7D:3C+4S", "10B:1D+2D+3D+4D", "1S:10C"])
def test_move_codes_round_trip(text: str) -> None:
    assert Move.from_code(text).code() == text


def test_move_code_lists_captured_cards_in_card_order() -> None:
    assert Move.from_code("7d:4s+3c").code() == "7D:3C+4S"
    assert Move.from_code("7D:3C+4S") == Move(parse_card("7D"), cards("3C 4S"))


@pytest.mark.parametrize("text", ["", "7D:", "7D:3C+3C", "7D:3C+", "7D:11C", "XX", "7D:3C:4S"])
def test_bad_move_codes_are_rejected(text: str) -> None:
    with pytest.raises(EngineError):
        Move.from_code(text)
