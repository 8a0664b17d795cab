"""Admission control: a worker takes no more searching work than it can start in time.

A worker runs one search at a time, in turn (``SearchQueue``: first come, first served; a
review takes a turn per decision, behind whoever came meanwhile). Every request of a searching
operation (``operations.Operation.searching``; a bot below master searches nothing, and its
loaded request says so, ``http.pricing``) is admitted or refused before any search: the worker
counts the requests it has admitted and not yet answered, and each will hold the search at
most once ahead of a newcomer, so a newcomer would wait about that many times the recent
duration of a search (``expected_ms``, a moving average). When that passes
``ADVICE_QUEUE_MS``, or the admitted requests would take every thread but
``RESERVED_THREADS`` (kept for health checks and cheap requests), the request is answered 503
with ``Retry-After`` at once. An admitted request that still waits longer than
``ADVICE_QUEUE_MS`` for its turn is answered 503 too. The worker is ``saturated`` (its
readiness says so) while it would refuse the next searching request.
"""

from __future__ import annotations

import math
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from flask import Flask, Response, current_app, g, request
from werkzeug.exceptions import ServiceUnavailable

from service.api.http.metrics import record_busy
from service.api.http.operations import Operation, declared
from service.api.http.pricing import price_of
from service.api.http.problems import problem_response
from service.engine.message import Message

RETRY_AFTER_S = 1
# Threads of a worker that admitted searches may never take all of.
RESERVED_THREADS = 2
# How much of a new search's duration the moving average takes in.
SMOOTHING = 0.2
ADMISSION_EXTENSION = "scopa.admission"
BUSY = "this worker is already running a search; retry shortly"


class SearchQueue:
    """The searches of a worker: one at a time, first come first served, each waiting a
    bounded time for its turn; the requests admitted to it, and a search's usual duration."""

    def __init__(self, expected_ms: float = 50.0) -> None:
        self.changed = threading.Condition()
        self.waiting: deque[object] = deque()
        self.running = False
        self.admitted = 0
        self.expected_ms = expected_ms
        self.watchers: list[Callable[[], None]] = []

    def watch(self, watcher: Callable[[], None]) -> None:
        """Call ``watcher`` after each change of the admitted requests or the usual duration."""
        self.watchers.append(watcher)

    def tell_watchers(self) -> None:
        """The admitted requests or the usual duration changed (called outside the lock)."""
        for watcher in self.watchers:
            watcher()

    def wait_ms(self) -> float:
        """About how long a search admitted now would wait for its turn."""
        return self.admitted * self.expected_ms

    @contextmanager
    def turn(self, wait_ms: int) -> Iterator[None]:
        """Run the caller's search in its turn, waiting at most ``wait_ms`` for it; 503 when
        the wait passes (the search is then not run)."""
        ticket = object()
        deadline = time.monotonic() + max(wait_ms, 0) / 1000.0
        with self.changed:
            self.waiting.append(ticket)
            while self.running or self.waiting[0] is not ticket:
                left = deadline - time.monotonic()
                if left <= 0 or not self.changed.wait(left):
                    if not self.running and self.waiting[0] is ticket:
                        break  # its turn came as the wait ended
                    self.waiting.remove(ticket)
                    self.changed.notify_all()
                    record_busy()
                    raise ServiceUnavailable(BUSY, retry_after=RETRY_AFTER_S)
            self.waiting.popleft()
            self.running = True
        start = time.perf_counter()
        try:
            yield
        finally:
            took_ms = (time.perf_counter() - start) * 1000.0
            with self.changed:
                self.running = False
                self.expected_ms += SMOOTHING * (took_ms - self.expected_ms)
                self.changed.notify_all()
            self.tell_watchers()

    @contextmanager
    def occupied(self) -> Iterator[None]:
        """Hold the worker's search turn (tests of a busy worker)."""
        with self.turn(0):
            yield


# One per worker process: its searches, whichever app or thread asks.
SEARCHES = SearchQueue()


@dataclass(frozen=True, slots=True)
class Admission:
    """A worker's limits on searching work: the wait allowed, and the requests at most."""

    queue_ms: int
    most: int

    def refuses(self, queue: SearchQueue) -> bool:
        """Whether a searching request arriving now would be refused."""
        return queue.admitted >= self.most or queue.wait_ms() > self.queue_ms


def asks_for_a_search(operation: Operation) -> bool:
    """Whether the current request of a searching operation would search, as its loaded
    request says (a bot at a level below master does not; a body that does not load searches
    nothing either)."""
    return price_of(operation).searches > 0


def admit() -> Response | None:
    """Admit the current request to the worker's searches, or refuse it at once (503)."""
    operation = declared(current_app, request.endpoint)
    if not isinstance(operation, Operation) or not operation.searching:
        return None
    if not asks_for_a_search(operation):
        return None
    admission: Admission = current_app.extensions[ADMISSION_EXTENSION]
    queue = SEARCHES
    with queue.changed:
        if admission.refuses(queue):
            wait_s = max(RETRY_AFTER_S, math.ceil(queue.wait_ms() / 1000.0))
            refused = True
        else:
            queue.admitted += 1
            g.admitted = True
            refused = False
    if refused:
        record_busy()
        return problem_response(
            503,
            Message(
                "this worker has more searches to run than it can start within {wait} ms; "
                "retry after {retry} s",
                wait=admission.queue_ms,
                retry=wait_s,
            ),
            headers=[("Retry-After", str(wait_s))],
        )
    queue.tell_watchers()
    return None


def release(error: BaseException | None = None) -> None:
    """The request is answered: it leaves the worker's admitted work."""
    if g.pop("admitted", False):
        with SEARCHES.changed:
            SEARCHES.admitted -= 1
            SEARCHES.changed.notify_all()
        SEARCHES.tell_watchers()


def saturated(app: Flask) -> bool:
    """Whether the worker would refuse a searching request now."""
    admission: Admission | None = app.extensions.get(ADMISSION_EXTENSION)
    return admission is not None and admission.refuses(SEARCHES)


def install_admission(app: Flask, queue_ms: int, threads: int) -> None:
    """Admit or refuse every searching request before any other work is done for it."""
    app.extensions[ADMISSION_EXTENSION] = Admission(queue_ms, max(1, threads - RESERVED_THREADS))
    app.before_request(admit)
    app.teardown_request(release)
