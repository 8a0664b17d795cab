"""A webhook receiver for the tests: an HTTP server on loopback that answers each POST with the
next status of its script (the last one repeated), the first one late if asked, and keeps what
it was sent."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass(frozen=True, slots=True)
class Received:
    """One POST as the receiver got it: its headers (lower-cased names), body and answer."""

    headers: dict[str, str]
    body: bytes
    status: int


class Receiver:
    """A receiver answering its script's statuses in turn (the first after ``delay_first_s``);
    ``url`` is where it listens."""

    def __init__(self, statuses: list[int], delay_first_s: float = 0.0) -> None:
        self.statuses = list(statuses)
        self.received: list[Received] = []
        self.lock = threading.Lock()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                with receiver.lock:
                    turn = len(receiver.received)
                    status = receiver.statuses[min(turn, len(receiver.statuses) - 1)]
                    headers = {k.lower(): v for k, v in self.headers.items()}
                    receiver.received.append(Received(headers, body, status))
                if turn == 0 and delay_first_s:
                    time.sleep(delay_first_s)  # a receiver slow to answer its first delivery
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                """Quiet."""

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hooks/scopa?source=test"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> Receiver:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()

    def wait_for(self, count: int, limit_s: float = 30.0) -> list[Received]:
        """The first ``count`` POSTs, once they have come (AssertionError past the limit)."""
        deadline = time.monotonic() + limit_s
        while time.monotonic() < deadline:
            with self.lock:
                if len(self.received) >= count:
                    return self.received[:count]
            time.sleep(0.05)
        raise AssertionError(f"{len(self.received)} of {count} webhooks came in {limit_s} s")
