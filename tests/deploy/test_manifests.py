"""deploy/: Kubernetes manifests (kubernetes-validate --strict, and KEDA's resources against
their vendored CRD schemas), the compose file (schema), and the hardening each of them must keep:
Redis auth and reach, proxies, CPU, spread, metrics, the job workers and their durable queue."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

import service
from service.api.jobs import queue, store
from service.api.worker import arguments as worker_arguments
from service.config import known_variables, load_settings
from service.redis_address import sentinel_address
from tests.deploy.deploy_scripts import redis_secret
from tests.deploy.dockerfile import ROOT, instructions
from tests.settings_env import clear_settings_env

BIN = Path(sys.executable).parent
K8S = ROOT / "deploy" / "k8s"
COMPOSE = ROOT / "deploy" / "docker-compose.yml"
# The deployment guide, in the documentation site (deploy/README.md points to it).
GUIDE = ROOT / "docs" / "deployment.md"
KUSTOMIZATION = K8S / "kustomization.yaml"
MANIFESTS = sorted(path for path in K8S.glob("*.yaml") if path != KUSTOMIZATION)
API = ("Deployment", "scopa-api")
WORKER = ("Deployment", "scopa-worker")
QUEUE_REDIS = ("StatefulSet", "scopa-queue-redis")
CACHE_REDIS = ("StatefulSet", "scopa-redis")
# Where a Redis group's pods find deploy/k8s/redis-ha's scripts.
SCRIPTS_MOUNT = "/opt/redis-ha"
SCALED_OBJECT = ("ScaledObject", "scopa-worker")
CONFIG = ("ConfigMap", "scopa-api-config")
JOBS_CONFIG = ("ConfigMap", "scopa-jobs-config")
PASSWORD = "0123456789abcdef" * 4
QUEUE_PASSWORD = "89abcdef01234567" * 4
KEDA_PASSWORD = "fedcba9876543210" * 4
# Custom resources: kubernetes-validate has no schema for them, so they are checked against
# the CRD schemas vendored in tests/deploy/crds/ (README there: source and KEDA version).
CRDS = Path(__file__).parent / "crds"
CRD_SCHEMAS = {
    ("keda.sh/v1alpha1", "ScaledObject"): CRDS / "keda.sh" / "scaledobject_v1alpha1.json",
    ("keda.sh/v1alpha1", "TriggerAuthentication"): CRDS
    / "keda.sh"
    / "triggerauthentication_v1alpha1.json",
}
NO_SCHEMA = "Couldn't find schema"


def run(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(argv, capture_output=True, text=True, check=False)


def kubernetes_validate(*paths: Path) -> subprocess.CompletedProcess[str]:
    return run(str(BIN / "kubernetes-validate"), "--strict", "--quiet", *map(str, paths))


def compose_validate(path: Path) -> subprocess.CompletedProcess[str]:
    # check-jsonschema ships the compose-spec schema, so this runs offline.
    return run(str(BIN / "check-jsonschema"), "--builtin-schema", "vendor.compose-spec", str(path))


def is_custom(doc: dict[str, Any]) -> bool:
    return (doc["apiVersion"], doc["kind"]) in CRD_SCHEMAS


def crd_errors(doc: dict[str, Any]) -> list[str]:
    """What the vendored CRD schema of the document's kind finds wrong with it."""
    schema = json.loads(CRD_SCHEMAS[(doc["apiVersion"], doc["kind"])].read_text())
    validator = jsonschema.Draft7Validator(schema)
    name = f"{doc['kind']}/{doc.get('metadata', {}).get('name')}"
    return [
        f"{name}: {'.'.join(map(str, error.absolute_path)) or '(top)'}: {error.message}"
        for error in validator.iter_errors(doc)
    ]


def validation_problems(paths: list[Path], workdir: Path) -> list[str]:
    """Every document of the files, checked strictly: custom resources against their vendored
    CRD schemas, every other one with kubernetes-validate --strict, where a kind without a
    schema (which kubernetes-validate only warns about) is a problem too."""
    problems: list[str] = []
    builtin: list[Path] = []
    for path in paths:
        docs = list(yaml.safe_load_all(path.read_text()))
        custom = [doc for doc in docs if is_custom(doc)]
        for doc in custom:
            problems += crd_errors(doc)
        rest = [doc for doc in docs if not is_custom(doc)]
        if not custom:
            builtin.append(path)
        elif rest:
            part = workdir / f"builtin-{path.name}"
            part.write_text(yaml.safe_dump_all(rest))
            builtin.append(part)
    if builtin:
        result = kubernetes_validate(*builtin)
        output = result.stdout + result.stderr
        if result.returncode != 0 or NO_SCHEMA in output:
            problems.append(output)
    return problems


def documents() -> dict[tuple[str, str], dict[str, Any]]:
    found: dict[tuple[str, str], dict[str, Any]] = {}
    for path in MANIFESTS:
        for doc in yaml.safe_load_all(path.read_text()):
            found[(doc["kind"], doc["metadata"]["name"])] = doc
    return found


def kustomization() -> dict[str, Any]:
    found: dict[str, Any] = yaml.safe_load(KUSTOMIZATION.read_text())
    return found


def named(containers: list[dict[str, Any]], name: str) -> dict[str, Any]:
    """The container of that name."""
    (found,) = (container for container in containers if container["name"] == name)
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


def pod_of(key: tuple[str, str]) -> dict[str, Any]:
    pod: dict[str, Any] = documents()[key]["spec"]["template"]["spec"]
    return pod


def container_of(key: tuple[str, str]) -> dict[str, Any]:
    (container,) = pod_of(key)["containers"]
    assert isinstance(container, dict)
    return container


