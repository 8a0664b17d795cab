from typing import Literal

JobWebhookState = Literal["abandoned", "delivered", "sending", "waiting"]

JOB_WEBHOOK_STATE_VALUES: set[JobWebhookState] = {
    "abandoned",
    "delivered",
    "sending",
    "waiting",
}


def check_job_webhook_state(value: str) -> JobWebhookState:
    if value in JOB_WEBHOOK_STATE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {JOB_WEBHOOK_STATE_VALUES!r}")
