from typing import Literal

JobResultsState = Literal["cancelled", "done", "failed", "queued", "running"]

JOB_RESULTS_STATE_VALUES: set[JobResultsState] = {
    "cancelled",
    "done",
    "failed",
    "queued",
    "running",
}


def check_job_results_state(value: str) -> JobResultsState:
    if value in JOB_RESULTS_STATE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {JOB_RESULTS_STATE_VALUES!r}")
