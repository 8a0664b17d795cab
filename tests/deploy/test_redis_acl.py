"""The Redis ACL of deploy/redis_secret.py on a real redis-server: the app works, little else."""

from __future__ import annotations

import subprocess
import time
from collections.abc import Iterator

import pytest
import redis

from service.api.app import close_connections, create_app
from service.api.v1.advice import example_request
from tests.deploy.deploy_scripts import redis_secret
from tests.integration.redis_server import free_port, redis_server_binary
from tests.settings_env import clear_settings_env

pytestmark = pytest.mark.integration

PASSWORD = "fedcba9876543210" * 4
HINT = {"rules": "scopa", "hand": ["7d"], "table": ["3s", "4s"]}


@pytest.fixture(scope="module")
def port(tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    """A redis-server on loopback whose users are those of the generated ACL file."""
    directory = tmp_path_factory.mktemp("redis-acl")
    (directory / "users.acl").write_text(redis_secret.acl_file(PASSWORD))
    bound = free_port()
    argv = [redis_server_binary(), "--port", str(bound), "--bind", "127.0.0.1"]
    argv += ["--save", "", "--appendonly", "no", "--dir", str(directory)]
    argv += ["--aclfile", str(directory / "users.acl")]
    with (directory / "redis.log").open("wb") as log:
        server = subprocess.Popen(argv, stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 10
        while True:
            try:
                with redis.Redis(port=bound, socket_timeout=1) as probe:
                    probe.ping()
                break
            except redis.ConnectionError:
                assert server.poll() is None, (directory / "redis.log").read_text()
                assert time.monotonic() < deadline, "redis-server did not start"
                time.sleep(0.05)
        yield bound
    finally:
        server.terminate()
        server.wait(timeout=10)


def service_client(port: int) -> redis.Redis:
    return redis.Redis.from_url(redis_secret.redis_url(PASSWORD, "127.0.0.1", port))


def test_without_the_password_a_client_may_only_ping(port: int) -> None:
    with redis.Redis(port=port, socket_timeout=2) as anonymous:
        assert anonymous.ping()
        for command in (("GET", "scopa:advice:x"), ("SET", "a", "1"), ("CONFIG", "GET", "*")):
            with pytest.raises(redis.exceptions.NoPermissionError):
                anonymous.execute_command(*command)


def test_a_wrong_password_is_refused(port: int) -> None:
    url = redis_secret.redis_url("0" * 64, "127.0.0.1", port)
    with redis.Redis.from_url(url) as intruder, pytest.raises(redis.AuthenticationError):
        intruder.ping()


def test_the_service_user_has_no_admin_commands_nor_other_keys(port: int) -> None:
    with service_client(port) as client:
        assert client.set("scopa:advice:probe", b"1", ex=5)
        for command in (("CONFIG", "GET", "*"), ("FLUSHALL",), ("KEYS", "*"), ("ACL", "LIST")):
            with pytest.raises(redis.exceptions.NoPermissionError):
                client.execute_command(*command)
        with pytest.raises(redis.exceptions.NoPermissionError):
            client.set("someone-elses-key", b"1")


def test_the_app_caches_and_rate_limits_through_the_acl(
    port: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    clear_settings_env(monkeypatch)
    monkeypatch.setenv("REDIS_URL", redis_secret.redis_url(PASSWORD, "127.0.0.1", port))
    monkeypatch.setenv("SCOPA_RATE_LIMIT", "3/minute")
    monkeypatch.setenv("SCOPA_RATE_LIMIT_ADVICE_COST", "1")
    app = create_app({"TESTING": True})
    client = app.test_client()
    body = {**example_request(), "seed": 4242}
    first = client.post("/v1/advice", json=body)
    second = client.post("/v1/advice", json=body)
    assert (first.status_code, second.status_code) == (200, 200)
    assert (first.headers["X-Cache"], second.headers["X-Cache"]) == ("miss", "hit")
    assert client.post("/v1/moves", json=HINT).status_code == 200
    assert client.post("/v1/moves", json=HINT).status_code == 429  # counted in Redis
    cache = app.extensions["advice_cache"]
    assert cache.stats.backend_errors() == 0
    close_connections(app)
    with service_client(port) as inspect:
        keys = {key.decode() for key in inspect.scan_iter()}
    assert any(key.startswith("scopa:advice:") for key in keys)
    assert any(key.startswith("LIMITS:LIMITER/scopa-limits/") for key in keys)
