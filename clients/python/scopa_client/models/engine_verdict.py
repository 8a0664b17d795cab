from typing import Literal

EngineVerdict = Literal["no_evidence", "not_calibrated", "review_recommended", "strong_evidence", "too_few_decisions"]

ENGINE_VERDICT_VALUES: set[EngineVerdict] = {
    "no_evidence",
    "not_calibrated",
    "review_recommended",
    "strong_evidence",
    "too_few_decisions",
}


def check_engine_verdict(value: str) -> EngineVerdict:
    if value in ENGINE_VERDICT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ENGINE_VERDICT_VALUES!r}")
