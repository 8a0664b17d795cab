"""Fixtures of the client tests: one gunicorn for the package, Node.js when the machine has it."""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Iterator

import pytest

from scripts.gen_clients import PY_DIR, ensure_node_modules, node_missing
from scripts.local_gunicorn import HOST, gunicorn_path, running_gunicorn

# The generated Python client is imported from its folder, as committed (it is not installed).
if str(PY_DIR) not in sys.path:
    sys.path.insert(0, str(PY_DIR))

IN_CI = os.environ.get("CI", "").lower() == "true"
# The webhook examples' receivers listen on loopback, over plain HTTP, checking the secret the
# pages show.
WEBHOOKS_ON = {
    "SCOPA_WEBHOOK_SECRET": "whsec_c2NvcGEtZG9jcy1leGFtcGxlLW9ubHktbm90LWEtc2VjcmV0",
    "SCOPA_WEBHOOK_ALLOW_HTTP": "true",
    "SCOPA_WEBHOOK_ALLOWED_NETWORKS": "127.0.0.0/8",
}


@pytest.fixture(scope="package")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app under real gunicorn on a free loopback port, shared by every client test; its
    jobs in a folder of its own (the processes sharing a jobs folder send each other's
    webhooks, with their own webhook settings)."""
    if gunicorn_path() is None and not IN_CI:
        pytest.skip("gunicorn is not installed (never skipped in CI)")
    jobs = {"SCOPA_JOBS_DIR": str(tmp_path_factory.mktemp("client-jobs"))}
    with running_gunicorn(workers=2, threads=2, env={**WEBHOOKS_ON, **jobs}) as port:
        yield f"http://{HOST}:{port}"


@pytest.fixture(scope="package")
def npm() -> str:
    """npm, with clients/typescript's pinned packages installed (`npm ci` when needed).

    Without node or npm the TypeScript tests skip, except under CI=true, where they fail.
    """
    missing = node_missing()
    if missing is not None:
        if IN_CI:
            pytest.fail(f"{missing}: CI must run the TypeScript client tests (Node.js 20, npm)")
        pytest.skip(f"{missing}: the TypeScript client tests need Node.js 20 and npm")
    ensure_node_modules()
    found = shutil.which("npm")
    assert found is not None
    return found