def secret_data() -> dict[str, dict[str, str]]:
    """The stringData of each Secret deploy/redis_secret.py makes, by name."""
    made = redis_secret.secret_manifests(PASSWORD, QUEUE_PASSWORD, KEDA_PASSWORD)
    return {manifest["metadata"]["name"]: manifest["stringData"] for manifest in made}


def image_env() -> dict[str, str]:
    """The settings the runtime stage of the Dockerfile sets with ENV."""
    items = instructions()
    last_from = max(i for i, item in enumerate(items) if item.keyword == "FROM")
    found: dict[str, str] = {}
    for item in items[last_from:]:
        if item.keyword == "ENV":
            found.update(pair.split("=", 1) for pair in item.args.split())
    return {name: value for name, value in found.items() if name in known_variables()}


def container_env(container: dict[str, Any]) -> dict[str, str]:
    """A container's environment as Kubernetes gives it: the image's, then the ConfigMaps of
    envFrom, then env (values, or keys of the generated Secrets; an optional key of a Secret the
    operator has not made leaves its variable unset)."""
    docs, secrets = documents(), secret_data()
    env = image_env()
    for source in container.get("envFrom", []):
        env.update(docs[("ConfigMap", source["configMapRef"]["name"])]["data"])
    for item in container.get("env", []):
        ref = item.get("valueFrom", {}).get("secretKeyRef")
        if ref is None:
            env[item["name"]] = item["value"]
        elif ref["name"] in secrets or not ref.get("optional", False):
            env[item["name"]] = secrets[ref["name"]][ref["key"]]
    return env


def service_containers() -> Iterator[tuple[str, dict[str, Any]]]:
    """Every container of the manifests that runs the service's image, with its workload."""
    for (kind, name), doc in documents().items():
        if kind in {"Deployment", "StatefulSet"}:
            for container in doc["spec"]["template"]["spec"]["containers"]:
                if container["image"].startswith("scopa-service:"):
                    yield name, container


def memory_bytes(quantity: str) -> int:
    """A Kubernetes (Mi, Gi) or redis-server (mb, gb) memory amount in bytes."""
    units = {"Mi": 2**20, "Gi": 2**30, "mb": 2**20, "gb": 2**30}
    number, unit = re.fullmatch(r"(\d+)([A-Za-z]+)", quantity).groups()  # type: ignore[union-attr]
    return int(number) * units[unit]


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


def redis_is_a_durable_queue(argv: list[str]) -> None:
    """Nothing evicted, every write in an append-only file fsynced every second."""
    given = options(argv)
    assert given["--maxmemory-policy"] == [["noeviction"]]
    assert given["--maxmemory"][0][0].endswith("mb")
    assert given["--appendonly"] == [["yes"]]
    assert given["--appendfsync"] == [["everysec"]]
    assert given["--dir"] == [["/data"]]


def test_every_manifest_passes_strict_validation(tmp_path: Path) -> None:
    assert {p.name for p in MANIFESTS} >= {
        "configmap.yaml",
        "deployment.yaml",
        "service.yaml",
        "hpa.yaml",
        "pdb.yaml",
        "redis.yaml",
        "networkpolicy.yaml",
        "worker.yaml",
        "queue-redis.yaml",
        "scaledobject.yaml",
    }
    kinds = {(doc["apiVersion"], doc["kind"]) for doc in documents().values()}
    assert kinds >= set(CRD_SCHEMAS)  # each vendored schema checks something
    assert validation_problems(MANIFESTS, tmp_path) == []


def test_strict_validation_rejects_an_unknown_field(tmp_path: Path) -> None:
    broken = (K8S / "deployment.yaml").read_text().replace("replicas: 2", "replicaz: 2")
    (tmp_path / "broken.yaml").write_text(broken)
    assert kubernetes_validate(tmp_path / "broken.yaml").returncode != 0


def test_strict_validation_skips_no_kind_it_has_no_schema_for(tmp_path: Path) -> None:
    # kubernetes-validate only warns about a kind it does not know; only the vendored CRDs'
    # kinds go elsewhere, so any other unknown kind (a typo included) is a problem.
    unknown = tmp_path / "unknown.yaml"
    unknown.write_text("apiVersion: keda.sh/v1alpha1\nkind: ScaledObjekt\nmetadata:\n  name: x\n")
    (problem,) = validation_problems([unknown], tmp_path)
    assert NO_SCHEMA in problem


@pytest.mark.parametrize(
    ("original", "typo", "complaint"),
    [
        ("  maxReplicaCount: 20\n", "  maxReplicaCont: 20\n", "'maxReplicaCont' was unexpected"),
        ("  scaleTargetRef:\n", "  scaleTargetRefs:\n", "'scaleTargetRefs' was unexpected"),
        ('listLength: "10"', "listLength: 10", "10 is not of type 'string'"),
        ("minReplicaCount: 1\n", "minReplicaCount: one\n", "'one' is not of type 'integer'"),
        ("    - parameter: password\n", "    - parametr: password\n", "'parametr' was unexpected"),
    ],
)
def test_the_crd_schemas_reject_a_typo_in_keda_resources(
    tmp_path: Path, original: str, typo: str, complaint: str
) -> None:
    text = (K8S / "scaledobject.yaml").read_text()
    assert text.count(original) == 1
    broken = tmp_path / "scaledobject.yaml"
    broken.write_text(text.replace(original, typo))
    problems = validation_problems([broken], tmp_path)
    assert any(complaint in problem for problem in problems), problems


