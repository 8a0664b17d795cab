"""The warm-up builds what searches would otherwise build on first use."""

from service.engine import make_rules
from service.engine.presets import PRESETS
from service.search import match_model
from service.search.kernel.backend import backend_for
from service.search.kernel.fast import fast_rules
from service.search.warmup import preset_rules, warm_up


def test_every_preset_is_warmed() -> None:
    assert preset_rules() == [make_rules(name) for name in PRESETS]


def test_warming_a_rule_set_builds_its_tables() -> None:
    rules = make_rules("piva")
    match_model.iterated_values.cache_clear()
    fast_rules.cache_clear()
    elapsed = warm_up([rules])
    assert elapsed > 0
    assert match_model.iterated_values.cache_info().currsize == 1
    assert fast_rules.cache_info().currsize == 1
    # The compiled kernel's tables where searches of these rules run on it (SCOPA_KERNEL).
    compiled = backend_for(rules).name == "compiled"
    assert (fast_rules(rules).compiled is not None) == compiled
