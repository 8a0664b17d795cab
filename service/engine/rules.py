"""Variants as data: one frozen Rules value built from a preset plus option overrides."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, replace
from types import MappingProxyType
from typing import Any

from service.engine.cards import FULL_PACK, RANK_MASKS, Cards, Suit
from service.engine.errors import Problem, RulesError

PACKS: Mapping[str, Cards] = MappingProxyType(
    {"italian40": FULL_PACK, "corse36": FULL_PACK & ~RANK_MASKS[2]},
)


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option axis: its name, the values it takes, and what it means."""

    name: str
    kind: type
    choices: tuple[Any, ...] | None
    description: str


OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("players", int, (2, 3, 4, 5, 6), "number of players at the table"),
    OptionSpec("teams", bool, None, "partners sit alternately (4 or 6 players)"),
    OptionSpec("pack", str, tuple(PACKS), "italian40, or corse36 without the twos"),
    OptionSpec("bonus_suit", str, ("D", "C", "S", "B"), "suit of coins, settebello, napola"),
    OptionSpec("initial_table", int, None, "cards laid face up on the table at the start"),
    OptionSpec("deal_sizes", list, None, "cards dealt to each player in each deal, in order"),
    OptionSpec(
        "redeal",
        str,
        ("none", "three_kings", "three_of_a_rank"),
        "initial table that voids the hand: three or more kings, or of any one rank",
    ),
    OptionSpec("redeal_on_ace", bool, None, "an ace on the initial table voids the hand"),
    OptionSpec("first_card_choice", bool, None, "the cutter may keep the top card (Chkobba)"),
    OptionSpec(
        "capture_rule",
        str,
        ("standard", "fifteen", "sum_or_fifteen"),
        "match or sum to the rank; sum to fifteen with the card; either",
    ),
    OptionSpec("fewest_cards", bool, None, "a capture must take as few cards as possible"),
    OptionSpec(
        "match_priority",
        bool,
        None,
        "a card of equal rank on the table must be taken rather than a set summing to the rank",
    ),
    OptionSpec("compulsory_capture", bool, None, "a card that can capture must capture"),
    OptionSpec("ace_takes_all", bool, None, "an ace played takes every table card"),
    OptionSpec("ace_scopa", bool, None, "a sweep by the ace-takes-all rule is a scopa"),
    OptionSpec("ace_takes_itself", bool, None, "an ace played on an empty table is taken"),
    OptionSpec("ace_may_pass", bool, None, "an ace may go to the pile without capturing"),
    OptionSpec("last_card_scopa", bool, None, "the hand's last card may score a scopa"),
    OptionSpec(
        "prime_table",
        str,
        (
            "standard",
            "southern",
            "zero_faces",
            "half_values",
            "barmila",
            "most_sevens",
            "escoba_sevens",
        ),
        "how the primiera is valued (escoba_sevens: the most sevens, a tie gives nobody)",
    ),
    OptionSpec(
        "primiera_incomplete",
        str,
        ("compare", "none"),
        "when every side misses a suit: compare the suits held, or nobody scores",
    ),
    OptionSpec("re_bello", bool, None, "1 point for the king of the bonus suit"),
    OptionSpec("sette_di_coppe", bool, None, "1 point for the 7 of cups (Calabrese)"),
    OptionSpec(
        "napola",
        str,
        ("none", "length", "over_two"),
        "run of the bonus suit from the ace: scores its length, or its length less two",
    ),
    OptionSpec("napola_cap", int, (6, 9, 10), "longest napola run that counts"),
    OptionSpec("napoleone", bool, None, "the whole bonus suit wins the game outright"),
    OptionSpec("scalette", bool, None, "low and high runs of the bonus suit (Scalette)"),
    OptionSpec("cappotto", bool, None, "all ten coins win the game outright (Trentino)"),
    OptionSpec("piva", bool, None, "the 2 of clubs scores -5 for its taker"),
    OptionSpec("grande", bool, None, "5 points for the jack, horse and king of coins (Cirulla)"),
    OptionSpec(
        "declarations",
        str,
        ("none", "bazzica", "sbarazzina", "cirulla"),
        "hand declarations after each three-card deal: Bazzica, Sbarazzina or Cirulla",
    ),
    OptionSpec("claims", bool, None, "a side may claim out mid-hand (chiamarsi fuori)"),
    OptionSpec("target", int, None, "match points needed to win"),
    OptionSpec("cappotto_7_0", bool, None, "a side leading 7-0 wins at once"),
    OptionSpec("double_game", bool, None, "a win by more than double counts double (Hurrikan)"),
)
OPTION_NAMES: frozenset[str] = frozenset(o.name for o in OPTIONS)


