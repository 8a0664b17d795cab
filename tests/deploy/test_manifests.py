"""deploy/: Kubernetes manifests (kubernetes-validate --strict) and the compose file (schema)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.deploy.dockerfile import ROOT, instructions

BIN = Path(sys.executable).parent
K8S = ROOT / "deploy" / "k8s"
COMPOSE = ROOT / "deploy" / "docker-compose.yml"
MANIFESTS = sorted(K8S.glob("*.yaml"))


def run(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(argv, capture_output=True, text=True, check=False)


def kubernetes_validate(*paths: Path) -> subprocess.CompletedProcess[str]:
    return run(str(BIN / "kubernetes-validate"), "--strict", "--quiet", *map(str, paths))


def compose_validate(path: Path) -> subprocess.CompletedProcess[str]:
    # check-jsonschema ships the compose-spec schema, so this runs offline.
    return run(str(BIN / "check-jsonschema"), "--builtin-schema", "vendor.compose-spec", str(path))


def documents() -> dict[tuple[str, str], dict[str, Any]]:
    found: dict[tuple[str, str], dict[str, Any]] = {}
    for path in MANIFESTS:
        for doc in yaml.safe_load_all(path.read_text()):
            found[(doc["kind"], doc["metadata"]["name"])] = doc
    return found


def test_every_manifest_passes_strict_validation() -> None:
    assert {p.name for p in MANIFESTS} >= {
        "configmap.yaml",
        "deployment.yaml",
        "service.yaml",
        "hpa.yaml",
        "pdb.yaml",
        "redis.yaml",
    }
    result = kubernetes_validate(*MANIFESTS)
    assert result.returncode == 0, result.stdout + result.stderr


def test_strict_validation_rejects_an_unknown_field(tmp_path: Path) -> None:
    broken = (K8S / "deployment.yaml").read_text().replace("replicas: 2", "replicaz: 2")
    (tmp_path / "broken.yaml").write_text(broken)
    assert kubernetes_validate(tmp_path / "broken.yaml").returncode != 0


def test_compose_file_matches_the_compose_schema() -> None:
    result = compose_validate(COMPOSE)
    assert result.returncode == 0, result.stdout + result.stderr


def test_compose_schema_rejects_an_unknown_key(tmp_path: Path) -> None:
    broken = COMPOSE.read_text().replace("    restart: unless-stopped\n", "    restartt: no\n", 1)
    (tmp_path / "docker-compose.yml").write_text(broken)
    assert compose_validate(tmp_path / "docker-compose.yml").returncode != 0


def redis_is_an_lru_cache_without_persistence(argv: list[str]) -> None:
    pairs = dict(zip(argv[::2], argv[1::2], strict=False))
    assert pairs["--maxmemory-policy"] == "allkeys-lru"
    assert pairs["--maxmemory"].endswith("mb")
    assert pairs["--save"] == ""
    assert pairs["--appendonly"] == "no"


def test_compose_wires_api_to_an_lru_redis() -> None:
    compose = yaml.safe_load(COMPOSE.read_text())
    api, redis = compose["services"]["api"], compose["services"]["redis"]
    assert api["environment"]["REDIS_URL"] == "redis://redis:6379/0"
    assert api["depends_on"]["redis"]["condition"] == "service_healthy"
    assert (COMPOSE.parent / api["build"]["context"] / api["build"]["dockerfile"]).is_file()
    assert api["healthcheck"]["test"] == ["CMD", "python", "/app/healthcheck.py"]
    assert "curl" not in str(api["healthcheck"])
    assert int(api["stop_grace_period"].removesuffix("s")) > int(
        api["environment"]["GUNICORN_GRACEFUL_TIMEOUT"]
    )
    assert redis["command"][0] == "redis-server"
    redis_is_an_lru_cache_without_persistence(redis["command"][1:])
    assert "volumes" not in redis
    assert redis["healthcheck"]["test"] == ["CMD", "redis-cli", "ping"]


def test_api_deployment_probes_limits_and_user() -> None:
    docs = documents()
    deployment = docs[("Deployment", "scopa-api")]
    pod = deployment["spec"]["template"]["spec"]
    (container,) = pod["containers"]
    assert container["livenessProbe"]["httpGet"]["path"] == "/healthz"
    assert container["readinessProbe"]["httpGet"]["path"] == "/readyz"
    assert set(container["resources"]["requests"]) == {"cpu", "memory"}
    assert set(container["resources"]["limits"]) == {"cpu", "memory"}
    user = next(i.args for i in instructions() if i.keyword == "USER").split(":")[0]
    assert pod["securityContext"]["runAsNonRoot"] is True
    assert pod["securityContext"]["runAsUser"] == int(user)
    config = docs[("ConfigMap", "scopa-api-config")]["data"]
    assert container["envFrom"] == [{"configMapRef": {"name": "scopa-api-config"}}]
    assert container["ports"][0]["containerPort"] == int(config["PORT"])
    pre_stop = container["lifecycle"]["preStop"]["sleep"]["seconds"]
    assert pod["terminationGracePeriodSeconds"] > pre_stop + int(
        config["GUNICORN_GRACEFUL_TIMEOUT"]
    )
    assert int(config["WEB_CONCURRENCY"]) <= int(container["resources"]["limits"]["cpu"])


def test_service_hpa_and_pdb_select_the_api_pods() -> None:
    docs = documents()
    labels = docs[("Deployment", "scopa-api")]["spec"]["template"]["metadata"]["labels"]
    service = docs[("Service", "scopa-api")]["spec"]
    assert service["selector"].items() <= labels.items()
    assert service["ports"][0]["targetPort"] == "http"
    hpa = docs[("HorizontalPodAutoscaler", "scopa-api")]
    assert hpa["apiVersion"] == "autoscaling/v2"
    assert hpa["spec"]["scaleTargetRef"] == {
        "apiVersion": "apps/v1",
        "kind": "Deployment",
        "name": "scopa-api",
    }
    assert hpa["spec"]["metrics"][0]["resource"]["name"] == "cpu"
    assert hpa["spec"]["minReplicas"] >= 2
    pdb = docs[("PodDisruptionBudget", "scopa-api")]["spec"]
    assert pdb["selector"]["matchLabels"].items() <= labels.items()
    assert pdb["minAvailable"] < hpa["spec"]["minReplicas"]


def test_redis_is_one_shared_lru_cache_reached_through_its_service() -> None:
    docs = documents()
    redis = docs[("Deployment", "scopa-redis")]["spec"]
    assert redis["replicas"] == 1
    (container,) = redis["template"]["spec"]["containers"]
    redis_is_an_lru_cache_without_persistence(container["args"])
    volumes = redis["template"]["spec"]["volumes"]
    assert all("persistentVolumeClaim" not in volume for volume in volumes)
    service = docs[("Service", "scopa-redis")]["spec"]
    url = docs[("ConfigMap", "scopa-api-config")]["data"]["REDIS_URL"]
    assert url == f"redis://scopa-redis:{service['ports'][0]['port']}/0"


@pytest.mark.parametrize("path", MANIFESTS, ids=lambda p: p.name)
def test_every_resource_is_labelled_part_of_scopa(path: Path) -> None:
    for doc in yaml.safe_load_all(path.read_text()):
        assert doc["metadata"]["labels"]["app.kubernetes.io/part-of"] == "scopa"