def test_the_generated_secrets_pass_strict_validation(tmp_path: Path) -> None:
    script = K8S.parent / "redis_secret.py"
    result = run(sys.executable, str(script))
    assert result.returncode == 0, result.stderr
    (tmp_path / "secrets.yaml").write_text(result.stdout)
    checked = kubernetes_validate(tmp_path / "secrets.yaml")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert NO_SCHEMA not in checked.stdout + checked.stderr
    cache, jobs = (doc["stringData"] for doc in yaml.safe_load_all(result.stdout))
    password = cache["url"].split(":")[2].split("@")[0]
    queue_password = jobs["url"].split(":")[2].split("@")[0]
    group_passwords = {
        secret[key]
        for secret in (cache, jobs)
        for key in (redis_secret.REPLICA_PASSWORD_KEY, redis_secret.SENTINEL_PASSWORD_KEY)
    }
    passwords = {password, queue_password, jobs["keda-password"], *group_passwords}
    assert {len(each) for each in passwords} == {64}  # seven passwords, 64 hex digits each
    assert len(passwords) == 7
    for secret in (cache, jobs):
        for user, key in (
            (redis_secret.REPLICA_USER, redis_secret.REPLICA_PASSWORD_KEY),
            (redis_secret.SENTINEL_USER, redis_secret.SENTINEL_PASSWORD_KEY),
        ):
            assert f"user {user} >{secret[key]} on" in secret["users.acl"]
    assert f">{password}" in cache["users.acl"]
    assert f">{queue_password}" in jobs["users.acl"]
    assert f"user {jobs['keda-username']} >{jobs['keda-password']} on" in jobs["users.acl"]
    assert password not in jobs["users.acl"] and queue_password not in cache["users.acl"]
    # A second run makes other passwords.
    again = run(sys.executable, str(script)).stdout
    assert not any(each in again for each in passwords)
    # One Secret alone, as plain JSON: to rotate the passwords of one Redis.
    only = run(sys.executable, str(script), "--only", "queue", "--queue-password", QUEUE_PASSWORD)
    secret = json.loads(only.stdout)
    assert secret["metadata"]["name"] == redis_secret.QUEUE_SECRET_NAME
    assert secret["stringData"]["url"] == redis_secret.queue_sentinel_url(QUEUE_PASSWORD)


@pytest.mark.parametrize("option", ["--password", "--queue-password", "--keda-password"])
def test_the_secret_script_refuses_a_weak_password(option: str) -> None:
    result = run(sys.executable, str(K8S.parent / "redis_secret.py"), option, "abc")
    assert result.returncode == 2
    assert "at least 32 lower-case hex digits" in result.stderr


def test_the_queue_acl_names_the_keys_the_queue_and_the_job_store_use() -> None:
    patterns = redis_secret.QUEUE_KEY_PATTERNS
    assert redis_secret.QUEUE_LIST == queue.QUEUE_KEY == f"{queue.NAMESPACE}:{queue.QUEUE_NAME}"
    # Dramatiq's dispatch script declares the namespace itself as its key.
    assert {queue.NAMESPACE, f"{queue.NAMESPACE}:*"} <= set(patterns)
    for prefix in (store.PREFIX, store.ACTIVE_PREFIX):
        assert any(re.fullmatch(p.replace("*", ".*"), prefix + "x") for p in patterns), prefix
    # The cache's user reaches none of Dramatiq's keys; KEDA's only the queue's list.
    assert not any(p.startswith(queue.NAMESPACE) for p in redis_secret.KEY_PATTERNS)
    keda = {user[0]: user[1:] for user in redis_secret.queue_acl_users(PASSWORD, KEDA_PASSWORD)}
    assert [r for r in keda[redis_secret.KEDA_USER] if r.startswith("~")] == [f"~{queue.QUEUE_KEY}"]


def test_compose_file_matches_the_compose_schema() -> None:
    result = compose_validate(COMPOSE)
    assert result.returncode == 0, result.stdout + result.stderr


def test_compose_schema_rejects_an_unknown_key(tmp_path: Path) -> None:
    broken = COMPOSE.read_text().replace("    restart: unless-stopped\n", "    restartt: no\n", 1)
    (tmp_path / "docker-compose.yml").write_text(broken)
    assert compose_validate(tmp_path / "docker-compose.yml").returncode != 0


def compose_with_password() -> dict[str, Any]:
    """The compose file as compose interpolates it with REDIS_PASSWORD and
    QUEUE_REDIS_PASSWORD set."""
    text = re.sub(r"\$\{REDIS_PASSWORD:\?[^}]*\}", PASSWORD, COMPOSE.read_text())
    text = re.sub(r"\$\{QUEUE_REDIS_PASSWORD:\?[^}]*\}", QUEUE_PASSWORD, text)
    assert "${" not in text
    compose: dict[str, Any] = yaml.safe_load(text)
    return compose


