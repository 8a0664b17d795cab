"""Whether a worker is ready to serve: its search warmed up (``search.warmup``, in a thread
of its own from the start), not saturated by searches (``http.admission``), and which search
kernel it runs (the pure-Python one is a degraded worker: ready, but said so, and logged).

Each worker also publishes its readiness as a metric (``scopa_worker_ready``) whenever it may
change, so that the gunicorn master answers probes on the metrics port from every worker's
state without queueing behind requests (``http.monitoring``).
"""

from __future__ import annotations

import logging
import threading
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field

from flask import Flask

from service.api.http.admission import SEARCHES, saturated
from service.api.http.metrics import record_worker_ready
from service.engine.message import Message
from service.search.kernel.backend import active_backend, requested
from service.search.warmup import warm_up

WARMUP_EXTENSION = "scopa.warmup"
SLOW_KERNEL = Message(
    "the compiled search kernel is missing: searches run on the pure-Python one, about a "
    "hundred times fewer worlds in the same time"
)

log = logging.getLogger(__name__)


@dataclass
class WarmUp:
    """A worker's warm-up, run in a thread of its own."""

    done: threading.Event = field(default_factory=threading.Event)
    seconds: float | None = None
    finished: Callable[[], None] = lambda: None

    def run(self) -> None:
        """Warm every preset's search up, then mark it done (done even if it failed)."""
        try:
            self.seconds = warm_up()
        except Exception:  # a warm-up that fails leaves the searches to build their own
            log.exception("the search warm-up failed; searches build their tables themselves")
        finally:
            self.done.set()
            self.finished()


def start_warm_up(app: Flask) -> WarmUp:
    """Warm the search up in a daemon thread; readiness waits for it."""
    warming = WarmUp(finished=PUBLISHER.publish)
    app.extensions[WARMUP_EXTENSION] = warming
    threading.Thread(target=warming.run, name="search-warm-up", daemon=True).start()
    return warming


@dataclass(frozen=True, slots=True)
class Readiness:
    """Whether the worker is ready, why not if it is not, and what it runs degraded."""

    ready: bool
    reason: Message | None
    kernel: str
    degraded: tuple[Message, ...]


def readiness(app: Flask) -> Readiness:
    """The worker's readiness now."""
    kernel = active_backend()
    degraded = (SLOW_KERNEL,) if kernel != "compiled" else ()
    warming: WarmUp | None = app.extensions.get(WARMUP_EXTENSION)
    if warming is not None and not warming.done.is_set():
        reason = Message("warming up: the search's tables are being built")
        return Readiness(False, reason, kernel, degraded)
    if saturated(app):
        reason = Message("saturated: this worker has as many searches as it can start in time")
        return Readiness(False, reason, kernel, degraded)
    return Readiness(True, None, kernel, degraded)


class ReadinessPublisher:
    """Publishes the readiness of the worker's app (the last one tracked) as a metric."""

    def __init__(self) -> None:
        self.app: weakref.ref[Flask] | None = None

    def track(self, app: Flask) -> None:
        """Publish ``app``'s readiness now and whenever it may change."""
        self.app = weakref.ref(app)
        self.publish()

    def publish(self) -> None:
        """Publish the tracked app's readiness now."""
        app = self.app() if self.app is not None else None
        if app is not None:
            record_worker_ready(readiness(app).ready)


# One per worker process, told of every change of the worker's searches.
PUBLISHER = ReadinessPublisher()
SEARCHES.watch(PUBLISHER.publish)


def report_kernel() -> None:
    """Log an error when the worker has to search on the pure-Python kernel (a warning when
    SCOPA_KERNEL asks for it)."""
    if active_backend() == "compiled":
        return
    if requested() == "python":
        log.warning("searching on the pure-Python kernel, as SCOPA_KERNEL asks")
    else:
        log.error(str(SLOW_KERNEL), extra={"kernel": active_backend()})
