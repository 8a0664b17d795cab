"""deploy/: Kubernetes manifests (kubernetes-validate --strict), the compose file (schema), and
the hardening each of them must keep: Redis auth and reach, proxies, CPU, spread, metrics."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

import service
from service.config import load_settings
from tests.deploy.deploy_scripts import redis_secret
from tests.deploy.dockerfile import ROOT, instructions
from tests.settings_env import clear_settings_env

BIN = Path(sys.executable).parent
K8S = ROOT / "deploy" / "k8s"
COMPOSE = ROOT / "deploy" / "docker-compose.yml"
README = ROOT / "deploy" / "README.md"
MANIFESTS = sorted(K8S.glob("*.yaml"))
API = ("Deployment", "scopa-api")
CONFIG = ("ConfigMap", "scopa-api-config")
PASSWORD = "0123456789abcdef" * 4


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


def api_pod() -> dict[str, Any]:
    pod: dict[str, Any] = documents()[API]["spec"]["template"]["spec"]
    return pod


def api_container() -> dict[str, Any]:
    (container,) = api_pod()["containers"]
    assert isinstance(container, dict)
    return container


def config() -> dict[str, str]:
    data: dict[str, str] = documents()[CONFIG]["data"]
    return data


def options(argv: list[str]) -> dict[str, list[list[str]]]:
    """redis-server's command line as option -> the argument lists of each time it is given."""
    found: dict[str, list[list[str]]] = {}
    for item in argv:
        if item.startswith("--"):
            current: list[str] = []
            found.setdefault(item, []).append(current)
        else:
            current.append(item)
    return found


def redis_is_an_lru_cache_without_persistence(argv: list[str]) -> None:
    given = options(argv)
    assert given["--maxmemory-policy"] == [["allkeys-lru"]]
    assert given["--maxmemory"][0][0].endswith("mb")
    assert given["--save"] == [[""]]
    assert given["--appendonly"] == [["no"]]


def test_every_manifest_passes_strict_validation() -> None:
    assert {p.name for p in MANIFESTS} >= {
        "configmap.yaml",
        "deployment.yaml",
        "service.yaml",
        "hpa.yaml",
        "pdb.yaml",
        "redis.yaml",
        "networkpolicy.yaml",
    }
    result = kubernetes_validate(*MANIFESTS)
    assert result.returncode == 0, result.stdout + result.stderr


def test_strict_validation_rejects_an_unknown_field(tmp_path: Path) -> None:
    broken = (K8S / "deployment.yaml").read_text().replace("replicas: 2", "replicaz: 2")
    (tmp_path / "broken.yaml").write_text(broken)
    assert kubernetes_validate(tmp_path / "broken.yaml").returncode != 0


def test_the_generated_secret_passes_strict_validation(tmp_path: Path) -> None:
    script = K8S.parent / "redis_secret.py"
    result = run(sys.executable, str(script))
    assert result.returncode == 0, result.stderr
    (tmp_path / "secret.json").write_text(result.stdout)
    checked = kubernetes_validate(tmp_path / "secret.json")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    secret = yaml.safe_load(result.stdout)
    password = secret["stringData"]["url"].split(":")[2].split("@")[0]
    assert len(password) == 64
    assert f">{password}" in secret["stringData"]["users.acl"]
    # A second run makes another password.
    assert password not in run(sys.executable, str(script)).stdout


def test_the_secret_script_refuses_a_weak_password() -> None:
    result = run(sys.executable, str(K8S.parent / "redis_secret.py"), "--password", "abc")
    assert result.returncode == 2
    assert "at least 32 lower-case hex digits" in result.stderr


def test_compose_file_matches_the_compose_schema() -> None:
    result = compose_validate(COMPOSE)
    assert result.returncode == 0, result.stdout + result.stderr


def test_compose_schema_rejects_an_unknown_key(tmp_path: Path) -> None:
    broken = COMPOSE.read_text().replace("    restart: unless-stopped\n", "    restartt: no\n", 1)
    (tmp_path / "docker-compose.yml").write_text(broken)
    assert compose_validate(tmp_path / "docker-compose.yml").returncode != 0


def compose_with_password() -> dict[str, Any]:
    """The compose file as compose interpolates it with REDIS_PASSWORD set."""
    text = re.sub(r"\$\{REDIS_PASSWORD:\?[^}]*\}", PASSWORD, COMPOSE.read_text())
    compose: dict[str, Any] = yaml.safe_load(text)
    return compose


