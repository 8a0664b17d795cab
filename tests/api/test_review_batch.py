"""POST /v1/review/batch: many records reviewed in one request, one NDJSON line each."""

from __future__ import annotations

import json
import logging
import time
from typing import Any

import pytest
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from service.api.app import create_app
from service.api.examples import short_record
from service.api.review import answer as review_answer
from service.api.review import lines as stream_lines
from service.api.review import reviewing
from service.api.shapes.entries import MAX_BATCH_RECORDS
from service.engine.presets import make_rules
from service.engine.view import View
from service.search import Decision, decision_of
from tests.api.problem_asserts import assert_problem
from tests.api.test_review import played, record_json, searches

VALIDATION = "urn:scopa:problem:validation"
ILLEGAL_MOVE = "urn:scopa:problem:illegal-move"
BUDGET_TOO_LARGE = "urn:scopa:problem:budget-too-large"
SMALL = {"iterations": 12}


def batch(client: FlaskClient, reviews: list[Any]) -> TestResponse:
    return client.post("/v1/review/batch", json={"reviews": reviews})


def lines_of(response: TestResponse) -> list[dict[str, Any]]:
    """The stream's lines, after checking its framing: one JSON object a line, each ended by
    a newline, the summary last and only last."""
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.mimetype == "application/x-ndjson"
    data = response.get_data()
    assert data.endswith(b"\n")
    lines = [json.loads(raw) for raw in data[:-1].split(b"\n")]
    assert all(isinstance(line, dict) for line in lines)
    assert {line["type"] for line in lines} <= {"review", "problem", "keepalive", "summary"}
    assert [line["type"] == "summary" for line in lines].count(True) == 1
    assert lines[-1]["type"] == "summary"
    return lines


def records(lines: list[dict[str, Any]]) -> list[tuple[str, int]]:
    """The record lines' types and indices, in stream order (keep-alives left out)."""
    return [
        (line["type"], line["index"]) for line in lines if line["type"] in {"review", "problem"}
    ]


def illegal_record() -> dict[str, Any]:
    """The example record with its second move played by the seat that just played."""
    record = short_record()
    record["moves"][1] = {**record["moves"][1], "seat": record["moves"][0]["seat"]}
    return record


def searched(review: dict[str, Any]) -> int:
    return sum(d["status"] == "searched" for d in review["decisions"])


def test_the_stream_is_one_line_per_record_in_order_then_the_summary(
    client: FlaskClient,
) -> None:
    reviews = [
        {"record": short_record(), "budget": SMALL, "seed": seed, "seats": seats}
        for seed, seats in ((1, [0, 1]), (2, [0]), (3, [1]))
    ]
    lines = lines_of(batch(client, reviews))
    assert [line["type"] for line in lines] == ["review", "review", "review", "summary"]
    assert records(lines) == [("review", 0), ("review", 1), ("review", 2)]
    assert [line["review"]["seats"] for line in lines[:3]] == [[0, 1], [0], [1]]
    assert [line["review"]["seed"] for line in lines[:3]] == [1, 2, 3]
    summary = lines[-1]
    assert set(summary) == {"type", "records", "reviewed", "problems", "cache", "elapsed_ms"}
    assert (summary["records"], summary["reviewed"], summary["problems"]) == (3, 3, 0)
    # Every searched decision met the cache once: a miss, or a hit on a position already seen.
    cache = summary["cache"]
    assert set(cache) == {"hit", "miss", "bypass"}
    assert sum(cache.values()) == sum(searched(line["review"]) for line in lines[:3]) > 0
    assert cache["miss"] > 0
    assert summary["elapsed_ms"] >= 0


