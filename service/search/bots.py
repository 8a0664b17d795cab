"""Built-in players: random, greedy, a rule-based expert, and the advisor at a budget."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from service.engine.cards import RANK_MASKS, SUIT_MASKS, suit_of
from service.engine.moves import Move, hand_moves, move_sweeps
from service.engine.primes import PRIME_TABLES
from service.engine.rules import Rules
from service.engine.scoring import settebello_card
from service.engine.view import View, view_moves
from service.search.advisor import Budget, advise
from service.search.human import HumanPlayer
from service.search.kernel.backend import SearchSolver, make_solver, requested
from service.search.kernel.fast import RANK, FastRules, captures, cards_of, fast_rules
from service.search.kernel.policy import HOLD_CHANCE
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


def best_scored(moves: list[Move], score: Callable[[Move], float], rng: random.Random) -> Move:
    """The move of the highest score, a close tie broken at random (a thousandth of noise)."""
    best, best_score = moves[0], -1e9
    for m in moves:
        value = score(m) + rng.random() * 1e-3
        if value > best_score:
            best, best_score = m, value
    return best


def greedy_worth(c: int) -> float:
    """A card's worth to the greedy player: settebello, coins, sevens, prime value."""
    r = RANK[c]
    return 1.0 + 5.0 * (c == SETTEBELLO) + 1.0 * (c < 10) + 2.0 * (r == 7) + GREEDY_PRIME[r] / 21.0


class GreedyPlayer:
    """Takes the most valuable immediate capture; otherwise lays its least valuable card."""

    name = "greedy"

    def choose(self, view: View, rng: random.Random) -> Move:
        """The most valuable capture, or the cheapest card laid down."""
        return best_scored(moves_of(view), lambda m: self.score(view, m), rng)

    def score(self, view: View, m: Move) -> float:
        """A capture's cards' worth above any card laid; a card laid its worth below none."""
        if not m.capture:
            return -greedy_worth(m.card)
        score = 100.0 + greedy_worth(m.card) + sum(greedy_worth(c) for c in cards_of(m.capture))
        return score + (10.0 if m.capture == view.table else 0.0)


class ExpertPlayer:
    """A careful club player, by rules of thumb and no search: it counts the cards, weighs what
    a move takes in the hand's points still open (a majority already won or lost is worth
    nothing more), and what the next opponent can take after it, from the ranks it may hold.

    A move's score, in hand points: what it takes (``taken_worth``; a sweep's point, and the
    table left over at the hand's end when it is the last capture), less the next opponent's
    expected best reply on the table it leaves (``counted_reply``: each rank's chance of being
    in a hand of that size drawn from the cards unseen, its best capture on that table, the
    best of them expected), plus a little for a card laid while another of its rank stays in
    hand (a match taken can be retaken) or whose rank is out (only a sum can take it).
    """

    name = "expert"

    def choose(self, view: View, rng: random.Random) -> Move:
        """The best move by the expert's rules of thumb."""
        moves = moves_of(view)
        if len(moves) == 1:
            return moves[0]
        fr = fast_rules(view.rules)
        worth = CardWorth(view)
        return best_scored(moves, lambda m: self.score(fr, view, worth, m), rng)

    def score(self, fr: FastRules, view: View, worth: CardWorth, move: Move) -> float:
        """The rules-of-thumb value of one move, in hand points."""
        last_play = view.next_is_last_play
        side = view.rules.side_of(view.seat)
        if move.capture:
            taken = move.capture | 1 << move.card
            score = worth.of(taken, side)
            after = view.table & ~move.capture
            if move_sweeps(view.rules, move, view.table, last_play):
                score += EXPERT_SWEEP
            if last_play:
                score += worth.of(after, side)  # the last capture takes what is left
        else:
            # Between two players a card laid is, as often as not, the other's later; at a
            # table of partners it is as often the partner's.
            laid = EXPERT_LAID if view.rules.players == 2 else 0.0
            score = -laid * worth.of(1 << move.card, side)
            after = view.table | 1 << move.card
            held = view.hand & ~(1 << move.card)
            rank = RANK[move.card]
            if any(RANK[c] == rank for c in cards_of(held)):
                score += EXPERT_PAIR
            if not any(RANK[c] == rank for c in cards_of(view.unseen)):
                score += EXPERT_DEAD_RANK
            if last_play and view.last_capturer is not None:
                taker = view.rules.side_of(view.last_capturer)
                score += worth.of(after, taker) * (1.0 if taker == side else -1.0)
        if not last_play:
            score -= counted_reply(fr, view, worth, after)
        return score