@dataclass(frozen=True, slots=True)
class Rules:
    """Every rule of one variant; build it with ``make_rules``."""

    preset: str
    players: int
    teams: bool
    pack: str
    bonus_suit: str
    initial_table: int
    deal_sizes: tuple[int, ...]
    redeal: str
    redeal_on_ace: bool
    first_card_choice: bool
    capture_rule: str
    fewest_cards: bool
    compulsory_capture: bool
    ace_takes_all: bool
    ace_scopa: bool
    ace_takes_itself: bool
    ace_may_pass: bool
    last_card_scopa: bool
    prime_table: str
    primiera_incomplete: str
    re_bello: bool
    sette_di_coppe: bool
    napola: str
    napola_cap: int
    napoleone: bool
    scalette: bool
    cappotto: bool
    piva: bool
    declarations: str
    claims: bool
    target: int
    cappotto_7_0: bool
    double_game: bool
    match_priority: bool = True
    grande: bool = False

    @property
    def sides(self) -> int:
        """How many sides score: two teams, or one side per player."""
        return 2 if self.teams else self.players

    def side_of(self, seat: int) -> int:
        """The side a seat plays for."""
        return seat % 2 if self.teams else seat

    def seats_of(self, side: int) -> tuple[int, ...]:
        """The seats of one side."""
        return tuple(s for s in range(self.players) if self.side_of(s) == side)

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
        return Suit[self.bonus_suit]

    @property
    def deals(self) -> int:
        """How many deals make a hand."""
        return len(self.deal_sizes)

    def options(self) -> dict[str, Any]:
        """Every option as plain JSON-ready values, the preset included."""
        data = asdict(self)
        data["deal_sizes"] = list(self.deal_sizes)
        return data


@dataclass(frozen=True, slots=True)
class Preset:
    """A named bundle of options, with a deal schedule for each player count it supports."""

    name: str
    description: str
    options: Mapping[str, Any]
    schedules: Mapping[int, tuple[int, tuple[int, ...]]]
    default_players: int


STANDARD: Mapping[str, Any] = MappingProxyType(
    {
        "teams": False,
        "pack": "italian40",
        "bonus_suit": "D",
        "redeal": "three_kings",
        "redeal_on_ace": False,
        "first_card_choice": False,
        "capture_rule": "standard",
        "fewest_cards": False,
        "match_priority": True,
        "compulsory_capture": True,
        "ace_takes_all": False,
        "ace_scopa": False,
        "ace_takes_itself": False,
        "ace_may_pass": False,
        "last_card_scopa": False,
        "prime_table": "standard",
        "primiera_incomplete": "compare",
        "re_bello": False,
        "sette_di_coppe": False,
        "napola": "none",
        "napola_cap": 10,
        "napoleone": False,
        "scalette": False,
        "cappotto": False,
        "piva": False,
        "grande": False,
        "declarations": "none",
        "claims": False,
        "target": 11,
        "cappotto_7_0": False,
        "double_game": False,
    },
)

