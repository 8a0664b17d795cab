"""Container health check without curl: exit 0 when the gunicorn master answers GET /healthz on
the monitoring port ($SCOPA_METRICS_PORT, default 9464) with 200, else 1.

The monitoring port is answered by the master itself, never queued behind a loaded worker's
requests; pass another path (``/readyz``) as the first argument to ask for readiness instead.
"""

from __future__ import annotations

import os
import sys
import urllib.error
import urllib.request


def main(argv: list[str]) -> int:
    """Probe the local monitoring port with a short timeout."""
    port = os.environ.get("SCOPA_METRICS_PORT", "9464")
    path = argv[1] if len(argv) > 1 else "/healthz"
    url = f"http://127.0.0.1:{port}{path}"
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return 0 if response.status == 200 else 1
    except (urllib.error.URLError, OSError) as exc:
        print(f"healthcheck {url} failed: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
