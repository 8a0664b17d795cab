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
    cross: list[float]  # len(moves) squared, empty without cross products


class Race:
    """The stages of one search, from all ``moves`` to the moves still running."""

    def __init__(self, moves: int, categories: int) -> None:
        self.moves = moves
        self.categories = categories
        self.stages = [Stage(tuple(range(moves)), Tally(moves, categories))]
        # The finished stages' sums by search index, for the running moves' quick totals.
        self._closed_worlds = 0
        self._closed = [[0.0] * moves for _ in range(4)]
        self._closed_cross: list[float] | None = [0.0] * (moves * moves)

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
        return self._closed_worlds + self.tally.worlds

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
            self._close(self.stages[-1])
            self.stages.append(stage)
        else:
            self.stages[-1] = stage

    def _close(self, stage: Stage) -> None:
        """Add a finished stage's sums to the closed ones."""
        tally, moves = stage.tally, stage.moves
        self._closed_worlds += tally.worlds
        for rows, local in zip(
            self._closed,
            (tally.sums, tally.squares, tally.wins, tally.win_squares),
            strict=True,
        ):
            for i, move in enumerate(moves):
                rows[move] += local[i]
        if self._closed_cross is None or not tally.cross:
            self._closed_cross = None
            return
        m, n = len(moves), self.moves
        for i, a in enumerate(moves):
            for j, b in enumerate(moves):
                self._closed_cross[a * n + b] += tally.cross[i * m + j]

    def running(self) -> Running:
        """The running moves' sums over all worlds (cheap: read after every chunk of worlds)."""
        tally, moves = self.tally, self.active
        value, squares, win, win_squares = (
            [rows[g] + local[i] for i, g in enumerate(moves)]
            for rows, local in zip(
                self._closed,
                (tally.sums, tally.squares, tally.wins, tally.win_squares),
                strict=True,
            )
        )
        cross: list[float] = []
        closed_cross = self._closed_cross
        if closed_cross is not None and tally.cross:
            m, n = len(moves), self.moves
            cross = [
                closed_cross[a * n + b] + tally.cross[i * m + j]
                for i, a in enumerate(moves)
                for j, b in enumerate(moves)
            ]
        return Running(moves, self.worlds, value, squares, win, win_squares, cross)

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
