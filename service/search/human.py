"""A player that plays like a person of a level (``levels.Level``): memory, sight, caution, noise.

A move is chosen in four steps, each drawing from the one random generator in a fixed order:

1. Memory: each card captured before the last round of plays is forgotten with the level's
   ``forget`` chance, and the settebello or a rank's last copy, once out, with ``forget_key``.
   Forgotten cards count as still to come (``Memory.unseen``).
2. Sight: each capture of two or more cards (but the ace taking all) is seen with
   ``(1 - miss_capture)`` per extra card; a card whose captures all go unseen looks like a card
   laid down (when the rule forces the capture, the player then takes its best capture). A
   sweep threat goes unseen with ``miss_threat``.
3. Value, in hand points: what the move takes (its cards' worth, a scopa, the ``grab`` bonus of
   any capture), less ``caution`` times the next player's expected best reply on the table it
   leaves, reckoned from the cards the player believes unseen (the chance that a hand of that
   size holds each rank). A card laid costs part of its worth; a pair in hand softens it; the
   hand's last card reckons the last capture's leftover table.
4. Choice: a softmax over the values at temperature ``noise``, so that close choices are near
   coin flips and clear ones near certain.

Moves that play no card: an open declaration is made unless forgotten (``forget_declare``); a
claim is made, with chance ``claim``, only when the remembered piles already make it right;
the Chkobba cutter keeps a card worth keeping and tables a poor one.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from service.engine.cards import RANK_MASKS, SUIT_MASKS, Card, Cards, Suit, card, iter_cards
from service.engine.claims import check_claim
from service.engine.moves import (
    Move,
    MoveKind,
    ace_takes_itself,
    captures,
    is_ace_sweep_by_rule,
    move_sweeps,
    sweep_scores,
)
from service.engine.primes import PRIME_COUNT_ORDERS, PRIME_TABLES
from service.engine.rules import Rules
from service.engine.scoring import PIVA_CARD, PIVA_PENALTY
from service.engine.view import View, view_moves
from service.search.levels import Level

SEVEN = 7
SCOPA = 1.0
# A sweep the next player makes costs more than its point: the empty table it leaves is
# laid on next, often to be swept again. Weighed at one point, the expert level lost 0.53 a
# hand to the expert bot in scopone scientifico (150 deal pairs); at two it drew level.
REPLY_SCOPA = 2.0
# A card's worth in hand points: its share of the cards point, of coins, of primiera.
CARD_SHARE = 0.08
COIN_SHARE = 0.15
PRIME_SHARE = 0.3
FACE_RANKS = (8, 9, 10)
# Cards worth a point by themselves (settebello, re bello, sette di coppe), runs of the suit.
POINT_CARD = 1.0
RUN_CARD = 0.3
GRANDE_CARD = 0.5
# A card laid on the table costs this share of its worth, less when a pair of it stays in hand.
LAY_COST = 0.4
PAIR_BONUS = 0.1
# The Chkobba cutter keeps the drawn card when it is worth at least this much.
KEEP_WORTH = 0.2
# Captures remembered per rules, rank and table (a bounded cache: a few MB at most).
CAPTURE_CACHE = 16_384


@lru_cache(maxsize=64)
def card_worths(rules: Rules) -> tuple[float, ...]:
    """Each card's worth to its taker in hand points under the rules (an estimate)."""
    bonus = SUIT_MASKS[rules.bonus]
    prime = _prime_shares(rules)
    worths = []
    for c in range(40):
        rank = c % 10 + 1
        w = CARD_SHARE + prime[rank]
        if bonus >> c & 1:
            w += COIN_SHARE
            if rank == SEVEN:
                w += POINT_CARD
            if rules.re_bello and rank == 10:
                w += POINT_CARD
            if (rules.napola != "none" or rules.scalette) and rank <= 3:
                w += RUN_CARD
            if rules.grande and rank in FACE_RANKS:
                w += GRANDE_CARD
        if rules.sette_di_coppe and c == card(SEVEN, Suit.C):
            w += POINT_CARD
        if rules.piva and c == PIVA_CARD:
            w += PIVA_PENALTY
        worths.append(w if rules.pack_cards >> c & 1 else 0.0)
    return tuple(worths)


