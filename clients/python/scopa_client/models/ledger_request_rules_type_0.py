from typing import Literal

LedgerRequestRulesType0 = Literal[
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

LEDGER_REQUEST_RULES_TYPE_0_VALUES: set[LedgerRequestRulesType0] = {
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


def check_ledger_request_rules_type_0(value: str) -> LedgerRequestRulesType0:
    if value in LEDGER_REQUEST_RULES_TYPE_0_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LEDGER_REQUEST_RULES_TYPE_0_VALUES!r}")
