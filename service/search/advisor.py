"""Move advice: perfect-information Monte Carlo over sampled worlds, solved exactly at the end.

Each world deals the cards the seat cannot see at random (``kernel.loop``), plays every root
move in it and values the result: by alpha-beta (``kernel.solver``) when two sides remain with
at most ``SOLVE_CARDS`` cards in hand and nothing to deal, else by one playout of the heuristic
policy (``kernel.policy``) seeded alike for every root move of the world (common random
numbers), which the solver takes over at the last deal of a two-player hand
(``PLAYOUT_SOLVE_CARDS``). The world loop runs compiled or in pure Python (``kernel.backend``),
with identical results. A passed ace (``ace_may_pass``) is valued by putting it in the pile. A
move's value is the mean, over worlds, of the seat's side's hand points minus the mean of the
other sides', with its standard error, its breakdown by scoring category (the same playouts'
points, so the parts add up to the value) and the share of worlds in which the next player, an
opponent, can sweep the table after it; with a match context, its win probability is the mean of
``match_model.hand_win_probability`` over the same outcomes, and moves are ranked by it. A
time budget races the moves, dropping a move once it is clearly worse than the best so later
worlds play only the others (``race``, ``estimates``), and may stop early once the best move is
clear. Identical calls with an iteration budget give identical advice except
``stats.elapsed_ms``.

Bounds. The budget counts the search itself: the rules' kernel tables and the match model's
table (``match_model.prepare``) are built before its clock starts. A search runs at least
``MIN_WORLDS`` worlds (or its iteration budget, when smaller): past its time budget when it
must, by at most ``FLOOR_GRACE_MS``, after which it stops even inside a world; a search that
still has fewer is ``undersampled`` (its values rest on too few worlds; the service never
caches it), unless it is exact (one possible world, solved, which every world repeats). A
position with more than ``MAX_SEARCHED_PLAYS`` card plays (a table of many low cards has
thousands of captures) searches that many, chosen by the play model's own worth of each play,
every card of the hand in turn; the others are listed unsearched with a note.
"""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from service.engine.message import Message
from service.engine.moves import Move
from service.engine.rules import Rules
from service.engine.view import View, check_view, view_moves
from service.search.estimates import (
    best_is_clear,
    best_running,
    clearly_worse,
    estimate,
    paired_std_error,
)
from service.search.kernel.backend import Backend, SearchSolver, backend_for
from service.search.kernel.fast import fast_rules
from service.search.kernel.inference import own_gain
from service.search.kernel.leaf import model_for
from service.search.kernel.loop import RootSetup, WinFunction
from service.search.match_model import hand_win_probability, prepare
from service.search.race import Race
from service.search.special import POLICY, SEARCH, UNRANKED_NOTES, chosen_special
from service.search.worlds import root_setup

ALGORITHM = "pimc+alphabeta"
NO_SEARCH = "none"  # the algorithm named when only moves that play no card are legal
MAX_MS = 5000
# Cards left in all hands (nothing to deal) from which each sampled world is solved exactly:
# about 3 ms a solve at 12 cards for four players (tests/benchmarks/bench_search_speed.py).
SOLVE_CARDS = 12
# Cards left in both hands (nothing to deal) at which a two-player playout hands over to the
# solver: the last deal is then a game of perfect information to both players (each knows the
# other holds every card it has not seen), so it is played exactly, as a counting player plays
# it. With more players the hidden hands stay hidden to the end, and the solve, which sees
# them, played worse (docs/performance-log.md).
PLAYOUT_SOLVE_CARDS = 6
# Worlds a time-budgeted search runs between two checks of the race and the early stop.
WORLD_CHUNK = 16
# The fewest worlds a search answers from (module docstring), and how far past its budget a
# search may run to reach them.
MIN_WORLDS = 32
FLOOR_GRACE_MS = 50
# The most card plays one search ranks; real play has at most a few dozen.
MAX_SEARCHED_PLAYS = 64
NOT_SEARCHED_NOTE = (
    "not searched: the position has more card plays than the search ranks; this one was "
    "left out by the play model's own worth of it"
)
NO_WORLD_NOTE = "not searched: no world was finished in time; ordered by the play model's worth"


