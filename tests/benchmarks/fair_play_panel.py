"""The fair-play panels: honest styles and cheaters written by other methods than the tests
that judge them, each a player that sees the whole state and uses only what its kind may.

Honest styles (``HONEST``): random, greedy, the expert bot, a noisy expert (the expert's
values through a softmax, and a blunder now and then), ``sharp`` (below), a noisy ``club-sharp``,
``deep``, the built-in levels, ISMCTS, and the advisor at other budgets.

Cheaters (``CHEATERS``) are built on ``sharp``, a rule-based player written for this panel
alone: it values what a move takes on a scale of its own, and what the next player could take
back by sampling hands for it from the cards unseen (an honest player's guess). A cheater
replaces the guess with knowledge:
- ``sharp-peek:S``: it reads the next hand itself on a share S of its decisions;
- ``sharp-bit``: it knows only, for each move, whether the next player can take anything then;
- ``deep-peek:S``: ``deep`` (sharp looking a reply further: what the next player's best reply
  costs once the mover takes back what it can) reading the next hand on a share S;
- ``club-peek``: the noisy club-sharp player, reading the next hand on every decision;
- ``partners-share`` (Scopone, both partners): ``deep`` reading the partner's hand for what
  the side takes back; ``partners-signal``: knowing only the partner's cards of the bonus suit
  (signalled); their honest selves ``partners-honest``, deep guessing the partner's hand;
- ``told``: the advisor told every hand (the cheater the first fair-play figures were made on).

Each cheater's honest self (``HONEST_SELF``) is the same player without the knowledge, so its
gain a hand is measured on the same deals (``bench_dealt_test report``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from service.engine.cards import SUIT_MASKS, Cards, iter_cards
from service.engine.moves import Move, hand_moves
from service.engine.rules import Rules
from service.engine.scoring import settebello_card
from service.engine.state import State
from service.engine.view import View, view_of
from service.search.advisor import advise
from service.search.bots import CardWorth, ExpertPlayer, Player, make_player, special_move
from service.search.kernel.backend import SearchSolver, make_solver
from service.search.kernel.fast import RANK, captures, fast_rules

# Sharp's own scale (about a tenth of a hand point a unit).
PLAIN = 1.0
BONUS = 1.5
SETTEBELLO = 9.0
PRIME = {7: 3.5, 6: 2.0, 1: 1.2}
SCOPA = 12.0
LAID_LOSS = 0.35
PAIR_KEPT = 1.0
CAUTION = 0.9
GUESSES = 12


def sharp_worth(rules: Rules) -> list[float]:
    """What sharp thinks each card is worth taken."""
    bonus = SUIT_MASKS[rules.bonus]
    settebello = settebello_card(rules)
    return [
        PLAIN
        + (BONUS if bonus >> c & 1 else 0.0)
        + (SETTEBELLO if c == settebello else 0.0)
        + PRIME.get(RANK[c], 0.0)
        for c in range(40)
    ]


def sharp_take(rules: Rules, worth: Sequence[float], card: int, table: Cards) -> float:
    """The most sharp thinks a card takes from a table (a sweep's bonus counted)."""
    fr = fast_rules(rules)
    best = 0.0
    for capture in captures(fr, RANK[card], table) if table else ():
        value = worth[card] + sum(worth[c] for c in iter_cards(capture))
        best = max(best, value + (SCOPA if capture == table else 0.0))
    return best


# What the next player's reply to a table costs (the table, and the cards the mover keeps).
Threat = Callable[[Cards, Cards], float]
FOLLOW = 0.6


def reply_cost(
    rules: Rules, worth: Sequence[float], hand: Cards, table: Cards, kept: Cards, depth: int
) -> float:
    """What a hand's best reply to a table costs the mover, on sharp's scale: its best take; at
    depth 2 less what the mover can take back after it (the reply chosen to cost the most)."""
    if depth < 2:
        return max((sharp_take(rules, worth, c, table) for c in iter_cards(hand)), default=0.0)
    fr = fast_rules(rules)
    worst = -1e9
    for c in iter_cards(hand):
        options = captures(fr, RANK[c], table) if table else []
        lines = [
            (
                worth[c] + sum(worth[x] for x in iter_cards(o)) + (SCOPA if o == table else 0.0),
                table & ~o,
            )
            for o in options
        ] or [(0.0, table | 1 << c)]
        for gain, after in lines:
            back = max((sharp_take(rules, worth, k, after) for k in iter_cards(kept)), default=0.0)
            worst = max(worst, gain - FOLLOW * back)
    return max(worst, 0.0) if worst > -1e9 else 0.0


def card_plays(state: State, rng: random.Random, blunder: float) -> Move | tuple[View, list[Move]]:
    """The seat to move's view and card plays, or the move already decided: a special move
    (``special_move``), the one legal move, or a random one with chance ``blunder``."""
    view = view_of(state, state.to_move)
    special = special_move(view)
    if special is not None:
        return special
    moves = hand_moves(view.rules, view.hand, view.table)
    if len(moves) == 1:
        return moves[0]
    if blunder and rng.random() < blunder:
        return rng.choice(moves)
    return view, moves


def picked(
    moves: Sequence[Move], scores: Sequence[float], temperature: float, rng: random.Random
) -> Move:
    """A move by its score: a softmax at ``temperature``, or the best (ties drawn) at 0."""
    top = max(scores)
    if temperature <= 0.0:
        return rng.choice([m for m, s in zip(moves, scores, strict=True) if s == top])
    weights = [math.exp((s - top) / temperature) for s in scores]
    return rng.choices(moves, weights)[0]


@dataclass
class Sharp:
    """A rule-based player that weighs each move's take against the next player's reply (and
    at depth 2, what its side takes back after it: the mover with two players, the partner in
    Scopone)."""

    name: str = "sharp"
    peek: float = 0.0
    bit: bool = False
    temperature: float = 0.0
    blunder: float = 0.0
    depth: int = 1
    # Knowledge of the partner's hand: all of it, or its cards of the bonus suit (a signal).
    partner_hand: bool = False
    partner_suit: bool = False

    def choose(self, state: State, rng: random.Random) -> Move:
        """The move of the seat to move, from the state (it reads only what its kind may)."""
        found = card_plays(state, rng, self.blunder)
        if isinstance(found, Move):
            return found
        view, moves = found
        rules = view.rules
        follower = (view.seat + 1) % rules.players
        worth = sharp_worth(rules)
        peeking = self.peek > 0.0 and rng.random() < self.peek
        next_hand = state.hands[follower]
        guesses = self.guessed_hands(state, view, rng, next_hand if peeking else None)
        partner = rules.side_of(follower) == rules.side_of(view.seat)

        def threat(table: Cards, rest: Cards) -> float:
            if not table or partner:
                return 0.0
            guessed = [
                reply_cost(
                    rules, worth, hand, table, rest if backer is None else backer, self.depth
                )
                for hand, backer in guesses
            ]
            if self.bit:
                can = any(sharp_take(rules, worth, c, table) for c in iter_cards(next_hand))
                matching = [g for g in guessed if (g > 0.0) == can]
                guessed = matching or [1.0 if can else 0.0]
            return sum(guessed) / len(guessed)

        scores = [self.score(view, worth, m, threat) for m in moves]
        return picked(moves, scores, self.temperature, rng)

    def guessed_hands(
        self, state: State, view: View, rng: random.Random, next_hand: Cards | None
    ) -> list[tuple[Cards, Cards | None]]:
        """Hands the next player might hold (the one it holds when read), each with the hand of
        the seat that plays after it for the mover's side: None with two players (the mover's
        own), else the partner's, read, partly read or drawn from the cards unseen."""
        rules = view.rules
        follower = (view.seat + 1) % rules.players
        size = min(view.hand_sizes[follower], view.unseen.bit_count())
        if rules.players != 4:
            pool = list(iter_cards(view.unseen))
            drawn = [sum(1 << c for c in rng.sample(pool, size)) for _ in range(GUESSES)]
            return [(next_hand, None)] if next_hand is not None else [(h, None) for h in drawn]
        mate = (view.seat + 2) % 4
        known = 0
        if self.partner_hand:
            known = state.hands[mate]
        elif self.partner_suit:
            known = state.hands[mate] & SUIT_MASKS[rules.bonus]
        # The partner's other cards are none of the bonus suit's unseen ones when signalled.
        hidden_suit = SUIT_MASKS[rules.bonus] if self.partner_suit else 0
        guesses: list[tuple[Cards, Cards | None]] = []
        for _ in range(1 if next_hand is not None and self.partner_hand else GUESSES):
            pool = list(iter_cards(view.unseen & ~known))
            hand = next_hand
            if hand is None:
                hand = sum(1 << c for c in rng.sample(pool, min(size, len(pool))))
            rest = [c for c in pool if not hand >> c & 1 and not hidden_suit >> c & 1]
            missing = max(0, min(view.hand_sizes[mate] - known.bit_count(), len(rest)))
            guesses.append((hand, known | sum(1 << c for c in rng.sample(rest, missing))))
        return guesses

    def score(self, view: View, worth: Sequence[float], move: Move, threat: Threat) -> float:
        """A move's take less the reply it leaves, on sharp's scale."""
        last = view.next_is_last_play
        if move.capture:
            left = view.table & ~move.capture
            value = worth[move.card] + sum(worth[c] for c in iter_cards(move.capture))
            if not left and not last:
                value += SCOPA
        else:
            left = view.table | 1 << move.card
            value = -LAID_LOSS * worth[move.card]
            if any(RANK[c] == RANK[move.card] for c in iter_cards(view.hand) if c != move.card):
                value += PAIR_KEPT
        if last:
            return value
        return value - CAUTION * threat(left, view.hand & ~(1 << move.card))


class NoisyExpert:
    """The expert bot's values through a softmax (``temperature`` hand points), and a random
    move with chance ``blunder``: a club player's mistakes on a careful player's judgement."""

    def __init__(self, temperature: float = 0.15, blunder: float = 0.05) -> None:
        self.name = "noisy-expert"
        self.temperature = temperature
        self.blunder = blunder
        self.expert = ExpertPlayer()

    def choose(self, state: State, rng: random.Random) -> Move:
        """A move of the seat to move."""
        found = card_plays(state, rng, self.blunder)
        if isinstance(found, Move):
            return found
        view, moves = found
        fr = fast_rules(view.rules)
        worth = CardWorth(view)
        scores = [self.expert.score(fr, view, worth, m) for m in moves]
        return picked(moves, scores, self.temperature, rng)


class Told:
    """The advisor at the default budget told every other hand (``advise(known=...)``)."""

    name = "told"

    def __init__(self, rules: Rules) -> None:
        self.solver: SearchSolver = make_solver(rules)

    def choose(self, state: State, rng: random.Random) -> Move:
        """The advised move with every other hand known."""
        view = view_of(state, state.to_move)
        special = special_move(view)
        if special is not None:
            return special
        known = {
            s: state.hands[s]
            for s in range(state.rules.players)
            if s != view.seat and state.hands[s]
        }
        return advise(view, None, rng.getrandbits(32), solver=self.solver, known=known).chosen


class Honest:
    """A player of ``bots.make_player`` that sees only its view."""

    def __init__(self, spec: str) -> None:
        self.name = spec
        self.player: Player = make_player(spec)

    def choose(self, state: State, rng: random.Random) -> Move:
        """The player's move from the seat's view."""
        return self.player.choose(view_of(state, state.to_move), rng)


class Ismcts:
    """The benchmarks' information-set search (``tests.benchmarks.ismcts``)."""

    name = "ismcts"

    def __init__(self) -> None:
        from tests.benchmarks.ismcts import IsmctsPlayer

        self.player = IsmctsPlayer("ismcts")

    def choose(self, state: State, rng: random.Random) -> Move:
        """Its move from the seat's view."""
        return self.player.choose(view_of(state, state.to_move), rng)


StatePlayer = Sharp | NoisyExpert | Told | Honest | Ismcts
# The classes of StatePlayer, for isinstance.
STATE_PLAYERS = (Sharp, NoisyExpert, Told, Honest, Ismcts)

CLUB = {"temperature": 3.0, "blunder": 0.08}
# Scopone pairs: seats 0 and 2 both play the named player (``PAIRED``).
PAIRED = ("partners-share", "partners-signal", "partners-honest")
CHEATERS = (
    "partners-share",
    "partners-signal",
    "sharp-peek:1",
    "sharp-peek:0.5",
    "sharp-peek:0.25",
    "sharp-bit",
    "club-peek",
    "deep-peek:1",
    "deep-peek:0.5",
    "told",
)
HONEST_SELF = {
    "partners-share": "partners-honest",
    "partners-signal": "partners-honest",
    "deep-peek:1": "deep",
    "deep-peek:0.5": "deep",
    "sharp-peek:1": "sharp",
    "sharp-peek:0.5": "sharp",
    "sharp-peek:0.25": "sharp",
    "sharp-bit": "sharp",
    "club-peek": "club-sharp",
    "told": "level:master",
}
HONEST = (
    "random",
    "greedy",
    "expert",
    "noisy-expert",
    "sharp",
    "club-sharp",
    "deep",
    "level:beginner",
    "level:casual",
    "level:club",
    "level:expert",
    "level:master",
    "advisor:it=50",
    "advisor:ms=200",
    "ismcts",
)


def panel_player(spec: str, rules: Rules) -> StatePlayer:
    """A player of the panels by name."""
    name, _, arg = spec.partition(":")
    if name == "sharp-peek":
        return Sharp(spec, peek=float(arg))
    if name == "deep-peek":
        return Sharp(spec, peek=float(arg), depth=2)
    if spec == "deep":
        return Sharp(spec, depth=2)
    if spec == "partners-share":
        return Sharp(spec, depth=2, partner_hand=True)
    if spec == "partners-signal":
        return Sharp(spec, depth=2, partner_suit=True)
    if spec == "partners-honest":
        return Sharp(spec, depth=2)
    if spec == "sharp-bit":
        return Sharp(spec, bit=True)
    if spec == "sharp":
        return Sharp()
    if spec == "club-sharp":
        return Sharp(spec, **CLUB)
    if spec == "club-peek":
        return Sharp(spec, peek=1.0, **CLUB)
    if spec == "noisy-expert":
        return NoisyExpert()
    if spec == "told":
        return Told(rules)
    if spec == "ismcts":
        return Ismcts()
    return Honest(spec)


def all_names() -> Sequence[str]:
    """Every player of both panels."""
    return (*HONEST, *CHEATERS)