def compose_service_env(service: dict[str, Any]) -> dict[str, str]:
    """A compose service's environment as its container gets it: the image's, then its own."""
    return {**image_env(), **service["environment"]}


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
    # -e: an error reply (LOADING) fails the check; the ACL lets anyone PING.
    assert redis["healthcheck"]["test"] == ["CMD", "redis-cli", "-e", "ping"]
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
    """Each container of the service's image, API and workers, in the cluster and in compose,
    starts with valid settings (a typo'd SCOPA_* variable would stop it), the image's own ENV
    included; each reaches the right Redis."""
    cache_url, queue_url = (
        redis_secret.sentinel_url(PASSWORD),
        redis_secret.queue_sentinel_url(QUEUE_PASSWORD),
    )
    checked = set()
    for name, container in service_containers():
        settings = settings_from(monkeypatch, container_env(container))
        assert settings.jobs_redis_url == queue_url, name
        assert settings.job_heartbeat_timeout_ms > settings.review_max_total_ms, name
        checked.add(name)
        # The workers share the API's cache Redis: its advice cache and the keys' quotas.
        assert settings.redis_url == cache_url, name
        if name == API[1]:
            assert settings.trusted_proxies == 1
            assert settings.gunicorn_max_requests == 0
    assert checked == {API[1], WORKER[1]}
    compose = compose_with_password()["services"]
    compose_queue_url = redis_secret.queue_redis_url(QUEUE_PASSWORD, host="queue-redis")
    users = {name for name, s in compose.items() if s.get("image", "").startswith("scopa-")}
    assert users == {"api", "worker"}
    for name in sorted(users):
        settings = settings_from(monkeypatch, compose_service_env(compose[name]))
        assert settings.jobs_redis_url == compose_queue_url, name
        assert settings.job_heartbeat_timeout_ms > settings.review_max_total_ms, name
    api = settings_from(monkeypatch, compose_service_env(compose["api"]))
    assert api.redis_url == redis_secret.redis_url(PASSWORD, host="redis")
    worker = settings_from(monkeypatch, compose_service_env(compose["worker"]))
    assert worker.redis_url == api.redis_url


def test_the_workers_leave_the_image_s_metrics_directory_to_gunicorn() -> None:
    # The image names gunicorn's Prometheus multiprocess directory, which only gunicorn makes;
    # scopa-worker drops the variable itself (service/api/worker_cli.py), so the workers name none.
    # (tests/deploy/test_worker_process.py runs the worker with it and finds no metric file.)
    assert image_env()["PROMETHEUS_MULTIPROC_DIR"] == "/tmp/prometheus"
    assert container_env(container_of(WORKER))["PROMETHEUS_MULTIPROC_DIR"] == "/tmp/prometheus"
    worker = compose_with_password()["services"]["worker"]
    assert "PROMETHEUS_MULTIPROC_DIR" not in worker["environment"]


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
    assert container["envFrom"] == [
        {"configMapRef": {"name": "scopa-api-config"}},
        {"configMapRef": {"name": "scopa-jobs-config"}},
    ]
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
    assert f"docker build -t scopa-service:{version} ." in GUIDE.read_text()


def test_workers_are_not_recycled() -> None:
    assert config().get("GUNICORN_MAX_REQUESTS", "0") == "0"


def test_the_trusted_proxy_count_is_set_and_documented() -> None:
    assert config()["SCOPA_TRUSTED_PROXIES"] == "1"
    guide = GUIDE.read_text()
    assert "SCOPA_TRUSTED_PROXIES=1" in guide
    assert "`SCOPA_TRUSTED_PROXIES`" in guide


def test_redis_url_comes_from_the_secret_not_the_configmap() -> None:
    configmaps = [doc["data"] for (kind, _), doc in documents().items() if kind == "ConfigMap"]
    assert len(configmaps) == 3
    assert not any({"REDIS_URL", "SCOPA_JOBS_REDIS_URL"} & data.keys() for data in configmaps)
    assert "redis://" not in (K8S / "configmap.yaml").read_text()
    env = {item["name"]: item for item in api_container()["env"]}
    assert env["REDIS_URL"]["valueFrom"]["secretKeyRef"] == {
        "name": redis_secret.SECRET_NAME,
        "key": redis_secret.URL_KEY,
    }
    queue_url = {"name": redis_secret.QUEUE_SECRET_NAME, "key": redis_secret.URL_KEY}
    assert env["SCOPA_JOBS_REDIS_URL"]["valueFrom"]["secretKeyRef"] == queue_url
    worker_env = {item["name"]: item for item in container_of(WORKER)["env"]}
    assert worker_env["SCOPA_JOBS_REDIS_URL"]["valueFrom"]["secretKeyRef"] == queue_url
    # The workers share the cache Redis (advice cache, API keys' search time) from its Secret.
    assert worker_env["REDIS_URL"] == env["REDIS_URL"]


def test_redis_requires_the_acl_file_from_the_secret() -> None:
    docs = documents()
    pod = docs[CACHE_REDIS]["spec"]["template"]["spec"]
    container = named(pod["containers"], "redis")
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
    assert container["readinessProbe"]["exec"]["command"] == ["redis-cli", "-e", "ping"]
    default = {user[0]: user[1:] for user in redis_secret.acl_users(PASSWORD)}["default"]
    assert default[-2:] == ("-@all", "+ping")


def test_only_api_and_worker_pods_may_reach_redis() -> None:
    docs = documents()
    policy = docs[("NetworkPolicy", "scopa-redis")]["spec"]
    redis_labels = docs[CACHE_REDIS]["spec"]["template"]["metadata"]["labels"]
    api_labels = docs[API]["spec"]["template"]["metadata"]["labels"]
    worker_labels = docs[WORKER]["spec"]["template"]["metadata"]["labels"]
    assert policy["podSelector"]["matchLabels"].items() <= redis_labels.items()
    assert policy["policyTypes"] == ["Ingress"]
    (rule,) = policy["ingress"]
    api_source, worker_source, group_source = rule["from"]
    for source, labels in ((api_source, api_labels), (worker_source, worker_labels)):
        assert set(source) == {"podSelector"}  # no namespaceSelector, no ipBlock
        assert source["podSelector"]["matchLabels"].items() <= labels.items()
        assert not source["podSelector"]["matchLabels"].items() <= redis_labels.items()
    # The group's own pods: replication, and the Sentinels watching the servers.
    assert set(group_source) == {"podSelector"}
    assert group_source["podSelector"]["matchLabels"].items() <= redis_labels.items()
    ports = [port["port"] for port in docs[("Service", "scopa-redis")]["spec"]["ports"]]
    assert rule["ports"] == [{"protocol": "TCP", "port": port} for port in ports]


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


