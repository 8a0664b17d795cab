"""The figures the container tests measure, printed and kept in one JSON file for the docs."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

FIGURES_PATH = Path("/tmp/scopa-container-figures.json")


def report(name: str, line: str, **values: Any) -> None:
    """Print ``[container] name: line`` and keep ``values`` (with the time measured) under
    ``name`` in FIGURES_PATH, beside the other figures of this and earlier runs."""
    print(f"\n[container] {name}: {line}", flush=True)
    try:
        kept: dict[str, Any] = json.loads(FIGURES_PATH.read_text())
    except (OSError, ValueError):
        kept = {}
    kept[name] = {**values, "line": line, "measured": datetime.now(UTC).isoformat()}
    FIGURES_PATH.write_text(json.dumps(kept, indent=2, sort_keys=True) + "\n")
