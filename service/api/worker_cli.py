"""The ``scopa-worker`` command: the job worker, one process whose metrics are its own.

The image names gunicorn's Prometheus multiprocess directory (``PROMETHEUS_MULTIPROC_DIR``),
which only gunicorn makes; prometheus_client reads the variable when it is first imported and
stays in multiprocess mode whenever it is set. A worker is a single process serving its own
``/metrics``, so the variable is dropped here, before anything imports prometheus_client.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"


def main(argv: Sequence[str] | None = None) -> None:
    """Run the job worker (service.api.worker) without a multiprocess metrics directory."""
    os.environ.pop(MULTIPROC_ENV, None)
    from service.api import worker

    worker.main(argv)


if __name__ == "__main__":
    main()
