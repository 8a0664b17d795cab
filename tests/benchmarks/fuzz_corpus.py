"""The mutation fuzz's answers as a corpus: one line a case (endpoint, status, content type and
the answer's text with the figures a time budget makes vary blanked), to compare two trees.

Usage (the tree under test is the one on PYTHONPATH; run it from each tree's root):
    PYTHONHASHSEED=0 python -m tests.benchmarks.fuzz_corpus OUT.jsonl --cases 12000 --seed 1
    cmp A.jsonl B.jsonl

Searches within a time budget stop at a different world count from run to run, so the
answers of the searching endpoints (advice, bot, review) are kept as their shape alone (a
review's costliest mistakes may still come and go with the search's load); each answer's
request id and a deal from a seed drawn at random are blanked; everything else is kept as sent.
Run both trees with the compiled kernel and ``PYTHONHASHSEED=0`` (the order of a schema's
unknown fields follows the hash of their names).
"""

from __future__ import annotations

import argparse
import json
import re
import time
from typing import Any

from service.api.app import create_app
from tests.api.fuzz import FUZZ_CONFIG, generate, send

# Answers whose figures come from a search within a time budget.
SEARCHED = ("/v1/advice", "/v1/bot", "/v1/review")
NUMBER = re.compile(r"-?\d+(\.\d+)?([eE][-+]?\d+)?")
# Each answer's request id (a problem's ``instance``) is new on every request.
REQUEST_ID = re.compile(r"urn:scopa:request:[0-9a-f]+")


def comparable(path: str, status: int, text: str) -> str:
    """The answer's text without its request id; a searched 200's shape alone."""
    if status != 200 or not path.startswith(SEARCHED):
        return REQUEST_ID.sub("urn:scopa:request:#", text)
    try:
        body: Any = json.loads(text)
    except ValueError:
        return text
    return "searched: " + NUMBER.sub("#", ",".join(sorted(_keys(body))))


def unseeded_deal(path: str, body: Any, status: int) -> bool:
    """Whether the answer is a deal from a random seed (the request named none)."""
    return path == "/v1/deal" and status == 200 and not (isinstance(body, dict) and "seed" in body)


def _keys(body: Any, prefix: str = "") -> set[str]:
    """The paths of an answer's fields (its shape without its values)."""
    if isinstance(body, dict):
        paths = {prefix}
        for name, value in body.items():
            paths |= _keys(value, f"{prefix}.{name}")
        return paths
    if isinstance(body, list):
        paths = {prefix + "[]"}
        for item in body:
            paths |= _keys(item, prefix + "[]")
        return paths
    return {prefix}


def main() -> None:
    """Write the corpus and say how long it took."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("out")
    parser.add_argument("--cases", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    client = create_app(FUZZ_CONFIG).test_client()
    start = time.perf_counter()
    with open(args.out, "w", encoding="utf-8") as out:
        for index, case in enumerate(generate(args.seed, args.cases)):
            status, content_type, text = send(client, case)
            line = {
                "case": index,
                "endpoint": case.endpoint,
                "status": status,
                "type": content_type,
                "answer": comparable(case.path, status, text)
                if not unseeded_deal(case.path, case.body, status)
                else "a deal from a seed drawn at random",
            }
            out.write(json.dumps(line, sort_keys=True) + "\n")
    print(f"{args.cases} cases in {time.perf_counter() - start:.1f} s -> {args.out}")


if __name__ == "__main__":
    main()
