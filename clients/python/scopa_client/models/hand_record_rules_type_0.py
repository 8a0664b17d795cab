from typing import Literal

HandRecordRulesType0 = Literal[
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

HAND_RECORD_RULES_TYPE_0_VALUES: set[HandRecordRulesType0] = {
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


def check_hand_record_rules_type_0(value: str) -> HandRecordRulesType0:
    if value in HAND_RECORD_RULES_TYPE_0_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {HAND_RECORD_RULES_TYPE_0_VALUES!r}")
