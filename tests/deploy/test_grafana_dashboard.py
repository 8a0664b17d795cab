"""The Grafana dashboard (deploy/grafana/scopa-dashboard.json): every panel's query names only
metrics the service exports (the web app's and the job workers', as the exposition names their
samples), each panel has a query, and panels and their queries are well formed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.deploy.exported_metrics import METRIC, SUFFIXES, exported_names, families

DASHBOARD = Path(__file__).resolve().parents[2] / "deploy" / "grafana" / "scopa-dashboard.json"


def dashboard() -> dict[str, Any]:
    found: dict[str, Any] = json.loads(DASHBOARD.read_text(encoding="utf-8"))
    return found


def expressions() -> list[str]:
    return [t["expr"] for p in dashboard()["panels"] for t in p["targets"]]


def test_every_query_names_only_exported_metrics() -> None:
    exported = exported_names()
    assert "scopa_http_requests_total" in exported and "scopa_job_queue_depth" in exported
    for expr in expressions():
        named = set(METRIC.findall(expr))
        assert named, expr
        assert named <= exported, (expr, named - exported)


def test_the_check_fails_on_a_name_the_service_does_not_export() -> None:
    exported = exported_names()
    for wrong in ("scopa_http_requests", "scopa_search_duration_seconds_total", "scopa_jobs_total"):
        assert wrong not in exported


def test_every_exported_family_of_the_service_is_on_the_dashboard() -> None:
    shown = {name for expr in expressions() for name in METRIC.findall(expr)}
    for family in families():
        if family.name.startswith("scopa_"):
            samples = {family.name + s for s in SUFFIXES[family.type]}
            assert samples & shown, family.name


def test_panels_are_well_formed() -> None:
    board = dashboard()
    panels = board["panels"]
    assert len({p["id"] for p in panels}) == len(panels)
    assert len({p["title"] for p in panels}) == len(panels)
    for panel in panels:
        assert panel["targets"] and panel["description"]
        assert len({t["refId"] for t in panel["targets"]}) == len(panel["targets"])
        assert panel["datasource"]["uid"] == "${datasource}"
        for target in panel["targets"]:
            expr = target["expr"]
            assert expr.count("(") == expr.count(")") and expr.count("{") == expr.count("}")
    assert [v["name"] for v in board["templating"]["list"]] == ["datasource"]
