"""Move advice: perfect-information Monte Carlo over sampled worlds, solved exactly at the end.

Each iteration samples one world consistent with the view (``worlds.sample_world``), plays every
root move in it and evaluates the result: by alpha-beta (``solver.Solver``) when two sides
remain with at most ``SOLVE_CARDS`` cards in hand and nothing to deal, else by one playout of
the heuristic policy (``policy.playout``) seeded alike for every root move of the world (common
random numbers). The kernel runs compiled or in pure Python (``backend``), with identical
results. A passed ace (``ace_may_pass``) is valued by putting it in the pile. A move's expected
value is the mean, over worlds, of the seat's side's hand points minus the mean of the other
sides'; with a match context, its win probability is the mean of
``match_model.hand_win_probability`` over the same outcomes, and moves are ranked by it.
Identical calls with an iteration budget give identical advice except ``stats.elapsed_ms``.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from service.engine.moves import Move, MoveKind
from service.engine.view import View, check_view, view_moves
from service.search.kernel.backend import Backend, SearchSolver, backend_for
from service.search.kernel.fast import FastRules, Pos, apply_pass
from service.search.match_model import hand_win_probability
from service.search.special import SEARCH, UNRANKED_NOTES, chosen_special
from service.search.worlds import sample_world

ALGORITHM = "pimc+alphabeta"
NO_SEARCH = "none"  # the algorithm named when only moves that play no card are legal
MAX_MS = 5000
# Cards left in all hands (nothing to deal) from which each sampled world is solved exactly:
# about 3 ms a solve at 12 cards for four players (tests/benchmarks/bench_search_speed.py).
SOLVE_CARDS = 12


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


# The default search budget: 50 ms per move (the strength benchmark is run at it).
DEFAULT_BUDGET = Budget(ms=50)


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


@dataclass(frozen=True, slots=True)
class SearchStats:
    """What the search did."""

    worlds: int
    playouts: int
    nodes: int
    elapsed_ms: float
    algorithm: str
    budget: dict[str, int]


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
            "claimed_by", "the hand ended on a claim: there is no move to advise"
        )
    if sum(view.hand_sizes) == 0 and view.stock_size == 0 and not view.cut_pending:
        raise UnadvisableError("hand_sizes", "the hand is finished: there is no move to advise")
    if view.to_move != view.seat:
        raise UnadvisableError("seat", f"seat {view.seat} is not to move: seat {view.to_move} is")
    if view.cut_pending and view.cut_card is None:
        raise UnadvisableError(
            "cut_card", "the cutter's own view shows the drawn card: give cut_card"
        )


def side_value(totals: list[int], side: int) -> float:
    """A side's hand points minus the mean of the other sides' points."""
    others = [t for i, t in enumerate(totals) if i != side]
    return totals[side] - sum(others) / len(others)


class Searcher:
    """One advice search over a view; ``run`` samples worlds until the budget is spent."""

    def __init__(
        self,
        view: View,
        moves: list[Move],
        rng: random.Random,
        *,
        match: MatchContext | None,
        solver: SearchSolver | None,
        backend: Backend,
    ) -> None:
        self.view = view
        self.rng = rng
        self.match = match
        self.backend = backend
        self.fr = FastRules(view.rules) if solver is None else solver.fr
        self.solver = backend.make_solver(self.fr) if solver is None else solver
        self.side = view.rules.side_of(view.seat)
        self.moves = moves
        self.value_sums = [0.0] * len(self.moves)
        self.win_sums = [0.0] * len(self.moves)
        self.counts = [0] * len(self.moves)
        self.worlds = 0
        self.playouts = 0

    def evaluate(self, pos: Pos, rollout_seed: int) -> tuple[float, float]:
        """The value of a position after a root move: rollout, or exact when small enough."""
        fr = self.fr
        if self.solver.applies(pos, SOLVE_CARDS):
            _, solved = self.solver.solve(pos)
            totals = list(solved)
        else:
            # Common random numbers: every root move of a world is rolled out with the same seed.
            totals = self.backend.playout(fr, pos, rollout_seed)
            self.playouts += 1
        piles = pos.piles
        value = side_value(totals, self.side)
        win = 0.0
        if self.match is not None:
            win = hand_win_probability(
                fr,
                piles=piles,
                totals=totals,
                scores=self.match.scores,
                target=self.match.target,
                side=self.side,
            )
        return value, win

    def iterate(self, deadline: float | None = None) -> bool:
        """Sample one world and evaluate every root move in it; False if the deadline cut it."""
        world = sample_world(self.view, self.rng)
        rollout_seed = self.rng.getrandbits(64)
        self.worlds += 1
        for i, move in enumerate(self.moves):
            if deadline is not None and self.worlds > 1 and time.perf_counter() >= deadline:
                return False
            pos = world.copy()
            if move.kind is MoveKind.PASS:
                apply_pass(self.fr, pos, move.card)
            else:
                self.backend.apply(self.fr, pos, move.card, move.capture)
            value, win = self.evaluate(pos, rollout_seed)
            self.value_sums[i] += value
            self.win_sums[i] += win
            self.counts[i] += 1
        return True

    def ranked(self, elapsed_ms: float, budget: Budget) -> tuple[list[MoveAdvice], SearchStats]:
        """The searched moves ranked best first, and what the search did."""
        scored = []
        for i, move in enumerate(self.moves):
            n = max(self.counts[i], 1)
            value = round(self.value_sums[i] / n, 6)
            win = self.win_sums[i] / n if self.match is not None else 0.0
            scored.append((-win, -value, move))
        scored.sort()
        ranked = [
            MoveAdvice(move, -value, -win if self.match is not None else None)
            for win, value, move in scored
        ]
        stats = SearchStats(
            worlds=self.worlds,
            playouts=self.playouts,
            nodes=self.solver.nodes,
            elapsed_ms=round(elapsed_ms, 3),
            algorithm=ALGORITHM,
            budget=budget.to_dict(),
        )
        return ranked, stats


def advise(
    position: View | Decision,
    budget: Budget | None = None,
    seed: int | str | None = None,
    match: MatchContext | None = None,
    solver: SearchSolver | None = None,
    *,
    deadline_ms: int | None = None,
    kernel: str | None = None,
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
    """
    decision = position if isinstance(position, Decision) else decision_of(position)
    budget = budget or DEFAULT_BUDGET
    view, legal = decision.view, decision.legal
    plays = [m for m in legal if m.plays_card]
    if plays:
        ranked, stats = _search(
            view,
            plays,
            budget,
            seed,
            match=match,
            solver=solver,
            deadline_ms=deadline_ms,
            kernel=kernel,
        )
    else:
        ranked = []
        stats = SearchStats(0, 0, 0, 0.0, NO_SEARCH, budget.to_dict())
    unranked = [
        MoveAdvice(m, None, None, UNRANKED_NOTES[m.kind]) for m in legal if not m.plays_card
    ]
    chosen, chosen_by = chosen_special(legal) or (ranked[0].move, SEARCH)
    return Advice(tuple(ranked + unranked), chosen, stats, chosen_by)


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
) -> tuple[list[MoveAdvice], SearchStats]:
    """The card plays ranked by sampling worlds until the budget is spent."""
    start = time.perf_counter()
    backend = backend_for(view.rules, kernel)
    searcher = Searcher(
        view, plays, random.Random(seed), match=match, solver=solver, backend=backend
    )
    if budget.iterations is not None:
        cap = None if deadline_ms is None else start + deadline_ms / 1000.0
        for _ in range(budget.iterations):
            if not searcher.iterate(cap) or (cap is not None and time.perf_counter() >= cap):
                break
        if searcher.worlds < budget.iterations:
            budget = Budget(iterations=searcher.worlds)
    else:
        deadline = start + (budget.ms or 0) / 1000.0
        # The first world is always completed, so every move has a value.
        while searcher.iterate(deadline) and time.perf_counter() < deadline:
            pass
    elapsed = (time.perf_counter() - start) * 1000.0
    return searcher.ranked(elapsed, budget)
