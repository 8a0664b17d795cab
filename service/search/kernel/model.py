"""What the fast kernels model: every Rules field classified for play and for scoring.

Both kernels (the pure one, fast.py and policy.py, and its compiled twin, _kernel.pyx) read
these two allow-lists. ``PLAYED`` says which rule sets the compiled kernel plays as the pure
one does (others search on the pure kernel); ``SCORED`` says which rule sets the kernels'
hand points compute themselves (others are scored by the engine's ``score_hand``). Each maps
a field to None (every value is modelled) or to the exact values modelled. A field missing
from a list (one the engine gains later) counts as not modelled, so a new rule never runs
silently wrong in a kernel; a test requires every field in both lists.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from service.engine.primes import PRIME_TABLE_NAMES
from service.engine.rules import CAPTURE_RULES, Rules

# Fields that change neither how the kernels play nor how they score.
_NEUTRAL = ("preset", "target", "cappotto_7_0", "double_game")
# Fields of the deal and the play, modelled by both kernels whatever their value.
_PLAY = (
    "players",
    "teams",
    "pack",
    "bonus_suit",
    "initial_table",
    "deal_sizes",
    "redeal",
    "redeal_on_ace",
    "first_card_choice",
    "fewest_cards",
    "match_priority",
    "compulsory_capture",
    "ace_takes_all",
    "ace_scopa",
    "ace_takes_itself",
    "last_card_scopa",
)
# Fields of the hand's score (and of outright wins, which the match model reads).
_SCORE = (
    "primiera_incomplete",
    "re_bello",
    "sette_di_coppe",
    "napola",
    "napola_cap",
    "napoleone",
    "scalette",
    "cappotto",
    "piva",
    "grande",
)

# The kernels play card plays only, the same way on both: an ace passed (ace_may_pass) at
# the root, but no pass, declaration or claim inside a playout, so those options cost no
# exactness between the kernels (the search ranks card plays; search.special picks the rest).
PLAYED: Mapping[str, frozenset[object] | None] = MappingProxyType(
    {
        **dict.fromkeys(_NEUTRAL + _PLAY + _SCORE),
        "capture_rule": frozenset(CAPTURE_RULES),
        "prime_table": frozenset(PRIME_TABLE_NAMES),
        "ace_may_pass": None,
        "declarations": None,
        "claims": None,
    }
)
SCORED: Mapping[str, frozenset[object] | None] = MappingProxyType(
    {
        **dict.fromkeys(_NEUTRAL + _PLAY + _SCORE),
        "capture_rule": None,
        "ace_may_pass": None,
        "claims": None,
        "prime_table": frozenset(PRIME_TABLE_NAMES),
        # Declarations score 0 in a playout: the ones made are the same for every root move
        # and the kernels play none.
        "declarations": None,
    }
)


def _allowed(classification: Mapping[str, frozenset[object] | None], rules: Rules) -> bool:
    for name in rules.options():
        if name not in classification:
            return False
        values = classification[name]
        if values is not None and getattr(rules, name) not in values:
            return False
    return True


def compiled_plays(rules: Rules) -> bool:
    """Whether the compiled kernel plays these rules exactly as the engine."""
    return _allowed(PLAYED, rules)


def kernel_scores(rules: Rules) -> bool:
    """Whether the kernels' hand totals score these rules themselves (else the engine does)."""
    return _allowed(SCORED, rules)