def test_compose_wires_api_to_a_password_protected_lru_redis() -> None:
    raw = yaml.safe_load(COMPOSE.read_text())
    # No default password: compose refuses to start until REDIS_PASSWORD is set.
    assert "${REDIS_PASSWORD:?" in raw["services"]["api"]["environment"]["REDIS_URL"]
    compose = compose_with_password()
    api, redis = compose["services"]["api"], compose["services"]["redis"]
    assert api["environment"]["REDIS_URL"] == redis_secret.redis_url(PASSWORD, host="redis")
    assert api["depends_on"]["redis"]["condition"] == "service_healthy"
    assert (COMPOSE.parent / api["build"]["context"] / api["build"]["dockerfile"]).is_file()
    assert api["healthcheck"]["test"] == ["CMD", "python", "/app/healthcheck.py"]
    assert "curl" not in str(api["healthcheck"])
    assert int(api["stop_grace_period"].removesuffix("s")) > int(
        api["environment"]["GUNICORN_GRACEFUL_TIMEOUT"]
    )
    assert redis["command"][0] == "redis-server"
    redis_is_an_lru_cache_without_persistence(redis["command"][1:])
    # The same users as the cluster's ACL file, given on the command line.
    users = [tuple(args) for args in options(redis["command"][1:])["--user"]]
    assert sorted(users) == sorted(redis_secret.acl_users(PASSWORD))
    assert "volumes" not in redis
    assert "ports" not in redis  # reachable from the compose network only
    assert redis["healthcheck"]["test"] == ["CMD", "redis-cli", "ping"]
    metrics = api["environment"]["SCOPA_METRICS_PORT"]
    assert f"127.0.0.1:{metrics}:{metrics}" in api["ports"]


def settings_from(monkeypatch: pytest.MonkeyPatch, variables: dict[str, str]) -> Any:
    clear_settings_env(monkeypatch)
    for name, value in variables.items():
        monkeypatch.setenv(name, value)
    return load_settings()


