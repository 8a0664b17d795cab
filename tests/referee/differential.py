"""Differential runner: the engine and the independent referee play the same hands side by side.

For each game the engine deals from a seed; the referee is loaded with that deal (hands, table,
stock, dealer) and both play the hand through with one policy choosing the moves. At every step
the legal moves (card, exact capture set, whether it sweeps) and the position after the move are
compared, and at the end the hand score per side, category by category. The first difference
ends the game and is reported with what reproduces it. Random end-of-hand piles are also scored
by both, to reach primiera cases (missing suits) that play seldom produces.

Run as ``python -m tests.referee.differential --games 1000`` (``make differential``).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from service.engine import (
    Move,
    State,
    apply,
    deal,
    is_sweep,
    legal_moves,
    make_rules,
    parse_card,
    score_hand,
    score_state,
)
from service.engine.codec import hand_score_to_dict, move_to_dict, state_to_dict
from tests.referee import referee as ref
from tests.referee.scoring import CATEGORIES, SideScore, hand_score, prime, score


@dataclass(frozen=True)
class Config:
    """One configuration checked: a preset, its player count, and whether six play in teams."""

    preset: str
    players: int
    teams: bool

    @property
    def label(self) -> str:
        """A short name such as 'scopa/6/teams'."""
        if self.players <= 3:
            return f"{self.preset}/{self.players}"
        return f"{self.preset}/{self.players}/{'teams' if self.teams else 'individual'}"


# docs/rules.md section 2's deal schedule for the plain games; six players may play either way.
CONFIGS: tuple[Config, ...] = (
    Config("scopa", 2, False),
    Config("scopa", 3, False),
    Config("scopa", 4, True),
    Config("scopa", 6, True),
    Config("scopa", 6, False),
    Config("scopone", 4, True),
    Config("scopone_scientifico", 4, True),
)
POLICIES = ("random", "greedy")


@dataclass(frozen=True)
class Disagreement:
    """Where the engine and the referee first differ in one game, with what reproduces it."""

    config: Config
    seed: int
    dealer: int
    policy: str
    move_index: int
    what: str
    engine: Any
    referee: Any

    def report(self) -> str:
        """A few lines naming the game, the step and both answers."""
        c = self.config
        return (
            f"DISAGREEMENT {c.label}: make_rules({c.preset!r}, players={c.players}, "
            f"teams={c.teams}), deal(rules, seed={self.seed}, dealer={self.dealer}), "
            f"policy={self.policy}, move index {self.move_index}: {self.what}\n"
            f"  engine:  {self.engine}\n  referee: {self.referee}"
        )


@dataclass
class Tally:
    """Counts for one configuration."""

    games: int = 0
    moves: int = 0
    seconds: float = 0.0
    disagreements: list[Disagreement] = field(default_factory=list)
    seen: Counter[str] = field(default_factory=Counter)


MoveKey = tuple[str, frozenset[str]]


def engine_moves(state: State) -> dict[MoveKey, tuple[Move, dict[str, Any]]]:
    """The engine's legal moves keyed by (card code, capture codes), with their JSON forms."""
    found = {}
    for move in legal_moves(state):
        data = move_to_dict(move, is_sweep(state, move))
        found[data.get("card", ""), frozenset(data["capture"])] = (move, data)
    return found


def referee_moves(p: ref.Position) -> dict[MoveKey, ref.Move]:
    """The referee's legal moves keyed the same way."""
    return {(m.card.code, frozenset(c.code for c in m.captured)): m for m in ref.legal_moves(p)}


