"""A webhook receiver to try a job's webhooks on one machine: it checks each delivery with the
Python client's ``verify_webhook`` and prints one JSON line for it.

    python -m scripts.webhook_receiver --secret whsec_... [--port 8765] [--fail-first N]
        [--port-file FILE]

Each POST is answered 200 once verified (401 when it is not), except the first ``N``, answered
503 to see the service try again. Each line holds the delivery's ``webhook-id``, whether it was
verified, and the event's type and job state. With ``--port 0`` a free port is taken; the port
is written to ``--port-file`` once the receiver listens. The service must be allowed to call it:
``SCOPA_WEBHOOK_ALLOW_HTTP=true SCOPA_WEBHOOK_ALLOWED_NETWORKS=127.0.0.0/8``.
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
from collections.abc import Sequence
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "clients" / "python"))

from scopa_client.webhooks import WebhookVerificationError, verify_webhook

OK, REFUSED, TRY_LATER = 200, 401, 503


def handler(secret: str, fail_first: int) -> type[BaseHTTPRequestHandler]:
    """The request handler of a receiver with this secret."""
    lock = threading.Lock()
    seen = [0]

    class Receive(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
            with lock:
                seen[0] += 1
                turn = seen[0]
            line: dict[str, Any] = {"id": self.headers.get("webhook-id"), "attempt": turn}
            try:
                event = verify_webhook(secret, body, dict(self.headers.items()))
            except WebhookVerificationError as error:
                line |= {"verified": False, "error": str(error)}
                status = REFUSED
            else:
                data = event.get("data", {})
                line |= {"verified": True, "type": event.get("type"), "state": data.get("state")}
                status = TRY_LATER if turn <= fail_first else OK
            line["answer"] = status
            print(json.dumps(line), flush=True)
            self.send_response(status)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args: Any) -> None:
            """One JSON line a delivery, nothing else."""

    return Receive


def main(argv: Sequence[str] | None = None) -> None:
    """Receive webhooks until stopped."""
    parser = argparse.ArgumentParser(description="Receive and verify the service's webhooks.")
    parser.add_argument("--secret", required=True, help="the whsec_... secret that signs them")
    parser.add_argument("--port", type=int, default=8765, help="0: a free one")
    parser.add_argument("--port-file", type=Path, help="where to write the port once listening")
    parser.add_argument("--fail-first", type=int, default=0, help="deliveries answered 503 first")
    args = parser.parse_args(argv)
    server = ThreadingHTTPServer(("127.0.0.1", args.port), handler(args.secret, args.fail_first))
    if args.port_file is not None:
        args.port_file.write_text(f"{server.server_address[1]}\n", encoding="utf-8")
    server.serve_forever()


if __name__ == "__main__":
    main()