def test_every_variable_the_deployments_set_is_a_valid_setting(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    compose_env = compose_with_password()["services"]["api"]["environment"]
    assert settings_from(monkeypatch, compose_env).redis_url.startswith("redis://scopa:")
    url = redis_secret.redis_url(PASSWORD)
    settings = settings_from(monkeypatch, {**config(), "REDIS_URL": url})
    assert settings.trusted_proxies == 1
    assert settings.gunicorn_max_requests == 0


def test_api_deployment_probes_limits_and_user() -> None:
    pod, container = api_pod(), api_container()
    assert container["livenessProbe"]["httpGet"]["path"] == "/healthz"
    assert container["readinessProbe"]["httpGet"]["path"] == "/readyz"
    # Answered by the gunicorn master, never queued behind a worker's requests.
    probes = ("startupProbe", "livenessProbe", "readinessProbe")
    assert {container[probe]["httpGet"]["port"] for probe in probes} == {"metrics"}
    user = next(i.args for i in instructions() if i.keyword == "USER").split(":")[0]
    assert pod["securityContext"]["runAsNonRoot"] is True
    assert pod["securityContext"]["runAsUser"] == int(user)
    assert container["envFrom"] == [{"configMapRef": {"name": "scopa-api-config"}}]
    http = next(p for p in container["ports"] if p["name"] == "http")
    assert http["containerPort"] == int(config()["PORT"])
    pre_stop = container["lifecycle"]["preStop"]["sleep"]["seconds"]
    assert pod["terminationGracePeriodSeconds"] > pre_stop + int(
        config()["GUNICORN_GRACEFUL_TIMEOUT"]
    )


def test_cpu_and_memory_requests_equal_limits_and_workers_match_the_cpus() -> None:
    resources = api_container()["resources"]
    assert set(resources["requests"]) == set(resources["limits"]) == {"cpu", "memory"}
    assert resources["requests"] == resources["limits"]
    assert int(config()["WEB_CONCURRENCY"]) == int(resources["limits"]["cpu"])


def test_the_hpa_scales_on_cpu_before_the_workers_are_saturated() -> None:
    hpa = documents()[("HorizontalPodAutoscaler", "scopa-api")]["spec"]
    (metric,) = hpa["metrics"]
    target = metric["resource"]["target"]
    assert (metric["resource"]["name"], target["type"]) == ("cpu", "Utilization")
    # Of a request equal to the limit: below the old 70 %, above idle noise.
    assert 50 <= target["averageUtilization"] <= 65
    assert hpa["minReplicas"] >= 2


def test_api_pods_spread_across_nodes() -> None:
    labels = documents()[API]["spec"]["template"]["metadata"]["labels"]
    constraints = {c["topologyKey"]: c for c in api_pod()["topologySpreadConstraints"]}
    by_node = constraints["kubernetes.io/hostname"]
    assert by_node["maxSkew"] == 1
    assert by_node["whenUnsatisfiable"] == "DoNotSchedule"
    assert by_node["labelSelector"]["matchLabels"].items() <= labels.items()
    assert "topology.kubernetes.io/zone" in constraints


def test_metrics_have_their_own_port_which_the_service_does_not_expose() -> None:
    docs = documents()
    ports = {p["name"]: p["containerPort"] for p in api_container()["ports"]}
    metrics_port = int(config()["SCOPA_METRICS_PORT"])
    assert ports["metrics"] == metrics_port != ports["http"]
    annotations = docs[API]["spec"]["template"]["metadata"]["annotations"]
    assert annotations["prometheus.io/port"] == str(metrics_port)
    assert annotations["prometheus.io/path"] == "/metrics"
    service_ports = docs[("Service", "scopa-api")]["spec"]["ports"]
    assert [p["targetPort"] for p in service_ports] == ["http"]
    assert all(metrics_port not in (p["port"], p["targetPort"]) for p in service_ports)


def test_the_image_tag_is_the_service_version() -> None:
    version = service.__version__
    assert api_container()["image"] == f"scopa-service:{version}"
    assert f"docker build -t scopa-service:{version} ." in README.read_text()


def test_workers_are_not_recycled() -> None:
    assert config().get("GUNICORN_MAX_REQUESTS", "0") == "0"


def test_the_trusted_proxy_count_is_set_and_documented() -> None:
    assert config()["SCOPA_TRUSTED_PROXIES"] == "1"
    readme = README.read_text()
    assert "SCOPA_TRUSTED_PROXIES=1" in readme
    assert "`SCOPA_TRUSTED_PROXIES`" in readme


def test_redis_url_comes_from_the_secret_not_the_configmap() -> None:
    assert "REDIS_URL" not in config()
    assert "redis://" not in (K8S / "configmap.yaml").read_text()
    env = {item["name"]: item for item in api_container()["env"]}
    assert env["REDIS_URL"]["valueFrom"]["secretKeyRef"] == {
        "name": redis_secret.SECRET_NAME,
        "key": redis_secret.URL_KEY,
    }


def test_redis_requires_the_acl_file_from_the_secret() -> None:
    docs = documents()
    pod = docs[("Deployment", "scopa-redis")]["spec"]["template"]["spec"]
    (container,) = pod["containers"]
    (aclfile,) = options(container["args"])["--aclfile"]
    volumes = {v["name"]: v for v in pod["volumes"]}
    mounts = {m["mountPath"]: m for m in container["volumeMounts"]}
    directory, name = aclfile[0].rsplit("/", 1)
    mount = mounts[directory]
    assert mount["readOnly"] is True
    secret = volumes[mount["name"]]["secret"]
    assert secret["secretName"] == redis_secret.SECRET_NAME
    assert secret["items"] == [{"key": redis_secret.ACL_KEY, "path": name}]
    # The probe runs unauthenticated: the ACL lets the default user PING, and nothing else.
    assert container["readinessProbe"]["exec"]["command"] == ["redis-cli", "ping"]
    default = {user[0]: user[1:] for user in redis_secret.acl_users(PASSWORD)}["default"]
    assert default[-2:] == ("-@all", "+ping")


def test_only_api_pods_may_reach_redis() -> None:
    docs = documents()
    policy = docs[("NetworkPolicy", "scopa-redis")]["spec"]
    redis_labels = docs[("Deployment", "scopa-redis")]["spec"]["template"]["metadata"]["labels"]
    api_labels = docs[API]["spec"]["template"]["metadata"]["labels"]
    assert policy["podSelector"]["matchLabels"].items() <= redis_labels.items()
    assert policy["policyTypes"] == ["Ingress"]
    (rule,) = policy["ingress"]
    (source,) = rule["from"]
    assert set(source) == {"podSelector"}  # no namespaceSelector, no ipBlock
    assert source["podSelector"]["matchLabels"].items() <= api_labels.items()
    assert not source["podSelector"]["matchLabels"].items() <= redis_labels.items()
    redis_port = docs[("Service", "scopa-redis")]["spec"]["ports"][0]["port"]
    assert rule["ports"] == [{"protocol": "TCP", "port": redis_port}]


def test_service_hpa_and_pdb_select_the_api_pods() -> None:
    docs = documents()
    labels = docs[API]["spec"]["template"]["metadata"]["labels"]
    service = docs[("Service", "scopa-api")]["spec"]
    assert service["selector"].items() <= labels.items()
    hpa = docs[("HorizontalPodAutoscaler", "scopa-api")]
    assert hpa["apiVersion"] == "autoscaling/v2"
    assert hpa["spec"]["scaleTargetRef"] == {
        "apiVersion": "apps/v1",
        "kind": "Deployment",
        "name": "scopa-api",
    }
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
    service = docs[("Service", "scopa-redis")]
    port = service["spec"]["ports"][0]["port"]
    url = redis_secret.redis_url(PASSWORD)
    assert url.endswith(f"@{service['metadata']['name']}:{port}/0")


@pytest.mark.parametrize("path", MANIFESTS, ids=lambda p: p.name)
def test_every_resource_is_labelled_part_of_scopa(path: Path) -> None:
    for doc in yaml.safe_load_all(path.read_text()):
        assert doc["metadata"]["labels"]["app.kubernetes.io/part-of"] == "scopa"
