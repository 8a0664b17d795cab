"""A trace as a tree, from the span lines ``scripts.otlp_receiver`` prints.

    python -m scripts.trace_tree spans.jsonl [--root "POST /v1/jobs"] [--times]

The last trace whose root span has that name, its spans under their parents in the order they
started; alike siblings (the same line and the same spans below) are shown once with their
count. Each line names the process's service, the span and its main attributes (``--times``
adds each span's milliseconds).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

# The attributes shown, by span name.
SHOWN = {
    "advice cache": ("scopa.cache.status",),
    "job record": ("scopa.job.record", "scopa.job.outcome"),
    "webhook": ("scopa.webhook.attempt", "scopa.webhook.outcome"),
}
REQUEST_SHOWN = ("http.response.status_code", "scopa.request_id")


def shape(span: dict[str, Any], children: dict[str, list[dict[str, Any]]]) -> str:
    """A span's name and its descendants' names, as a key for grouping siblings."""
    below = ",".join(shape(child, children) for child in children.get(span["span_id"], []))
    return f"{span['name']}({below})"


def label(span: dict[str, Any], times: bool) -> str:
    """A span's line: its name and the attributes shown."""
    names = SHOWN.get(span["name"], REQUEST_SHOWN if " /" in span["name"] else ())
    shown = [
        f"{n.rsplit('.', 1)[-1]}={span['attributes'][n]}" for n in names if n in span["attributes"]
    ]
    if times:
        shown.append(f"{(span['end_ns'] - span['start_ns']) / 1e6:.1f} ms")
    return " ".join([span["name"], *shown])


def lines_of(
    span: dict[str, Any], children: dict[str, list[dict[str, Any]]], times: bool, prefix: str = ""
) -> list[str]:
    """The tree under a span, one line a span or group of alike siblings."""
    found: list[str] = []
    kids = children.get(span["span_id"], [])
    groups: list[tuple[dict[str, Any], int]] = []
    for kid in kids:
        if (
            groups
            and not times
            and label(kid, times) == label(groups[-1][0], times)
            and shape(kid, children) == shape(groups[-1][0], children)
        ):
            groups[-1] = (groups[-1][0], groups[-1][1] + 1)
        else:
            groups.append((kid, 1))
    for i, (kid, count) in enumerate(groups):
        last = i == len(groups) - 1
        text = label(kid, times) + (f" ({count} times)" if count > 1 else "")
        found.append(f"{kid['service']:<13} {prefix}{'└─' if last else '├─'} {text}")
        found.extend(lines_of(kid, children, times, prefix + ("   " if last else "│  ")))
    return found


def tree(spans: list[dict[str, Any]], root_name: str, times: bool = False) -> list[str]:
    """The lines of the last trace whose root is named ``root_name``."""
    roots = [s for s in spans if s["name"] == root_name]
    if not roots:
        raise SystemExit(f"no span named {root_name!r}")
    root = max(roots, key=lambda s: s["start_ns"])
    children: dict[str, list[dict[str, Any]]] = {}
    for span in sorted(spans, key=lambda s: s["start_ns"]):
        if span["trace_id"] == root["trace_id"]:
            children.setdefault(span["parent_id"], []).append(span)
    return [f"{root['service']:<13} {label(root, times)}", *lines_of(root, children, times)]


def main(argv: Sequence[str] | None = None) -> None:
    """Print the trace."""
    parser = argparse.ArgumentParser(description="Print a trace received as a tree.")
    parser.add_argument("spans", type=Path)
    parser.add_argument("--root", default="POST /v1/jobs")
    parser.add_argument("--times", action="store_true")
    args = parser.parse_args(argv)
    lines = args.spans.read_text(encoding="utf-8").splitlines()
    spans = [json.loads(line) for line in lines if line.strip()]
    print("\n".join(tree(spans, args.root, args.times)))


if __name__ == "__main__":
    main()