def to_dealing_order(stock: Sequence[str], players: int, per_player: int) -> tuple[ref.Card, ...]:
    """The engine's stock (a block of cards per seat, deal after deal) in one-at-a-time order.

    A representation choice, not a rule: docs/rules.md does not say how the stock is ordered. The
    engine lists each deal as consecutive blocks, the first for the player after the dealer;
    the referee deals one card at a time round the table from that player.
    """
    size = players * per_player
    assert len(stock) % size == 0, "the stock must hold whole deals"
    order = []
    for start in range(0, len(stock), size):
        block = stock[start : start + size]
        for j in range(size):
            order.append(ref.card(block[(j % players) * per_player + j // players]))
    return tuple(order)


def engine_position(data: dict[str, Any], c: Config) -> dict[str, Any]:
    """The compared fields of an engine state's JSON form, as sets of codes where unordered."""
    g = ref.game(c.preset, c.players, teams=c.teams)
    return {
        "hands": [sorted(h) for h in data["hands"]],
        "table": sorted(data["table"]),
        "piles": [sorted(p) for p in data["piles"]],
        "scope": list(data["scope"]),
        "to_move": data["to_move"],
        "last_capturer": data["last_capturer"],
        "stock": [x.code for x in to_dealing_order(data["stock"], c.players, g.per_player)],
        "deals_made": data["deals_made"],
        "finished": data["finished"],
    }


def referee_position(p: ref.Position) -> dict[str, Any]:
    """The same fields of a referee position."""
    g = p.game
    return {
        "hands": [sorted(x.code for x in h) for h in p.hands],
        "table": sorted(x.code for x in p.table),
        "piles": [sorted(x.code for x in pile) for pile in p.piles],
        "scope": list(p.scope),
        "to_move": p.to_move,
        "last_capturer": p.last_capturer,
        "stock": [x.code for x in p.stock],
        "deals_made": g.deals - len(p.stock) // (g.players * g.per_player),
        "finished": p.finished,
    }


def differing(a: dict[str, Any], b: dict[str, Any]) -> list[str]:
    """The keys whose values differ between two dicts with the same keys."""
    return [k for k in a if a[k] != b.get(k)]


def choose_random(rng: random.Random, p: ref.Position, keys: list[MoveKey]) -> MoveKey:
    """Any legal move, uniformly."""
    return rng.choice(keys)


def choose_greedy(rng: random.Random, p: ref.Position, keys: list[MoveKey]) -> MoveKey:
    """Capture if possible (sweep, settebello, most cards, coins, sevens), else lay the lowest."""

    def worth(key: MoveKey) -> tuple[int, ...]:
        played, taken = key
        cards = [ref.card(x) for x in taken] + [ref.card(played)]
        sweep = bool(taken) and taken == {x.code for x in p.table}
        return (
            int(bool(taken)),
            int(sweep),
            int(ref.SETTEBELLO in cards),
            len(cards),
            sum(1 for x in cards if x.suit == ref.COINS),
            sum(1 for x in cards if x.rank == 7),
            -ref.card(played).rank,  # among equals (and among lays) the lowest card
        )

    return max(keys, key=lambda k: (worth(k), k[0], sorted(k[1])))


POLICY_FUNCTIONS: dict[str, Callable[[random.Random, ref.Position, list[MoveKey]], MoveKey]] = {
    "random": choose_random,
    "greedy": choose_greedy,
}


def move_features(before: ref.Position, move: ref.Move, after: ref.Position) -> list[str]:
    """The rule situations one compared move exercised (to show what the games cover)."""
    seen = []
    hand = before.hands[before.to_move]
    for c in hand:
        if any(t.rank == c.rank for t in before.table):
            others = before.table - {t for t in before.table if t.rank == c.rank}
            sums = ref.captures(c, others)
            if sums and all(len(x) > 1 for x in sums):
                seen.append("single match beats a possible sum")
                break
    if any(len(ref.captures(c, before.table)) > 1 for c in hand):
        seen.append("a choice of captures")
    if sum(after.scope) > sum(before.scope):
        seen.append("scopa")
        if sum(len(h) for h in before.hands) == 1 and before.stock:
            seen.append("scopa with a deal's last card")
    if after.finished:
        if move.captured and move.captured == before.table:
            seen.append("hand's last card clears the table, no scopa")
        if not move.captured or move.captured != before.table:
            seen.append("table left to the last capturer")
    return seen


def score_features(piles: Sequence[frozenset[ref.Card]], scores: list[SideScore]) -> list[str]:
    """The scoring situations of a finished hand."""
    seen = []
    if not any(s.cards for s in scores):
        seen.append("nobody scores cards")
    if not any(s.coins for s in scores):
        seen.append("nobody scores coins")
    if not any(s.primiera for s in scores):
        seen.append("nobody scores primiera")
    primes = [prime(p) for p in piles]
    winner = [i for i, s in enumerate(scores) if s.primiera]
    if winner and any(v > primes[winner[0]][1] for full, v in primes if not full):
        seen.append("all suits beat a higher prime")
    if not any(full for full, _ in primes):
        seen.append("no side holds all suits")
    return seen


def score_rows(engine: list[dict[str, Any]], referee: list[Any]) -> tuple[list[Any], list[Any]]:
    """Both hand scores as per-side (category points..., total) rows."""
    e = [{**s["points"], "total": s["total"]} for s in engine]
    r = [{**{k: getattr(s, k) for k in CATEGORIES}, "total": s.total} for s in referee]
    return e, r


def play_game(
    c: Config, seed: int, policy: str, seen: Counter[str] | None = None
) -> tuple[int, Disagreement | None]:
    """Play one hand through engine and referee; (moves compared, first disagreement).

    The rule situations met are counted into `seen` when given.
    """
    seen = Counter() if seen is None else seen
    dealer = seed % c.players
    rng = random.Random(seed)
    choose = POLICY_FUNCTIONS[policy]

    def differ(index: int, what: str, engine: Any, referee: Any) -> Disagreement:
        return Disagreement(c, seed, dealer, policy, index, what, engine, referee)

    rules = make_rules(c.preset, players=c.players, teams=c.teams)
    g = ref.game(c.preset, c.players, teams=c.teams)
    if rules.sides != g.sides:
        return 0, differ(0, "number of sides", rules.sides, g.sides)
    state = deal(rules, seed, dealer=dealer)
    data = state_to_dict(state)
    try:
        p = ref.start(
            g,
            data["dealer"],
            tuple(frozenset(ref.card(x) for x in h) for h in data["hands"]),
            frozenset(ref.card(x) for x in data["table"]),
            to_dealing_order(data["stock"], c.players, g.per_player),
        )
    except ValueError as error:
        return 0, differ(0, "the referee rejects the engine's deal", data, str(error))
    e_pos, r_pos = engine_position(data, c), referee_position(p)
    if e_pos != r_pos:
        keys = differing(e_pos, r_pos)
        return 0, differ(0, f"position after the deal ({keys})", e_pos, r_pos)
    index = 0
    while True:
        e_moves, r_moves = engine_moves(state), referee_moves(p)
        if set(e_moves) != set(r_moves):
            only_e = sorted((k[0], sorted(k[1])) for k in set(e_moves) - set(r_moves))
            only_r = sorted((k[0], sorted(k[1])) for k in set(r_moves) - set(e_moves))
            return index, differ(index, "legal moves", f"also {only_e}", f"also {only_r}")
        if not e_moves:
            break
        kinds = [data["kind"] for _, data in e_moves.values() if "kind" in data]
        if kinds:
            return index, differ(index, "special moves in a plain game", kinds, [])
        e_sweeps = sorted((k[0], sorted(k[1])) for k, (_, d) in e_moves.items() if d["sweep"])
        r_sweeps = sorted((k[0], sorted(k[1])) for k, m in r_moves.items() if ref.is_sweep(p, m))
        if e_sweeps != r_sweeps:
            return index, differ(index, "moves that sweep", e_sweeps, r_sweeps)
        key = choose(rng, p, sorted(e_moves, key=lambda k: (k[0], sorted(k[1]))))
        state, _events = apply(state, e_moves[key][0])
        before, p = p, ref.apply(p, r_moves[key])
        seen.update(move_features(before, r_moves[key], p))
        index += 1
        e_pos, r_pos = engine_position(state_to_dict(state), c), referee_position(p)
        if e_pos != r_pos:
            keys = differing(e_pos, r_pos)
            move = f"{key[0]} takes {sorted(key[1])}"
            return index, differ(index, f"position after {move} ({keys})", e_pos, r_pos)
    if not state.finished or not p.finished:
        return index, differ(index, "hand over", state.finished, p.finished)
    referee_score = hand_score(p)
    seen.update(score_features(p.piles, referee_score))
    e_score, r_score = score_rows(hand_score_to_dict(score_state(state)), referee_score)
    if e_score != r_score:
        return index, differ(index, "hand score", e_score, r_score)
    return index, None


def run(c: Config, games: int, first_seed: int = 0) -> Tally:
    """Play `games` games of a configuration, alternating the random and greedy policies."""
    tally = Tally()
    began = time.perf_counter()
    for i in range(games):
        seed = first_seed + i
        moves, problem = play_game(c, seed, POLICIES[i % 2], tally.seen)
        tally.games += 1
        tally.moves += moves
        if problem is not None:
            tally.disagreements.append(problem)
    tally.seconds = time.perf_counter() - began
    return tally


def random_partition(rng: random.Random, sides: int) -> tuple[list[frozenset[ref.Card]], list[int]]:
    """The 40 cards shared out among the sides, and a few scope each.

    Each side misses a suit half the time (a suit every side misses goes anywhere), and the
    weights are lopsided, so incomplete primes and the all-suits rule come up often.
    """
    missing = [rng.choice(ref.SUITS) if rng.random() < 0.5 else None for _ in range(sides)]
    weights = [rng.random() ** 2 + 0.05 for _ in range(sides)]
    piles: list[set[ref.Card]] = [set() for _ in range(sides)]
    for c in sorted(ref.PACK):
        allowed = [i for i in range(sides) if missing[i] != c.suit] or list(range(sides))
        piles[rng.choices(allowed, [weights[i] for i in allowed])[0]].add(c)
    return [frozenset(x) for x in piles], [rng.randrange(4) for _ in range(sides)]


def score_partition(c: Config, seed: int, seen: Counter[str] | None = None) -> Disagreement | None:
    """Score one random end-of-hand partition of the pack with engine and referee."""
    seen = Counter() if seen is None else seen
    rules = make_rules(c.preset, players=c.players, teams=c.teams)
    piles, scope = random_partition(random.Random(seed), rules.sides)
    masks = [sum(1 << parse_card(x.code) for x in pile) for pile in piles]
    referee_score = score(piles, scope)
    seen.update(score_features(piles, referee_score))
    e_score, r_score = score_rows(
        hand_score_to_dict(score_hand(rules, masks, scope)), referee_score
    )
    if e_score == r_score:
        return None
    shown = [sorted(x.code for x in pile) for pile in piles]
    what = f"score of piles {shown}, scope {scope}"
    return Disagreement(c, seed, 0, "partition", -1, what, e_score, r_score)


def run_partitions(c: Config, count: int, first_seed: int = 0) -> Tally:
    """Score `count` random partitions of the pack for a configuration's sides."""
    tally = Tally()
    began = time.perf_counter()
    for i in range(count):
        problem = score_partition(c, first_seed + i, tally.seen)
        tally.games += 1
        if problem is not None:
            tally.disagreements.append(problem)
    tally.seconds = time.perf_counter() - began
    return tally


def parse_config(text: str) -> Config:
    """A configuration from 'preset/players' or 'preset/players/teams|individual'."""
    parts = text.split("/")
    players = int(parts[1])
    teams = players == 4 if len(parts) < 3 else parts[2] == "teams"
    return Config(parts[0], players, teams)


def main(argv: Iterable[str] | None = None) -> int:
    """Play and score every configuration, print the counts, return 1 on any disagreement."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="games per configuration")
    parser.add_argument(
        "--partitions", type=int, default=10_000, help="random piles scored per configuration"
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game")
    parser.add_argument(
        "--config",
        action="append",
        type=parse_config,
        help="e.g. scopa/2 or scopa/6/individual (repeatable; default: all)",
    )
    parser.add_argument("--show", type=int, default=5, help="disagreements printed per config")
    parser.add_argument("--seen", action="store_true", help="print the rule situations met")
    args = parser.parse_args(None if argv is None else list(argv))
    configs = args.config or list(CONFIGS)
    failed = 0

    def show(tally: Tally) -> None:
        if args.seen:
            for what, n in sorted(tally.seen.items()):
                print(f"    {n:>8}  {what}")
        for problem in tally.disagreements[: args.show]:
            print(problem.report(), flush=True)

    print(f"games played by engine and referee ({args.games} per configuration, half greedy)")
    print(f"{'configuration':<30}{'games':>8}{'moves':>10}{'disagreements':>15}{'seconds':>9}")
    for c in configs:
        tally = run(c, args.games, args.seed)
        failed += len(tally.disagreements)
        print(
            f"{c.label:<30}{tally.games:>8}{tally.moves:>10}"
            f"{len(tally.disagreements):>15}{tally.seconds:>9.1f}",
            flush=True,
        )
        show(tally)
    print(f"random piles scored by both ({args.partitions} per configuration)")
    print(f"{'configuration':<30}{'piles':>8}{'':>10}{'disagreements':>15}{'seconds':>9}")
    for c in configs:
        tally = run_partitions(c, args.partitions, args.seed)
        failed += len(tally.disagreements)
        print(
            f"{c.label:<30}{tally.games:>8}{'':>10}"
            f"{len(tally.disagreements):>15}{tally.seconds:>9.1f}",
            flush=True,
        )
        show(tally)
    print(f"disagreements in all: {failed}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
