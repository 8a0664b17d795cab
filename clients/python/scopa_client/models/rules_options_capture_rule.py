from typing import Literal

RulesOptionsCaptureRule = Literal["fifteen", "standard", "sum_or_fifteen"]

RULES_OPTIONS_CAPTURE_RULE_VALUES: set[RulesOptionsCaptureRule] = {
    "fifteen",
    "standard",
    "sum_or_fifteen",
}


def check_rules_options_capture_rule(value: str) -> RulesOptionsCaptureRule:
    if value in RULES_OPTIONS_CAPTURE_RULE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {RULES_OPTIONS_CAPTURE_RULE_VALUES!r}")