def test_redis_is_one_shared_lru_cache_without_persistence() -> None:
    redis = documents()[CACHE_REDIS]["spec"]
    container = named(redis["template"]["spec"]["containers"], "redis")
    redis_is_an_lru_cache_without_persistence(container["args"])
    volumes = redis["template"]["spec"]["volumes"]
    assert all("persistentVolumeClaim" not in volume for volume in volumes)
    assert "volumeClaimTemplates" not in redis


@pytest.mark.parametrize(
    ("group", "secret", "url"),
    [
        (CACHE_REDIS, redis_secret.SECRET_NAME, redis_secret.sentinel_url(PASSWORD)),
        (QUEUE_REDIS, redis_secret.QUEUE_SECRET_NAME, redis_secret.queue_sentinel_url(PASSWORD)),
    ],
    ids=["cache", "queue"],
)
def test_each_redis_is_three_servers_and_three_sentinels_one_pod_a_node(
    group: tuple[str, str], secret: str, url: str
) -> None:
    """The group runs deploy/k8s/redis-ha's scripts (tests/deploy/test_redis_ha_scripts.py runs
    them for real), with the names, Sentinels and service name its URL gives the clients."""
    docs = documents()
    statefulset = docs[group]["spec"]
    assert statefulset["replicas"] == redis_secret.GROUP_SIZE == 3
    assert statefulset["podManagementPolicy"] == "Parallel"
    pod = statefulset["template"]["spec"]
    labels = statefulset["template"]["metadata"]["labels"]
    (spread,) = pod["topologySpreadConstraints"]
    assert spread["topologyKey"] == "kubernetes.io/hostname"
    assert spread["whenUnsatisfiable"] == "DoNotSchedule"
    assert spread["labelSelector"]["matchLabels"].items() <= labels.items()
    redis, sentinel = named(pod["containers"], "redis"), named(pod["containers"], "sentinel")
    assert redis["command"] == ["sh", f"{SCRIPTS_MOUNT}/redis.sh"]
    assert sentinel["command"] == ["sh", f"{SCRIPTS_MOUNT}/sentinel.sh"]
    (generated,) = kustomization()["configMapGenerator"]
    assert sorted(generated["files"]) == ["redis-ha/redis.sh", "redis-ha/sentinel.sh"]
    assert all((K8S / name).is_file() for name in generated["files"])
    volumes = {volume["name"]: volume for volume in pod["volumes"]}
    for container in (redis, sentinel):
        (mount,) = (m for m in container["volumeMounts"] if m["mountPath"] == SCRIPTS_MOUNT)
        assert volumes[mount["name"]]["configMap"]["name"] == generated["name"]
        assert container["securityContext"]["readOnlyRootFilesystem"] is True
        resources = container["resources"]
        assert resources["requests"] == resources["limits"]
    # What the clients are told (the Secret's URL) is what the group calls itself.
    address = sentinel_address(url)
    service = docs[("Service", group[1])]
    assert statefulset["serviceName"] == service["metadata"]["name"]
    assert service["spec"]["clusterIP"] == "None"
    assert service["spec"]["publishNotReadyAddresses"] is True
    ports = {port["name"]: port["port"] for port in service["spec"]["ports"]}
    assert ports == {"redis": 6379, "sentinel": redis_secret.SENTINEL_PORT}
    names = [f"{group[1]}-{n}.{service['metadata']['name']}" for n in range(3)]
    assert list(address.sentinels) == [(name, ports["sentinel"]) for name in names]
    for container in (redis, sentinel):
        env = {item["name"]: item for item in container["env"]}
        assert env["REDIS_HA_SERVICE"]["value"] == address.service_name
        assert env["REDIS_HA_ME"]["value"] == f"$(POD_NAME).{service['metadata']['name']}"
        assert env["POD_NAME"]["valueFrom"]["fieldRef"]["fieldPath"] == "metadata.name"
        assert env["REDIS_HA_PEERS"]["value"].split() == names
        sentinels = env["REDIS_HA_SENTINELS"]["value"].split()
        assert sentinels == [f"{name}:{ports['sentinel']}" for name in names]
    for container, key in (
        (redis, redis_secret.REPLICA_PASSWORD_KEY),
        (sentinel, redis_secret.SENTINEL_PASSWORD_KEY),
    ):
        refs = [
            item["valueFrom"]["secretKeyRef"]
            for item in container["env"]
            if "secretKeyRef" in item.get("valueFrom", {})
        ]
        assert {"name": secret, "key": key} in refs
    assert sentinel["readinessProbe"]["exec"]["command"] == [
        "redis-cli", "-e", "-p", str(ports["sentinel"]), "ping"
    ]  # fmt: skip
    # A drain takes one pod of three: two Sentinels, a quorum, stay to promote a replica.
    budget = docs[("PodDisruptionBudget", group[1])]["spec"]
    assert budget["maxUnavailable"] == 1
    assert budget["selector"]["matchLabels"].items() <= labels.items()


def test_kustomization_applies_every_manifest() -> None:
    assert sorted(kustomization()["resources"]) == [path.name for path in MANIFESTS]


@pytest.mark.parametrize("path", MANIFESTS, ids=lambda p: p.name)
def test_every_resource_is_labelled_part_of_scopa(path: Path) -> None:
    for doc in yaml.safe_load_all(path.read_text()):
        assert doc["metadata"]["labels"]["app.kubernetes.io/part-of"] == "scopa"


