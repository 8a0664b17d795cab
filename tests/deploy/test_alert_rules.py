"""The alert rules (deploy/prometheus/): promtool checks them and runs their unit tests (each
alert fires on its fault within its stated time, a quiet hour and a half raises none); their
queries name only metrics the service exports; each has a severity and a runbook in the
deployment guide; the Prometheus Operator resource holds the same groups."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import yaml

from tests.deploy.exported_metrics import METRIC, exported_names
from tests.required_tools import required_tool

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "deploy" / "prometheus" / "scopa-alerts.yml"
RULE_TESTS = ROOT / "deploy" / "prometheus" / "scopa-alerts.test.yml"
OPERATOR = ROOT / "deploy" / "prometheus" / "prometheusrule.yaml"
GUIDE = ROOT / "docs" / "deployment.md"


def promtool() -> str:
    """promtool's path (Debian's prometheus package, which .ci/run installs)."""
    return required_tool("promtool", "prometheus")


def rules() -> list[dict[str, Any]]:
    loaded: dict[str, Any] = yaml.safe_load(RULES.read_text(encoding="utf-8"))
    return [rule for group in loaded["groups"] for rule in group["rules"]]


def test_promtool_checks_the_rules() -> None:
    done = subprocess.run(
        [promtool(), "check", "rules", str(RULES)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"SUCCESS: {len(rules())} rules found" in done.stdout


def test_each_alert_fires_on_its_fault_and_a_quiet_run_raises_none() -> None:
    done = subprocess.run(
        [promtool(), "test", "rules", str(RULE_TESTS)],
        capture_output=True,
        text=True,
        check=False,
        cwd=RULE_TESTS.parent,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    tested = yaml.safe_load(RULE_TESTS.read_text(encoding="utf-8"))["tests"]
    fired = {
        case["alertname"]
        for test in tested
        for case in test["alert_rule_test"]
        if case["exp_alerts"]
    }
    assert fired == {rule["alert"] for rule in rules()}


def test_the_rules_name_only_exported_metrics() -> None:
    exported = exported_names()
    for rule in rules():
        named = set(METRIC.findall(rule["expr"]))
        assert named <= exported, (rule["alert"], named - exported)


def test_each_alert_has_a_severity_and_a_runbook_in_the_guide() -> None:
    guide = GUIDE.read_text(encoding="utf-8")
    assert "## Alerts" in guide
    for rule in rules():
        assert rule["labels"]["severity"] in {"page", "ticket"}
        assert rule["annotations"]["runbook"] == "docs/deployment.md#alerts"
        assert f"`{rule['alert']}`" in guide, rule["alert"]


def test_the_operator_resource_holds_the_same_groups() -> None:
    resource = yaml.safe_load(OPERATOR.read_text(encoding="utf-8"))
    assert resource["kind"] == "PrometheusRule"
    assert resource["spec"]["groups"] == yaml.safe_load(RULES.read_text(encoding="utf-8"))["groups"]