def test_each_review_line_carries_the_bytes_of_a_single_review() -> None:
    hand = record_json(played(make_rules("scopa"), 21, stop=12))
    reviews = [
        {"record": short_record(), "budget": SMALL, "seed": 5},
        {"record": hand, "budget": {"iterations": 8}, "seed": "table 2", "seats": [1]},
        {"record": hand, "budget": SMALL, "match": {"scores": [9, 4], "target": 11}},
    ]
    # Two apps: the batch and the single reviews share no cache entry.
    response = batch(create_app({"TESTING": True}).test_client(), reviews)
    lines = lines_of(response)
    single = create_app({"TESTING": True}).test_client()
    raw_lines = response.get_data().split(b"\n")
    for index, body in enumerate(reviews):
        answer = single.post("/v1/review", json=body)
        assert answer.status_code == 200, answer.get_data(as_text=True)
        assert lines[index]["review"] == answer.get_json()
        # Keys sorted: the line is the answer's bytes wrapped in the line's own keys.
        expected = b'{"index":%d,"review":%s,"type":"review"}' % (index, answer.get_data().strip())
        assert raw_lines[index] == expected


def test_a_record_with_a_problem_does_not_stop_the_batch(client: FlaskClient) -> None:
    bad_shape = {"record": {"moves": 3}, "budget": SMALL}
    illegal = {"record": illegal_record(), "budget": SMALL}
    good = {"record": short_record(), "budget": SMALL, "seed": 9}
    lines = lines_of(batch(client, [good, bad_shape, illegal, good]))
    assert records(lines) == [("review", 0), ("problem", 1), ("problem", 2), ("review", 3)]
    shape, moves = lines[1]["problem"], lines[2]["problem"]
    assert (shape["status"], shape["type"]) == (422, VALIDATION)
    assert "record.moves" in shape["errors"]
    assert (moves["status"], moves["type"], moves["move_index"]) == (422, ILLEGAL_MOVE, 1)
    # Each problem is the one /v1/review answers for the same body (its request id aside).
    for line, body in ((lines[1], bad_shape), (lines[2], illegal)):
        alone = assert_problem(client.post("/v1/review", json=body), 422)
        assert {k: v for k, v in line["problem"].items() if k != "instance"} == {
            k: v for k, v in alone.items() if k != "instance"
        }
    assert lines[3]["review"] == lines[0]["review"]
    summary = lines[-1]
    assert (summary["records"], summary["reviewed"], summary["problems"]) == (4, 2, 2)
    # The second good record found the first one's searches cached.
    assert summary["cache"]["hit"] == summary["cache"]["miss"] == searched(lines[0]["review"])


def test_a_batch_of_problems_only_still_ends_with_its_summary(client: FlaskClient) -> None:
    lines = lines_of(batch(client, [{"record": illegal_record()}, {"seats": [0]}]))
    assert records(lines) == [("problem", 0), ("problem", 1)]
    assert lines[1]["problem"]["errors"] == {"record": ["Missing data for required field."]}
    assert lines[-1]["cache"] == {"hit": 0, "miss": 0, "bypass": 0}


@pytest.mark.parametrize(
    ("config", "budget", "field"),
    [
        ({"REVIEW_BATCH_MAX_TOTAL_ITERATIONS": 20}, {"iterations": 4}, "iterations"),
        ({"REVIEW_BATCH_MAX_TOTAL_MS": 20}, {"ms": 4}, "ms"),
    ],
)
def test_an_over_cap_batch_is_refused_before_any_search(
    monkeypatch: pytest.MonkeyPatch, config: dict[str, Any], budget: dict[str, int], field: str
) -> None:
    client = create_app({"TESTING": True, **config}).test_client()
    # Each record alone is within the cap: only their total is over it.
    record = short_record()
    alone = lines_of(batch(client, [{"record": record, "budget": budget}]))
    assert 0 < searched(alone[0]["review"]) * 4 <= 20
    spied: list[View] = []

    def spying(view: View) -> Decision:
        spied.append(view)
        return decision_of(view)

    monkeypatch.setattr(reviewing, "decision_of", spying)
    before = searches(client)
    many = [{"record": record, "budget": budget, "seed": seed} for seed in range(6)]
    problem = assert_problem(batch(client, many), 422, BUDGET_TOO_LARGE)
    assert list(problem["errors"]) == ["reviews"]
    assert f" {field}, over this server's batch cap of 20" in problem["errors"]["reviews"][0]
    assert spied == []
    assert searches(client) == before
    # A problem record costs nothing toward the cap.
    fine = [{"record": record, "budget": budget}, {"record": illegal_record(), "budget": budget}]
    assert records(lines_of(batch(client, fine))) == [("review", 0), ("problem", 1)]


