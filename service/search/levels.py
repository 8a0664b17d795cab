"""The computer opponents' levels, weakest first: one table of data, read by ``human.py``.

Every level below master plays like a person of that level (``human.HumanPlayer``): what it
remembers of the cards played, what it sees on the table, how far it looks at the next
player's reply, and how much a close choice is left to chance. Master is the advisor itself at
its default budget. The parameters are probabilities, weights in hand points, or a temperature
in hand points; tests/benchmarks/bench_levels.py measures the ladder they make.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from types import MappingProxyType

from service.engine.message import N_

MASTER = "master"


@dataclass(frozen=True, slots=True)
class Level:
    """One level: its name, how it plays in a line, who it suits, and its parameters.

    ``forget``: chance of forgetting each card captured before the last round of plays (it
    then counts as still to come); ``forget_key``: chance of forgetting, of the settebello or
    a rank whose copies are all out, that it is out; ``miss_capture``: chance of not seeing each
    extra card of a capture of two or more cards; ``miss_threat``: chance, per move, of not
    seeing that the next player could sweep; ``caution``: weight of what the next player can
    take after the move (0 ignores it, 1 weighs it fully); ``plan``: weight of the best capture
    its own next card could make on the table the move leaves; ``grab``: hand points a capture is
    worth above its cards (the capture in front of them); ``noise``: temperature of the choice
    in hand points (moves within about that much of the best are picked nearly at random);
    ``forget_declare``: chance of not declaring an open declaration; ``claim``: chance of
    claiming the match when its own count says the claim is right. ``advisor``: the level is
    the advisor (``/v1/advice`` at its default budget) and the other parameters are unused.
    """

    name: str
    description: str
    suits: str
    forget: float = 0.0
    forget_key: float = 0.0
    miss_capture: float = 0.0
    miss_threat: float = 0.0
    caution: float = 1.0
    plan: float = 0.0
    grab: float = 0.0
    noise: float = 0.0
    forget_declare: float = 0.0
    claim: float = 1.0
    advisor: bool = False

    def parameters(self) -> dict[str, float]:
        """The level's parameters by name (without its name and words)."""
        data = asdict(self)
        for words in ("name", "description", "suits", "advisor"):
            data.pop(words)
        return data


LEVELS: tuple[Level, ...] = (
    Level(
        "beginner",
        N_(
            "forgets most cards played, grabs whatever it can take, rarely sees a multi-card "
            "capture or the sweep it leaves, and plays close choices almost at random"
        ),
        N_("someone learning the rules, or a child"),
        forget=0.8,
        forget_key=0.7,
        miss_capture=0.5,
        miss_threat=0.8,
        caution=0.2,
        plan=0.0,
        grab=0.6,
        noise=0.4,
        forget_declare=0.4,
        claim=0.1,
    ),
    Level(
        "casual",
        N_(
            "remembers about half the cards played, prefers the capture in front of it, "
            "sometimes misses a sum or a sweep threat"
        ),
        N_("a family player who knows the rules but does not count"),
        forget=0.45,
        forget_key=0.4,
        miss_capture=0.2,
        miss_threat=0.4,
        caution=0.5,
        plan=0.1,
        grab=0.3,
        noise=0.18,
        forget_declare=0.15,
        claim=0.3,
    ),
    Level(
        "club",
        N_(
            "counts most cards and the sevens, guards against sweeps, sets up its next capture, "
            "and now and then forgets a card or takes the easy capture"
        ),
        N_("a regular at the bar's card table"),
        forget=0.2,
        forget_key=0.1,
        miss_capture=0.05,
        miss_threat=0.12,
        caution=0.8,
        plan=0.2,
        grab=0.1,
        noise=0.1,
        forget_declare=0.03,
        claim=0.8,
    ),
    Level(
        "expert",
        N_(
            "counts every card, weighs each move against the next player's best reply and its "
            "own next capture, and errs only between near-equal moves"
        ),
        N_("a strong tournament player"),
        forget=0.0,
        forget_key=0.0,
        miss_capture=0.0,
        miss_threat=0.0,
        caution=1.0,
        plan=0.4,
        grab=0.0,
        noise=0.03,
        forget_declare=0.0,
        claim=1.0,
    ),
    Level(
        MASTER,
        N_(
            "the advisor: a search over the possible deals of the unseen cards (/v1/advice at "
            "its default budget)"
        ),
        N_("anyone who wants the strongest opponent the service has"),
        advisor=True,
    ),
)

BY_NAME: Mapping[str, Level] = MappingProxyType({level.name: level for level in LEVELS})
NAMES: tuple[str, ...] = tuple(BY_NAME)


def level_named(name: str) -> Level:
    """The level of a name; ValueError naming the levels when there is none."""
    try:
        return BY_NAME[name]
    except KeyError:
        raise ValueError(f"unknown level {name!r}: one of {', '.join(NAMES)}") from None
