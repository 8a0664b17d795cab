"""The model of a rule set: every option declared once, and the frozen Rules value."""

from __future__ import annotations

import functools
import typing
from collections.abc import Mapping
from dataclasses import MISSING, asdict, dataclass, field, fields, replace
from types import MappingProxyType
from typing import Any

from service.engine.cards import FULL_PACK, RANK_MASKS, SUITS, Cards, Suit
from service.engine.errors import Problem, RulesError
from service.engine.message import Message
from service.engine.primes import PRIME_TABLE_NAMES
from service.engine.schemes import SCHEMES

# Suits by code letter (a dict lookup; Suit[...] goes through the enum's machinery).
SUIT_NAMED: Mapping[str, Suit] = MappingProxyType({s.name: s for s in SUITS})

PACKS: Mapping[str, Cards] = MappingProxyType(
    {"italian40": FULL_PACK, "corse36": FULL_PACK & ~RANK_MASKS[2]},
)
CAPTURE_RULES = ("standard", "fifteen", "sum_or_fifteen")
# The napola caps of scopa-pagat: A-2-3-4-5-6 (6 points), or up to the horse (9 points), in
# which case the whole suit (a run of 10) is a Napoleone, an outright win; no source scores 10.
NAPOLA_SHORT = 6
NAPOLA_LONG = 9
NO_DECLARATIONS = "none"
# Options a preset's deal schedule sets (players, initial_table, deal_sizes) or that follow
# from the player count (teams) have no fixed default.
SCHEDULED = None
_OPTION = "option"


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option axis: its name, type, default, the values it takes, and what it means.

    ``default`` is None for the options a preset's deal schedule or player count sets;
    ``minimum`` bounds a whole number that has no list of choices.
    """

    name: str
    kind: type
    choices: tuple[Any, ...] | None
    description: str
    default: Any = SCHEDULED
    minimum: int | None = None


def option(
    description: str,
    default: Any = MISSING,
    *,
    choices: tuple[Any, ...] | None = None,
    minimum: int | None = None,
) -> Any:
    """Declare a Rules field as an option; without a default, the preset's schedule sets it."""
    meta = {_OPTION: (description, choices, minimum)}
    if default is MISSING:
        return field(metadata=meta)
    return field(default=default, metadata=meta)


@dataclass(frozen=True, slots=True, kw_only=True)
class Rules:
    """Every rule of one variant; build it with ``presets.make_rules``."""

    preset: str
    players: int = option("number of players at the table", choices=(2, 3, 4, 5, 6))
    teams: bool = option("partners sit alternately (4 or 6 players)")
    pack: str = option("italian40, or corse36 without the twos", "italian40", choices=tuple(PACKS))
    bonus_suit: str = option(
        "suit of coins, settebello, napola", "D", choices=tuple(s.name for s in SUITS)
    )
    initial_table: int = option("cards laid face up on the table at the start", minimum=0)
    deal_sizes: tuple[int, ...] = option("cards dealt to each player in each deal, in order")
    redeal: str = option(
        "initial table that voids the hand: three or more kings, or of any one rank",
        "three_kings",
        choices=("none", "three_kings", "three_of_a_rank"),
    )
    redeal_on_ace: bool = option("an ace on the initial table voids the hand", False)
    first_card_choice: bool = option("the cutter may keep the top card (Chkobba)", False)
    capture_rule: str = option(
        "match or sum to the rank; sum to fifteen with the card; either",
        "standard",
        choices=CAPTURE_RULES,
    )
    fewest_cards: bool = option("a capture must take as few cards as possible", False)
    match_priority: bool = option(
        "a card of equal rank on the table must be taken rather than a set summing to the rank",
        True,
    )
    compulsory_capture: bool = option("a card that can capture must capture", True)
    ace_takes_all: bool = option("an ace played takes every table card", False)
    ace_scopa: bool = option("a sweep by the ace-takes-all rule is a scopa", False)
    ace_takes_itself: bool = option("an ace played on an empty table is taken", False)
    ace_may_pass: bool = option("an ace may go to the pile without capturing", False)
    last_card_scopa: bool = option("the hand's last card may score a scopa", False)
    prime_table: str = option(
        "how the primiera is valued (escoba_sevens: the most sevens, a tie gives nobody)",
        "standard",
        choices=PRIME_TABLE_NAMES,
    )
    primiera_incomplete: str = option(
        "when every side misses a suit: compare the suits held, or nobody scores",
        "compare",
        choices=("compare", "none"),
    )
    re_bello: bool = option("1 point for the king of the bonus suit", False)
    sette_di_coppe: bool = option("1 point for the 7 of cups (Calabrese)", False)
    napola: str = option(
        "run of the bonus suit from the ace: scores its length, or its length less two",
        "none",
        choices=("none", "length", "over_two"),
    )
    napola_cap: int = option(
        "longest napola run that counts: 6 (A to 6), or 9 (A to the horse; the whole suit is "
        "then a Napoleone)",
        NAPOLA_LONG,
        choices=(NAPOLA_SHORT, NAPOLA_LONG),
    )
    napoleone: bool = option(
        "the whole bonus suit wins the game outright (Napoleone); on by default with napola "
        "runs counted to 9, unless cappotto already makes it an outright win",
        False,
    )
    scalette: bool = option("low and high runs of the bonus suit (Scalette)", False)
    cappotto: bool = option("all ten coins win the game outright (Trentino)", False)
    piva: bool = option("the 2 of clubs scores -5 for its taker", False)
    grande: bool = option("5 points for the jack, horse and king of coins (Cirulla)", False)
    declarations: str = option(
        "hand declarations after each three-card deal: Bazzica, Sbarazzina or Cirulla",
        NO_DECLARATIONS,
        choices=(NO_DECLARATIONS, *SCHEMES),
    )
    claims: bool = option("a side may claim out mid-hand (chiamarsi fuori)", False)
    target: int = option("match points needed to win", 11, minimum=1)
    cappotto_7_0: bool = option("a side leading 7-0 wins at once", False)
    double_game: bool = option("a win by more than double counts double (Hurrikan)", False)

    @property
    def sides(self) -> int:
        """How many sides score: two teams, or one side per player."""
        return 2 if self.teams else self.players

    def side_of(self, seat: int) -> int:
        """The side a seat plays for."""
        return seat % 2 if self.teams else seat

    def seats_of(self, side: int) -> tuple[int, ...]:
        """The seats of one side."""
        return _seats_of(self.players, self.teams, side)

    @property
    def pack_cards(self) -> Cards:
        """Every card of the pack in play."""
        return PACKS[self.pack]

    @property
    def pack_size(self) -> int:
        """How many cards the pack holds."""
        return self.pack_cards.bit_count()

    @property
    def bonus(self) -> Suit:
        """The bonus suit as a Suit."""
        return SUIT_NAMED[self.bonus_suit]

    @property
    def deals(self) -> int:
        """How many deals make a hand."""
        return len(self.deal_sizes)

    def options(self) -> dict[str, Any]:
        """Every option as plain JSON-ready values, the preset included."""
        data = asdict(self)
        data["deal_sizes"] = list(self.deal_sizes)
        return data


