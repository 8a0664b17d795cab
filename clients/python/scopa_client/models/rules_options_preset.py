from typing import Literal

RulesOptionsPreset = Literal[
    "asso_pigliatutto",
    "bazzica",
    "calabrese",
    "chkobba",
    "cirulla",
    "corse",
    "escoba",
    "hurrikan",
    "napola",
    "piva",
    "quindici",
    "quindici_2",
    "quindici_3",
    "re_bello",
    "sbarazzina",
    "scalette",
    "scopa",
    "scopa_d_assi",
    "scopone",
    "scopone_messina",
    "scopone_scientifico",
    "scopone_trentino",
]

RULES_OPTIONS_PRESET_VALUES: set[RulesOptionsPreset] = {
    "asso_pigliatutto",
    "bazzica",
    "calabrese",
    "chkobba",
    "cirulla",
    "corse",
    "escoba",
    "hurrikan",
    "napola",
    "piva",
    "quindici",
    "quindici_2",
    "quindici_3",
    "re_bello",
    "sbarazzina",
    "scalette",
    "scopa",
    "scopa_d_assi",
    "scopone",
    "scopone_messina",
    "scopone_scientifico",
    "scopone_trentino",
}


def check_rules_options_preset(value: str) -> RulesOptionsPreset:
    if value in RULES_OPTIONS_PRESET_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {RULES_OPTIONS_PRESET_VALUES!r}")