@dataclass(frozen=True, slots=True)
class Budget:
    """How long to search: a number of sampled worlds, or milliseconds (capped at 5000)."""

    ms: int | None = None
    iterations: int | None = None

    def __post_init__(self) -> None:
        if (self.ms is None) == (self.iterations is None):
            raise ValueError("a budget gives exactly one of ms or iterations")
        if self.ms is not None and not 1 <= self.ms <= MAX_MS:
            raise ValueError(f"ms must be 1..{MAX_MS}")
        if self.iterations is not None and self.iterations < 1:
            raise ValueError("iterations must be at least 1")

    def to_dict(self) -> dict[str, int]:
        """The budget as JSON: {"ms": N} or {"iterations": N}."""
        if self.ms is not None:
            return {"ms": self.ms}
        return {"iterations": self.iterations or 0}


# The search budget when none is given (docs/search.md#the-default-budget). 10 ms a move
# with two players was not shown as strong as 50 ms against every outside opponent, so every
# rule set searches 50 ms.
DEFAULT_BUDGET = Budget(ms=50)


def default_budget(rules: Rules) -> Budget:
    """The budget of a search that is given none, for these rules (see DEFAULT_BUDGET)."""
    return DEFAULT_BUDGET


@dataclass(frozen=True, slots=True)
class MatchContext:
    """Match totals per side before this hand, and the target."""

    scores: tuple[int, ...]
    target: int


@dataclass(frozen=True, slots=True)
class MoveAdvice:
    """One legal move with its expected hand point differential and match win probability.

    A move that plays no card is not ranked: its value is None and ``note`` says what it is.
    """

    move: Move
    expected_value: float | None
    win_probability: float | None
    note: str | None = None
    std_error: float | None = None
    win_std_error: float | None = None
    # The value by scoring category (the rules' categories, ``scoring.categories``).
    breakdown: Mapping[str, float] | None = None
    # The share of worlds in which the next player, an opponent, can sweep after the move.
    sweep_risk: float | None = None
    # The standard error of the best ranked move's value less this one's, over the same
    # worlds (None for the best move itself, or without paired sums).
    std_error_vs_best: float | None = None


@dataclass(frozen=True, slots=True)
class SearchStats:
    """What the search did; ``saved_ms``: the time budget left when the best move was clear,
    ``exact``: every world solved and only one world possible (nothing is hidden),
    ``undersampled``: fewer worlds than the floor (module docstring)."""

    worlds: int
    playouts: int
    nodes: int
    elapsed_ms: float
    algorithm: str
    budget: dict[str, int]
    stopped_early: bool = False
    saved_ms: float = 0.0
    exact: bool = False
    undersampled: bool = False


@dataclass(frozen=True, slots=True)
class Advice:
    """Every legal move, the card plays ranked best first and the unranked moves after them;
    the chosen move, how it was chosen (``special.CHOSEN_BY``), and the search statistics."""

    moves: tuple[MoveAdvice, ...]
    chosen: Move
    stats: SearchStats
    chosen_by: str = SEARCH


class UnadvisableError(ValueError):
    """A view with no move to advise for its seat; ``field`` names the view's field at fault."""

    def __init__(self, field: str, reason: str) -> None:
        super().__init__(reason)
        self.field = field
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Decision:
    """A seat's view checked to have a move to make now, with its legal moves."""

    view: View
    legal: tuple[Move, ...]


def decision_of(view: View) -> Decision:
    """The decision a view asks for; InvalidStateError or UnadvisableError when there is none."""
    check_view(view)
    check_advisable(view)
    return Decision(view, tuple(view_moves(view)))


