from typing import Literal

RulesOptionsPlayers = Literal[2, 3, 4, 5, 6]

RULES_OPTIONS_PLAYERS_VALUES: set[RulesOptionsPlayers] = {
    2,
    3,
    4,
    5,
    6,
}


def check_rules_options_players(value: int) -> RulesOptionsPlayers:
    if value in RULES_OPTIONS_PLAYERS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {RULES_OPTIONS_PLAYERS_VALUES!r}")
