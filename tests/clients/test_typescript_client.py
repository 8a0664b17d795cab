"""clients/typescript against the real service, and the play page's modules against the spec.

`npm test` builds the client and its node:test suite with tsc and runs it against gunicorn
(SCOPA_BASE_URL); `npm run typecheck` runs `tsc --noEmit` over the client and, with
`--checkJs`, over the page's plain JavaScript modules in service/web/static.
"""

from __future__ import annotations

import os
import re
import subprocess

import pytest

from scripts.gen_clients import TS_DIR

pytestmark = pytest.mark.integration


def npm_run(npm: str, *args: str, env: dict[str, str] | None = None) -> str:
    """The output of an npm command in clients/typescript, which must succeed."""
    done = subprocess.run(
        [npm, *args],
        cwd=TS_DIR,
        env={**os.environ, **(env or {})},
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    output = done.stdout + done.stderr
    assert done.returncode == 0, f"npm {' '.join(args)} failed:\n{output[-8000:]}"
    return output


def test_client_and_page_modules_type_check(npm: str) -> None:
    output = npm_run(npm, "run", "typecheck")
    assert "error TS" not in output


def test_client_plays_a_hand_against_gunicorn(npm: str, base_url: str) -> None:
    output = npm_run(npm, "test", env={"SCOPA_BASE_URL": base_url})
    passed = re.search(r"^# pass (\d+)$", output, re.MULTILINE)
    failed = re.search(r"^# fail (\d+)$", output, re.MULTILINE)
    assert passed is not None, output[-4000:]
    assert failed is not None, output[-4000:]
    assert (int(passed.group(1)), int(failed.group(1))) == (16, 0), output[-4000:]
