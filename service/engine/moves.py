"""Moves and capture generation: which table sets a played card may take."""

from __future__ import annotations

import functools
import itertools
import operator
from dataclasses import dataclass
from enum import StrEnum

from service.engine.cards import (
    RANK_MASKS,
    RANK_OF_BIT,
    RANKS_PER_SUIT,
    Card,
    Cards,
    bit,
    code,
    iter_cards,
    one_card_sets,
    parse_card,
    rank_of,
    to_list,
)
from service.engine.errors import CardCodeError, EngineError
from service.engine.rules import Rules

FIFTEEN = 15
ACE = 1


class MoveKind(StrEnum):
    """What a move does: play a card (the usual turn), or one of the variants' special moves."""

    PLAY = "play"
    PASS = "pass"  # ace_may_pass: the ace goes to the player's pile without capturing
    KEEP = "keep"  # Chkobba: the cutter keeps the drawn card as the first card of the hand
    TABLE = "table"  # Chkobba: the cutter lays the drawn card as the first table card
    DECLARE = "declare"  # declarations: the whole hand shown, ``card`` and ``capture`` together
    DECLINE = "decline"  # declarations: the seat declares nothing this deal; plays no card
    CLAIM = "claim"  # chiamarsi fuori: the side claims to have won; plays no card


# Kinds that name no card at all: written as the bare kind in codes and JSON.
CARDLESS_KINDS = (MoveKind.DECLINE, MoveKind.CLAIM)


# Kinds written as ``kind:CARD`` in move codes.
PREFIXED_KINDS = (MoveKind.PASS, MoveKind.KEEP, MoveKind.TABLE)


@dataclass(frozen=True, slots=True, order=True)
class Move:
    """One card played and the exact set of table cards it captures (0 when laid down).

    ``kind`` marks the special moves of some variants; the default is an ordinary play.
    """

    card: Card
    capture: Cards = 0
    kind: MoveKind = MoveKind.PLAY

    @property
    def plays_card(self) -> bool:
        """Whether the move takes a card out of the player's hand (a turn of play)."""
        return self.kind in (MoveKind.PLAY, MoveKind.PASS)

    @property
    def shown(self) -> Cards:
        """The cards a declare move shows (its card and the rest of the hand); 0 otherwise."""
        return bit(self.card) | self.capture if self.kind is MoveKind.DECLARE else 0

    def code(self) -> str:
        """The move as text: ``7D`` laid down, ``7D:3C+4S`` capturing, ``pass:1D`` and so on.

        A declaration is ``declare:1D+2C+3S``; declining one is ``decline``; a claim is ``claim``.
        """
        if self.kind in CARDLESS_KINDS:
            return self.kind.value
        if self.kind is MoveKind.DECLARE:
            return f"{self.kind.value}:{'+'.join(code(c) for c in iter_cards(self.shown))}"
        if self.kind is not MoveKind.PLAY:
            return f"{self.kind.value}:{code(self.card)}"
        if not self.capture:
            return code(self.card)
        return f"{code(self.card)}:{'+'.join(code(c) for c in iter_cards(self.capture))}"

    @classmethod
    def from_code(cls, text: str) -> Move:
        """The move written as ``7D``, ``7D:3C+4S`` or ``kind:CARD``; raises EngineError."""
        played, colon, taken = text.partition(":")
        cardless = next((k for k in CARDLESS_KINDS if k.value == text.lower()), None)
        if cardless is not None:
            return cardless_move(cardless)
        if played.lower() == MoveKind.DECLARE.value:
            try:
                shown = 0
                for part in taken.split("+"):
                    shown |= bit(parse_card(part))
            except CardCodeError as error:
                raise EngineError(f"not a move code: {text!r} ({error})") from error
            return declare_move(shown)
        kind = next((k for k in PREFIXED_KINDS if k.value == played.lower()), None)
        if kind is not None:
            try:
                return cls(parse_card(taken), 0, kind)
            except CardCodeError as error:
                raise EngineError(f"not a move code: {text!r} ({error})") from error
        try:
            capture = 0
            for part in taken.split("+") if colon else ():
                taken_card = bit(parse_card(part))
                if capture & taken_card:
                    raise EngineError(f"not a move code: {text!r} ({part} is taken twice)")
                capture |= taken_card
            return cls(parse_card(played), capture)
        except CardCodeError as error:
            raise EngineError(f"not a move code: {text!r} ({error})") from error


CLAIM_MOVE = Move(0, 0, MoveKind.CLAIM)
DECLINE_MOVE = Move(0, 0, MoveKind.DECLINE)


def cardless_move(kind: MoveKind) -> Move:
    """The move of a kind that names no card (a claim, declining to declare)."""
    return CLAIM_MOVE if kind is MoveKind.CLAIM else DECLINE_MOVE


def declare_move(hand: Cards) -> Move:
    """The move declaring a set of cards: its lowest card, the others as ``capture``."""
    low = hand & -hand
    return Move(low.bit_length() - 1, hand & ~low, MoveKind.DECLARE)