def _prime_shares(rules: Rules) -> tuple[float, ...]:
    """Each rank's share of the primiera point: the best rank most, the faces least."""
    if rules.prime_table in PRIME_TABLES:
        values = PRIME_TABLES[rules.prime_table]
        low, high = min(values[1:]), max(values[1:])
        return (0.0, *(PRIME_SHARE * ((v - low) / (high - low)) ** 2 for v in values[1:]))
    order = PRIME_COUNT_ORDERS[rules.prime_table]
    shares = [0.0] * 11
    for place, ranks in enumerate(order):
        for rank in ranks:
            shares[rank] = PRIME_SHARE / (1 + place) ** 2 if rank not in FACE_RANKS else 0.0
    return tuple(shares)


def settebello_of(rules: Rules) -> Card:
    """The seven of the bonus suit."""
    return card(SEVEN, Suit(rules.bonus))


@lru_cache(maxsize=CAPTURE_CACHE)
def rank_captures(rules: Rules, rank: int, table: Cards) -> tuple[Cards, ...]:
    """The captures a card of this rank may make on the table (the suit does not matter)."""
    return tuple(captures(rules, card(rank, Suit.D), table))


@dataclass(frozen=True, slots=True)
class Memory:
    """What a player believes of the cards: those it remembers out, and those it thinks unseen."""

    out: Cards
    unseen: Cards


def recent_captures(view: View) -> Cards:
    """The cards captured in the last round of plays (one play per seat): always remembered."""
    recent = 0
    plays = [p for p in view.history if p.move.plays_card]
    for play in plays[-view.rules.players :]:
        move = play.move
        if move.capture or move.kind is MoveKind.PASS:
            recent |= move.capture | 1 << move.card
    return recent


def remembered(view: View, level: Level, rng: random.Random) -> Memory:
    """The cards the player remembers out of play, drawn by the level's chances of forgetting.

    The number of draws depends on the view only, so the same generator state gives the same
    later draws at every level of memory (a perfect memory is the same draws, chances at 0).
    """
    rules = view.rules
    captured = 0
    for pile in view.piles:
        captured |= pile
    recent = recent_captures(view) & captured
    out = recent
    for c in iter_cards(captured & ~recent):
        if rng.random() >= level.forget:
            out |= 1 << c
    visible = view.hand | view.table | (0 if view.cut_card is None else 1 << view.cut_card)
    settebello = 1 << settebello_of(rules)
    if rng.random() < level.forget_key:
        out &= ~settebello
    for rank in range(1, 11):
        copies = RANK_MASKS[rank] & rules.pack_cards
        gone = copies & out
        forgets = rng.random() < level.forget_key
        if forgets and gone and not copies & ~(out | visible):
            out &= ~(gone & -gone)
    return Memory(out, rules.pack_cards & ~(out | visible))


@dataclass(frozen=True, slots=True)
class Sight:
    """A move as the player sees it: ``blind`` when it looks like a lay but must capture."""

    move: Move
    blind: bool = False


def obvious(view: View, move: Move) -> bool:
    """Whether a play is seen by anyone: a lay, a one-card capture, the ace taking all."""
    return move.capture.bit_count() < 2 or (
        move.capture == view.table and is_ace_sweep_by_rule(view.rules, move.card, view.table)
    )


def seen_moves(view: View, plays: Sequence[Move], level: Level, rng: random.Random) -> list[Sight]:
    """The card plays the player sees: captures of several cards may go unseen."""
    by_card: dict[Card, list[Move]] = {}
    for move in plays:
        by_card.setdefault(move.card, []).append(move)
    seen: list[Sight] = []
    for c, moves in by_card.items():
        visible = [
            m
            for m in moves
            if obvious(view, m)
            or rng.random() < (1.0 - level.miss_capture) ** (m.capture.bit_count() - 1)
        ]
        if not any(m.capture for m in visible) and not any(
            m.kind is MoveKind.PLAY and not m.capture for m in moves
        ):
            visible.append(Move(c))
            seen.extend(Sight(m, blind=not m.capture and m.kind is MoveKind.PLAY) for m in visible)
        else:
            seen.extend(Sight(m) for m in visible)
    return seen


