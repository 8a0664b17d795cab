from typing import Literal

RulesOptionsDeclarations = Literal["bazzica", "cirulla", "none", "sbarazzina"]

RULES_OPTIONS_DECLARATIONS_VALUES: set[RulesOptionsDeclarations] = {
    "bazzica",
    "cirulla",
    "none",
    "sbarazzina",
}


def check_rules_options_declarations(value: str) -> RulesOptionsDeclarations:
    if value in RULES_OPTIONS_DECLARATIONS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {RULES_OPTIONS_DECLARATIONS_VALUES!r}")