def check_advisable(view: View) -> None:
    """Raise UnadvisableError unless the view's seat has a move to make now."""
    if view.claimed_by is not None:
        raise UnadvisableError(
            "claimed_by", Message("the hand ended on a claim: there is no move to advise")
        )
    if sum(view.hand_sizes) == 0 and view.stock_size == 0 and not view.cut_pending:
        raise UnadvisableError(
            "hand_sizes", Message("the hand is finished: there is no move to advise")
        )
    if view.to_move != view.seat:
        raise UnadvisableError(
            "seat",
            Message(
                "seat {seat} is not to move: seat {to_move} is",
                seat=view.seat,
                to_move=view.to_move,
            ),
        )
    if view.cut_pending and view.cut_card is None:
        raise UnadvisableError(
            "cut_card", Message("the cutter's own view shows the drawn card: give cut_card")
        )


def one_world(view: View, known: Mapping[int, int] | None = None) -> bool:
    """Whether the view leaves a single possible world: nothing to deal, and at most one
    hidden hand not wholly ``known``."""
    told = known or {}
    hidden = [
        n
        for seat, n in enumerate(view.hand_sizes)
        if seat != view.seat and n and told.get(seat, 0).bit_count() < n
    ]
    return view.stock_size == 0 and len(hidden) <= 1


class Searcher:
    """One advice search over a view: worlds run by the backend's loop into a race's tallies."""

    def __init__(
        self,
        view: View,
        moves: list[Move],
        seed: int | str | None,
        *,
        match: MatchContext | None,
        solver: SearchSolver | None,
        backend: Backend,
        inference: bool = True,
        known: Mapping[int, int] | None = None,
    ) -> None:
        self.view = view
        self.moves = moves
        self.match = match
        self.backend = backend
        self.fr = fast_rules(view.rules) if solver is None else solver.fr
        self.solver = backend.make_solver(self.fr) if solver is None else solver
        self.side = view.rules.side_of(view.seat)
        self.setup = root_setup(
            view,
            moves,
            SOLVE_CARDS,
            playout_solve_cards=PLAYOUT_SOLVE_CARDS if view.rules.players == 2 else 0,
            inference=inference,
            leaf=model_for(view.rules),
            known=known,
        )
        self.race = Race(len(moves), len(self.fr.categories))
        # Any seed (a string too) becomes the 64-bit seed both kernels' generators take.
        self.rng = backend.make_random(random.Random(seed).getrandbits(64))
        self.memo = backend.make_memo()
        self.win = self._win_function()

    def _win_function(self) -> WinFunction | None:
        match = self.match
        if match is None:
            return None
        fr, side = self.fr, self.side
        prepare(fr.rules, match.target)

        def win(totals: list[int], piles: list[int]) -> float:
            return hand_win_probability(
                fr, piles=piles, totals=totals, scores=match.scores, target=match.target, side=side
            )

        return win

    def run(self, max_worlds: int, seconds: float | None, hard_seconds: float | None) -> int:
        """Search up to ``max_worlds`` more worlds, stopping between root moves once
        ``seconds`` pass (with a world done), and at once when ``hard_seconds`` pass; the
        worlds completed."""
        return self.backend.run_worlds(
            self.fr,
            running_setup(self.setup, self.race.active),
            self.race.tally,
            self.rng,
            self.solver,
            max_worlds=max_worlds,
            seconds=seconds,
            win=self.win,
            hard_seconds=hard_seconds,
            memo=self.memo,
        )

    def drop_clearly_worse(self) -> None:
        """Drop from the race the running moves clearly worse than the best
        (``estimates.clearly_worse``): later worlds play only the others."""
        self.race.drop(clearly_worse(self.race, self.match is not None))

    def ranked(self) -> list[MoveAdvice]:
        """The searched moves ranked best first, with their estimates (without a world, in
        the play model's order, unvalued)."""
        if not self.race.worlds:
            return [MoveAdvice(m, None, None, NO_WORLD_NOTE) for m in self.moves]
        with_match = self.match is not None
        names = self.fr.categories
        best = best_running(self.race, with_match)
        scored = []
        for i, move in enumerate(self.moves):
            found = estimate(self.race, i, with_match, best)
            value = round(found.value, 6)
            advice = MoveAdvice(
                move,
                value,
                None if found.win is None else round(found.win, 6),
                std_error=_rounded(found.std_error),
                win_std_error=_rounded(found.win_std_error),
                breakdown=MappingProxyType(
                    {name: round(v, 6) for name, v in zip(names, found.categories, strict=True)}
                ),
                sweep_risk=round(found.sweep_risk, 6),
            )
            scored.append((-(found.win or 0.0), -value, move, advice))
        scored.sort(key=lambda t: t[:3])
        ranked = [advice for *_, advice in scored]
        top = self.moves.index(ranked[0].move)
        return [ranked[0]] + [
            dataclasses.replace(
                advice,
                std_error_vs_best=_rounded(
                    paired_std_error(self.race, top, self.moves.index(advice.move))
                ),
            )
            for advice in ranked[1:]
        ]


