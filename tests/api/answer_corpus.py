"""The answers of the mutation fuzz's requests, written down to compare two versions of the API.

A refactor of the request path should change no answer: ``python -m tests.api.answer_corpus
record FILE`` sends the fuzz's seeded requests (``tests/api/fuzz.py``: every endpoint, valid
and mutated bodies) to the app of the checkout it runs in and writes one JSON line per request:
its index, endpoint and mutations, the status, the content type and the answer's body. A body
that depends on the clock (an answer whose search had a time budget) is left out, and so is
each problem's ``instance`` (the request's random ID), and a deal without a seed.
``python -m tests.api.answer_corpus compare OLD NEW`` prints every request whose answer
differs and exits 1 if any does.

Run it in another checkout (a worktree of the older commit) with ``PYTHONPATH`` set to that
checkout, so that both files come from the same requests, and with ``PYTHONHASHSEED=0`` (marshmallow
lists unknown fields in the order of a set).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from service.api.app import create_app
from tests.api.fuzz import FUZZ_CONFIG, Case, generate, send

# Answers whose body depends on how much search fitted in a time budget.
TIMED = frozenset({"POST /v1/advice", "POST /v1/bot", "POST /v1/review"})


def random_deal(case: Case) -> bool:
    """A deal without a seed: the service draws one."""
    return case.endpoint == "POST /v1/deal" and not (
        isinstance(case.body, dict) and "seed" in case.body
    )


def answer_line(case: Case, index: int, answer: tuple[int, str, str]) -> dict[str, Any]:
    """One request's answer as a JSON-able record."""
    endpoint = case.endpoint
    status, content_type, text = answer
    body: Any = text
    with contextlib.suppress(ValueError):
        body = json.loads(text)
    if isinstance(body, dict):
        body.pop("instance", None)
    if status == 200 and (endpoint in TIMED or random_deal(case)):
        body = None
    return {
        "index": index,
        "endpoint": endpoint,
        "mutations": case.mutations,
        "status": status,
        "content_type": content_type,
        "body": body,
    }


def record(path: Path, seed: int, count: int) -> None:
    """Send ``count`` fuzz requests and write their answers to ``path``."""
    client = create_app(FUZZ_CONFIG).test_client()
    statuses: Counter[int] = Counter()
    with path.open("w") as out:
        for index, case in enumerate(generate(seed, count)):
            answer = send(client, case)
            statuses[answer[0]] += 1
            line = answer_line(case, index, answer)
            out.write(json.dumps(line, sort_keys=True) + "\n")
    print(f"{count} answers written to {path}: {dict(sorted(statuses.items()))}")


def compare(old: Path, new: Path, shown: int) -> int:
    """Print the requests whose answers differ; 1 if any does."""
    before = [json.loads(line) for line in old.read_text().splitlines()]
    after = [json.loads(line) for line in new.read_text().splitlines()]
    if len(before) != len(after):
        print(f"different numbers of answers: {len(before)} and {len(after)}")
        return 1
    differing = [(a, b) for a, b in zip(before, after, strict=True) if a != b]
    kinds: Counter[str] = Counter(a["endpoint"] for a, _ in differing)
    for a, b in differing[:shown]:
        print(f"#{a['index']} {a['endpoint']} after {'+'.join(a['mutations']) or 'nothing'}")
        print(f"  old {a['status']} {json.dumps(a['body'], sort_keys=True)[:600]}")
        print(f"  new {b['status']} {json.dumps(b['body'], sort_keys=True)[:600]}")
    print(f"{len(differing)} of {len(before)} answers differ: {dict(kinds)}")
    return 1 if differing else 0


def main(argv: list[str] | None = None) -> int:
    """Record or compare answer files."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    verbs = parser.add_subparsers(dest="verb", required=True)
    rec = verbs.add_parser("record")
    rec.add_argument("file", type=Path)
    rec.add_argument("--cases", type=int, default=12_000)
    rec.add_argument("--seed", type=int, default=1)
    cmp_ = verbs.add_parser("compare")
    cmp_.add_argument("old", type=Path)
    cmp_.add_argument("new", type=Path)
    cmp_.add_argument("--show", type=int, default=20)
    args = parser.parse_args(argv)
    if args.verb == "record":
        record(args.file, args.seed, args.cases)
        return 0
    return compare(args.old, args.new, args.show)


if __name__ == "__main__":
    sys.exit(main())
