"""Backend choice (SCOPA_KERNEL), kernel_supports, and the ace pass valued at the root."""

import dataclasses
import logging
import random

import pytest

from service.engine import Move, MoveKind, apply, deal, legal_moves, make_rules, view_of
from service.engine.presets import PRESETS
from service.engine.rules import Rules
from service.search import Budget, advise
from service.search.bots import make_player
from service.search.kernel import backend, model
from service.search.kernel.fast import FastRules, apply_pass
from service.search.worlds import pos_of_state
from tests.search.compiled import compiled_kernel_required


def test_kernel_supports_the_card_play_presets() -> None:
    for name in ("scopa", "scopone_scientifico", "quindici_3", "escoba", "chkobba", "cirulla"):
        rules = make_rules(name, declarations="none") if name == "cirulla" else make_rules(name)
        assert backend.kernel_supports(rules), name


@pytest.mark.parametrize(
    "options",
    [{"declarations": "bazzica"}, {"claims": True}, {"ace_may_pass": True, "ace_takes_all": True}],
)
def test_kernel_plays_the_card_plays_of_rules_with_other_moves(options: dict[str, object]) -> None:
    # Both kernels play card plays only (an ace passed at the root), so these rules search
    # compiled like any other.
    assert backend.kernel_supports(make_rules("scopa", **options))


def test_kernel_rejects_option_values_it_does_not_know() -> None:
    rules = make_rules("scopa")
    assert not backend.kernel_supports(dataclasses.replace(rules, capture_rule="eleven"))
    assert not backend.kernel_supports(dataclasses.replace(rules, prime_table="new_table"))


def test_every_rules_option_is_classified() -> None:
    names = {f.name for f in dataclasses.fields(Rules)}
    # An option the engine gains must be reviewed for the kernels, for play and for scoring:
    # until then it is unsupported.
    assert names == set(model.PLAYED)
    assert names == set(model.SCORED)


def test_kernel_scores_only_the_rules_it_models() -> None:
    for name in PRESETS:
        assert model.kernel_scores(make_rules(name)), name
        assert backend.kernel_supports(make_rules(name)), name
    unknown = dataclasses.replace(make_rules("scopa"), prime_table="new_table")
    assert not model.kernel_scores(unknown)


def test_unsupported_rules_search_on_the_pure_kernel() -> None:
    rules = dataclasses.replace(make_rules("bazzica"), capture_rule="eleven")
    assert backend.backend_for(rules, "python") is backend.PYTHON
    assert backend.backend_for(rules, "compiled") is backend.PYTHON
    assert backend.backend_for(rules, "auto") is backend.PYTHON


def test_requested_backend_comes_from_the_argument_or_the_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(backend.ENV, "python")
    assert backend.requested() == "python"
    assert backend.active_backend() == "python"
    assert backend.backend_for(make_rules("scopa")) is backend.PYTHON
    assert backend.requested("Compiled") == "compiled"
    monkeypatch.setenv(backend.ENV, "fastest")
    with pytest.raises(ValueError, match="SCOPA_KERNEL"):
        backend.requested()
    monkeypatch.delenv(backend.ENV)
    assert backend.requested() == "auto"


def test_missing_compiled_kernel(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(backend, "COMPILED", None)
    monkeypatch.setattr(backend, "_warned", set())
    with pytest.raises(ImportError, match="not built"):
        backend.active_backend("compiled")
    with caplog.at_level(logging.WARNING, logger=backend.__name__):
        assert backend.active_backend("auto") == "python"
        assert backend.active_backend("auto") == "python"
    assert len([r for r in caplog.records if "unavailable" in r.message]) == 1
    assert backend.backend_for(make_rules("scopa"), "auto") is backend.PYTHON


def test_the_compiled_kernel_is_built_where_it_is_required() -> None:
    if not compiled_kernel_required():
        pytest.skip("neither CI nor SCOPA_KERNEL=compiled requires the compiled kernel here")
    assert backend.COMPILED is not None, "CI runs without the compiled search kernel"


@pytest.mark.skipif(backend.COMPILED is None, reason="the compiled kernel is not built")
def test_compiled_backend_serves_supported_rules() -> None:
    assert backend.active_backend("compiled") == "compiled"
    assert backend.backend_for(make_rules("scopone_scientifico"), "compiled") is backend.COMPILED


def test_player_specs_choose_the_kernel() -> None:
    player = make_player("advisor:ms=20:kernel=python")
    assert player.name == "advisor:ms=20:kernel=python"
    with pytest.raises(ValueError, match="SCOPA_KERNEL"):
        make_player("advisor:kernel=fortran")
    with pytest.raises(ValueError, match="unknown player"):
        make_player("advisor:depth=3")


def test_a_passed_ace_goes_to_the_pile_like_the_engine() -> None:
    rules = make_rules("scopa", ace_takes_all=True, ace_may_pass=True)
    fr = FastRules(rules)
    rng = random.Random(2)
    checked = 0
    for seed in range(30):
        state = deal(rules, seed)
        while not state.finished:
            moves = legal_moves(state)
            passes = [m for m in moves if m.kind is MoveKind.PASS]
            move = rng.choice(passes or moves)
            pos = pos_of_state(state)
            state, _ = apply(state, move)
            if move.kind is MoveKind.PASS:
                apply_pass(fr, pos, move.card)
                assert pos_of_state(state).piles == pos.piles
                assert (pos.hands, pos.table, pos.to_move) == (
                    list(state.hands),
                    state.table,
                    state.to_move,
                )
                assert pos.last_capturer == state.last_capturer
                checked += 1
    assert checked >= 20


def test_the_advisor_values_a_pass_apart_from_laying_the_ace() -> None:
    rules = make_rules("scopa", ace_takes_all=True, ace_may_pass=True)
    for seed in range(40):
        state = deal(rules, seed)
        view = view_of(state, state.to_move)
        ace = next((c for c in range(0, 40, 10) if view.hand >> c & 1), None)
        if ace is None:
            continue
        advice = advise(view, Budget(iterations=20), seed=1)
        by_move = {a.move: a.expected_value for a in advice.moves}
        passed = Move(ace, 0, MoveKind.PASS)
        assert passed in by_move
        # Taking the whole table and passing differ: the pass leaves the table in play.
        taken = [m for m in by_move if m.card == ace and m.kind is MoveKind.PLAY]
        assert taken and all(by_move[m] != by_move[passed] for m in taken)
        return
    pytest.fail("no deal gave the player to move an ace")
