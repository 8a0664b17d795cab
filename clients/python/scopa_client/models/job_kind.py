from typing import Literal

JobKind = Literal["fair_play", "insights", "review"]

JOB_KIND_VALUES: set[JobKind] = {
    "fair_play",
    "insights",
    "review",
}


def check_job_kind(value: str) -> JobKind:
    if value in JOB_KIND_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {JOB_KIND_VALUES!r}")
