"""What scorekeeping costs, in process: a hand scored from piles and from tallies, the checks of
a tally, and the longest ledger (200 hands) of whole, partial and refused tallies.

Run: `make bench-scorekeeping` (or `python -m tests.benchmarks.bench_scorekeeping`). Each figure
is the best of several batches through the app's WSGI callable (rate limits off, request logs
to /dev/null), in milliseconds a request.
"""

from __future__ import annotations

import argparse
import logging
import os
import time
from collections.abc import Callable
from typing import Any

from flask.testing import FlaskClient

from service.api.app import create_app
from service.engine.presets import make_rules
from tests.api.test_tallies import piles_json, tallies_json
from tests.engine.tally_helpers import hands

LEDGER_HANDS = 200


def best_ms(call: Callable[[], Any], batches: int, per_batch: int) -> float:
    """The best batch's milliseconds a call."""
    best = float("inf")
    for _ in range(batches):
        start = time.perf_counter()
        for _ in range(per_batch):
            call()
        best = min(best, (time.perf_counter() - start) / per_batch)
    return best * 1000


def posting(client: FlaskClient, path: str, body: dict[str, Any], status: int) -> Callable[[], Any]:
    """A call that posts a body and checks the answer's status."""

    def post() -> None:
        response = client.post(path, json=body)
        assert response.status_code == status, response.get_json()

    return post


def main(argv: list[str] | None = None) -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--batches", type=int, default=5)
    args = parser.parse_args(argv)
    logging.getLogger("service.api.request").disabled = True
    os.environ["SCOPA_RATE_LIMIT_ENABLED"] = "false"
    client = create_app({"TESTING": True}).test_client()
    six = make_rules("scopa", players=6, teams=False)
    played = list(hands(make_rules("scopa"), LEDGER_HANDS, seed=1))
    first = played[0]
    whole = [{"tallies": tallies_json(h)} for h in played]
    sevens = ["7D", "7C", "7S", "7B"]
    undecided = {"tallies": [{"prime": sevens}, {"prime": []}, {"prime": []}, {}, {}, None]}
    miscounted = [{"tallies": [{**t, "cards": 39} for t in h["tallies"]]} for h in whole]
    cases = [
        (
            "/v1/score, 2-player scopa, from piles",
            "/v1/score",
            {"rules": "scopa", "piles": piles_json(first)},
            200,
            200,
        ),
        (
            "/v1/score, the same hand from tallies",
            "/v1/score",
            {"rules": "scopa", "tallies": tallies_json(first)},
            200,
            200,
        ),
        (
            "/v1/score, 6 players, one prime counted",
            "/v1/score",
            {"rules": six.options(), **undecided},
            200,
            50,
        ),
        (
            f"/v1/match, {LEDGER_HANDS} hands from piles",
            "/v1/match",
            {
                "rules": "scopa",
                "target": 10**5,
                "hands": [{"piles": piles_json(h)} for h in played],
            },
            200,
            2,
        ),
        (
            f"/v1/match, {LEDGER_HANDS} hands from tallies",
            "/v1/match",
            {"rules": "scopa", "target": 10**5, "hands": whole},
            200,
            2,
        ),
        (
            f"/v1/match, {LEDGER_HANDS} hands, 6 players, undecided",
            "/v1/match",
            {"rules": six.options(), "hands": [undecided] * LEDGER_HANDS},
            422,
            2,
        ),
        (
            f"/v1/match, {LEDGER_HANDS} hands, every one miscounted",
            "/v1/match",
            {"rules": "scopa", "hands": miscounted},
            422,
            2,
        ),
    ]
    print(f"{'request':<48} {'ms':>9}")
    for name, path, body, status, per_batch in cases:
        ms = best_ms(posting(client, path, body, status), args.batches, per_batch)
        print(f"{name:<48} {ms:>9.2f}")


if __name__ == "__main__":
    main()
