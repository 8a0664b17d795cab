"""The presets: named bundles of options with a deal schedule per player count."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from service.engine.errors import Problem, RulesError
from service.engine.memo import Memo
from service.engine.message import Message
from service.engine.rules import (
    NAPOLA_LONG,
    NAPOLA_SHORT,
    STANDARD,
    Rules,
    checked_overrides,
    validate_rules,
)


@dataclass(frozen=True, slots=True)
class Preset:
    """A named bundle of options, with a deal schedule for each player count it supports."""

    name: str
    description: str
    options: Mapping[str, Any]
    schedules: Mapping[int, tuple[int, tuple[int, ...]]]
    default_players: int


SCOPA_SCHEDULES: Mapping[int, tuple[int, tuple[int, ...]]] = MappingProxyType(
    {2: (4, (3,) * 6), 3: (4, (3,) * 4), 4: (4, (3,) * 3), 6: (4, (3,) * 2)},
)
SCOPA_SCHEDULES_2_4: Mapping[int, tuple[int, tuple[int, ...]]] = MappingProxyType(
    {2: (4, (3,) * 6), 4: (4, (3,) * 3)},
)
# docs/rules.md section 2: one final deal of 4 for two players, so that 4 + 2 x 16 = 36.
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
                "Scopone trentino: scientifico deal, napola by length to the horse, all ten "
                "coins win outright (cappotto), to 21",
                SCIENTIFICO_SCHEDULE,
                4,
                napola="length",
                napola_cap=NAPOLA_LONG,
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
                "napola",
                "Scopa with the napola: a point a card of the run of coins from A-2-3 to the "
                "horse, the whole suit wins outright (Napoleone), to 21",
                SCOPA_SCHEDULES,
                2,
                napola="length",
                napola_cap=NAPOLA_LONG,
                target=21,
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
                "piva",
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
                napola_cap=NAPOLA_SHORT,
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
        raise RulesError(
            [
                Problem(
                    "preset",
                    Message(
                        "unknown preset {preset!r}; known: {known}", preset=preset, known=known
                    ),
                )
            ]
        )
    values: dict[str, Any] = {**STANDARD, **chosen.options, **checked_overrides(overrides)}
    players = values.get("players", chosen.default_players)
    values["players"] = players
    if "teams" not in overrides and "teams" not in chosen.options:
        values["teams"] = players in (4, 6)
    if "napoleone" not in overrides and "napoleone" not in chosen.options:
        # Runs counted to the horse make the whole suit a Napoleone (scopa-pagat), unless
        # cappotto already wins outright with it (Trentino).
        values["napoleone"] = (
            values["napola"] != "none"
            and values["napola_cap"] == NAPOLA_LONG
            and not values["cappotto"]
        )
    schedule = chosen.schedules.get(players)
    if schedule is not None:
        values.setdefault("initial_table", schedule[0])
        values.setdefault("deal_sizes", schedule[1])
    elif "initial_table" not in values or "deal_sizes" not in values:
        raise RulesError(
            [
                Problem(
                    "players",
                    Message(
                        "preset {preset!r} has no deal schedule for {players} players; give "
                        "initial_table and deal_sizes",
                        preset=preset,
                        players=players,
                    ),
                )
            ]
        )
    rules = Rules(preset=preset, **values)
    validate_rules(rules)
    return rules


# Requests carry their rules whole, so a few rule sets come back again and again.
_RULES_MEMO: Memo[Rules] = Memo(256)


def rules_from_mapping(data: Mapping[str, Any] | str) -> Rules:
    """Rules from a preset name or ``{"preset": name, <overrides>}``; raises RulesError."""
    return _RULES_MEMO.get(data, lambda: _rules_from_mapping(data))


def _rules_from_mapping(data: Mapping[str, Any] | str) -> Rules:
    if isinstance(data, str):
        return make_rules(data)
    options = dict(data)
    preset = options.pop("preset", None)
    if not isinstance(preset, str):
        raise RulesError([Problem("preset", Message("required: the name of a preset"))])
    return make_rules(preset, **options)
