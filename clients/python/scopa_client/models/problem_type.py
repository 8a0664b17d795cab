from typing import Literal

ProblemType = Literal[
    "about:blank",
    "urn:scopa:problem:budget-too-large",
    "urn:scopa:problem:illegal-move",
    "urn:scopa:problem:invalid-rules",
    "urn:scopa:problem:invalid-score",
    "urn:scopa:problem:invalid-state",
    "urn:scopa:problem:quota-exceeded",
    "urn:scopa:problem:rate-limited",
    "urn:scopa:problem:unauthorized",
    "urn:scopa:problem:validation",
]

PROBLEM_TYPE_VALUES: set[ProblemType] = {
    "about:blank",
    "urn:scopa:problem:budget-too-large",
    "urn:scopa:problem:illegal-move",
    "urn:scopa:problem:invalid-rules",
    "urn:scopa:problem:invalid-score",
    "urn:scopa:problem:invalid-state",
    "urn:scopa:problem:quota-exceeded",
    "urn:scopa:problem:rate-limited",
    "urn:scopa:problem:unauthorized",
    "urn:scopa:problem:validation",
}


def check_problem_type(value: str) -> ProblemType:
    if value in PROBLEM_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {PROBLEM_TYPE_VALUES!r}")
