from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.job_kind import JobKind, check_job_kind
from ..models.job_state import JobState, check_job_state

if TYPE_CHECKING:
    from ..models.fair_play_response import FairPlayResponse
    from ..models.insights_response import InsightsResponse
    from ..models.job_links import JobLinks
    from ..models.job_webhook import JobWebhook


T = TypeVar("T", bound="Job")


@_attrs_define
class Job:
    """
    Attributes:
        created (datetime.datetime): when it was made
        done (int): records with their line
        eta_s (float | None): seconds left at the pace so far; null before the first record is done and once ended
        expires (datetime.datetime): when it and its results are dropped (JOB_RETENTION_S after it ends)
        finished (datetime.datetime | None): when it ended
        id (str):
        kind (JobKind):
        links (JobLinks):
        problems (int): lines that are problems
        progress (float): done / records
        records (int): records in the job
        result (FairPlayResponse | InsightsResponse | None): an insights or fair-play job's answer once done, as
            /v1/insights or /v1/fair-play answers; null otherwise
        started (datetime.datetime | None): when its first record was taken
        state (JobState): queued (no record taken yet), running, done (every record has its line), cancelled (DELETE:
            records not yet run are skipped), failed (the final answer could not be drawn; the lines are kept)
        webhook (JobWebhook | None): where its end is posted and how that went; null: no webhook
    """

    created: datetime.datetime
    done: int
    eta_s: float | None
    expires: datetime.datetime
    finished: datetime.datetime | None
    id: str
    kind: JobKind
    links: JobLinks
    problems: int
    progress: float
    records: int
    result: FairPlayResponse | InsightsResponse | None
    started: datetime.datetime | None
    state: JobState
    webhook: JobWebhook | None

    def to_dict(self) -> dict[str, Any]:
        from ..models.fair_play_response import FairPlayResponse  # noqa: PLC0415
        from ..models.insights_response import InsightsResponse  # noqa: PLC0415
        from ..models.job_webhook import JobWebhook  # noqa: PLC0415

        created = self.created.isoformat()

        done = self.done

        eta_s: float | None
        eta_s = self.eta_s

        expires = self.expires.isoformat()

        finished: None | str
        if isinstance(self.finished, datetime.datetime):
            finished = self.finished.isoformat()
        else:
            finished = self.finished

        id = self.id

        kind: str = self.kind

        links = self.links.to_dict()

        problems = self.problems

        progress = self.progress

        records = self.records

        result: dict[str, Any] | None
        if isinstance(self.result, InsightsResponse):
            result = self.result.to_dict()
        elif isinstance(self.result, FairPlayResponse):
            result = self.result.to_dict()
        else:
            result = self.result

        started: None | str
        if isinstance(self.started, datetime.datetime):
            started = self.started.isoformat()
        else:
            started = self.started

        state: str = self.state

        webhook: dict[str, Any] | None
        if isinstance(self.webhook, JobWebhook):
            webhook = self.webhook.to_dict()
        else:
            webhook = self.webhook

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "created": created,
                "done": done,
                "eta_s": eta_s,
                "expires": expires,
                "finished": finished,
                "id": id,
                "kind": kind,
                "links": links,
                "problems": problems,
                "progress": progress,
                "records": records,
                "result": result,
                "started": started,
                "state": state,
                "webhook": webhook,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.fair_play_response import FairPlayResponse  # noqa: PLC0415
        from ..models.insights_response import InsightsResponse  # noqa: PLC0415
        from ..models.job_links import JobLinks  # noqa: PLC0415
        from ..models.job_webhook import JobWebhook  # noqa: PLC0415

        d = dict(src_dict)
        created = datetime.datetime.fromisoformat(d.pop("created"))

        done = d.pop("done")

        def _parse_eta_s(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        eta_s = _parse_eta_s(d.pop("eta_s"))

        expires = datetime.datetime.fromisoformat(d.pop("expires"))

        def _parse_finished(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                finished_type_0 = datetime.datetime.fromisoformat(data)

                return finished_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        finished = _parse_finished(d.pop("finished"))

        id = d.pop("id")

        kind = check_job_kind(d.pop("kind"))

        links = JobLinks.from_dict(d.pop("links"))

        problems = d.pop("problems")

        progress = d.pop("progress")

        records = d.pop("records")

        def _parse_result(data: object) -> FairPlayResponse | InsightsResponse | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                result_type_0 = InsightsResponse.from_dict(data)

                return result_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                result_type_1 = FairPlayResponse.from_dict(data)

                return result_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FairPlayResponse | InsightsResponse | None, data)

        result = _parse_result(d.pop("result"))

        def _parse_started(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                started_type_0 = datetime.datetime.fromisoformat(data)

                return started_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        started = _parse_started(d.pop("started"))

        state = check_job_state(d.pop("state"))

        def _parse_webhook(data: object) -> JobWebhook | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                webhook_type_0 = JobWebhook.from_dict(data)

                return webhook_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(JobWebhook | None, data)

        webhook = _parse_webhook(d.pop("webhook"))

        job = cls(
            created=created,
            done=done,
            eta_s=eta_s,
            expires=expires,
            finished=finished,
            id=id,
            kind=kind,
            links=links,
            problems=problems,
            progress=progress,
            records=records,
            result=result,
            started=started,
            state=state,
            webhook=webhook,
        )

        return job
