"""The compiled kernel against the pure kernel and the engine, for every preset and player count.

Random games: the same legal moves (and the engine's card plays), the same positions after
every move, the same final scores; the same heuristic rollouts and endgame solutions; and the
same advice from ``advise`` on both backends.
"""

import dataclasses
import random

import pytest

from service.engine import MoveKind, Rules, apply, deal, legal_moves, make_rules, view_of
from service.engine.errors import RulesError
from service.engine.presets import PRESETS
from service.engine.rules import OPTIONS
from service.engine.scoring import score_hand
from service.search import Budget, MatchContext, advise
from service.search.kernel import backend, fast, model, policy
from service.search.kernel.fast import FastRules, Pos
from service.search.kernel.solver import Solver
from service.search.worlds import pos_of_state
from tests.search.compiled import require_compiled_kernel
from tests.search.helpers import card_play_state

_kernel = require_compiled_kernel()

# Every preset at every player count it deals for, and scopa's individual 4 and 6 players.
CONFIGS: list[tuple[str, int, bool | None]] = [
    (name, players, None)
    for name, preset in PRESETS.items()
    for players in sorted(preset.schedules)
] + [("scopa", 4, False), ("scopa", 6, False)]
IDS = [f"{n}-{p}" + ("-individual" if t is False else "") for n, p, t in CONFIGS]


def rules_of(index: int) -> Rules:
    name, players, teams = CONFIGS[index]
    if teams is None:
        return make_rules(name, players=players)
    return make_rules(name, players=players, teams=teams)


def position(pos: Pos) -> tuple[object, ...]:
    return (
        pos.hands,
        pos.table,
        pos.piles,
        pos.scope,
        pos.stock,
        pos.to_move,
        pos.left,
        pos.last_capturer,
        pos.deals_made,
    )


@pytest.mark.parametrize("index", range(len(CONFIGS)), ids=IDS)
def test_random_games_agree_move_by_move(index: int) -> None:
    rules = rules_of(index)
    fr = FastRules(rules)
    rng = random.Random(index)
    plays = 0
    for seed in range(12):
        state = card_play_state(deal(rules, seed, seed % rules.players))
        pure, comp = pos_of_state(state), pos_of_state(state)
        while not state.finished:
            moves = fast.legal_moves(fr, pure)
            assert _kernel.py_legal_moves(fr, comp) == moves
            engine = sorted(
                (m.card, m.capture) for m in legal_moves(state) if m.kind is MoveKind.PLAY
            )
            assert sorted(moves) == engine
            c, capture = rng.choice(moves)
            fast.apply(fr, pure, c, capture)
            _kernel.py_apply(fr, comp, c, capture)
            state, _ = apply(
                state,
                next(
                    m
                    for m in legal_moves(state)
                    if (m.card, m.capture, m.kind) == (c, capture, MoveKind.PLAY)
                ),
            )
            state = card_play_state(state)
            assert position(comp) == position(pure) == position(pos_of_state(state))
            plays += 1
        engine_totals = list(score_hand(rules, state.piles, state.scope).totals)
        assert _kernel.py_hand_totals(fr, comp.piles, comp.scope) == engine_totals
        assert fast.hand_totals(fr, pure.piles, pure.scope) == engine_totals
    assert plays >= 12 * 30


@pytest.mark.parametrize("index", range(len(CONFIGS)), ids=IDS)
def test_heuristic_rollouts_agree(index: int) -> None:
    rules = rules_of(index)
    fr = FastRules(rules)
    for seed in range(20):
        state = card_play_state(deal(rules, seed, seed % rules.players))
        pure, comp = pos_of_state(state), pos_of_state(state)
        policy.playout(fr, pure, policy.RolloutRandom(seed * 1_000_003 + (seed << 40)))
        totals = _kernel.py_playout(fr, comp, seed * 1_000_003 + (seed << 40))
        assert position(comp) == position(pure)
        assert totals == fast.hand_totals(fr, pure.piles, pure.scope)


def endgame(rules: Rules, seed: int, left: int) -> Pos:
    rng = random.Random(seed)
    state = card_play_state(deal(rules, seed))
    while state.stock or sum(h.bit_count() for h in state.hands) > left:
        state, _ = apply(
            state, rng.choice([m for m in legal_moves(state) if m.kind is MoveKind.PLAY])
        )
        state = card_play_state(state)
    return pos_of_state(state)


@pytest.mark.parametrize("name", ["scopone_scientifico", "scopa", "quindici_3", "escoba"])
def test_endgame_solutions_agree(name: str) -> None:
    rules = make_rules(name)
    fr = FastRules(rules)
    pure, comp = Solver(fr), _kernel.CompiledSolver(fr)
    for seed in range(6):
        pos = endgame(rules, seed, 8)
        assert comp.applies(pos, 8) == pure.applies(pos, 8)
        assert comp.solve(pos.copy()) == pure.solve(pos.copy())
        assert comp.nodes == pure.nodes
        assert comp.size == len(pure.table)


def advice_without_time(view: object, kernel: str, **kwargs: object) -> object:
    advice = advise(view, kernel=kernel, **kwargs)  # type: ignore[arg-type]
    return dataclasses.replace(advice, stats=dataclasses.replace(advice.stats, elapsed_ms=0.0))


