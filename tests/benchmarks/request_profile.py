"""Where the time of a request goes, in process: microseconds for each part of the request
path of /healthz, /v1/moves (a full state and the light form) and /v1/score, the bodies of
``make bench-api``.

For each endpoint it prints the whole request through the app's WSGI callable, then its parts,
each timed alone in a request context of the same request (best of 5 batches):

- Flask's request context (push and pop, routing included);
- every ``before_request``, ``after_request`` and ``teardown_request`` hook of the app (the
  request log's line written, at the default level, to the null device);
- the view as routed: flask-smorest's ``arguments`` and ``response`` wrappers around webargs'
  parsing, of which reading the JSON body, the schema's ``load`` (fields, ``post_load``
  building and checking the engine's values), and the view's own work given the loaded
  request; what is left of the routed view is the wrappers' own cost.

The parts are timed apart, so they need not add up to the whole (Flask's dispatch between them
is left out). Run: ``make bench-request-profile`` (``python -m tests.benchmarks.request_profile
--requests 5000``).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import sys
import timeit
from collections.abc import Callable
from typing import Any

import orjson
from flask import Flask, Response
from flask import request as current_request

from service.api.game.schemas import MovesRequestSchema
from service.api.http.body import read_whole
from service.api.score.schemas import ScoreRequestSchema
from tests.benchmarks.bench_api import LIMITS_ON, Target, targets, wsgi_call

SERVER = {"SCOPA_WARMUP": "false", **LIMITS_ON}
# The view function of each body profiled, and the schema its ``arguments`` load it with.
ENDPOINTS = {
    "moves": ("moves.post_moves", MovesRequestSchema),
    "light": ("moves.post_moves", MovesRequestSchema),
    "score": ("score.post_score", ScoreRequestSchema),
}


def environ_of(target: Target) -> dict[str, Any]:
    """A fresh WSGI environ of the target's request."""
    body = target.body or b""
    environ: dict[str, Any] = {
        "REQUEST_METHOD": target.method,
        "PATH_INFO": target.path,
        "QUERY_STRING": "",
        "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "8000",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "wsgi.url_scheme": "http",
        "wsgi.input": io.BytesIO(body),
        "wsgi.errors": sys.stderr,
        "REMOTE_ADDR": "127.0.0.1",
        "CONTENT_LENGTH": str(len(body)),
    }
    if body:
        environ["CONTENT_TYPE"] = "application/json"
        read_whole(environ, len(body))  # as the app's BodyReader does at the door
    return environ


def best_us(run: Callable[[], Any], requests: int) -> float:
    """The best of 5 batches of ``requests`` calls, microseconds a call."""
    return min(timeit.repeat(run, number=requests, repeat=5)) / requests * 1e6


def in_context(app: Flask, target: Target, part: Callable[[], Any]) -> Callable[[], None]:
    """``part`` called in a fresh request context of the target's request."""

    def run() -> None:
        context = app.request_context(environ_of(target))
        context.push()
        try:
            part()
        finally:
            context.pop()

    return run


def name_of(hook: Callable[..., Any]) -> str:
    """A hook's name, as its module defines it."""
    return hook.__qualname__.replace(".<locals>", "")


def unwrapped(view: Callable[..., Any]) -> Callable[..., Any]:
    """The view function beneath its decorators."""
    while hasattr(view, "__wrapped__"):
        view = view.__wrapped__
    return view


def profile(app: Flask, target: Target, requests: int) -> list[tuple[str, float]]:
    """The parts of the target's request and their microseconds."""
    whole = best_us(lambda: wsgi_call(app, target), requests)
    empty = best_us(in_context(app, target, lambda: None), requests)
    door = best_us(lambda: read_whole(environ_of(target), len(target.body or b"")), requests)
    fresh = best_us(lambda: environ_of(target), requests)
    rows = [
        ("whole request (WSGI)", whole),
        ("body read at the door (BodyReader)", door - fresh),
        ("request context and routing", empty),
    ]

    def cost(part: Callable[[], Any]) -> float:
        return best_us(in_context(app, target, part), requests) - empty

    for kind, hooks in (
        ("before", app.before_request_funcs.get(None, [])),
        ("teardown", app.teardown_request_funcs.get(None, [])),
    ):
        for hook in hooks:
            rows.append((f"{kind}: {name_of(hook)}", cost(hook)))
    answer_us = cost(lambda: Response(b"{}"))  # each after hook gets an answer of its own
    for hook in app.after_request_funcs.get(None, []):
        took_us = cost(lambda hook=hook: hook(Response(b"{}"))) - answer_us
        rows.append((f"after: {name_of(hook)}", took_us))
    if target.name not in ENDPOINTS:
        return rows
    endpoint, schema_class = ENDPOINTS[target.name]
    routed = app.view_functions[endpoint]
    schema = schema_class()
    view = unwrapped(routed)
    body = target.body or b"null"
    loaded = schema.load(orjson.loads(body))
    # In the request's context, from a freshly decoded body each time, as a request loads it
    # (new strings, their hashes not yet computed), less the decoding.
    decoding = cost(lambda: orjson.loads(body))
    schema_us = cost(lambda: schema.load(orjson.loads(body))) - decoding
    parser = app.blueprints[endpoint.split(".")[0]].ARGUMENTS_PARSER
    rows += [
        ("view as routed (smorest + webargs + view)", cost(routed)),
        ("  webargs parse (body + schema load)", cost(lambda: parser.parse(schema))),
        ("    the JSON body decoded", cost(lambda: parser.load_json(current_request, schema))),
        ("    schema load (fields + post_load)", schema_us),
        ("  the view's own work", cost(lambda: view(loaded))),
    ]
    return rows


def main(argv: list[str] | None = None) -> int:
    """Print each endpoint's profile."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=5000, help="requests a batch")
    args = parser.parse_args(argv)
    os.environ.update(SERVER)
    from service.api.app import create_app

    with open(os.devnull, "w") as null, contextlib.redirect_stderr(null):
        app = create_app()
        results = {}
        for target in targets():
            for _ in range(300):
                wsgi_call(app, target)
            results[target.name] = profile(app, target, args.requests)
    print(f"microseconds a request, in process (best of 5 batches of {args.requests})")
    for name, rows in results.items():
        print(f"\n{name}")
        for label, micros in rows:
            print(f"  {label:52} {micros:7.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