def running_setup(setup: RootSetup, running: tuple[int, ...]) -> RootSetup:
    """The world loop's setup for the moves still running (indices into ``setup.moves``)."""
    if len(running) == len(setup.moves):
        return setup
    return dataclasses.replace(setup, moves=tuple(setup.moves[i] for i in running))


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 6)


def advise(
    position: View | Decision,
    budget: Budget | None = None,
    seed: int | str | None = None,
    match: MatchContext | None = None,
    solver: SearchSolver | None = None,
    *,
    deadline_ms: int | None = None,
    kernel: str | None = None,
    early_stop: bool = True,
    inference: bool = True,
    must_search: tuple[Move, ...] = (),
    known: Mapping[int, int] | None = None,
) -> Advice:
    """Every legal move of the seat to move, the card plays ranked by the search.

    A view is checked first (``decision_of``: InvalidStateError for an inconsistent view,
    UnadvisableError when its seat has no move to make); a Decision is already checked. The
    moves that play no card follow the ranked plays unranked, and a rule may choose one of
    them (``special.chosen_special``); when only such moves are legal no search runs.
    ``deadline_ms`` caps an iteration budget's time: the search stops when it passes, and
    ``stats.budget`` then gives the iterations (worlds) actually used. ``kernel`` (auto,
    compiled or python; default SCOPA_KERNEL) picks the playout kernel: same advice, faster.
    Identical calls with an iteration budget give identical advice except ``stats.elapsed_ms``.
    With no ``budget`` the rules' ``default_budget`` applies. ``must_search`` names plays
    searched even where the position has more than MAX_SEARCHED_PLAYS (a review's played move).
    ``known`` tells the search cards of other seats' hands (seat: card mask) that the view does
    not show: every world deals them there (a leak hypothesis, or the ceiling of a player who
    sees the hands); ValueError when they cannot be there.
    """
    decision = position if isinstance(position, Decision) else decision_of(position)
    budget = budget or default_budget(decision.view.rules)
    view, legal = decision.view, decision.legal
    plays = [m for m in legal if m.plays_card]
    searched = searched_plays(view, plays, must_search)
    kept = set(searched)
    left_out = [MoveAdvice(m, None, None, NOT_SEARCHED_NOTE) for m in plays if m not in kept]
    if plays:
        ranked, stats = _search(
            view,
            searched,
            budget,
            seed,
            match=match,
            solver=solver,
            deadline_ms=deadline_ms,
            kernel=kernel,
            early_stop=early_stop,
            inference=inference,
            known=known,
        )
    else:
        ranked = []
        stats = SearchStats(0, 0, 0, 0.0, NO_SEARCH, budget.to_dict())
    unranked = [
        MoveAdvice(m, None, None, UNRANKED_NOTES[m.kind]) for m in legal if not m.plays_card
    ]
    chosen, chosen_by = chosen_special(legal) or (
        ranked[0].move,
        SEARCH if ranked[0].expected_value is not None else POLICY,
    )
    return Advice(tuple(ranked + left_out + unranked), chosen, stats, chosen_by)


