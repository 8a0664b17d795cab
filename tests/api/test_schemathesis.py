"""Schemathesis over the committed openapi.yaml against the app in-process (WSGI), all checks."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import schemathesis
from schemathesis.config import SchemathesisConfig

from service.api.app import create_app
from service.api.jobs.queue import jobs_of

# In a pytest of its own beside the parallel part (scripts/run_tests.py): its generated
# cases share one test id, which pytest-xdist cannot deal out.
pytestmark = pytest.mark.own_process

SPEC_PATH = Path(__file__).resolve().parents[2] / "openapi.yaml"

CONFIG = SchemathesisConfig.from_dict(
    {
        "generation": {"mode": "all", "max-examples": 30, "deterministic": True},
        "checks": {
            # The schema cannot say that cards must not repeat across hands, that a state must
            # fit its rules' deal, or that options must not clash: data valid by the schema may
            # still be an invalid state, answered 422 with every problem named. A conditional
            # GET whose If-None-Match matches (``*`` does) is a 304.
            "positive_data_acceptance": {"expected-statuses": ["2xx", "304", "422"]},
            # Invalid data may also be refused for its size: a body over the limit is a 413
            # (a hand record's free-form metadata can be that long).
            "negative_data_rejection": {
                "expected-statuses": [
                    "400",
                    "401",
                    "403",
                    "404",
                    "405",
                    "406",
                    "409",
                    "413",
                    "415",
                    "422",
                    "428",
                    "429",
                    "5xx",
                ]
            },
        },
        # A batch's records are loaded one by one: a record that breaks its schema is a problem
        # of its own inside the 200 (a stream's line, or the answer's `problems`), by design,
        # so schema-violating records are accepted there. The whole body's shape is still
        # checked by the other checks (positive data, status codes, answers' schemas).
        # A job's records are loaded one by one too, when the job runs. A job id the service
        # never made is a 404.
        "operations": [
            *(
                {
                    "include-path": path,
                    "checks": {
                        "negative_data_rejection": {"enabled": False},
                        # A body the schema allows may still pass the batch's size limit
                        # (BATCH_MAX_CONTENT_LENGTH), which no schema can state: a 413.
                        "positive_data_acceptance": {
                            "expected-statuses": ["2xx", "304", "413", "422"]
                        },
                    },
                }
                for path in (
                    "/v1/review/batch",
                    "/v1/insights",
                    "/v1/drills",
                    "/v1/fair-play",
                    "/v1/jobs",
                )
            ),
            *(
                {
                    "include-path": path,
                    "checks": {
                        "positive_data_acceptance": {"expected-statuses": ["2xx", "404", "422"]}
                    },
                }
                for path in (
                    "/v1/jobs/{job_id}",
                    "/v1/jobs/{job_id}/results",
                    "/v1/jobs/{job_id}/download",
                )
            ),
        ],
    }
)

schema = schemathesis.openapi.from_path(SPEC_PATH, config=CONFIG)
# Thousands of calls from one client in a minute: rate limits are tested in test_limits.py.
# Jobs: as many at once as it makes.
schema.app = create_app({"TESTING": True, "RATE_LIMIT_ENABLED": False, "JOB_MAX_ACTIVE": 10_000})


@schema.parametrize()
def test_api_conforms_to_its_spec(case: schemathesis.Case) -> None:
    """Every generated request gets an answer that the spec allows."""
    case.call_and_validate()


@pytest.fixture(scope="module", autouse=True)
def stop_the_jobs_at_the_end() -> Iterator[None]:
    """The jobs the generated requests made are not run on after this module: its worker
    thread stops (its queue is in memory)."""
    yield
    jobs_of(schema.app).stop_worker(timeout_ms=5000)
