"""The workers' Prometheus multiprocess directory, named in the environment before any import.

prometheus_client decides when it is imported whether metric values go to files in
``PROMETHEUS_MULTIPROC_DIR``; so this module does not import it, and the gunicorn master calls
``prepare_directory`` before anything that does, and before forking a worker.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import MutableMapping
from dataclasses import dataclass
from pathlib import Path

MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"


@dataclass(frozen=True)
class MetricsDirectory:
    """The workers' metrics directory and whether it was made for this run."""

    path: Path
    temporary: bool

    def remove_if_temporary(self) -> None:
        """Delete the directory when it was made for this run."""
        if self.temporary:
            shutil.rmtree(self.path, ignore_errors=True)


def prepare_directory(
    configured: str | None, environ: MutableMapping[str, str], parent: str | None = None
) -> MetricsDirectory:
    """The configured directory (created, stale files removed) or a new temporary one.

    Either way ``environ`` names it in ``PROMETHEUS_MULTIPROC_DIR``, for the workers to inherit.
    """
    if configured:
        path = Path(configured)
        path.mkdir(parents=True, exist_ok=True)
        for stale in path.glob("*.db"):
            stale.unlink()
        made = MetricsDirectory(path, temporary=False)
    else:
        made = MetricsDirectory(Path(tempfile.mkdtemp(prefix="scopa-metrics-", dir=parent)), True)
    environ[MULTIPROC_ENV] = str(made.path)
    return made
