"""The engine against the independent referee: bounded games and scored piles per configuration.

`make differential` runs the same comparison at 10,000 games per configuration. The fault
tests at the end break the referee on purpose and check that the runner notices.
"""

import dataclasses
import random
from collections import Counter

import pytest

from tests.referee import differential as diff
from tests.referee import referee as ref
from tests.referee import scoring

GAMES = 100  # per configuration: about 1 s each on the project's 2-core machine
PILES = 1000  # random end-of-hand piles scored per configuration

# Situations every configuration's games must have met for the comparison to mean much.
EVERY_CONFIG_MEETS = (
    "scopa",
    "single match beats a possible sum",
    "a choice of captures",
    "hand's last card clears the table, no scopa",
    "table left to the last capturer",
    "nobody scores coins",
)
# A sweep with the last card of a deal that is not the hand's last (several deals, few seats).
ALSO_MEETS = {
    "scopa/2": ("scopa with a deal's last card",),
    "scopa/3": ("scopa with a deal's last card",),
}
# Scoring situations the random piles must meet.
PILES_MEET = (
    "all suits beat a higher prime",
    "no side holds all suits",
    "nobody scores cards",
    "nobody scores coins",
    "nobody scores primiera",
)


def reports(tally: diff.Tally) -> str:
    """The first few disagreements of a run, for an assertion message."""
    return "\n".join(d.report() for d in tally.disagreements[:3])


@pytest.mark.parametrize("config", diff.CONFIGS, ids=lambda c: c.label)
def test_engine_and_referee_agree_on_every_move_and_score(config: diff.Config) -> None:
    tally = diff.run(config, GAMES)
    assert tally.disagreements == [], reports(tally)
    g = ref.game(config.preset, config.players, teams=config.teams)
    assert tally.games == GAMES
    assert tally.moves == GAMES * (40 - g.table_initial)  # every game was played to its end
    wanted = EVERY_CONFIG_MEETS + ALSO_MEETS.get(config.label, ())
    missing = [what for what in wanted if not tally.seen[what]]
    assert missing == [], f"{config.label} never met {missing}"


@pytest.mark.parametrize("config", diff.CONFIGS, ids=lambda c: c.label)
def test_engine_and_referee_score_random_piles_alike(config: diff.Config) -> None:
    tally = diff.run_partitions(config, PILES)
    assert tally.disagreements == [], reports(tally)
    missing = [what for what in PILES_MEET if not tally.seen[what]]
    assert missing == [], f"{config.label} never met {missing}"


def test_a_game_replays_identically_from_its_seed() -> None:
    config = diff.Config("scopa", 3, False)
    first, second = Counter[str](), Counter[str]()
    assert diff.play_game(config, 11, "greedy", first) == diff.play_game(
        config, 11, "greedy", second
    )
    assert first == second and first["scopa"] + first["a choice of captures"] > 0


def test_the_engine_stock_is_reordered_block_by_block() -> None:
    # Two players, three cards each: engine blocks [a a a b b b] become a b a b a b.
    stock = ["1D", "2D", "3D", "1C", "2C", "3C"]
    assert [c.code for c in diff.to_dealing_order(stock, 2, 3)] == [
        "1D",
        "1C",
        "2D",
        "2C",
        "3D",
        "3C",
    ]


def test_the_greedy_policy_prefers_a_sweep_and_lays_its_lowest_card() -> None:
    g = ref.game("scopa", 2)
    table = ref.cards("2D 4C 9S 1B")
    h0 = ref.cards("10C 6S 3B")
    h1 = ref.cards("8B 5S 7C")
    rest = sorted(ref.PACK - table - h0 - h1)
    p = ref.start(g, 1, (h0, h1), table, tuple(rest))
    keys = sorted(diff.referee_moves(p))
    # No sweep and no settebello: 10C takes 9S+1B, 6S takes 2D+4C, 3B takes 2D+1B; two cards
    # each, one coin for 6S and 3B, and the lower card of those two is preferred.
    assert diff.choose_greedy(random.Random(0), p, keys) == ("3B", frozenset({"2D", "1B"}))
    sweep = dataclasses.replace(p, table=ref.cards("9S 1B"))
    assert diff.choose_greedy(random.Random(0), sweep, sorted(diff.referee_moves(sweep))) == (
        "10C",
        frozenset({"9S", "1B"}),
    )
    lays = dataclasses.replace(p, table=ref.cards("10D"), hands=(ref.cards("6S 3B"), h1))
    assert diff.choose_greedy(random.Random(0), lays, sorted(diff.referee_moves(lays))) == (
        "3B",
        frozenset(),
    )


