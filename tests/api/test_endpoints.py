"""Every endpoint declared once: each route of the app has its declaration, each declared
operation is routed as declared and documented under its id, and the limiter, the metrics and
the contract read the same declaration."""

from __future__ import annotations

from flask import Flask, request

from scripts.gen_openapi import spec_dict
from service.api.http.metrics import REQUESTS
from service.api.http.operations import (
    OPERATION_ATTRIBUTE,
    OTHER_ENDPOINTS,
    Cost,
    Operation,
    declare_endpoints,
    declared,
)
from service.api.resources import OPERATIONS


def test_every_route_of_the_app_is_declared(app: Flask) -> None:
    found = declare_endpoints(app)
    assert set(found) == set(app.view_functions)
    operations = {e.name for e in found.values() if isinstance(e, Operation)}
    assert operations == {op.name for op in OPERATIONS}
    assert len(operations) == len(OPERATIONS)
    others = {name for name, e in found.items() if not isinstance(e, Operation)}
    assert others == set(OTHER_ENDPOINTS) - ({"metrics"} - set(app.view_functions))


def test_every_operation_is_routed_as_declared(app: Flask) -> None:
    for operation in OPERATIONS:
        rules = [
            rule
            for rule in app.url_map.iter_rules()
            if getattr(app.view_functions[rule.endpoint], OPERATION_ATTRIBUTE, None) == operation
        ]
        assert len(rules) == 1, operation.name
        assert rules[0].rule == operation.rule
        assert operation.method in (rules[0].methods or set())


def test_the_spec_documents_each_operation_under_its_declaration() -> None:
    documented = {
        (op["operationId"], method.upper(), path)
        for path, ops in spec_dict()["paths"].items()
        for method, op in ops.items()
        if method != "parameters"  # a path's own parameters ({job_id})
    }
    assert documented == {(op.name, op.method, op.path) for op in OPERATIONS}


def test_the_limiter_reads_each_request_s_declaration(app: Flask) -> None:
    for operation in OPERATIONS:
        with app.test_request_context(operation.path, method=operation.method):
            assert declared(app, request.endpoint) is operation
    searching = {op.name for op in OPERATIONS if op.cost is Cost.BY_SEARCHES}
    assert searching == {op.name for op in OPERATIONS if op.searching}
    assert searching == {
        "adviseMove",
        "playBotMove",
        "reviewHand",
        "reviewHands",
        "playerInsights",
        "makeDrills",
        "judgeFairPlay",
    }


def test_the_metrics_count_every_operation_from_the_start(app: Flask) -> None:
    series = {
        (sample.labels["method"], sample.labels["endpoint"])
        for metric in REQUESTS.collect()
        for sample in metric.samples
    }
    assert {(op.method, op.rule) for op in OPERATIONS} <= series