SCOPA_SCHEDULES: Mapping[int, tuple[int, tuple[int, ...]]] = MappingProxyType(
    {2: (4, (3,) * 6), 3: (4, (3,) * 4), 4: (4, (3,) * 3), 6: (4, (3,) * 2)},
)
SCOPA_SCHEDULES_2_4: Mapping[int, tuple[int, tuple[int, ...]]] = MappingProxyType(
    {2: (4, (3,) * 6), 4: (4, (3,) * 3)},
)
# RULES.md section 2: one final deal of 4 for two players, so that 4 + 2 x 16 = 36.
CORSE_SCHEDULES: Mapping[int, tuple[int, tuple[int, ...]]] = MappingProxyType(
    {2: (4, (3, 3, 3, 3, 4)), 4: (4, (3, 3, 2))},
)
SCIENTIFICO_SCHEDULE: Mapping[int, tuple[int, tuple[int, ...]]] = MappingProxyType(
    {4: (0, (10,))},
)


def _preset(
    name: str,
    description: str,
    schedules: Mapping[int, tuple[int, tuple[int, ...]]],
    default_players: int,
    **options: Any,
) -> Preset:
    return Preset(name, description, MappingProxyType(dict(options)), schedules, default_players)


PRESETS: Mapping[str, Preset] = MappingProxyType(
    {
        p.name: p
        for p in (
            _preset("scopa", "Scopa: 3 cards a deal, 4 on the table", SCOPA_SCHEDULES, 2),
            _preset(
                "scopone",
                "Scopone classico: 4 players in teams, 9 each and 4 on the table",
                MappingProxyType({4: (4, (9,))}),
                4,
            ),
            _preset(
                "scopone_scientifico",
                "Scopone scientifico: 4 players in teams, 10 each, empty table",
                SCIENTIFICO_SCHEDULE,
                4,
            ),
            _preset(
                "scopone_trentino",
                "Scopone trentino: scientifico deal, napola by length, cappotto, to 21",
                SCIENTIFICO_SCHEDULE,
                4,
                napola="length",
                cappotto=True,
                target=21,
            ),
            _preset(
                "scopone_messina",
                "Scopone di Messina: 3 players, 13 each and 1 on the table, to 21",
                MappingProxyType({3: (1, (13,))}),
                3,
                target=21,
            ),
            _preset(
                "re_bello",
                "Scopa with a point for the king of coins",
                SCOPA_SCHEDULES,
                2,
                re_bello=True,
            ),
            _preset(
                "napola", "Scopa with the napola run of coins", SCOPA_SCHEDULES, 2, napola="length"
            ),
            _preset(
                "scalette",
                "Scopa con le Scalette: low and high runs of coins, the whole suit wins, to 21",
                SCOPA_SCHEDULES,
                2,
                scalette=True,
                target=21,
            ),
            _preset(
                "calabrese",
                "Scopa with a point for the 7 of cups",
                SCOPA_SCHEDULES,
                2,
                sette_di_coppe=True,
            ),
            _preset("piva", "Scopa where the 2 of clubs scores -5", SCOPA_SCHEDULES, 2, piva=True),
            _preset(
                "asso_pigliatutto",
                "Asso pigliatutto: an ace takes the whole table and scores a scopa",
                SCOPA_SCHEDULES,
                2,
                ace_takes_all=True,
                ace_scopa=True,
            ),
            _preset(
                "scopa_d_assi",
                "Scopa d'Assi: an ace takes the whole table, but that is no scopa",
                SCOPA_SCHEDULES,
                2,
                ace_takes_all=True,
            ),
            _preset(
                "quindici",
                "Scopa di Quindici, first version: captures total 15 with the played card",
                SCOPA_SCHEDULES,
                2,
                capture_rule="fifteen",
            ),
            _preset(
                "quindici_2",
                "Scopa di Quindici, second version: an equal capture or a 15",
                SCOPA_SCHEDULES,
                2,
                capture_rule="sum_or_fifteen",
            ),
            _preset(
                "quindici_3",
                "Scopa di Quindici, third version: equal or 15, an ace takes all, to 31",
                SCOPA_SCHEDULES,
                2,
                capture_rule="sum_or_fifteen",
                ace_takes_all=True,
                ace_scopa=True,
                match_priority=False,
                target=31,
            ),
            _preset(
                "escoba",
                "Escoba (Spain): captures total 15; the most sevens instead of the primiera",
                SCOPA_SCHEDULES,
                2,
                capture_rule="fifteen",
                prime_table="escoba_sevens",
                redeal="none",
                target=15,
            ),
            _preset(
                "corse",
                "Scopa Corse: 36 cards without the twos, capture never compulsory, to 21",
                CORSE_SCHEDULES,
                2,
                pack="corse36",
                compulsory_capture=False,
                target=21,
            ),
            _preset(
                "hurrikan",
                "Hurrikan (Germany): 6-card deals, cups/hearts bonus suit, to 16, double game",
                MappingProxyType({2: (4, (6, 6, 6))}),
                2,
                bonus_suit="C",
                prime_table="southern",
                target=16,
                double_game=True,
            ),
            _preset(
                "bazzica",
                "Scopa Bazzica: declare a low three-card hand or three of a rank, to 21",
                MappingProxyType({2: (4, (3,) * 6)}),
                2,
                declarations="bazzica",
                target=21,
            ),
            _preset(
                "sbarazzina",
                "Sbarazzina: Bazzica's declarations, an ace takes all, re bello, to 41",
                MappingProxyType({2: (4, (3,) * 6)}),
                2,
                declarations="sbarazzina",
                ace_takes_all=True,
                re_bello=True,
                target=41,
            ),
            _preset(
                "sbarazzina_piva",
                "Piva: two-player Sbarazzina where the 2 of clubs scores -5, to 21",
                MappingProxyType({2: (4, (3,) * 6)}),
                2,
                declarations="sbarazzina",
                ace_takes_all=True,
                re_bello=True,
                piva=True,
                target=21,
            ),
            _preset(
                "cirulla",
                "Cirulla (Genoa): equal or 15, an ace takes all, Grande, Piccola, "
                "declarations with the 7 of cups wild, to 51",
                SCOPA_SCHEDULES,
                2,
                capture_rule="sum_or_fifteen",
                ace_takes_all=True,
                grande=True,
                napola="length",
                napola_cap=6,
                declarations="cirulla",
                target=51,
            ),
            _preset(
                "chkobba",
                "Chkobba (Tunisia): barmila, void table on three of a rank, cutter's card, to 21",
                SCOPA_SCHEDULES_2_4,
                2,
                redeal="three_of_a_rank",
                first_card_choice=True,
                prime_table="barmila",
                target=21,
            ),
        )
    },
)