class Reckoner:
    """Values moves in hand points for one decision, from what the player believes."""

    def __init__(self, view: View, level: Level, memory: Memory, *, sees_sweeps: bool) -> None:
        self.view = view
        self.rules = view.rules
        self.level = level
        self.worth = card_worths(view.rules)
        self.sees_sweeps = sees_sweeps
        self.last_play = view.next_is_last_play
        self.unseen = memory.unseen
        self.pool = memory.unseen.bit_count()
        self.replier_cards = self._replier_cards()
        self.reply_is_last = view.stock_size == 0 and sum(view.hand_sizes) == 2
        self.threats: dict[Cards, float] = {}

    def _replier_cards(self) -> int:
        """How many cards the next player holds when it replies."""
        view = self.view
        following = (view.seat + 1) % self.rules.players
        held = view.hand_sizes[following]
        if held:
            return held
        if view.stock_size and view.deals_made < len(self.rules.deal_sizes):
            return self.rules.deal_sizes[view.deals_made]
        return 0

    def cards_worth(self, cards: Cards) -> float:
        """The worth of a set of cards."""
        return sum(self.worth[c] for c in iter_cards(cards))

    def value(self, sight: Sight) -> float:
        """The move's value as the player reckons it."""
        move, view, rules = sight.move, self.view, self.rules
        table = view.table
        if move.capture and not sight.blind:
            gain = self.level.grab + self.worth[move.card] + self.cards_worth(move.capture)
            if move_sweeps(rules, move, table, self.last_play):
                gain += SCOPA
            after = table & ~move.capture
            mine = True
        elif move.kind is MoveKind.PASS or ace_takes_itself(rules, move.card, table):
            gain, after, mine = self.worth[move.card], table, True
        else:
            gain = -LAY_COST * self.worth[move.card]
            if view.hand & ~(1 << move.card) & RANK_MASKS[move.card % 10 + 1]:
                gain += PAIR_BONUS
            after = table | 1 << move.card
            mine = view.last_capturer is not None and rules.side_of(
                view.last_capturer
            ) == rules.side_of(view.seat)
        if self.last_play:
            # The hand's last card: the table left goes to the side that captured last.
            return gain + (self.cards_worth(after) if mine else -self.cards_worth(after))
        value = gain - self.level.caution * self.threat(after)
        if self.level.plan:
            value += self.level.plan * self.follow_up(view.hand & ~(1 << move.card), after)
        return value

    def follow_up(self, hand: Cards, table: Cards) -> float:
        """The best capture the player's own next card could make on the table it leaves, by
        then one of ``players - 1`` plays later (each may change the table)."""
        best = 0.0
        for c in iter_cards(hand):
            for capture in rank_captures(self.rules, c % 10 + 1, table):
                gain = self.worth[c] + self.cards_worth(capture)
                if capture == table and sweep_scores(self.rules, c, table, False):
                    gain += SCOPA
                best = max(best, gain)
        return best / (self.rules.players - 1)

    def threat(self, table: Cards) -> float:
        """The next player's expected best capture on this table, by the ranks it may hold."""
        known = self.threats.get(table)
        if known is not None:
            return known
        gains = []
        h, pool = self.replier_cards, self.pool
        if table and h and pool:
            for rank in range(1, 11):
                live = (self.unseen & RANK_MASKS[rank]).bit_count()
                if not live:
                    continue
                best = self.best_reply(rank, table)
                if best <= 0.0:
                    continue
                miss = 1.0
                for i in range(min(h, pool)):
                    miss *= max(pool - live - i, 0) / (pool - i)
                gains.append((best, 1.0 - miss))
        gains.sort(reverse=True)
        expected = 0.0
        none_better = 1.0
        for best, chance in gains:
            expected += best * chance * none_better
            none_better *= 1.0 - chance
        self.threats[table] = expected
        return expected

    def best_reply(self, rank: int, table: Cards) -> float:
        """The best a card of this rank takes from the table (with its scopa, when seen)."""
        best = 0.0
        played = self.mean_worth(rank)
        for capture in rank_captures(self.rules, rank, table):
            gain = played + self.cards_worth(capture)
            if (
                capture == table
                and self.sees_sweeps
                and sweep_scores(self.rules, card(rank, Suit.D), table, self.reply_is_last)
            ):
                gain += REPLY_SCOPA
            best = max(best, gain)
        return best

    def mean_worth(self, rank: int) -> float:
        """The mean worth of the unseen cards of a rank."""
        cards = list(iter_cards(self.unseen & RANK_MASKS[rank]))
        return sum(self.worth[c] for c in cards) / len(cards) if cards else 0.0


