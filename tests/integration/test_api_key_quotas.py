"""API keys across replicas: two gunicorn instances on different ports, sharing one Redis,
count one key's quota together, also under concurrent requests."""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from pathlib import Path

from scripts.local_gunicorn import HOST, running_gunicorn
from service.api.http.api_keys import digest_of, new_key
from tests.integration.redis_server import RedisServer

KEY = new_key()
QUOTA = 30


def status_of(port: int, key: str) -> int:
    """The status of GET /v1/names on one instance with a key."""
    request = urllib.request.Request(
        f"http://{HOST}:{port}/v1/names", headers={"Authorization": f"Bearer {key}"}
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as error:
        error.close()
        return int(error.code)


def test_two_instances_share_a_key_s_quota_through_redis(
    redis_server: RedisServer, tmp_path: Path
) -> None:
    keys = tmp_path / "keys.json"
    entry = {"name": "platform", "sha256": digest_of(KEY), "requests_per_minute": QUOTA}
    keys.write_text(json.dumps({"keys": [entry]}), encoding="utf-8")
    env = {
        "REDIS_URL": redis_server.url,
        "SCOPA_API_KEYS_FILE": str(keys),
        "SCOPA_WARMUP": "false",
        "SCOPA_RATE_LIMIT_ENABLED": "false",
    }
    with (
        running_gunicorn(workers=2, threads=4, env=env) as first,
        running_gunicorn(workers=2, threads=4, env=env) as second,
    ):
        assert status_of(first, new_key()) == 401
        statuses: list[int] = []
        lock = threading.Lock()

        def ask(port: int) -> None:
            for _ in range(10):
                status = status_of(port, KEY)
                with lock:
                    statuses.append(status)

        threads = [threading.Thread(target=ask, args=(port,)) for port in (first, second) * 3]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert len(statuses) == 60
    assert statuses.count(200) == QUOTA
    assert statuses.count(429) == 60 - QUOTA