# A sweep's point, and the turn it leaves an empty table to the next player (who must lay a
# card the sweeping side may take again).
EXPERT_SWEEP = 2.0
EXPERT_PAIR = 0.08
EXPERT_LAID = 1.0
EXPERT_DEAD_RANK = 0.05
# What a card is worth to the majorities it counts for while they are open, in hand points.
CARDS_SHARE = 0.07
COINS_SHARE = 0.16
PRIME_SHARE = 0.35
PRIME_SEVEN = 21.0


class CardWorth:
    """What each card is worth now to each side that would take it: the settebello's point,
    and its share of the cards, coins and primiera majorities not yet decided (primiera only
    where it beats the side's best prime card of that suit so far)."""

    def __init__(self, view: View) -> None:
        rules = view.rules
        pack = rules.pack_cards
        bonus = SUIT_MASKS[rules.bonus]
        # A majority is decided once a side holds more than half of what there is.
        cards_open = max(p.bit_count() for p in view.piles) * 2 <= pack.bit_count()
        coins_open = (
            max((p & bonus).bit_count() for p in view.piles) * 2 <= (pack & bonus).bit_count()
        )
        settebello = settebello_card(rules)
        prime = PRIME_TABLES.get(rules.prime_table, GREEDY_PRIME)
        self.values: list[list[float]] = []
        for pile in view.piles:
            best = [
                max((prime[RANK[c]] for c in cards_of(pile & SUIT_MASKS[suit])), default=0)
                for suit in range(len(SUIT_MASKS))
            ]
            row = []
            for c in range(40):
                value = CARDS_SHARE if cards_open else 0.0
                if bonus >> c & 1:
                    value += COINS_SHARE if coins_open else 0.0
                    value += 1.0 if c == settebello else 0.0
                gain = prime[RANK[c]] - best[suit_of(c)]
                value += PRIME_SHARE * gain / PRIME_SEVEN if gain > 0 else 0.0
                row.append(value)
            self.values.append(row)

    def of(self, cards: int, side: int) -> float:
        """The worth of a set of cards to a side."""
        row = self.values[side]
        return sum(row[c] for c in cards_of(cards))


def counted_reply(fr: FastRules, view: View, worth: CardWorth, table: int) -> float:
    """The next player's expected best capture on ``table`` when it is an opponent: each rank's
    chance of being in its hand, counted from the cards unseen, and the best rank it holds
    expected (a sweep worth its point)."""
    rules = view.rules
    following = (view.seat + 1) % rules.players
    side = rules.side_of(following)
    if not table or side == rules.side_of(view.seat):
        return 0.0
    size = view.hand_sizes[following]
    unseen = view.unseen
    total = unseen.bit_count()
    if not size or not total:
        return 0.0
    options = []
    for rank in range(1, 11):
        live = unseen & RANK_MASKS[rank]
        if not live:
            continue
        best = 0.0
        for capture in captures(fr, rank, table):
            value = worth.of(capture, side)
            if capture == table:
                value += EXPERT_SWEEP
            best = max(best, value)
        if best > 0.0:
            # The card it would play is one of the rank's live cards (their worth averaged).
            best += worth.of(live, side) / live.bit_count()
            chance = HOLD_CHANCE[total][live.bit_count()][min(size, total)]
            options.append((best, chance))
    options.sort(reverse=True)
    expected, miss = 0.0, 1.0
    for value, chance in options:
        expected += miss * chance * value
        miss *= 1.0 - chance
    return expected


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
