from typing import Literal

ReadinessStatus = Literal["ready"]

READINESS_STATUS_VALUES: set[ReadinessStatus] = {
    "ready",
}


def check_readiness_status(value: str) -> ReadinessStatus:
    if value in READINESS_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {READINESS_STATUS_VALUES!r}")
