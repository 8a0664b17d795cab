"""An OTLP/HTTP traces receiver to see the service's traces on one machine without a collector:
it decodes each export (protobuf, with the ``opentelemetry-proto`` messages a collector reads),
keeps its spans and prints each as a JSON line.

    python -m scripts.otlp_receiver [--port 4318] > spans.jsonl

Point the service at it with ``SCOPA_TRACES_ENDPOINT=http://127.0.0.1:4318/v1/traces``;
``python -m scripts.trace_tree spans.jsonl`` prints a trace as a tree. The tests use it too.
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
import threading
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import (
    ExportTraceServiceRequest,
    ExportTraceServiceResponse,
)


@dataclass(frozen=True, slots=True)
class ReceivedSpan:
    """A span as exported: its process's service name, name, ids (hex), start and end (ns since
    the epoch) and attributes."""

    service: str
    name: str
    trace_id: str
    span_id: str
    parent_id: str
    start_ns: int
    end_ns: int
    attributes: dict[str, Any]


def attribute_value(value: Any) -> Any:
    """An OTLP AnyValue as Python."""
    kind = value.WhichOneof("value")
    return None if kind is None else getattr(value, kind)


class OtlpReceiver:
    """Listens on loopback; ``endpoint`` is its traces URL."""

    def __init__(self, port: int = 0, echo: bool = False) -> None:
        self.spans: list[ReceivedSpan] = []
        self.lock = threading.Lock()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                if self.headers.get("Content-Encoding") == "gzip":
                    body = gzip.decompress(body)
                export = ExportTraceServiceRequest.FromString(body)
                found = []
                for resource_spans in export.resource_spans:
                    resource = {
                        a.key: attribute_value(a.value) for a in resource_spans.resource.attributes
                    }
                    for scope in resource_spans.scope_spans:
                        for span in scope.spans:
                            found.append(
                                ReceivedSpan(
                                    service=str(resource.get("service.name")),
                                    name=span.name,
                                    trace_id=span.trace_id.hex(),
                                    span_id=span.span_id.hex(),
                                    parent_id=span.parent_span_id.hex(),
                                    start_ns=span.start_time_unix_nano,
                                    end_ns=span.end_time_unix_nano,
                                    attributes={
                                        a.key: attribute_value(a.value) for a in span.attributes
                                    },
                                )
                            )
                with receiver.lock:
                    receiver.spans.extend(found)
                    if echo:
                        for received in found:
                            print(json.dumps(asdict(received)), flush=True)
                answer = ExportTraceServiceResponse().SerializeToString()
                self.send_response(200)
                self.send_header("Content-Type", "application/x-protobuf")
                self.send_header("Content-Length", str(len(answer)))
                self.end_headers()
                self.wfile.write(answer)

            def log_message(self, *args: Any) -> None:
                """Quiet."""

        self.server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
        self.endpoint = f"http://127.0.0.1:{self.server.server_address[1]}/v1/traces"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> OtlpReceiver:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()

    def wait_for(self, name: str, count: int, limit_s: float = 30.0) -> list[ReceivedSpan]:
        """The spans received of this name, once there are ``count`` (AssertionError past the
        limit)."""
        deadline = time.monotonic() + limit_s
        while True:
            with self.lock:
                found = [s for s in self.spans if s.name == name]
            if len(found) >= count:
                return found
            assert time.monotonic() < deadline, f"{len(found)} of {count} {name!r} spans came"
            time.sleep(0.05)


def main(argv: Sequence[str] | None = None) -> None:
    """Receive spans until stopped, one JSON line each on stdout."""
    parser = argparse.ArgumentParser(description="Receive OTLP/HTTP traces, print their spans.")
    parser.add_argument("--port", type=int, default=4318)
    args = parser.parse_args(argv)
    receiver = OtlpReceiver(args.port, echo=True)
    print(f"listening on {receiver.endpoint}", file=sys.stderr, flush=True)
    receiver.server.serve_forever()


if __name__ == "__main__":
    main()
