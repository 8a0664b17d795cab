"""Captured piles, scope and the last capturer of a view rebuilt from its history of plays.

The history lists this hand's plays in order and the view shows the table now. Walking the
plays backwards from the current table recovers the table before each play (a capture put its
cards back, a laid card is taken off); walking forwards again checks each play against its
table and collects the piles: a capture that empties the table is a scopa, unless the ace took
the table by rule with ``ace_scopa`` off, or it was the hand's last play without
``last_card_scopa``.
"""

from __future__ import annotations

from dataclasses import dataclass

from service.engine.cards import Cards, code, count, rank_of
from service.engine.errors import InvalidStateError, Problem
from service.engine.moves import ACE, MoveKind, hand_moves, is_ace_sweep_by_rule
from service.engine.rules import Rules
from service.engine.state import Play

SUPPORTED_KINDS = (MoveKind.PLAY, MoveKind.PASS)


@dataclass(frozen=True, slots=True)
class Rebuilt:
    """What the plays of a hand leave: a pile and a scope count per side, the last capturer."""

    piles: tuple[Cards, ...]
    scope: tuple[int, ...]
    last_capturer: int | None


def table_before(plays: tuple[Play, ...], table_now: Cards) -> Cards:
    """The table before the first play, recovered backwards from the table after the last."""
    table = table_now
    for play in reversed(plays):
        move = play.move
        if move.capture:
            table |= move.capture
        elif move.kind is MoveKind.PLAY:
            table &= ~(1 << move.card)
    return table


def rebuild(
    rules: Rules, dealer: int, plays: tuple[Play, ...], *, table_now: Cards, hand: Cards, last: bool
) -> Rebuilt:
    """The piles, scope and last capturer the plays make; InvalidStateError lists every problem.

    ``hand`` is the viewing seat's hand (none of its cards was played); ``last`` says whether
    the final play listed was the hand's last, which scores no scopa without last_card_scopa.
    """
    problems: list[Problem] = []
    first_table = table_before(plays, table_now)
    if plays and count(first_table) != rules.initial_table:
        problems.append(
            Problem(
                "history",
                f"the plays leave {count(first_table)} cards on the table before the first "
                f"play, but the deal lays {rules.initial_table}",
            )
        )
    piles = [0] * rules.sides
    scope = [0] * rules.sides
    last_capturer: int | None = None
    table = first_table
    played = 0
    for i, play in enumerate(plays):
        field = f"history[{i}]"
        move = play.move
        expected_seat = (dealer + 1 + i) % rules.players
        if play.seat != expected_seat:
            problems.append(Problem(f"{field}.seat", f"play {i + 1} is seat {expected_seat}'s"))
        if move.kind not in SUPPORTED_KINDS:
            problems.append(Problem(f"{field}.kind", "only play and pass moves are supported"))
            continue
        card_bit = 1 << move.card
        if (hand | first_table | played) & card_bit:
            problems.append(Problem(f"{field}.card", f"{code(move.card)} is not in a hidden hand"))
            continue
        played |= card_bit
        if move not in hand_moves(rules, card_bit, table):
            problems.append(Problem(field, f"{move.code()} is not legal on that table"))
            continue
        side = rules.side_of(play.seat)
        if move.capture:
            sweep = move.capture == table
            piles[side] |= move.capture | card_bit
            last_capturer = play.seat
            if sweep and _scores_scopa(rules, move.card, table, last and i == len(plays) - 1):
                scope[side] += 1
            table &= ~move.capture
        elif move.kind is MoveKind.PASS or _takes_itself(rules, move.card, table):
            piles[side] |= card_bit
            last_capturer = play.seat
        else:
            table |= card_bit
    if not problems and table != table_now:
        problems.append(Problem("table", "the history does not lead to this table"))
    if problems:
        raise InvalidStateError(problems)
    return Rebuilt(tuple(piles), tuple(scope), last_capturer)


def _scores_scopa(rules: Rules, card: int, table: Cards, last_play: bool) -> bool:
    """Whether a capture of the whole table is a scopa under the rules."""
    if last_play and not rules.last_card_scopa:
        return False
    return not (is_ace_sweep_by_rule(rules, card, table) and not rules.ace_scopa)


def _takes_itself(rules: Rules, card: int, table: Cards) -> bool:
    """Whether an ace laid on an empty table goes to the pile (ace_takes_itself)."""
    return rules.ace_takes_all and rules.ace_takes_itself and not table and rank_of(card) == ACE