def test_more_records_than_the_batch_limit_are_refused_on_reviews() -> None:
    client = create_app({"TESTING": True, "BATCH_MAX_RECORDS": 2}).test_client()
    entry = {"record": short_record(), "budget": SMALL}
    assert len(lines_of(batch(client, [entry, entry]))) == 3
    problem = assert_problem(batch(client, [entry] * 3), 422, VALIDATION)
    assert problem["errors"] == {"reviews": ["3 records, over this server's batch limit of 2"]}
    too_many: list[dict[str, Any]] = [{}] * (MAX_BATCH_RECORDS + 1)
    for reviews in ([], too_many):
        problem = assert_problem(batch(client, reviews), 422, VALIDATION)
        assert list(problem["errors"]) == ["reviews"]


def test_keepalive_lines_come_when_no_line_came_for_keepalive_s(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    reviews = [{"record": short_record(), "budget": SMALL, "seed": seed} for seed in (1, 2)]
    quiet = lines_of(batch(client, reviews))
    assert all(line["type"] != "keepalive" for line in quiet)
    monkeypatch.setattr(stream_lines, "KEEPALIVE_S", 0.0)
    lines = lines_of(batch(client, reviews))
    keepalives = [line for line in lines if line["type"] == "keepalive"]
    assert keepalives
    assert all(set(line) == {"type", "index", "done"} for line in keepalives)
    # Each names the record under review and counts the records finished before it.
    for position, line in enumerate(lines):
        if line["type"] == "keepalive":
            finished = [x for x in lines[:position] if x["type"] in {"review", "problem"}]
            assert (line["index"], line["done"]) == (len(finished), len(finished))
    assert {line["index"] for line in keepalives} == {0, 1}
    # The record lines and the summary's counts are those of the quiet stream.
    assert records(lines) == records(quiet)
    assert [x["review"] for x in lines if x["type"] == "review"] == [
        x["review"] for x in quiet if x["type"] == "review"
    ]
    assert (lines[-1]["records"], lines[-1]["reviewed"]) == (2, 2)


def test_a_batch_body_may_be_larger_than_other_bodies() -> None:
    app = create_app({"TESTING": True})
    client = app.test_client()
    entry = {"record": short_record(), "budget": SMALL, "seed": 3}
    size = len(json.dumps(entry))
    reviews = [entry] * (app.config["MAX_CONTENT_LENGTH"] // size + 2)
    body = json.dumps({"reviews": reviews}).encode()
    assert app.config["MAX_CONTENT_LENGTH"] < len(body) < app.config["BATCH_MAX_CONTENT_LENGTH"]
    headers = {"Content-Type": "application/json"}
    lines = lines_of(client.post("/v1/review/batch", data=body, headers=headers))
    assert lines[-1]["reviewed"] == len(reviews)
    # The same bytes on /v1/review are refused at the door, before their schema is read.
    assert_problem(client.post("/v1/review", data=body, headers=headers), 413)
    # A batch body over its own limit is a 413 too.
    tight = create_app({"TESTING": True, "BATCH_MAX_CONTENT_LENGTH": len(body) - 1})
    refused = tight.test_client().post("/v1/review/batch", data=body, headers=headers)
    assert_problem(refused, 413)


def test_a_stream_is_logged_once_when_sent_with_its_whole_time(
    client: FlaskClient, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = review_answer.batch_lines

    def slow_lines(*args: Any, **kwargs: Any) -> Any:
        for line in real(*args, **kwargs):
            time.sleep(0.05)
            yield line

    monkeypatch.setattr(review_answer, "batch_lines", slow_lines)
    with caplog.at_level(logging.INFO, logger="service.api.request"):
        response = client.post(
            "/v1/review/batch", json={"reviews": [{"record": {"rules": "scopa"}}]}, buffered=False
        )
        assert not [r for r in caplog.records if r.getMessage().startswith("POST")]
        body = b"".join(response.response)
        response.close()
    assert body.count(b"\n") == 2
    logged = [r for r in caplog.records if r.getMessage() == "POST /v1/review/batch 200"]
    assert len(logged) == 1
    assert logged[0].duration_ms >= 100  # type: ignore[attr-defined]