# ---- the job workers, the queue Redis and KEDA ----


def worker_metrics_port() -> int:
    return int(container_env(container_of(WORKER))["SCOPA_WORKER_METRICS_PORT"])


def test_the_image_has_the_scopa_worker_console_script() -> None:
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts["scopa-worker"] == "service.api.worker_cli:main"
    # The project is pip-installed into the venv whose bin/ (console scripts) is on PATH.
    items = instructions()
    assert any(i.keyword == "RUN" and re.search(r"pip install .* \.(\s|$)", i.args) for i in items)
    runtime_env = [
        i.args for i in items[max(n for n, i in enumerate(items) if i.keyword == "FROM") :]
    ]
    assert any("PATH=/opt/venv/bin:" in args for args in runtime_env)


def test_the_worker_deployment_runs_scopa_worker_on_one_cpu_per_pod() -> None:
    worker, pod, container = documents()[WORKER], pod_of(WORKER), container_of(WORKER)
    # The image's entrypoint is gunicorn: command replaces it.
    assert container["command"] == ["scopa-worker"]
    args = worker_arguments(container["args"])  # the worker's own parser accepts them
    assert args.threads == 1
    assert container["image"] == api_container()["image"]
    resources = container["resources"]
    assert set(resources["requests"]) == set(resources["limits"]) == {"cpu", "memory"}
    assert resources["requests"] == resources["limits"]
    assert resources["limits"]["cpu"] == "1"
    # KEDA sets the number of pods: an applied manifest must not reset it.
    assert "replicas" not in worker["spec"]
    assert worker["spec"]["strategy"]["rollingUpdate"]["maxUnavailable"] == 0
    # Hardened like the API pods.
    assert pod["securityContext"] == api_pod()["securityContext"]
    assert container["securityContext"] == api_container()["securityContext"]
    assert pod["automountServiceAccountToken"] is False
    volumes = {v["name"]: v for v in pod["volumes"]}
    (tmp,) = (m for m in container["volumeMounts"] if m["mountPath"] == "/tmp")
    assert "emptyDir" in volumes[tmp["name"]]
    assert container["envFrom"] == [
        {"configMapRef": {"name": "scopa-jobs-config"}},
        {"configMapRef": {"name": "scopa-worker-config"}},
    ]


def test_the_worker_stops_gracefully_within_its_grace_period() -> None:
    args = worker_arguments(container_of(WORKER)["args"])
    assert pod_of(WORKER)["terminationGracePeriodSeconds"] > args.grace
    compose = compose_with_password()["services"]["worker"]
    compose_args = worker_arguments(compose["command"])
    assert int(compose["stop_grace_period"].removesuffix("s")) > compose_args.grace


def test_the_worker_serves_metrics_on_its_own_port_which_no_service_exposes() -> None:
    docs, container, port = documents(), container_of(WORKER), worker_metrics_port()
    assert port == 9465
    assert container["ports"] == [{"name": "metrics", "containerPort": port, "protocol": "TCP"}]
    annotations = docs[WORKER]["spec"]["template"]["metadata"]["annotations"]
    assert annotations["prometheus.io/port"] == str(port)
    assert annotations["prometheus.io/path"] == "/metrics"
    for probe in ("startupProbe", "livenessProbe"):
        assert container[probe]["httpGet"] == {"path": "/metrics", "port": "metrics"}
    assert "readinessProbe" not in container  # no Service sends it anything
    labels = docs[WORKER]["spec"]["template"]["metadata"]["labels"]
    services = [doc for (kind, _), doc in docs.items() if kind == "Service"]
    assert not any(s["spec"]["selector"].items() <= labels.items() for s in services)


def test_the_jobs_settings_are_shared_by_the_api_and_the_workers() -> None:
    shared = {"configMapRef": {"name": JOBS_CONFIG[1]}}
    assert shared in api_container()["envFrom"]
    assert shared in container_of(WORKER)["envFrom"]
    jobs = documents()[JOBS_CONFIG]["data"]
    assert int(jobs["SCOPA_JOB_HEARTBEAT_TIMEOUT_MS"]) > int(jobs["SCOPA_REVIEW_MAX_TOTAL_MS"])
    # Only there: no other ConfigMap may set a jobs setting differently.
    assert not jobs.keys() & config().keys()


def test_the_scaled_object_scales_the_workers_on_the_queue_list() -> None:
    docs = documents()
    scaled = docs[SCALED_OBJECT]
    assert scaled["apiVersion"] == "keda.sh/v1alpha1"
    spec = scaled["spec"]
    assert spec["scaleTargetRef"] == {
        "apiVersion": "apps/v1",
        "kind": WORKER[0],
        "name": WORKER[1],
    }
    assert 1 <= spec["minReplicaCount"] < spec["maxReplicaCount"]
    (trigger,) = spec["triggers"]
    assert trigger["type"] == "redis-sentinel"
    metadata = trigger["metadata"]
    assert metadata["listName"] == queue.QUEUE_KEY == "dramatiq:scopa-jobs"
    assert 1 <= int(metadata["listLength"]) <= 100
    # The queue group's Sentinels, by names that resolve from KEDA's own namespace.
    address = sentinel_address(redis_secret.queue_sentinel_url(QUEUE_PASSWORD))
    assert metadata["sentinelMaster"] == address.service_name
    given = [item.strip() for item in metadata["addresses"].split(",")]
    assert len(given) == len(address.sentinels)
    for item, (name, port) in zip(given, address.sentinels, strict=True):
        host, sentinel_port = item.rsplit(":", 1)
        assert re.fullmatch(rf"{re.escape(name)}\.[a-z0-9-]+\.svc", host)
        assert int(sentinel_port) == port
    assert metadata.get("databaseIndex", "0") == "0"
    # Credentials: KEDA's own user, from the queue Redis's Secret.
    auth = docs[("TriggerAuthentication", trigger["authenticationRef"]["name"])]["spec"]
    refs = {ref["parameter"]: ref for ref in auth["secretTargetRef"]}
    assert set(refs) == {"username", "password"}
    secret = secret_data()[redis_secret.QUEUE_SECRET_NAME]
    assert {ref["name"] for ref in refs.values()} == {redis_secret.QUEUE_SECRET_NAME}
    assert secret[refs["username"]["key"]] == redis_secret.KEDA_USER
    assert secret[refs["password"]["key"]] == KEDA_PASSWORD


