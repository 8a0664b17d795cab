"""The root moves' worlds in stages: every move at first, then only the moves still in the race.

A time-budgeted search drops a move once it is clearly worse than the best one
(``estimates.clearly_worse``); the worlds after that play only the moves left, so the budget
goes where the ranking is still open. Each stage (one set of moves still running) has its own
kernel ``Tally``; ``Race`` reads them together. Stages are nested: a dropped move never comes
back, so any two moves shared every stage up to the one the first of them left, and two moves
still running shared every world.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from service.search.kernel.loop import Tally


@dataclass(frozen=True, slots=True)
class Stage:
    """The worlds searched while ``moves`` (the search's move indices, ascending) ran."""

    moves: tuple[int, ...]
    tally: Tally


@dataclass(frozen=True, slots=True)
class Moments:
    """One move's sums over a set of worlds."""

    worlds: int
    value: float
    squares: float
    win: float
    win_squares: float
    categories: tuple[float, ...]
    sweeps: int


@dataclass(frozen=True, slots=True)
class Paired:
    """The sums of one move's value less another's over the worlds both played."""

    worlds: int
    total: float
    squares: float


@dataclass(frozen=True, slots=True)
class Running:
    """The running moves' sums over every world (all ran in each): by position in ``moves``."""

    moves: tuple[int, ...]
    worlds: int
    value: list[float]
    squares: list[float]
    win: list[float]
    win_squares: list[float]


class Race:
    """The stages of one search, from all ``moves`` to the moves still running."""

    def __init__(self, moves: int, categories: int) -> None:
        self.moves = moves
        self.categories = categories
        self.stages = [Stage(tuple(range(moves)), Tally(moves, categories))]

    @property
    def active(self) -> tuple[int, ...]:
        """The moves still running (search indices, ascending)."""
        return self.stages[-1].moves

    @property
    def tally(self) -> Tally:
        """The running stage's tally, the one the world loop adds to."""
        return self.stages[-1].tally

    @property
    def worlds(self) -> int:
        """The worlds searched in all stages."""
        return sum(stage.tally.worlds for stage in self.stages)

    @property
    def playouts(self) -> int:
        """The playouts run in all stages."""
        return sum(stage.tally.playouts for stage in self.stages)

    def drop(self, moves: Iterable[int]) -> None:
        """Stop running ``moves``: later worlds play only the others."""
        gone = set(moves)
        keep = tuple(m for m in self.active if m not in gone)
        if keep == self.active:
            return
        stage = Stage(keep, Tally(len(keep), self.categories))
        if self.tally.worlds:
            self.stages.append(stage)
        else:
            self.stages[-1] = stage

    def running(self) -> Running:
        """The running moves' value and win sums over all worlds (read after every chunk of
        worlds, so without the categories ``moments`` adds)."""
        moves = self.active
        value, squares, win, win_squares = ([0.0] * len(moves) for _ in range(4))
        for stage in self.stages:
            tally = stage.tally
            for i, move in enumerate(moves):
                at = stage.moves.index(move)
                value[i] += tally.sums[at]
                squares[i] += tally.squares[at]
                win[i] += tally.wins[at]
                win_squares[i] += tally.win_squares[at]
        return Running(moves, self.worlds, value, squares, win, win_squares)

    def moments(self, move: int, shared_with: int | None = None) -> Moments:
        """A move's sums over the worlds it played (with ``shared_with``: that move played too)."""
        ncat = self.categories
        worlds = sweeps = 0
        value = squares = win = win_squares = 0.0
        cats = [0.0] * ncat
        for stage in self.stages:
            if move not in stage.moves or (
                shared_with is not None and shared_with not in stage.moves
            ):
                continue
            tally, i = stage.tally, stage.moves.index(move)
            worlds += tally.worlds
            value += tally.sums[i]
            squares += tally.squares[i]
            win += tally.wins[i]
            win_squares += tally.win_squares[i]
            sweeps += tally.sweeps[i]
            for k in range(ncat):
                cats[k] += tally.cats[i * ncat + k]
        return Moments(worlds, value, squares, win, win_squares, tuple(cats), sweeps)

    def paired(self, a: int, b: int) -> Paired | None:
        """The sums of ``a``'s value less ``b``'s over the worlds both played; None when a
        stage kept no cross products (too many moves)."""
        worlds = 0
        total = squares = 0.0
        for stage in self.stages:
            if a not in stage.moves or b not in stage.moves:
                continue
            tally = stage.tally
            if not tally.cross:
                return None
            m, i, j = tally.moves, stage.moves.index(a), stage.moves.index(b)
            worlds += tally.worlds
            total += tally.sums[i] - tally.sums[j]
            squares += tally.cross[i * m + i] - 2 * tally.cross[i * m + j] + tally.cross[j * m + j]
        return Paired(worlds, total, squares)