@pytest.mark.parametrize(
    ("name", "plays"),
    [
        ("scopone_scientifico", 0),
        ("scopone_scientifico", 18),
        ("scopone_scientifico", 30),
        ("scopone", 21),
        ("scopa", 2),
        ("scopa", 31),
        ("scopone_trentino", 12),
        ("quindici_3", 5),
        ("escoba", 8),
        ("scopone_messina", 3),
    ],
)
def test_advice_is_identical_on_both_backends(name: str, plays: int) -> None:
    rules = make_rules(name)
    assert backend.kernel_supports(rules)
    rng = random.Random(plays)
    state = card_play_state(deal(rules, plays))
    for _ in range(plays):
        state, _ = apply(state, rng.choice(legal_moves(state)))
    view = view_of(state, state.to_move)
    for match in (None, MatchContext(tuple(range(3, 3 + rules.sides)), rules.target)):
        kwargs = {"budget": Budget(iterations=6), "seed": 17, "match": match}
        assert advice_without_time(view, "compiled", **kwargs) == advice_without_time(
            view, "python", **kwargs
        )


@pytest.mark.parametrize(("name", "plays"), [("scopone_scientifico", 22), ("scopone", 15)])
def test_advice_over_several_calls_of_the_world_loop_is_identical_on_both_backends(
    name: str, plays: int
) -> None:
    # 48 worlds take two calls of the world loop (the floor of 32, then the rest), the second
    # reading the inference's sums that the first kept in the search's memo.
    rules = make_rules(name)
    rng = random.Random(plays)
    state = card_play_state(deal(rules, plays))
    for _ in range(plays):
        state, _ = apply(state, rng.choice(legal_moves(state)))
    view = view_of(state, state.to_move)
    kwargs = {"budget": Budget(iterations=48), "seed": 5}
    compiled = advice_without_time(view, "compiled", **kwargs)
    assert compiled == advice_without_time(view, "python", **kwargs)
    assert compiled.stats.worlds == 48  # type: ignore[attr-defined]


def test_uniform_playouts_match_the_reference_statistics() -> None:
    fr = FastRules(make_rules("scopone_scientifico"))
    n = 40_000
    stats = _kernel.uniform_hands(fr, n, 7)
    expected = (0.767, 2.060, 2.357)  # shared/bench/README.md, from limit.c
    for (total, squares), mean in zip(stats, expected, strict=True):
        m = total / n
        se = ((squares / n - m * m) / (n - 1)) ** 0.5
        assert abs(m - mean) < 5 * se + 0.005


# Bases an option value is tried on, the first that accepts it: the ace options need the ace
# rule, the 36-card pack and five players need their own deal schedules, teams four players.
SCORING_BASES: list[tuple[str, dict[str, object]]] = [
    ("scopa", {}),
    ("scopa", {"ace_takes_all": True}),
    ("corse", {}),
    ("scopa", {"initial_table": 0, "deal_sizes": [8]}),
    ("scopa", {"players": 4}),
]


def scoring_variants() -> list[Rules]:
    """Every value of every option the kernels claim to score themselves (model.SCORED)."""
    found: list[Rules] = []
    for spec in OPTIONS:
        allowed = model.SCORED[spec.name]
        values = spec.choices if spec.choices is not None else (True, False)
        if spec.kind not in (bool, str) and spec.choices is None:
            continue
        for value in values:
            if allowed is not None and value not in allowed:
                continue
            for preset, base in SCORING_BASES:
                try:
                    found.append(make_rules(preset, **{**base, spec.name: value}))
                    break
                except RulesError:
                    continue
            else:
                raise AssertionError(f"no base takes {spec.name}={value!r}")
    return found


SCORING_RULES = scoring_variants()


@pytest.mark.parametrize("index", range(len(SCORING_RULES)))
def test_kernel_totals_equal_the_engine_for_every_scored_option(index: int) -> None:
    rules = SCORING_RULES[index]
    fr = FastRules(rules)
    assert fr.kernel_scores, rules
    rng = random.Random(index)
    pack = [c for c in range(40) if rules.pack_cards >> c & 1]
    for _ in range(40):
        rng.shuffle(pack)
        owners = [rng.randrange(rules.sides) for _ in pack]
        piles = [
            sum(1 << c for c, o in zip(pack, owners, strict=True) if o == side)
            for side in range(rules.sides)
        ]
        scope = [rng.randint(0, 3) for _ in range(rules.sides)]
        engine_totals = list(score_hand(rules, piles, scope).totals)
        assert fast.hand_totals(fr, piles, scope) == engine_totals
        assert _kernel.py_hand_totals(fr, piles, scope) == engine_totals


@pytest.mark.parametrize(
    ("name", "plays"), [("scopa", 4), ("scopone_scientifico", 9), ("scopone", 20)]
)
def test_advice_with_known_hands_is_identical_on_both_backends(name: str, plays: int) -> None:
    rules = make_rules(name)
    rng = random.Random(plays)
    state = card_play_state(deal(rules, plays))
    for _ in range(plays):
        state, _ = apply(state, rng.choice(legal_moves(state)))
    seat = state.to_move
    view = view_of(state, seat)
    known = {s: state.hands[s] for s in range(rules.players) if s != seat}
    kwargs = {"budget": Budget(iterations=12), "seed": 4, "known": known}
    compiled = advice_without_time(view, "compiled", **kwargs)
    assert compiled == advice_without_time(view, "python", **kwargs)
    # Told the hands, the search values the moves in other worlds than without them.
    blind = advice_without_time(view, "compiled", budget=Budget(iterations=12), seed=4)
    assert compiled != blind