def test_the_queue_redis_is_durable_on_a_persistent_volume() -> None:
    docs = documents()
    statefulset = docs[QUEUE_REDIS]["spec"]
    pod = statefulset["template"]["spec"]
    container = named(pod["containers"], "redis")
    redis_is_a_durable_queue(container["args"])
    # /data is the volume claimed by the StatefulSet, not an emptyDir of the pod.
    (data,) = (m for m in container["volumeMounts"] if m["mountPath"] == "/data")
    assert data["name"] not in {volume["name"] for volume in pod["volumes"]}
    (claim,) = statefulset["volumeClaimTemplates"]
    assert claim["metadata"]["name"] == data["name"]
    assert claim["spec"]["accessModes"] == ["ReadWriteOnce"]
    assert memory_bytes(claim["spec"]["resources"]["requests"]["storage"]) >= 2**30
    assert statefulset["persistentVolumeClaimRetentionPolicy"] == {
        "whenDeleted": "Retain",
        "whenScaled": "Retain",
    }
    # Room above maxmemory for an append-only file rewrite's copy-on-write pages.
    resources = container["resources"]
    assert resources["requests"] == resources["limits"]
    maxmemory = options(container["args"])["--maxmemory"][0][0]
    assert memory_bytes(resources["limits"]["memory"]) >= 1.5 * memory_bytes(maxmemory)
    assert pod["securityContext"]["fsGroup"] == pod["securityContext"]["runAsUser"]
    service = docs[("Service", QUEUE_REDIS[1])]
    assert (
        service["spec"]["selector"].items() <= statefulset["template"]["metadata"]["labels"].items()
    )
    # A job's writes are on a replica before they are acknowledged (what a promotion keeps).
    jobs_settings = docs[JOBS_CONFIG]["data"]
    assert jobs_settings["SCOPA_JOBS_REPLICA_ACKS"] == "1"


def test_the_queue_redis_requires_the_acl_file_from_its_secret() -> None:
    pod = documents()[QUEUE_REDIS]["spec"]["template"]["spec"]
    container = named(pod["containers"], "redis")
    (aclfile,) = options(container["args"])["--aclfile"]
    volumes = {v["name"]: v for v in pod["volumes"]}
    mounts = {m["mountPath"]: m for m in container["volumeMounts"]}
    directory, name = aclfile[0].rsplit("/", 1)
    mount = mounts[directory]
    assert mount["readOnly"] is True
    secret = volumes[mount["name"]]["secret"]
    assert secret["secretName"] == redis_secret.QUEUE_SECRET_NAME
    assert secret["items"] == [{"key": redis_secret.ACL_KEY, "path": name}]
    # The probe signs in (as the Sentinels' user, whose password the container has): without
    # a password the queue Redis answers nothing; -e: an error reply fails the probe.
    shell, flag, line = container["readinessProbe"]["exec"]["command"]
    assert (shell, flag) == ("sh", "-c")
    assert line.split() == [
        "redis-cli", "-e", "--no-auth-warning", "--user", redis_secret.SENTINEL_USER,
        "--pass", '"$REDIS_HA_SENTINEL_PASSWORD"', "ping",
    ]  # fmt: skip
    env = {item["name"]: item for item in container["env"]}
    assert env["REDIS_HA_SENTINEL_PASSWORD"]["valueFrom"]["secretKeyRef"] == {
        "name": redis_secret.QUEUE_SECRET_NAME,
        "key": redis_secret.SENTINEL_PASSWORD_KEY,
    }
    users = {
        user[0]: user[1:]
        for user in redis_secret.queue_acl_users(PASSWORD, KEDA_PASSWORD, PASSWORD, PASSWORD)
    }
    # default: the queue user's rights and password (the append-only file replays as default).
    assert users["default"] == ("on", f">{PASSWORD}", *redis_secret.QUEUE_RIGHTS)
    assert users[redis_secret.QUEUE_USER] == (f">{PASSWORD}", *redis_secret.QUEUE_USER_RULES)
    assert set(users) == {
        "default",
        redis_secret.QUEUE_USER,
        redis_secret.KEDA_USER,
        redis_secret.REPLICA_USER,
        redis_secret.SENTINEL_USER,
    }


