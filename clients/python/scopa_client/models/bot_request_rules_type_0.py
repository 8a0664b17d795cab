from typing import Literal

BotRequestRulesType0 = Literal[
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

BOT_REQUEST_RULES_TYPE_0_VALUES: set[BotRequestRulesType0] = {
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


def check_bot_request_rules_type_0(value: str) -> BotRequestRulesType0:
    if value in BOT_REQUEST_RULES_TYPE_0_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {BOT_REQUEST_RULES_TYPE_0_VALUES!r}")
