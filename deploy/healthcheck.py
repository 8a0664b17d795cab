"""Container health check without curl: exit 0 when GET /healthz answers 200, else 1."""

from __future__ import annotations

import os
import sys
import urllib.error
import urllib.request


def main() -> int:
    """Probe the local server on $PORT (default 8000) with a short timeout."""
    port = os.environ.get("PORT", "8000")
    url = f"http://127.0.0.1:{port}/healthz"
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return 0 if response.status == 200 else 1
    except (urllib.error.URLError, OSError) as exc:
        print(f"healthcheck {url} failed: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