def test_only_api_worker_and_keda_pods_may_reach_the_queue_redis() -> None:
    docs = documents()
    policy = docs[("NetworkPolicy", QUEUE_REDIS[1])]["spec"]
    queue_labels = docs[QUEUE_REDIS]["spec"]["template"]["metadata"]["labels"]
    assert policy["podSelector"]["matchLabels"].items() <= queue_labels.items()
    assert policy["policyTypes"] == ["Ingress"]
    (rule,) = policy["ingress"]
    api, worker, keda, group = rule["from"]
    assert set(group) == {"podSelector"}
    assert group["podSelector"]["matchLabels"].items() <= queue_labels.items()
    api_labels = docs[API]["spec"]["template"]["metadata"]["labels"]
    worker_labels = docs[WORKER]["spec"]["template"]["metadata"]["labels"]
    assert set(api) == set(worker) == {"podSelector"}  # pods of this namespace only
    assert api["podSelector"]["matchLabels"].items() <= api_labels.items()
    assert worker["podSelector"]["matchLabels"].items() <= worker_labels.items()
    # KEDA's operator: its namespace AND its pods, in one source (two would admit either).
    assert set(keda) == {"namespaceSelector", "podSelector"}
    assert keda["namespaceSelector"]["matchLabels"] == {"kubernetes.io/metadata.name": "keda"}
    assert keda["podSelector"]["matchLabels"] == {"app.kubernetes.io/name": "keda-operator"}
    ports = [port["port"] for port in docs[("Service", QUEUE_REDIS[1])]["spec"]["ports"]]
    assert rule["ports"] == [{"protocol": "TCP", "port": port} for port in ports]
    # KEDA reaches the queue Redis only: the cache Redis admits no namespace but its own.
    (cache_rule,) = docs[("NetworkPolicy", "scopa-redis")]["spec"]["ingress"]
    assert all(set(source) == {"podSelector"} for source in cache_rule["from"])


def test_a_disruption_budget_keeps_most_workers_running() -> None:
    docs = documents()
    pdb = docs[("PodDisruptionBudget", WORKER[1])]["spec"]
    labels = docs[WORKER]["spec"]["template"]["metadata"]["labels"]
    assert pdb["selector"]["matchLabels"].items() <= labels.items()
    assert "minAvailable" not in pdb  # at one worker a minAvailable would block every drain
    assert pdb["maxUnavailable"] in {1, "25%"}


def test_compose_wires_api_and_workers_to_a_durable_queue_redis() -> None:
    raw = yaml.safe_load(COMPOSE.read_text())["services"]
    # No default password: compose refuses to start until QUEUE_REDIS_PASSWORD is set.
    for name in ("api", "worker"):
        assert "${QUEUE_REDIS_PASSWORD:?" in raw[name]["environment"]["SCOPA_JOBS_REDIS_URL"]
    compose = compose_with_password()
    services = compose["services"]
    api, worker, queue_redis = services["api"], services["worker"], services["queue-redis"]
    url = redis_secret.queue_redis_url(QUEUE_PASSWORD, host="queue-redis")
    assert api["environment"]["SCOPA_JOBS_REDIS_URL"] == url
    assert worker["environment"]["SCOPA_JOBS_REDIS_URL"] == url
    assert worker["environment"]["REDIS_URL"] == api["environment"]["REDIS_URL"]
    assert worker["depends_on"]["redis"]["condition"] == "service_healthy"
    for client in (api, worker):
        assert client["depends_on"]["queue-redis"]["condition"] == "service_healthy"
    # The queue Redis: durable, on a named volume, reachable from the compose network only.
    assert queue_redis["image"] == services["redis"]["image"]
    assert queue_redis["command"][0] == "redis-server"
    redis_is_a_durable_queue(queue_redis["command"][1:])
    (volume,) = queue_redis["volumes"]
    name, target = volume.split(":")
    assert target == "/data" and name in compose["volumes"]
    assert "ports" not in queue_redis
    assert queue_redis["healthcheck"]["test"] == [
        "CMD", "redis-cli", "-e", "--no-auth-warning", "--pass", QUEUE_PASSWORD, "ping"
    ]  # fmt: skip
    # The queue Secret's users but KEDA's (no KEDA in compose), on the command line.
    users = [tuple(args) for args in options(queue_redis["command"][1:])["--user"]]
    assert sorted(users) == sorted(redis_secret.queue_acl_users(QUEUE_PASSWORD))


def test_compose_runs_workers_from_the_api_image() -> None:
    services = compose_with_password()["services"]
    api, worker = services["api"], services["worker"]
    assert worker["image"] == api["image"] and worker["build"] == api["build"]
    # entrypoint replaces the image's gunicorn (and clears its default command).
    assert worker["entrypoint"] == ["scopa-worker"]
    assert worker_arguments(worker["command"]).threads == 1
    assert worker["deploy"]["replicas"] >= 2
    assert "--scale worker=" in COMPOSE.read_text()
    assert worker["read_only"] is True and worker["tmpfs"] == api["tmpfs"]
    # Metrics on the host's loopback only, on a port docker picks for each replica.
    port = int(worker["environment"]["SCOPA_WORKER_METRICS_PORT"])
    assert worker["ports"] == [f"127.0.0.1::{port}"]
    # The image's health check asks gunicorn's monitoring port: the worker has its own.
    check = worker["healthcheck"]["test"]
    assert check[:2] == ["CMD", "python"]
    assert f"http://127.0.0.1:{port}/metrics" in check[-1]
    assert "/app/healthcheck.py" not in check
    assert worker["restart"] == api["restart"]


def test_the_guide_explains_the_workers_and_the_queue_redis() -> None:
    guide = GUIDE.read_text()
    assert "## Job workers and the queue Redis" in guide
    section = guide.split("## Job workers and the queue Redis", 1)[1].split("\n## ", 1)[0]
    for needle in (
        "SCOPA_JOB_HEARTBEAT_TIMEOUT_MS",
        "SCOPA_REVIEW_MAX_TOTAL_MS",
        "noeviction",
        "--appendfsync everysec",
        "--scale worker=",
        "scopa_job_queue_depth",
        "dramatiq:scopa-jobs",
        "QUEUE_REDIS_PASSWORD",
        "keda",
    ):
        assert needle in section, needle
