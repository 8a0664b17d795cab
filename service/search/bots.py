"""Built-in players: random, greedy, a rule-based expert, and the advisor at a budget."""

from __future__ import annotations

import random
from typing import Protocol

from service.engine.moves import Move, hand_moves, move_sweeps
from service.engine.primes import PRIME_TABLES
from service.engine.rules import Rules
from service.engine.view import View, view_moves
from service.search.advisor import Budget, advise
from service.search.human import HumanPlayer
from service.search.kernel.backend import SearchSolver, make_solver, requested
from service.search.kernel.fast import RANK, FastRules, cards_of
from service.search.kernel.policy import CARD_WORTH, SWEEP_RISK, SWEEP_WORTH, sweepable
from service.search.levels import level_named
from service.search.special import chosen_special

SETTEBELLO = 6
GREEDY_PRIME = PRIME_TABLES["standard"]


class Player(Protocol):
    """Anything that picks a legal move from a seat's view."""

    name: str

    def choose(self, view: View, rng: random.Random) -> Move:
        """The move to play; the view's seat is to move."""
        ...


def moves_of(view: View) -> list[Move]:
    """The legal moves of the seat to move."""
    return hand_moves(view.rules, view.hand, view.table)


class RandomPlayer:
    """Plays a uniformly random legal move."""

    name = "random"

    def choose(self, view: View, rng: random.Random) -> Move:
        """A random legal move."""
        return rng.choice(moves_of(view))


def greedy_worth(c: int) -> float:
    """A card's worth to the greedy player: settebello, coins, sevens, prime value."""
    r = RANK[c]
    return 1.0 + 5.0 * (c == SETTEBELLO) + 1.0 * (c < 10) + 2.0 * (r == 7) + GREEDY_PRIME[r] / 21.0


class GreedyPlayer:
    """Takes the most valuable immediate capture; otherwise lays its least valuable card."""

    name = "greedy"

    def choose(self, view: View, rng: random.Random) -> Move:
        """The most valuable capture, or the cheapest card laid down."""
        best: Move | None = None
        best_score = -1e9
        for m in moves_of(view):
            if m.capture:
                score = (
                    100.0 + greedy_worth(m.card) + sum(greedy_worth(c) for c in cards_of(m.capture))
                )
                if m.capture == view.table:
                    score += 10.0
            else:
                score = -greedy_worth(m.card)
            score += rng.random() * 1e-3
            if score > best_score:
                best, best_score = m, score
        assert best is not None
        return best


class ExpertPlayer:
    """Rule-based traditional play: count the cards, deny sweeps, keep pairs, value the points."""

    name = "expert"

    def __init__(self) -> None:
        self.fast: dict[Rules, FastRules] = {}

    def choose(self, view: View, rng: random.Random) -> Move:
        """The best move by the expert's rules of thumb."""
        fr = self.fast.get(view.rules)
        if fr is None:
            fr = self.fast[view.rules] = FastRules(view.rules)
        moves = moves_of(view)
        if len(moves) == 1:
            return moves[0]
        best = moves[0]
        best_score = -1e9
        for m in moves:
            score = self.score(fr, view, m) + rng.random() * 1e-3
            if score > best_score:
                best, best_score = m, score
        return best

    def score(self, fr: FastRules, view: View, move: Move) -> float:
        """The heuristic value of one move."""
        if move.capture:
            score = 2.0 + CARD_WORTH[move.card] + sum(CARD_WORTH[c] for c in cards_of(move.capture))
            after = view.table & ~move.capture
            if move_sweeps(view.rules, move, view.table, view.next_is_last_play):
                score += SWEEP_WORTH
        else:
            score = -CARD_WORTH[move.card]
            after = view.table | 1 << move.card
            held = view.hand & ~(1 << move.card)
            # Keep control of a rank held twice: laying one lets us retake a match.
            if any(RANK[c] == RANK[move.card] for c in cards_of(held)):
                score += 0.8
        score -= SWEEP_RISK * 1.5 * self.sweep_chance(fr, view, after)
        return score

    def sweep_chance(self, fr: FastRules, view: View, table: int) -> float:
        """The chance that the next player holds a card that sweeps this table (by counting)."""
        rank = sweepable(fr, table)
        if not rank or (view.stock_size == 0 and sum(view.hand_sizes) <= 1):
            return 0.0
        n = view.rules.players
        following = (view.seat + 1) % n
        if view.rules.side_of(following) == view.rules.side_of(view.seat):
            return 0.0
        unseen = cards_of(view.unseen)
        live = sum(1 for c in unseen if RANK[c] == rank)
        size = view.hand_sizes[following]
        if not unseen or size == 0:
            return 0.0
        miss = 1.0
        total = len(unseen)
        for i in range(min(size, total)):
            miss *= max(total - live - i, 0) / (total - i)
        return 1.0 - miss