@functools.cache
def _seats_of(players: int, teams: bool, side: int) -> tuple[int, ...]:
    """The seats of one side at a table of ``players`` (partners sit opposite in teams)."""
    return tuple(s for s in range(players) if (s % 2 if teams else s) == side)


def _kind(annotation: Any) -> type:
    """The JSON-facing type of an option: bool, int, str, or list for a tuple."""
    origin = typing.get_origin(annotation)
    return list if origin is tuple else typing.cast(type, annotation)


def _options() -> tuple[OptionSpec, ...]:
    hints = typing.get_type_hints(Rules)
    specs = []
    for f in fields(Rules):
        if _OPTION not in f.metadata:
            continue
        description, choices, minimum = f.metadata[_OPTION]
        default = SCHEDULED if f.default is MISSING else f.default
        specs.append(
            OptionSpec(f.name, _kind(hints[f.name]), choices, description, default, minimum)
        )
    return tuple(specs)


OPTIONS: tuple[OptionSpec, ...] = _options()
OPTION_NAMES: frozenset[str] = frozenset(o.name for o in OPTIONS)
_SPECS: Mapping[str, OptionSpec] = MappingProxyType({o.name: o for o in OPTIONS})
# The standard game's value of every option that has one.
STANDARD: Mapping[str, Any] = MappingProxyType(
    {o.name: o.default for o in OPTIONS if o.default is not SCHEDULED}
)


def checked_overrides(overrides: Mapping[str, Any]) -> dict[str, Any]:
    """Option overrides checked and normalised; RulesError lists unknown names and bad values."""
    problems = [
        Problem(name, Message("unknown option")) for name in overrides if name not in OPTION_NAMES
    ]
    values: dict[str, Any] = {}
    for name, value in overrides.items():
        if name in OPTION_NAMES:
            checked = check_value(name, value)
            if isinstance(checked, Problem):
                problems.append(checked)
            else:
                values[name] = checked
    if problems:
        raise RulesError(problems)
    return values


def with_options(rules: Rules, **overrides: Any) -> Rules:
    """A copy of validated Rules with more options changed; raises RulesError."""
    changed = replace(rules, **checked_overrides(overrides))
    validate_rules(changed)
    return changed


