from typing import Literal

ScoredDeclarationKind = Literal["low_total", "three_of_a_rank"]

SCORED_DECLARATION_KIND_VALUES: set[ScoredDeclarationKind] = {
    "low_total",
    "three_of_a_rank",
}


def check_scored_declaration_kind(value: str) -> ScoredDeclarationKind:
    if value in SCORED_DECLARATION_KIND_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SCORED_DECLARATION_KIND_VALUES!r}")