class AdvisorPlayer:
    """Plays the advisor's choice at a fixed budget (None: each rules' default budget)."""

    def __init__(
        self,
        budget: Budget | None,
        name: str = "advisor",
        kernel: str | None = None,
        *,
        early_stop: bool = True,
        inference: bool = True,
    ) -> None:
        self.budget = budget
        self.name = name
        self.kernel = kernel
        self.early_stop = early_stop
        self.inference = inference
        self.solvers: dict[Rules, SearchSolver] = {}

    def choose(self, view: View, rng: random.Random) -> Move:
        """The advised move, searched with a seed drawn from ``rng``."""
        solver = self.solvers.get(view.rules)
        if solver is None:
            solver = self.solvers[view.rules] = make_solver(view.rules, self.kernel)
        return advise(
            view,
            self.budget,
            rng.getrandbits(32),
            solver=solver,
            kernel=self.kernel,
            early_stop=self.early_stop,
            inference=self.inference,
        ).chosen


def special_move(view: View) -> Move | None:
    """The rule every bot follows for moves that play no card, when one is legal (the
    advice's rule, ``special.chosen_special``): declare when the hand qualifies, else decline,
    the cutter keeps, never claim."""
    chosen = chosen_special(view_moves(view))
    return None if chosen is None else chosen[0]


class RuledPlayer:
    """A player whose moves that play no card follow ``special_move``."""

    def __init__(self, inner: Player) -> None:
        self.inner = inner
        self.name = inner.name

    def choose(self, view: View, rng: random.Random) -> Move:
        """The rule's special move when one is legal, else the inner player's card play."""
        return special_move(view) or self.inner.choose(view, rng)


def make_player(spec: str) -> Player:
    """A player by name (see ``make_bare_player``) that follows ``special_move``; a level
    below master makes its own moves that play no card."""
    player = make_bare_player(spec)
    return player if isinstance(player, HumanPlayer) else RuledPlayer(player)


def make_bare_player(spec: str) -> Player:
    """A player by name: random, greedy, expert, or advisor with optional ``:ms=N`` or ``:it=N``,
    ``:kernel=compiled|python``, ``:stop=on|off`` (the early stop of time budgets) and
    ``:infer=on|off`` (inference from the plays seen) settings, e.g. ``advisor:ms=100:infer=off``;
    or ``level:NAME`` (``levels.LEVELS``; master is the advisor at the default budget).
    """
    name, _, arg = spec.partition(":")
    if name == "level":
        level = level_named(arg)
        return AdvisorPlayer(None, spec) if level.advisor else HumanPlayer(level)
    if name == "random" and not arg:
        return RandomPlayer()
    if name == "greedy" and not arg:
        return GreedyPlayer()
    if name == "expert" and not arg:
        return ExpertPlayer()
    if name == "advisor":
        settings = dict(part.partition("=")[::2] for part in arg.split(":") if part)
        budget: Budget | None = None
        if "ms" in settings and "it" not in settings:
            budget = Budget(ms=int(settings.pop("ms")))
        elif "it" in settings and "ms" not in settings:
            budget = Budget(iterations=int(settings.pop("it")))
        kernel = settings.pop("kernel", None)
        if kernel is not None:
            requested(kernel)
        stop = settings.pop("stop", "on")
        infer = settings.pop("infer", "on")
        if not settings and {stop, infer} <= {"on", "off"}:
            return AdvisorPlayer(
                budget, spec, kernel, early_stop=stop == "on", inference=infer == "on"
            )
    raise ValueError(
        f"unknown player {spec!r}: random, greedy, expert, "
        "advisor[:ms=N|:it=N][:kernel=K][:stop=on|off][:infer=on|off], level:NAME"
    )
