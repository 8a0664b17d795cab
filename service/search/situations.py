"""Situations of a played hand that coaching counts for one seat: sweeps conceded and missed,
the settebello lost avoidably, sevens given away.

Each is read from the replayed hand, move by move, for the seat's card plays:

- a sweep missed: the seat had a legal play that sweeps, and played one that does not;
- a sweep conceded: the next card play, by the other side, sweeps;
- the settebello lost: the seat's play leaves the settebello on the table, the other side's
  next play takes it, and another legal play of the seat would have left it off the table;
- a seven given away: the seat's play leaves a seven (not the settebello) on the table, the
  other side's next play takes one, and another legal play would have left no seven there.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from service.engine.cards import bit, rank_mask
from service.engine.record import Replay
from service.engine.scoring import settebello_card
from service.engine.state import Play, apply, is_sweep, legal_moves

SITUATIONS = ("sweeps_conceded", "sweeps_missed", "settebello_lost", "sevens_given")


@dataclass(frozen=True, slots=True)
class Situations:
    """How often each situation happened to one seat in one hand."""

    sweeps_conceded: int = 0
    sweeps_missed: int = 0
    settebello_lost: int = 0
    sevens_given: int = 0

    def to_dict(self) -> dict[str, int]:
        """The counts by name."""
        return {name: getattr(self, name) for name in SITUATIONS}


def _next_play(moves: Sequence[Play], after: int) -> int | None:
    for index in range(after + 1, len(moves)):
        if moves[index].move.plays_card:
            return index
    return None


def situations_of(done: Replay, moves: Sequence[Play], seat: int) -> Situations:
    """The situations of ``seat`` in a replayed hand (module docstring)."""
    rules = done.states[0].rules
    settebello = bit(settebello_card(rules))
    sevens = rank_mask(7) & ~settebello
    counts = dict.fromkeys(SITUATIONS, 0)
    for index, play in enumerate(moves):
        if play.seat != seat or not play.move.plays_card:
            continue
        state = done.states[index]
        plays = [m for m in legal_moves(state) if m.plays_card]
        if any(is_sweep(state, m) for m in plays) and not is_sweep(state, play.move):
            counts["sweeps_missed"] += 1
        reply = _next_play(moves, index)
        if reply is None or rules.side_of(moves[reply].seat) == rules.side_of(seat):
            continue
        before_reply = done.states[reply]
        if is_sweep(before_reply, moves[reply].move):
            counts["sweeps_conceded"] += 1
        taken = before_reply.table & ~done.states[reply + 1].table
        left = done.states[index + 1].table
        tables = [apply(state, m)[0].table for m in plays if m != play.move]
        if left & taken & settebello and any(not t & settebello for t in tables):
            counts["settebello_lost"] += 1
        if left & taken & sevens and any(not t & sevens for t in tables):
            counts["sevens_given"] += 1
    return Situations(**counts)