def softmax_pick(values: Sequence[float], temperature: float, rng: random.Random) -> int:
    """An index drawn with weights exp(value / temperature): close values are near coin flips."""
    top = max(values)
    if temperature <= 0.0:
        best = [i for i, v in enumerate(values) if v == top]
        return best[0] if len(best) == 1 else rng.choice(best)
    weights = [math.exp((v - top) / temperature) for v in values]
    draw = rng.random() * sum(weights)
    for i, w in enumerate(weights):
        draw -= w
        if draw < 0.0:
            return i
    return len(values) - 1


def claim_is_right(view: View, memory: Memory) -> bool:
    """Whether the remembered piles already win the match (forgotten cards count for others)."""
    rules = view.rules
    piles = tuple(p & memory.out for p in view.piles)
    taken = 0
    for pile in piles:
        taken |= pile
    verdict = check_claim(
        rules,
        piles,
        view.scope,
        uncaptured=rules.pack_cards & ~taken,
        declarations=tuple(d for d in view.declarations if d.deal < view.deals_made),
        side=rules.side_of(view.seat),
        match_scores=view.match_scores or (0,) * rules.sides,
        target=rules.target if view.match_target is None else view.match_target,
    )
    return verdict.correct


class HumanPlayer:
    """Plays a level's moves like a person of that level (see the module's description)."""

    def __init__(self, level: Level) -> None:
        if level.advisor:
            raise ValueError(f"the {level.name} level is the advisor, not a human model")
        self.level = level
        self.name = f"level:{level.name}"

    def choose(self, view: View, rng: random.Random) -> Move:
        """The level's move; the view's seat is to move."""
        return self.decide(view, view_moves(view), rng)

    def decide(self, view: View, legal: Sequence[Move], rng: random.Random) -> Move:
        """The level's move among the legal ones of the view's seat."""
        level = self.level
        kinds = {m.kind for m in legal}
        if MoveKind.KEEP in kinds:
            return self.cut(view, legal, rng)
        memory = remembered(view, level, rng)
        if MoveKind.CLAIM in kinds and claim_is_right(view, memory) and rng.random() < level.claim:
            return next(m for m in legal if m.kind is MoveKind.CLAIM)
        plays = [m for m in legal if m.plays_card]
        declares = [m for m in legal if m.kind is MoveKind.DECLARE]
        others = [m for m in legal if not m.plays_card and m.kind is not MoveKind.CLAIM]
        if declares and rng.random() >= level.forget_declare:
            return declares[0]
        if plays:
            return self.play(view, plays, memory, rng)
        return next((m for m in others if m.kind is not MoveKind.DECLARE), (others or legal)[0])

    def play(self, view: View, plays: Sequence[Move], memory: Memory, rng: random.Random) -> Move:
        """The card play chosen from what the player sees and reckons."""
        level = self.level
        sees_sweeps = rng.random() >= level.miss_threat
        sights = seen_moves(view, plays, level, rng)
        reckoner = Reckoner(view, level, memory, sees_sweeps=sees_sweeps)
        values = [reckoner.value(s) for s in sights]
        chosen = sights[softmax_pick(values, level.noise, rng)]
        if not chosen.blind:
            return chosen.move
        # The rule forces the capture the player did not see: it takes the best one, now shown.
        forced = [m for m in plays if m.card == chosen.move.card and m.capture]
        return max(forced, key=lambda m: reckoner.value(Sight(m)))

    def cut(self, view: View, legal: Sequence[Move], rng: random.Random) -> Move:
        """The Chkobba cutter keeps a card worth keeping and tables a poor one, with noise."""
        keep = next(m for m in legal if m.kind is MoveKind.KEEP)
        table = next(m for m in legal if m.kind is MoveKind.TABLE)
        worth = card_worths(view.rules)[keep.card]
        pick = softmax_pick([worth - KEEP_WORTH, 0.0], self.level.noise, rng)
        return keep if pick == 0 else table
