"""The declaration games (Bazzica, Sbarazzina, Cirulla) as data: totals, points, wild card."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from service.engine.cards import Card, Suit, card

DECLARED_CARDS = 3  # declarations follow deals of three cards only
FACE_VALUE = 10  # Bazzica counts the jack, horse and king as 10 in a hand's total
WILD_SEVEN_OF_CUPS = card(7, Suit.C)
THREE_OF_A_RANK = "three_of_a_rank"
LOW_TOTAL = "low_total"
# What a declared hand can be, as the API names it.
DECLARATION_KINDS = (THREE_OF_A_RANK, LOW_TOTAL)


@dataclass(frozen=True, slots=True)
class Scheme:
    """One declaration game: totals and points, the wild card, and how declarations compete.

    ``best_only``: only the single best declaration of a deal scores (Bazzica); otherwise
    every declaration scores (Cirulla). ``compulsory``: a qualifying hand must be declared.
    """

    max_total: int
    faces_count: int | None  # value of the jack, horse and king in a total; None: their rank
    pair_points: int  # a low total with two cards of one rank
    plain_points: int  # a low total with three different ranks
    three_points: int  # three of a rank
    wild: Card | None
    best_only: bool
    compulsory: bool


SCHEMES: Mapping[str, Scheme] = MappingProxyType(
    {
        "bazzica": Scheme(9, FACE_VALUE, 3, 3, 10, None, best_only=True, compulsory=False),
        "sbarazzina": Scheme(9, FACE_VALUE, 3, 2, 7, None, best_only=True, compulsory=False),
        # Cirulla (docs/variants.md): a total under 7 scores 3, three of a rank 10; the 7 of
        # cups takes whatever value the declarer likes; every declaration scores.
        "cirulla": Scheme(6, None, 3, 3, 10, WILD_SEVEN_OF_CUPS, best_only=False, compulsory=True),
    },
)
