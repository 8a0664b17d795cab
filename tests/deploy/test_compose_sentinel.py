"""deploy/docker-compose.sentinel.yml: high availability over the compose stack, checked offline
(tests/container starts it and kills its queue's primary): its servers run the base file's
commands, every name it gives is a service of the merged stack, and the clients' URLs name the
Sentinels and the groups that the servers and Sentinels call themselves."""

from __future__ import annotations

import re
from typing import Any

import pytest
import yaml

from service.redis_address import sentinel_address
from tests.deploy.dockerfile import ROOT
from tests.deploy.test_manifests import (
    COMPOSE,
    PASSWORD,
    QUEUE_PASSWORD,
    compose_service_env,
    compose_validate,
    settings_from,
)

OVERLAY = ROOT / "deploy" / "docker-compose.sentinel.yml"
GROUP_PASSWORD = "13579bdf" * 8
VARIABLES = {
    "REDIS_PASSWORD": PASSWORD,
    "QUEUE_REDIS_PASSWORD": QUEUE_PASSWORD,
    "REPLICA_PASSWORD": GROUP_PASSWORD,
    "SENTINEL_PASSWORD": GROUP_PASSWORD,
}
GROUPS = {
    "scopa-cache": ("redis", "cache-sentinel"),
    "scopa-jobs": ("queue-redis", "queue-sentinel"),
}


def interpolated(path: Any) -> dict[str, Any]:
    """A compose file as compose reads it with the passwords set (the image left default)."""
    text = path.read_text()
    for name, value in VARIABLES.items():
        text = re.sub(rf"\$\{{{name}:\?[^}}]*\}}", value, text)
    text = re.sub(r"\$\{(\w+):-([^}]*)\}", r"\2", text)
    assert "${" not in text
    found: dict[str, Any] = yaml.safe_load(text)
    return found


def merged() -> dict[str, dict[str, Any]]:
    """The services of the base file with the overlay's over them, key by key, as compose
    merges an override (mappings merged, volumes by their target, other values replaced)."""
    services: dict[str, dict[str, Any]] = interpolated(COMPOSE)["services"]
    for name, override in interpolated(OVERLAY)["services"].items():
        service = dict(services.get(name, {}))
        for key, value in override.items():
            if isinstance(value, dict) and isinstance(service.get(key), dict):
                service[key] = {**service[key], **value}
            elif key == "volumes":
                by_target = {mount.split(":")[1]: mount for mount in service.get(key, [])}
                service[key] = list({**by_target, **{m.split(":")[1]: m for m in value}}.values())
            else:
                service[key] = value
        services[name] = service
    return services


def test_the_overlay_matches_the_compose_schema() -> None:
    checked = compose_validate(OVERLAY)
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_every_server_of_a_group_runs_the_base_command_through_the_group_script() -> None:
    services = merged()
    base = interpolated(COMPOSE)["services"]
    for service_name, (first, _) in GROUPS.items():
        servers = [first, f"{first}-2", f"{first}-3"]
        for name in servers:
            server = services[name]
            assert server["entrypoint"] == ["sh", "/opt/redis-ha/redis.sh"], name
            assert server["command"] == base[first]["command"], name
            assert server["healthcheck"]["test"] == base[first]["healthcheck"]["test"], name
            assert "./k8s/redis-ha:/opt/redis-ha:ro" in server["volumes"], name
            env = server["environment"]
            assert env["REDIS_HA_SERVICE"] == service_name
            assert env["REDIS_HA_ME"] == name
            assert env["REDIS_HA_PEERS"].split() == servers
            assert env["REDIS_HA_GROUP_USERS"] == "yes"
        # Each queue server keeps its own append-only file.
        if first == "queue-redis":
            data = {
                next(v for v in services[n]["volumes"] if v.endswith(":/data")) for n in servers
            }
            assert len(data) == 3


def test_the_clients_find_each_group_through_its_sentinels(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    services = merged()
    for name in ("api", "worker"):
        settings = settings_from(monkeypatch, compose_service_env(services[name]))
        assert settings.jobs_replica_acks == 1
        for url, service_name in (
            (settings.redis_url, "scopa-cache"),
            (settings.jobs_redis_url, "scopa-jobs"),
        ):
            assert url is not None
            address = sentinel_address(url)
            assert address.service_name == service_name
            first, sentinel = GROUPS[service_name]
            hosts = [f"{sentinel}-{n}" for n in (1, 2, 3)]
            assert list(address.sentinels) == [(host, 26379) for host in hosts]
            for host in hosts:
                env = services[host]["environment"]
                assert services[host]["entrypoint"] == ["sh", "/opt/redis-ha/sentinel.sh"]
                assert env["REDIS_HA_SERVICE"] == service_name
                assert env["REDIS_HA_ME"] == host
                assert env["REDIS_HA_SENTINELS"].split() == [f"{h}:26379" for h in hosts]
                assert env["REDIS_HA_PEERS"].split()[0] == first
        assert {"cache-sentinel-1", "queue-sentinel-1"} <= services[name]["depends_on"].keys()
