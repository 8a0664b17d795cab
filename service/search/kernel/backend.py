"""Which playout kernel the search runs on: compiled (Cython) or pure Python.

``SCOPA_KERNEL`` chooses: ``auto`` (the default) takes the compiled kernel when it imports and
else the pure one, with a warning logged once; ``compiled`` insists on it (ImportError when it
was not built); ``python`` forces the pure kernel. Rules the compiled kernel does not model
(``kernel_supports``, from the allow-list in model.py) always run on the pure kernel. Both
backends give identical advice.
"""

from __future__ import annotations

import logging
import os
import random
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Protocol

from service.engine.rules import Rules
from service.search.kernel import fast, loop, policy
from service.search.kernel.fast import FastRules, Pos
from service.search.kernel.model import compiled_plays
from service.search.kernel.solver import Leaf, Solved, Solver

_kernel: ModuleType | None
try:
    from service.search.kernel import _kernel
except ImportError as error:  # no compiler at install time: the pure kernel serves
    _kernel = None
    _IMPORT_ERROR: ImportError | None = error
else:
    _IMPORT_ERROR = None

ENV = "SCOPA_KERNEL"
CHOICES = ("auto", "compiled", "python")
log = logging.getLogger(__name__)
_warned: set[str] = set()  # holds "fallback" once the missing-kernel warning was logged

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

    def solve_leaf(self, pos: Pos) -> tuple[int, Leaf]:
        """The minimax value for side 0 under perfect play, and the end of the solved line."""
        ...


class WorldRandom(Protocol):
    """The world loop's random numbers: random.Random or its C twin (_kernel.KernelRandom)."""


# The world loop (loop.run_worlds): (rules, setup, tally, random, solver, *, max_worlds,
# seconds, win, hard_seconds, memo) -> the worlds completed.
RunWorlds = Callable[..., int]


@dataclass(frozen=True, slots=True)
class Backend:
    """The kernel functions one search runs on."""

    name: str
    apply: Callable[[FastRules, Pos, int, int], None]
    playout: Callable[[FastRules, Pos, int], list[int]]
    make_solver: Callable[[FastRules], SearchSolver]
    make_random: Callable[[int], WorldRandom]
    run_worlds: RunWorlds
    # One search's memo of the inference's likelihood sums, passed to every run_worlds call.
    make_memo: Callable[[], object]


def _python_playout(fr: FastRules, pos: Pos, seed: int) -> list[int]:
    """policy.playout with policy.RolloutRandom(seed), then the hand totals."""
    policy.playout(fr, pos, policy.RolloutRandom(seed))
    return fast.hand_totals(fr, pos.piles, pos.scope)


PYTHON = Backend(
    "python", fast.apply, _python_playout, Solver, random.Random, loop.run_worlds, loop.new_memo
)
COMPILED = (
    None
    if _kernel is None
    else Backend(
        "compiled",
        _kernel.py_apply,
        _kernel.py_playout,
        _kernel.CompiledSolver,
        _kernel.KernelRandom,
        _kernel.run_worlds,
        _kernel.LikelihoodMemo,
    )
)


def compiled_available() -> bool:
    """Whether the compiled kernel was built and imports."""
    return COMPILED is not None


def kernel_supports(rules: Rules) -> bool:
    """Whether the compiled kernel plays and scores these rules exactly as the engine."""
    return (
        compiled_plays(rules)
        and rules.players <= MAX_SEATS
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
            f"{ENV}=compiled but the compiled search kernel (service.search.kernel._kernel) is not "
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
