from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.job_webhook_state import JobWebhookState, check_job_webhook_state

T = TypeVar("T", bound="JobWebhook")


@_attrs_define
class JobWebhook:
    """
    Attributes:
        attempts (int): deliveries tried
        last (None | str): the last attempt's outcome, such as `HTTP 200`, `HTTP 503` or `refused: ...`; null before the
            first
        state (JobWebhookState): waiting (the job has not ended), sending (due, or failed and to be tried again),
            delivered (the receiver answered 2xx), abandoned (its time for retries spent, or refused for good)
        url (str): the job's callback_url
    """

    attempts: int
    last: None | str
    state: JobWebhookState
    url: str

    def to_dict(self) -> dict[str, Any]:
        attempts = self.attempts

        last: None | str
        last = self.last

        state: str = self.state

        url = self.url

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "attempts": attempts,
                "last": last,
                "state": state,
                "url": url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        attempts = d.pop("attempts")

        def _parse_last(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last = _parse_last(d.pop("last"))

        state = check_job_webhook_state(d.pop("state"))

        url = d.pop("url")

        job_webhook = cls(
            attempts=attempts,
            last=last,
            state=state,
            url=url,
        )

        return job_webhook
