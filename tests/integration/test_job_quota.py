"""An API key's jobs on the real parts: gunicorn and a scopa-worker sharing one Redis, API keys
on. The worker charges a job's searches to the key that made it, where the API reads the
key's search milliseconds a day, so a key whose day is spent cannot make another job; the key
is in no log line of either process."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path

from scripts.local_gunicorn import HOST, running_gunicorn
from service.api.http.api_keys import digest_of, new_key
from tests.integration.job_workers import call, running_workers, wait_for, worker_env
from tests.integration.redis_server import RedisServer
from tests.integration.test_jobs_durability import review_job

KEY = new_key()
DAY_MS = 100


def test_a_job_s_searches_spend_its_key_s_day(tmp_path: Path) -> None:
    keys = tmp_path / "keys.json"
    entry = {"name": "platform", "sha256": digest_of(KEY), "search_ms_per_day": DAY_MS}
    keys.write_text(json.dumps({"keys": [entry]}), encoding="utf-8")
    redis = RedisServer(tmp_path, durable=True)
    redis.start()
    shared = {"REDIS_URL": redis.url, "SCOPA_API_KEYS_FILE": str(keys)}
    served = {**shared, "SCOPA_JOBS_REDIS_URL": redis.url, "SCOPA_ADVICE_CACHE": "false"}
    mine = {"Authorization": f"Bearer {KEY}"}
    log_path = tmp_path / "gunicorn.log"
    try:
        with (
            running_gunicorn(workers=1, threads=4, env=served, log_path=log_path) as port,
            running_workers(1, worker_env(redis.url, **shared), tmp_path) as workers,
        ):
            status, answer = call(port, "POST", "/v1/jobs", review_job(4), headers=mine)
            assert status == 202, answer
            job = json.loads(answer)
            status, _ = call(port, "GET", job["links"]["self"])
            assert status == 401
            ended = wait_for(port, job["links"]["self"], headers=mine)
            assert ended["state"] == "done"
            status, answer = call(port, "POST", "/v1/jobs", review_job(1), headers=mine)
            assert status == 429, answer
            assert json.loads(answer)["quota"] == {
                "key": "platform",
                "name": "search_ms_per_day",
                "limit": DAY_MS,
            }
            url = f"http://{HOST}:{workers[0].metrics_port}/metrics"
            with urllib.request.urlopen(url, timeout=10) as response:
                metrics = response.read().decode()
            spent = [
                float(line.rsplit(" ", 1)[1])
                for line in metrics.splitlines()
                if line.startswith('scopa_key_search_seconds_total{key="platform"}')
            ]
            assert spent and spent[0] * 1000 >= DAY_MS
            worker_log = workers[0].log_path.read_text()
    finally:
        redis.stop()
    assert KEY not in log_path.read_text() and KEY not in worker_log
    assert KEY not in metrics