def searched_plays(view: View, plays: list[Move], must: tuple[Move, ...] = ()) -> list[Move]:
    """The card plays a search ranks, in their order: every play, or where there are more
    than MAX_SEARCHED_PLAYS, the best of each card by the play model's own worth in turn
    (each card's best, then each card's second...), the ``must`` plays always among them."""
    if len(plays) <= MAX_SEARCHED_PLAYS:
        return plays
    fr = fast_rules(view.rules)
    by_card: dict[int, list[Move]] = {}
    for move in plays:
        by_card.setdefault(move.card, []).append(move)
    for moves in by_card.values():
        moves.sort(key=lambda m: -own_gain(fr, view.hand, view.table, m.card, m.capture))
    chosen = [m for m in must if m in plays]
    depth = 0
    while len(chosen) < MAX_SEARCHED_PLAYS:
        layer = [moves[depth] for moves in by_card.values() if depth < len(moves)]
        if not layer:
            break
        for move in layer:
            if len(chosen) < MAX_SEARCHED_PLAYS and move not in chosen:
                chosen.append(move)
        depth += 1
    kept = set(chosen)
    return [m for m in plays if m in kept]


def _search(
    view: View,
    plays: list[Move],
    budget: Budget,
    seed: int | str | None,
    *,
    match: MatchContext | None,
    solver: SearchSolver | None,
    deadline_ms: int | None,
    kernel: str | None,
    early_stop: bool,
    inference: bool,
    known: Mapping[int, int] | None = None,
) -> tuple[list[MoveAdvice], SearchStats]:
    """The card plays ranked by sampling worlds until the budget is spent (or, for a time
    budget, until the best move is clear), with at least the floor of worlds when the grace
    time allows (module docstring)."""
    backend = backend_for(view.rules, kernel)
    searcher = Searcher(
        view,
        plays,
        seed,
        match=match,
        solver=solver,
        backend=backend,
        inference=inference,
        known=known,
    )
    start = time.perf_counter()
    stopped = False
    budget_ms = budget.ms if budget.iterations is None else deadline_ms
    hard = None if budget_ms is None else start + (budget_ms + FLOOR_GRACE_MS) / 1000.0
    floor = MIN_WORLDS if budget.iterations is None else min(MIN_WORLDS, budget.iterations)
    if not _reach_floor(searcher, floor, hard):
        pass  # the hard deadline passed: the search is undersampled
    elif budget.iterations is not None:
        soft = None if deadline_ms is None else start + deadline_ms / 1000.0
        searcher.run(budget.iterations - searcher.race.worlds, *_left(soft, hard))
    else:
        deadline = start + (budget.ms or 0) / 1000.0
        while time.perf_counter() < deadline:
            if early_stop:
                searcher.drop_clearly_worse()
                if best_is_clear(searcher.race):
                    stopped = True
                    break
            if searcher.run(WORLD_CHUNK, *_left(deadline, hard)) < WORLD_CHUNK:
                break
    searched_budget = budget.to_dict()
    if budget.iterations is not None and searcher.race.worlds < budget.iterations:
        searched_budget = {"iterations": searcher.race.worlds}
    elapsed = (time.perf_counter() - start) * 1000.0
    race = searcher.race
    # One possible world, solved: every world would give the same values.
    exact = race.worlds > 0 and race.playouts == 0 and one_world(view, known)
    stats = SearchStats(
        worlds=race.worlds,
        playouts=race.playouts,
        nodes=searcher.solver.nodes,
        elapsed_ms=round(elapsed, 3),
        algorithm=ALGORITHM,
        budget=searched_budget,
        stopped_early=stopped,
        saved_ms=round(max((budget.ms or 0) - elapsed, 0.0), 3) if stopped else 0.0,
        exact=exact,
        undersampled=race.worlds < floor and not exact,
    )
    return searcher.ranked(), stats


def _left(soft: float | None, hard: float | None) -> tuple[float | None, float | None]:
    """Seconds from now to a soft and a hard deadline (clock readings; None: none)."""
    now = time.perf_counter()
    return (
        None if soft is None else max(soft - now, 0.0),
        None if hard is None else max(hard - now, 0.0),
    )


def _reach_floor(searcher: Searcher, floor: int, hard: float | None) -> bool:
    """Search worlds until the tally has ``floor`` of them, or the hard deadline passes;
    whether it has them."""
    missing = floor - searcher.race.worlds
    if missing > 0:
        searcher.run(missing, None, _left(None, hard)[1])
    return searcher.race.worlds >= floor