def check_value(name: str, value: Any) -> Any:
    """An option value checked against its declaration (and normalised), or a Problem."""
    spec = _SPECS[name]
    if spec.kind is bool:
        if not isinstance(value, bool):
            return Problem(name, Message("must be true or false, not {value!r}", value=value))
        return value
    if spec.kind is int:
        if isinstance(value, bool) or not isinstance(value, int):
            return Problem(name, Message("must be a whole number, not {value!r}", value=value))
    elif spec.kind is str:
        if not isinstance(value, str):
            return Problem(name, Message("must be a string, not {value!r}", value=value))
        if name == "bonus_suit":
            value = value.upper()
    elif spec.kind is list:
        if not isinstance(value, list | tuple) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in value
        ):
            return Problem(
                name, Message("must be a list of whole numbers, not {value!r}", value=value)
            )
        value = tuple(value)
    if spec.choices is not None and value not in spec.choices:
        allowed = ", ".join(str(c) for c in spec.choices)
        return Problem(
            name, Message("{value!r} is not one of {allowed}", value=value, allowed=allowed)
        )
    return value


def always_void(rules: Rules) -> bool:
    """Whether the re-deal rule voids every possible initial table (by counting cards)."""
    table = rules.initial_table
    pack = rules.pack_size
    ranks = len({c % 10 for c in range(40) if rules.pack_cards >> c & 1})
    return (
        (rules.redeal == "three_kings" and table >= pack - 1)
        or (rules.redeal == "three_of_a_rank" and table > 2 * ranks)
        or (rules.redeal_on_ace and table > pack - 4)
    )


def napoleone_required(rules: Rules) -> bool:
    """Whether the rules count napola runs to the horse, so that the whole suit wins outright."""
    return rules.napola != "none" and rules.napola_cap == NAPOLA_LONG


def validate_rules(rules: Rules) -> None:
    """Raise RulesError naming every option that is out of range or clashes with another."""
    problems: list[Problem] = []
    if rules.teams and rules.players not in (4, 6):
        problems.append(
            Problem(
                "teams", Message("teams need 4 or 6 players, not {players}", players=rules.players)
            )
        )
    for spec in OPTIONS:
        if spec.minimum is not None and getattr(rules, spec.name) < spec.minimum:
            bound = (
                Message("must not be negative")
                if spec.minimum == 0
                else Message("must be at least {minimum}", minimum=spec.minimum)
            )
            problems.append(Problem(spec.name, bound))
    if not rules.deal_sizes or any(n < 1 for n in rules.deal_sizes):
        problems.append(
            Problem("deal_sizes", Message("must list at least one deal of 1 or more cards"))
        )
    dealt = rules.initial_table + rules.players * sum(rules.deal_sizes)
    if rules.deal_sizes and dealt != rules.pack_size:
        problems.append(
            Problem(
                "deal_sizes",
                Message(
                    "clashes with initial_table, players and pack: {table} + {players} x "
                    "{each} = {dealt} cards, but the {pack} pack holds {size}",
                    table=rules.initial_table,
                    players=rules.players,
                    each=sum(rules.deal_sizes),
                    dealt=dealt,
                    pack=rules.pack,
                    size=rules.pack_size,
                ),
            )
        )
    if always_void(rules):
        problems.append(
            Problem(
                "initial_table",
                Message(
                    "clashes with the re-deal rule: every table of {table} cards would be void",
                    table=rules.initial_table,
                ),
            )
        )
    if not rules.ace_takes_all:
        for name in ("ace_scopa", "ace_takes_itself", "ace_may_pass"):
            if getattr(rules, name):
                problems.append(Problem(name, Message("clashes with ace_takes_all=false")))
    if rules.first_card_choice and (rules.initial_table < 1 or rules.deal_sizes[:1] < (1,)):
        problems.append(
            Problem(
                "first_card_choice", Message("needs a first deal with table cards and hand cards")
            )
        )
    if rules.scalette and rules.napola != "none":
        problems.append(
            Problem("scalette", Message("clashes with napola: the low run is the napola"))
        )
    if rules.scalette and rules.pack != "italian40":
        problems.append(
            Problem(
                "scalette",
                Message("clashes with pack={pack}: it has no 2 of coins", pack=rules.pack),
            )
        )
    if napoleone_required(rules) and not (rules.napoleone or rules.cappotto):
        problems.append(
            Problem(
                "napoleone",
                Message(
                    "clashes with napola_cap={cap}: with runs counted to the horse the whole "
                    "suit is a Napoleone, an outright win",
                    cap=NAPOLA_LONG,
                ),
            )
        )
    if rules.napola != "none" and rules.pack != "italian40":
        problems.append(
            Problem(
                "napola", Message("clashes with pack={pack}: it has no 2 of coins", pack=rules.pack)
            )
        )
    if rules.declarations != NO_DECLARATIONS and 3 not in rules.deal_sizes:
        problems.append(Problem("declarations", Message("need at least one deal of three cards")))
    if problems:
        raise RulesError(problems)