def make_rules(preset: str, **overrides: Any) -> Rules:
    """The Rules of a preset with single options overridden; raises RulesError."""
    chosen = PRESETS.get(preset)
    if chosen is None:
        known = ", ".join(sorted(PRESETS))
        raise RulesError([Problem("preset", f"unknown preset {preset!r}; known: {known}")])
    problems = [Problem(name, "unknown option") for name in overrides if name not in OPTION_NAMES]
    values: dict[str, Any] = dict(STANDARD)
    values.update(chosen.options)
    for name, value in overrides.items():
        if name in OPTION_NAMES:
            checked = _check_value(name, value)
            if isinstance(checked, Problem):
                problems.append(checked)
            else:
                values[name] = checked
    if problems:
        raise RulesError(problems)
    players = values.get("players", chosen.default_players)
    values["players"] = players
    if "teams" not in overrides and "teams" not in chosen.options:
        values["teams"] = players in (4, 6)
    schedule = chosen.schedules.get(players)
    if schedule is not None:
        values.setdefault("initial_table", schedule[0])
        values.setdefault("deal_sizes", schedule[1])
    elif "initial_table" not in values or "deal_sizes" not in values:
        raise RulesError(
            [
                Problem(
                    "players",
                    f"preset {preset!r} has no deal schedule for {players} players; "
                    "give initial_table and deal_sizes",
                )
            ]
        )
    rules = Rules(preset=preset, **values)
    validate_rules(rules)
    return rules


def rules_from_mapping(data: Mapping[str, Any] | str) -> Rules:
    """Rules from a preset name or ``{"preset": name, <overrides>}``; raises RulesError."""
    if isinstance(data, str):
        return make_rules(data)
    options = dict(data)
    preset = options.pop("preset", None)
    if not isinstance(preset, str):
        raise RulesError([Problem("preset", "required: the name of a preset")])
    return make_rules(preset, **options)


