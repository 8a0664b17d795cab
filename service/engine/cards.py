"""Cards and card sets: a card is an id 0..39, a set of cards is an int bitmask."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from enum import IntEnum
from typing import TypeAlias

from service.engine.errors import CardCodeError

Card: TypeAlias = int
Cards: TypeAlias = int

RANKS_PER_SUIT = 10
CARD_COUNT = 40
FULL_PACK: Cards = (1 << CARD_COUNT) - 1


class Suit(IntEnum):
    """The four Italian suits, in code order."""

    D = 0  # denari, coins (diamonds)
    C = 1  # coppe, cups (hearts)
    S = 2  # spade, swords (spades)
    B = 3  # bastoni, clubs (clubs)


SUITS: tuple[Suit, ...] = tuple(Suit)


def card(rank: int, suit: Suit) -> Card:
    """The id of the card of a rank (1..10) and suit."""
    return int(suit) * RANKS_PER_SUIT + rank - 1


def rank_of(c: Card) -> int:
    """The capture value 1..10 of a card."""
    return c % RANKS_PER_SUIT + 1


def suit_of(c: Card) -> Suit:
    """The suit of a card."""
    return SUITS[c // RANKS_PER_SUIT]


def bit(c: Card) -> Cards:
    """The one-card set holding a card."""
    return 1 << c


def iter_cards(cards: Cards) -> Iterator[Card]:
    """The cards of a set in ascending id order."""
    while cards:
        low = cards & -cards
        yield low.bit_length() - 1
        cards ^= low


def one_card_sets(cards: Cards) -> list[Cards]:
    """The one-card sets of a set's cards, in ascending id order."""
    found = []
    while cards:
        low = cards & -cards
        found.append(low)
        cards ^= low
    return found


def to_list(cards: Cards) -> list[Card]:
    """The cards of a set as an ascending list."""
    return list(iter_cards(cards))


def from_cards(cards: Iterable[Card]) -> Cards:
    """The set holding the given cards."""
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def count(cards: Cards) -> int:
    """How many cards a set holds."""
    return cards.bit_count()


def suit_mask(suit: Suit) -> Cards:
    """Every card of one suit."""
    return ((1 << RANKS_PER_SUIT) - 1) << (int(suit) * RANKS_PER_SUIT)


def rank_mask(rank: int) -> Cards:
    """Every card of one rank."""
    return from_cards(card(rank, s) for s in SUITS)


RANK_MASKS: tuple[Cards, ...] = (0, *(rank_mask(r) for r in range(1, RANKS_PER_SUIT + 1)))
# Each card's one-card set, by id.
CARD_BITS: tuple[Cards, ...] = tuple(bit(c) for c in range(CARD_COUNT))
# The rank of each one-card set.
RANK_OF_BIT: dict[Cards, int] = {bit(c): rank_of(c) for c in range(CARD_COUNT)}
SUIT_MASKS: tuple[Cards, ...] = tuple(suit_mask(s) for s in SUITS)


# Every card's code, by id.
CODES: tuple[str, ...] = tuple(f"{rank_of(c)}{suit_of(c).name}" for c in range(CARD_COUNT))


def code(c: Card) -> str:
    """The text code of a card, rank then suit, e.g. ``7D``."""
    return CODES[c]


# The grammar of a card code: rank 1-10, then the suit D, C, S or B, in either case.
CARD_PATTERN = "(10|[1-9])[DCSBdcsb]"
# Every card code, in both cases, to its card: reading a code is one lookup.
CARD_OF_CODE: dict[str, Card] = {
    f"{rank}{suit}": card(rank, Suit[suit.upper()])
    for rank in range(1, RANKS_PER_SUIT + 1)
    for suit in "DCSBdcsb"
}


def parse_card(text: str) -> Card:
    """The card named by a code such as ``7D`` or ``10b`` (``CARD_PATTERN``); raises
    CardCodeError."""
    found = CARD_OF_CODE.get(text) if isinstance(text, str) else None
    if found is None:
        raise CardCodeError(text if isinstance(text, str) else repr(text))
    return found


def codes(cards: Cards) -> list[str]:
    """The codes of a set's cards, sorted by suit then rank."""
    return [CODES[c] for c in iter_cards(cards)]


def parse_cards(texts: Sequence[str]) -> list[Card]:
    """The cards named by a sequence of codes, in order, duplicates kept; raises CardCodeError."""
    try:
        return [CARD_OF_CODE[t] for t in texts]
    except (KeyError, TypeError):  # a code in another form, or not a code
        return [parse_card(t) for t in texts]
