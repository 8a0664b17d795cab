"""Captured piles, scope, the last capturer, declarations, their open round and a claim
rebuilt from a history.

The history lists this hand's moves in order and the view shows the table now. Walking the
plays backwards from the current table recovers the table before each play (a capture put its
cards back, a laid card is taken off); walking forwards again checks each play against its
table and collects the piles: a capture that empties the table is a scopa, unless the ace took
the table by rule with ``ace_scopa`` off, or it was the hand's last play without
``last_card_scopa``. After each deal of three cards under rules with declarations the
history must give every seat's declare or decline, in turn, before the deal's first card.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, replace
from typing import Any

from service.engine.cards import Cards, code, codes, count
from service.engine.declarations import Declaration, opens_round, shown_hand, what_declares
from service.engine.errors import InvalidStateError, Problem
from service.engine.message import Message
from service.engine.moves import MoveKind, ace_takes_itself, hand_moves, sweep_scores
from service.engine.rules import Rules
from service.engine.state import Play
from service.engine.view import View

CUT_KINDS = (MoveKind.KEEP, MoveKind.TABLE)


@dataclass(frozen=True, slots=True)
class Rebuilt:
    """What the moves of a hand leave: piles, scope, the last capturer, the declarations made,
    the seat whose claim ended the hand, and the declaration round still open (the seats yet
    to act in it, in order)."""

    piles: tuple[Cards, ...]
    scope: tuple[int, ...]
    last_capturer: int | None
    declarations: tuple[Declaration, ...] = ()
    claimed_by: int | None = None
    round_seats: tuple[int, ...] = ()

    @property
    def declaration_round(self) -> bool:
        """Whether a declaration round is still open after the moves."""
        return bool(self.round_seats)


def table_before(plays: tuple[Play, ...], table_now: Cards) -> Cards:
    """The table before the first play, recovered backwards from the table after the last."""
    table = table_now
    for play in reversed(plays):
        move = play.move
        if not move.plays_card:
            continue
        if move.capture:
            table |= move.capture
        elif move.kind is MoveKind.PLAY:
            table &= ~(1 << move.card)
    return table


def deal_of_play(rules: Rules, card_plays: int) -> int:
    """The deal (from 1) in which the next card play falls after ``card_plays`` plays."""
    dealt = 0
    for deal, size in enumerate(rules.deal_sizes, start=1):
        dealt += size * rules.players
        if card_plays < dealt:
            return deal
    return len(rules.deal_sizes)


def tables_before(rules: Rules, plays: tuple[Play, ...], table_now: Cards) -> list[Cards]:
    """The table each move of a history met, recovered from the table after the last one."""
    table = table_before(plays, table_now)
    found = []
    for play in plays:
        found.append(table)
        move = play.move
        if not move.plays_card:
            continue
        if move.capture:
            table &= ~move.capture
        elif move.kind is MoveKind.PLAY and not ace_takes_itself(rules, move.card, table):
            table |= 1 << move.card
    return found


class _Walk:
    """The forward walk over the history: the table, piles and everything the moves make."""

    def __init__(self, rules: Rules, dealer: int, first_table: Cards, hand: Cards) -> None:
        self.rules = rules
        self.dealer = dealer
        self.first_table = first_table
        self.hand = hand
        self.table = first_table
        self.piles = [0] * rules.sides
        self.scope = [0] * rules.sides
        self.last_capturer: int | None = None
        self.declarations: list[Declaration] = []
        self.claimed_by: int | None = None
        self.played = 0
        self.card_plays = 0
        self.deal = 1
        # The seats still to act in the open declaration round, in order.
        self.round: list[int] = []
        if not rules.first_card_choice:
            self.open_round()
        self.problems: list[Problem] = []

    def open_round(self) -> None:
        """Open the declaration round of the current deal, when it has one."""
        if opens_round(self.rules, self.deal):
            n = self.rules.players
            self.round = [(self.dealer + 1 + i) % n for i in range(n)]

    def next_card_seat(self) -> int:
        """The seat due to play the next card."""
        return (self.dealer + 1 + self.card_plays) % self.rules.players

    def special(self, field: str, index: int, count_all: int, play: Play) -> None:
        """Check and record a move playing no card: the cutter's choice, a declaration or a
        decline in the round after a deal, a claim."""
        rules = self.rules
        move = play.move
        if move.kind in (MoveKind.DECLARE, MoveKind.DECLINE):
            self.round_move(field, play)
            return
        if play.seat != self.next_card_seat():
            reason = Message(
                "move {move} is seat {seat}'s", move=index + 1, seat=self.next_card_seat()
            )
            self.problems.append(Problem(f"{field}.seat", reason))
        if move.kind in CUT_KINDS:
            if not rules.first_card_choice or index != 0:
                reason = Message("only the first move, with first_card_choice")
                self.problems.append(Problem(f"{field}.kind", reason))
            elif (move.kind is MoveKind.TABLE) != bool(self.first_table >> move.card & 1):
                reason = (
                    Message("{card} must start on the table", card=code(move.card))
                    if move.kind is MoveKind.TABLE
                    else Message("{card} must start off the table", card=code(move.card))
                )
                self.problems.append(Problem(f"{field}.card", reason))
            self.open_round()
        elif not rules.claims or index != count_all - 1:
            self.problems.append(
                Problem(f"{field}.kind", Message("a claim, with claims, ends the hand"))
            )
        elif self.round:
            reason = Message("a claim is made on a turn of play, not in the declaration round")
            self.problems.append(Problem(f"{field}.kind", reason))
        else:
            self.claimed_by = play.seat

    def round_move(self, field: str, play: Play) -> None:
        """Check and record a declaration or a decline: the next seat of the open round acts."""
        move = play.move
        if not self.round:
            reason = Message("only in the declaration round right after a deal of three cards")
            self.problems.append(Problem(f"{field}.kind", reason))
            return
        seat = self.round.pop(0)
        if play.seat != seat:
            reason = Message("seat {seat} acts next in the declaration round", seat=seat)
            self.problems.append(Problem(f"{field}.seat", reason))
        if move.kind is MoveKind.DECLINE:
            return
        if (self.first_table | self.played) & move.shown:
            reason = Message("a declared card was already played or on the table")
            self.problems.append(Problem(field, reason))
        elif seat != play.seat:
            return
        elif shown_hand(self.rules, move.shown) is None:
            reason = Message("not a declaration: {declares}", declares=what_declares(self.rules))
            self.problems.append(Problem(field, reason))
        else:
            self.declarations.append(Declaration(play.seat, self.deal, move.shown))

    def card_play(self, field: str, index: int, play: Play, last_play: bool) -> None:
        """Check and apply a card play (or an ace passed) on the table it met."""
        rules = self.rules
        move = play.move
        if self.round:
            reason = Message(
                "seat {seat} must first declare or decline: the round is open", seat=self.round[0]
            )
            self.problems.append(Problem(f"{field}.kind", reason))
            self.round = []
        if play.seat != self.next_card_seat():
            reason = Message(
                "move {move} is seat {seat}'s", move=index + 1, seat=self.next_card_seat()
            )
            self.problems.append(Problem(f"{field}.seat", reason))
        deal = self.deal
        self.card_plays += 1
        if self.card_plays == rules.players * sum(rules.deal_sizes[:deal]) and deal < rules.deals:
            self.deal += 1
            self.open_round()
        if not 0 <= play.seat < rules.players:
            reason = Message("must be a seat 0..{last}", last=rules.players - 1)
            self.problems.append(Problem(f"{field}.seat", reason))
            return
        card_bit = 1 << move.card
        if (self.hand | self.first_table | self.played) & card_bit:
            self.problems.append(
                Problem(
                    f"{field}.card",
                    Message("{card} is not in a hidden hand", card=code(move.card)),
                )
            )
            return
        self.played |= card_bit
        shown = next(
            (d.cards for d in self.declarations if (d.seat, d.deal) == (play.seat, deal)), None
        )
        if shown is not None and not shown & card_bit:
            reason = Message(
                "seat {seat} showed {shown} in deal {deal}: {card} was not in its hand",
                seat=play.seat,
                shown="+".join(codes(shown)),
                deal=deal,
                card=code(move.card),
            )
            self.problems.append(Problem(f"{field}.card", reason))
        table = self.table
        if move not in hand_moves(rules, card_bit, table):
            self.problems.append(
                Problem(field, Message("{move} is not legal on that table", move=move.code()))
            )
            return
        side = rules.side_of(play.seat)
        if move.capture:
            self.piles[side] |= move.capture | card_bit
            self.last_capturer = play.seat
            if move.capture == table and sweep_scores(rules, move.card, table, last_play):
                self.scope[side] += 1
            self.table = table & ~move.capture
        elif move.kind is MoveKind.PASS or ace_takes_itself(rules, move.card, table):
            self.piles[side] |= card_bit
            self.last_capturer = play.seat
        else:
            self.table = table | card_bit


def rebuild(
    rules: Rules, dealer: int, plays: tuple[Play, ...], *, table_now: Cards, hand: Cards, last: bool
) -> Rebuilt:
    """The piles, scope, last capturer, declarations, claim and open round the moves make.

    InvalidStateError lists every problem. ``hand`` is the viewing seat's hand (none of its
    cards was played); ``last`` says whether the final card play listed was the hand's last,
    which scores no scopa without last_card_scopa. After each deal of three cards under rules
    with declarations, every seat in turn from the one after the dealer declares or declines
    before a card is played; the cutter's choice and a claim are made by the seat due to play
    the next card.
    """
    first_table = table_before(plays, table_now)
    walk = _Walk(rules, dealer, first_table, hand)
    if any(p.move.plays_card for p in plays) and count(first_table) != rules.initial_table:
        walk.problems.append(
            Problem(
                "history",
                Message(
                    "the plays leave {left} cards on the table before the first play, but the "
                    "deal lays {laid}",
                    left=count(first_table),
                    laid=rules.initial_table,
                ),
            )
        )
    final_play = max((i for i, p in enumerate(plays) if p.move.plays_card), default=-1)
    for i, play in enumerate(plays):
        field = f"history[{i}]"
        if play.move.plays_card:
            walk.card_play(field, i, play, last and i == final_play)
        else:
            walk.special(field, i, len(plays), play)
    if not walk.problems and walk.table != table_now:
        walk.problems.append(Problem("table", Message("the history does not lead to this table")))
    if walk.problems:
        raise InvalidStateError(walk.problems)
    return Rebuilt(
        tuple(walk.piles),
        tuple(walk.scope),
        walk.last_capturer,
        tuple(walk.declarations),
        walk.claimed_by,
        tuple(walk.round),
    )


# The fields of a view that its history determines.
REBUILT_FIELDS = (
    "piles",
    "scope",
    "last_capturer",
    "declarations",
    "claimed_by",
    "declaration_round",
)


def rebuilt_view(view: View, given: Collection[str] = ()) -> View:
    """The view with the fields its history determines rebuilt from it (REBUILT_FIELDS).

    Those named in ``given`` were sent with the view and must agree with the history;
    InvalidStateError lists every disagreement and every problem of the history.
    """
    last = view.stock_size == 0 and not any(view.hand_sizes)
    found = rebuild(
        view.rules, view.dealer, view.history, table_now=view.table, hand=view.hand, last=last
    )
    wanted: dict[str, Any] = {
        "piles": found.piles,
        "scope": found.scope,
        "last_capturer": found.last_capturer,
        "declarations": found.declarations,
        "claimed_by": found.claimed_by,
        "declaration_round": found.declaration_round,
    }
    problems = [
        Problem(
            name,
            Message(
                "differs from what the history gives: {value}",
                value=_readable(name, wanted[name]),
            ),
        )
        for name in REBUILT_FIELDS
        if name in given and getattr(view, name) != wanted[name]
    ]
    if found.round_seats and view.to_move != found.round_seats[0]:
        reason = Message(
            "seat {seat} acts next in the declaration round", seat=found.round_seats[0]
        )
        problems.append(Problem("to_move", reason))
    if problems:
        raise InvalidStateError(problems)
    return replace(view, **wanted)


def _readable(name: str, value: Any) -> object:
    """A rebuilt field as card codes, for a message."""
    if name == "piles":
        return [codes(p) for p in value]
    if name == "declarations":
        return [(d.seat, d.deal, codes(d.cards)) for d in value]
    return list(value) if isinstance(value, tuple) else value