def with_options(rules: Rules, **overrides: Any) -> Rules:
    """A copy of validated Rules with more options changed; raises RulesError."""
    problems: list[Problem] = []
    values: dict[str, Any] = {}
    for name, value in overrides.items():
        checked = (
            _check_value(name, value) if name in OPTION_NAMES else Problem(name, "unknown option")
        )
        if isinstance(checked, Problem):
            problems.append(checked)
        else:
            values[name] = checked
    if problems:
        raise RulesError(problems)
    changed = replace(rules, **values)
    validate_rules(changed)
    return changed


def _check_value(name: str, value: Any) -> Any:
    spec = next(o for o in OPTIONS if o.name == name)
    if spec.kind is bool:
        if not isinstance(value, bool):
            return Problem(name, f"must be true or false, not {value!r}")
        return value
    if spec.kind is int:
        if isinstance(value, bool) or not isinstance(value, int):
            return Problem(name, f"must be a whole number, not {value!r}")
    elif spec.kind is str:
        if not isinstance(value, str):
            return Problem(name, f"must be a string, not {value!r}")
        if name == "bonus_suit":
            value = value.upper()
    elif spec.kind is list:
        if not isinstance(value, list | tuple) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in value
        ):
            return Problem(name, f"must be a list of whole numbers, not {value!r}")
        value = tuple(value)
    if spec.choices is not None and value not in spec.choices:
        allowed = ", ".join(str(c) for c in spec.choices)
        return Problem(name, f"{value!r} is not one of {allowed}")
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


def validate_rules(rules: Rules) -> None:
    """Raise RulesError naming every option that is out of range or clashes with another."""
    problems: list[Problem] = []
    if rules.teams and rules.players not in (4, 6):
        problems.append(Problem("teams", f"teams need 4 or 6 players, not {rules.players}"))
    if rules.initial_table < 0:
        problems.append(Problem("initial_table", "must not be negative"))
    if not rules.deal_sizes or any(n < 1 for n in rules.deal_sizes):
        problems.append(Problem("deal_sizes", "must list at least one deal of 1 or more cards"))
    dealt = rules.initial_table + rules.players * sum(rules.deal_sizes)
    if rules.deal_sizes and dealt != rules.pack_size:
        problems.append(
            Problem(
                "deal_sizes",
                f"clashes with initial_table, players and pack: {rules.initial_table} + "
                f"{rules.players} x {sum(rules.deal_sizes)} = {dealt} cards, "
                f"but the {rules.pack} pack holds {rules.pack_size}",
            )
        )
    if always_void(rules):
        problems.append(
            Problem(
                "initial_table",
                f"clashes with the re-deal rule: every table of {rules.initial_table} cards "
                "would be void",
            )
        )
    if rules.target < 1:
        problems.append(Problem("target", "must be at least 1"))
    if not rules.ace_takes_all:
        for name in ("ace_scopa", "ace_takes_itself", "ace_may_pass"):
            if getattr(rules, name):
                problems.append(Problem(name, "clashes with ace_takes_all=false"))
    if rules.first_card_choice and (rules.initial_table < 1 or rules.deal_sizes[:1] < (1,)):
        problems.append(
            Problem("first_card_choice", "needs a first deal with table cards and hand cards")
        )
    if rules.scalette and rules.napola != "none":
        problems.append(Problem("scalette", "clashes with napola: the low run is the napola"))
    if rules.scalette and rules.pack != "italian40":
        problems.append(
            Problem("scalette", f"clashes with pack={rules.pack}: it has no 2 of coins")
        )
    if rules.napola != "none" and rules.pack != "italian40":
        problems.append(Problem("napola", f"clashes with pack={rules.pack}: it has no 2 of coins"))
    if rules.declarations != "none" and 3 not in rules.deal_sizes:
        problems.append(Problem("declarations", "need at least one deal of three cards"))
    if problems:
        raise RulesError(problems)
