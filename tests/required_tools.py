"""A system tool the tests need: its path; skipped without it, but a failure under CI, where
.ci/run installs it."""

from __future__ import annotations

import os
import shutil

import pytest


def required_tool(name: str, package: str) -> str:
    """The tool's path; skip without it, fail under CI."""
    found = shutil.which(name)
    if found is None:
        reason = f"{name} is not installed (apt-get install {package})"
        if os.environ.get("CI", "").lower() in {"1", "true", "yes"}:
            pytest.fail(f"{reason}; .ci/run installs it and these tests must run in CI")
        pytest.skip(reason)
    return found