# Faults injected into the referee: the runner must report each one.


def test_a_referee_that_lets_sums_beat_a_single_match_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = ref.captures

    def sums_too(played: ref.Card, table: frozenset[ref.Card]) -> list[frozenset[ref.Card]]:
        found = real(played, table)
        if found and len(found[0]) == 1:
            others = frozenset(c for c in table if c.rank != played.rank)
            found = found + real(played, others)
        return found

    monkeypatch.setattr(ref, "captures", sums_too)
    tally = diff.run(diff.Config("scopa", 2, False), 20)
    assert tally.disagreements, "a wrong capture rule went unnoticed"
    first = tally.disagreements[0]
    assert first.what == "legal moves"
    text = first.report()
    assert "make_rules('scopa', players=2" in text and f"seed={first.seed}" in text
    assert f"move index {first.move_index}" in text


def test_a_referee_that_scores_a_scopa_with_the_hands_last_card_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = ref.apply

    def last_card_sweeps(p: ref.Position, move: ref.Move) -> ref.Position:
        after = real(p, move)
        if after.finished and move.captured and move.captured == p.table:
            scope = list(after.scope)
            scope[p.game.side_of(p.to_move)] += 1
            after = dataclasses.replace(after, scope=tuple(scope))
        return after

    monkeypatch.setattr(ref, "apply", last_card_sweeps)
    tally = diff.run(diff.Config("scopone_scientifico", 4, True), 30)
    assert tally.disagreements
    assert all("(['scope'])" in d.what for d in tally.disagreements)


def test_a_referee_whose_every_clearing_capture_sweeps_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def clears(p: ref.Position, move: ref.Move) -> bool:
        return bool(move.captured) and move.captured == p.table

    monkeypatch.setattr(ref, "is_sweep", clears)
    tally = diff.run(diff.Config("scopa", 2, False), 30)
    assert tally.disagreements
    assert {d.what for d in tally.disagreements} == {"moves that sweep"}


def test_a_referee_dealing_from_the_wrong_seat_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    real = ref.deal_round
    monkeypatch.setattr(ref, "deal_round", lambda s, n, k, first: real(s, n, k, first + 1))
    tally = diff.run(diff.Config("scopa", 4, True), 4)
    assert len(tally.disagreements) == 4
    assert all("'hands'" in d.what for d in tally.disagreements)


def test_a_referee_without_the_all_suits_rule_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    def by_sum_only(piles: list[frozenset[ref.Card]]) -> list[int]:
        sums = [scoring.prime(p)[1] for p in piles]
        best = max(sums)
        return [1 if s == best and sums.count(best) == 1 else 0 for s in sums]

    monkeypatch.setattr(scoring, "primiera", by_sum_only)
    tally = diff.run_partitions(diff.Config("scopa", 3, False), 300)
    assert tally.disagreements
    assert all(d.what.startswith("score of piles") for d in tally.disagreements)


def test_a_referee_awarding_cards_for_a_bare_plurality_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Three sides: a tie for the most cards gives nobody the point (docs/rules.md section 4).
    def plurality(counts: list[int], out_of: int) -> list[int]:
        best = max(counts)
        return [1 if n == best else 0 for n in counts]

    monkeypatch.setattr(scoring, "majority", plurality)
    tally = diff.run(diff.Config("scopa", 3, False), 40)
    assert tally.disagreements
    assert {d.what for d in tally.disagreements} == {"hand score"}


def test_the_command_prints_counts_and_fails_on_a_disagreement(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["--games", "4", "--partitions", "4", "--config", "scopa/4"]
    assert diff.main(args) == 0
    out = capsys.readouterr().out
    assert "scopa/4/teams" in out and "disagreements in all: 0" in out
    assert any(line.split()[1:4] == ["4", "144", "0"] for line in out.splitlines())
    real = ref.deal_round
    monkeypatch.setattr(ref, "deal_round", lambda s, n, k, first: real(s, n, k, first + 1))
    assert diff.main(args) == 1
    out = capsys.readouterr().out
    assert "disagreements in all: 4" in out and "DISAGREEMENT scopa/4/teams" in out
