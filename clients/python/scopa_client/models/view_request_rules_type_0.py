from typing import Literal

ViewRequestRulesType0 = Literal[
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

VIEW_REQUEST_RULES_TYPE_0_VALUES: set[ViewRequestRulesType0] = {
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


def check_view_request_rules_type_0(value: str) -> ViewRequestRulesType0:
    if value in VIEW_REQUEST_RULES_TYPE_0_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {VIEW_REQUEST_RULES_TYPE_0_VALUES!r}")