def sum_subsets(table: Cards, total: int, min_cards: int) -> list[Cards]:
    """Every set of at least ``min_cards`` table cards whose ranks add up to ``total``, in no
    particular order (``captures`` orders them)."""
    # The table's cards as one-card sets, by rank then id, beside their ranks.
    bits = sorted(one_card_sets(table), key=RANK_OF_BIT.__getitem__)
    ranks = [RANK_OF_BIT[b] for b in bits]
    last = len(bits)
    found: list[Cards] = []
    # Partial sets still short of the total: (next card to try, rank left, cards, size).
    partial = [(0, total, 0, 1)]
    while partial:
        start, remaining, chosen, size = partial.pop()
        for i in range(start, last):
            rank = ranks[i]
            if rank > remaining:
                break  # the ranks only grow from here
            taken = chosen | bits[i]
            if rank == remaining:
                if size >= min_cards:
                    found.append(taken)
            else:
                partial.append((i + 1, remaining - rank, taken, size + 1))
    return found


@functools.cache  # at most 2**9 rank sets times 10 totals
def rank_sums(ranks: int, total: int) -> tuple[tuple[int, ...], ...]:
    """The sets of two or more distinct ranks among ``ranks`` (bit r - 1 for rank r) that add
    up to ``total``, each as its ranks."""
    present = [r for r in range(1, RANKS_PER_SUIT + 1) if ranks >> (r - 1) & 1]
    found = []
    for size in range(2, len(present) + 1):
        found += [c for c in itertools.combinations(present, size) if sum(c) == total]
    return tuple(found)


def standard_captures(rank: int, table: Cards, match_priority: bool = True) -> list[Cards]:
    """Captures by the standard rule: one card of equal rank, else a set summing to the rank.

    Without ``match_priority`` (third Quindici version) the sets are allowed beside a match.
    A table holding one card of each of its ranks (as most do) has its sets by rank.
    """
    singles = one_card_sets(table & RANK_MASKS[rank])
    if singles and match_priority:
        return singles
    ranks = 0
    for r in range(1, min(rank, RANKS_PER_SUIT + 1)):
        held = table & RANK_MASKS[r]
        if held & (held - 1):  # two cards of a rank: every subset, one by one
            return singles + sum_subsets(table, rank, 2)
        if held:
            ranks |= 1 << (r - 1)
    return singles + [
        functools.reduce(operator.or_, (table & RANK_MASKS[r] for r in combination))
        for combination in rank_sums(ranks, rank)
    ]


def captures(rules: Rules, played: Card, table: Cards) -> list[Cards]:
    """Every distinct capture the played card may make, in a fixed order; [] when none."""
    if not table:
        return []
    rank = rank_of(played)
    if rules.ace_takes_all and rank == ACE:
        aces = table & RANK_MASKS[ACE]
        options = one_card_sets(aces) if aces else [table]
    elif rules.capture_rule == "standard":
        options = standard_captures(rank, table, rules.match_priority)
    elif rules.capture_rule == "fifteen":
        options = sum_subsets(table, FIFTEEN - rank, 1)
    else:
        options = list(
            dict.fromkeys(
                standard_captures(rank, table, rules.match_priority)
                + sum_subsets(table, FIFTEEN - rank, 1)
            )
        )
    if rules.fewest_cards and len(options) > 1:
        fewest = min(o.bit_count() for o in options)
        options = [o for o in options if o.bit_count() == fewest]
    if len(options) > 1:
        options.sort(key=_capture_order)
    return options


def _capture_order(capture: Cards) -> tuple[int, list[Card]]:
    return capture.bit_count(), to_list(capture)


def is_ace_sweep_by_rule(rules: Rules, played: Card, table: Cards) -> bool:
    """Whether playing this card takes the whole table by the ace-takes-all rule."""
    return (
        rules.ace_takes_all
        and rank_of(played) == ACE
        and table != 0
        and not table & RANK_MASKS[ACE]
    )


def sweep_scores(rules: Rules, played: Card, table: Cards, last_play: bool) -> bool:
    """Whether a capture of the whole table scores a scopa (given it clears the table)."""
    if last_play and not rules.last_card_scopa:
        return False
    return not (is_ace_sweep_by_rule(rules, played, table) and not rules.ace_scopa)


def move_sweeps(rules: Rules, move: Move, table: Cards, last_play: bool) -> bool:
    """Whether a move played on this table scores a scopa."""
    if not move.plays_card or not move.capture or move.capture != table:
        return False
    return sweep_scores(rules, move.card, table, last_play)


def ace_takes_itself(rules: Rules, played: Card, table: Cards) -> bool:
    """Whether a card laid on this table goes to the pile instead (ace_takes_itself)."""
    return rules.ace_takes_all and rules.ace_takes_itself and not table and rank_of(played) == ACE


def moves_for_card(rules: Rules, played: Card, table: Cards) -> list[Move]:
    """The legal moves of one card in hand on a table."""
    options = captures(rules, played, table)
    moves = [Move(played, o) for o in options]
    if not options or not rules.compulsory_capture:
        moves.insert(0, Move(played, 0))
    if rules.ace_may_pass and rank_of(played) == ACE:
        moves.append(Move(played, 0, MoveKind.PASS))
    return moves


def hand_moves(rules: Rules, hand: Cards, table: Cards) -> list[Move]:
    """Every legal move of a hand on a table: cards in id order, captures in a fixed order."""
    moves: list[Move] = []
    for c in iter_cards(hand):
        moves.extend(moves_for_card(rules, c, table))
    return moves
