"""The expert bot as it was before the "strength against the field" work (commit affa2da), kept
as a benchmark player (``expert-v1`` in bench_strength) so that the stronger bot's gain over it
can be measured on the same deals."""

from __future__ import annotations

import random

from service.engine.moves import Move, move_sweeps
from service.engine.view import View
from service.search.bots import best_scored, moves_of
from service.search.kernel.fast import RANK, FastRules, cards_of, fast_rules, rollout_worths
from service.search.kernel.policy import SWEEP_RISK, SWEEP_WORTH, sweepable

# The worths the bot was written with: the coins and their seven under any rules.
CARD_WORTH = rollout_worths((1 << 10) - 1, 1 << 6)


class OldExpertPlayer:
    """Rule-based traditional play: count the cards, deny sweeps, keep pairs, value the points."""

    name = "expert-v1"

    def choose(self, view: View, rng: random.Random) -> Move:
        """The best move by the expert's rules of thumb."""
        moves = moves_of(view)
        if len(moves) == 1:
            return moves[0]
        fr = fast_rules(view.rules)
        return best_scored(moves, lambda m: self.score(fr, view, m), rng)

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
