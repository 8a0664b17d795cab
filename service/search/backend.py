"""Which playout kernel the search runs on: compiled (Cython) or pure Python.

``SCOPA_KERNEL`` chooses: ``auto`` (the default) takes the compiled kernel when it imports and
else the pure one, with a warning logged once; ``compiled`` insists on it (ImportError when it
was not built); ``python`` forces the pure kernel. Rules the compiled kernel does not model
(``kernel_supports``) always run on the pure kernel. Both backends give identical advice.
"""

from __future__ import annotations

import dataclasses
import logging
import os
import random
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Protocol

from service.engine.primes import PRIME_TABLE_NAMES
from service.engine.rules import Rules
from service.search import fast, policy
from service.search.fast import FastRules, Pos
from service.search.solver import Solved, Solver

_kernel: ModuleType | None
try:
    from service.search import _kernel
except ImportError as error:  # no compiler at install time: the pure kernel serves
    _kernel = None
    _IMPORT_ERROR: ImportError | None = error
else:
    _IMPORT_ERROR = None

ENV = "SCOPA_KERNEL"
CHOICES = ("auto", "compiled", "python")
log = logging.getLogger(__name__)
_warned: set[str] = set()  # holds "fallback" once the missing-kernel warning was logged

# Rule options whose every value the compiled kernel handles, and the exact values it handles
# of the others. An option missing from both (one the engine gains later) makes
# ``kernel_supports`` false, so new rules never run silently wrong in C.
ANY_VALUE = frozenset(
    {
        "preset",
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
        "target",
        "cappotto_7_0",
        "double_game",
    }
)
ONLY_VALUES: dict[str, frozenset[object]] = {
    "capture_rule": frozenset({"standard", "fifteen", "sum_or_fifteen"}),
    "prime_table": frozenset(PRIME_TABLE_NAMES),
    # The kernels play cards only: passes, declarations and claims are not in their moves.
    "ace_may_pass": frozenset({False}),
    "declarations": frozenset({"none"}),
    "claims": frozenset({False}),
}
MAX_SEATS = 6
MAX_CARDS_DEALT = 40


class SearchSolver(Protocol):
    """An exact endgame solver (solver.Solver or the compiled one)."""

    fr: FastRules
    nodes: int

    def applies(self, pos: Pos, max_cards: int) -> bool:
        """Whether the position is small enough and two-sided with nothing left to deal."""
        ...

    def solve(self, pos: Pos) -> Solved:
        """The minimax value for side 0 under perfect play, and the leaf's totals."""
        ...


@dataclass(frozen=True, slots=True)
class Backend:
    """The kernel functions one search runs on."""

    name: str
    apply: Callable[[FastRules, Pos, int, int], None]
    playout: Callable[[FastRules, Pos, int], list[int]]
    make_solver: Callable[[FastRules], SearchSolver]


def _python_playout(fr: FastRules, pos: Pos, seed: int) -> list[int]:
    """policy.playout with random.Random(seed), then the hand totals."""
    policy.playout(fr, pos, random.Random(seed))
    return fast.hand_totals(fr, pos.piles, pos.scope)


PYTHON = Backend("python", fast.apply, _python_playout, Solver)
COMPILED = (
    None
    if _kernel is None
    else Backend("compiled", _kernel.py_apply, _kernel.py_playout, _kernel.CompiledSolver)
)


def compiled_available() -> bool:
    """Whether the compiled kernel was built and imports."""
    return COMPILED is not None


def kernel_supports(rules: Rules) -> bool:
    """Whether the compiled kernel plays and scores these rules exactly as the engine."""
    fields = {f.name: getattr(rules, f.name) for f in dataclasses.fields(rules)}
    for name, value in fields.items():
        if name in ANY_VALUE:
            continue
        allowed = ONLY_VALUES.get(name)
        if allowed is None or value not in allowed:
            return False
    return (
        rules.players <= MAX_SEATS
        and len(rules.deal_sizes) <= MAX_CARDS_DEALT
        and rules.pack_size <= MAX_CARDS_DEALT
    )


def requested(kernel: str | None = None) -> str:
    """The backend asked for: the argument, else SCOPA_KERNEL, else auto; ValueError if bad."""
    choice = (kernel or os.environ.get(ENV) or "auto").strip().lower()
    if choice not in CHOICES:
        raise ValueError(f"{ENV} must be one of {', '.join(CHOICES)}, not {choice!r}")
    return choice


def active_backend(kernel: str | None = None) -> str:
    """The backend the search runs on for supported rules: "compiled" or "python"."""
    choice = requested(kernel)
    if choice == "python":
        return "python"
    if COMPILED is not None:
        return "compiled"
    if choice == "compiled":
        raise ImportError(
            f"{ENV}=compiled but the compiled search kernel (service.search._kernel) is not "
            f"built: reinstall with a C compiler ({_IMPORT_ERROR})"
        )
    if "fallback" not in _warned:
        _warned.add("fallback")
        log.warning("compiled search kernel unavailable (%s): using the pure one", _IMPORT_ERROR)
    return "python"


def backend_for(rules: Rules, kernel: str | None = None) -> Backend:
    """The backend a search of these rules runs on."""
    if active_backend(kernel) == "compiled" and COMPILED is not None and kernel_supports(rules):
        return COMPILED
    return PYTHON


def make_solver(rules: Rules, kernel: str | None = None) -> SearchSolver:
    """A fresh endgame solver on the backend for these rules."""
    return backend_for(rules, kernel).make_solver(FastRules(rules))
