"""The table of endpoints in docs/api.md, made from the operations each resource declares
(``service/api/<resource>/views.py``, listed by ``service.api.resources``).

python -m scripts.endpoints_table            # print the table
python -m scripts.endpoints_table --write    # put it into docs/api.md
python -m scripts.endpoints_table --check    # exit 1 when docs/api.md is out of date

Each row is one declaration: the API operations (``OPERATIONS``, in their order) then the other
routes (``OTHER_ENDPOINTS``). The method and path of an operation are its own; those of another
route, and what each does (the first sentence of its view's docstring), come from the app's URL
map and views, so the table names only what the service really routes.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from flask import Flask

from service.api.app import create_app
from service.api.http.operations import OTHER_ENDPOINTS, Cost, Endpoint, Operation
from service.api.resources import OPERATIONS
from service.config import Settings

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "api.md"
BEGIN = "<!-- endpoints table: python -m scripts.endpoints_table --write -->"
END = "<!-- end of endpoints table -->"
# Flask's own view for static files has no docstring of the service's.
STATIC_VIEW = "static"


def first_sentence(doc: str | None) -> str:
    """The first sentence of a docstring's first paragraph (up to a full stop or a semicolon),
    on one line, with reStructuredText literals as Markdown code."""
    paragraph = (doc or "").strip().split("\n\n", 1)[0]
    text = " ".join(paragraph.split())
    match = re.match(r"(.+?)(?:\.(?=\s|$)|;)", text)
    sentence = match.group(1) if match else text
    return sentence.replace("``", "`").replace("|", "\\|")


def lowered(sentence: str) -> str:
    """A sentence to follow a colon: its first letter in lower case."""
    return sentence[:1].lower() + sentence[1:]


def advice_cost() -> int:
    """The default units an advice search spends of a client's rate limit."""
    default = Settings.model_fields["rate_limit_advice_cost"].default
    assert isinstance(default, int)
    return default


def cost_of(endpoint: Endpoint) -> str:
    """How a request counts against its client's budget."""
    if endpoint.cost is Cost.EXEMPT:
        return "exempt"
    if endpoint.cost is Cost.ONE_UNIT:
        return "1 unit"
    if endpoint.cost is Cost.BY_PARTS and isinstance(endpoint, Operation) and endpoint.units:
        return lowered(first_sentence(endpoint.units.__doc__))
    return f"`SCOPA_RATE_LIMIT_ADVICE_COST` ({advice_cost()}) units a search"


def searches_of(endpoint: Endpoint) -> str:
    """Whether a request searches, and how many searches it asks for."""
    if not isinstance(endpoint, Operation) or endpoint.searches is None:
        return "no"
    return f"yes: {lowered(first_sentence(endpoint.searches.__doc__))}"


def cached_of(endpoint: Endpoint) -> str:
    """How its answers are cached: the searches by the service, or the answer by clients."""
    if isinstance(endpoint, Operation) and endpoint.searching:
        return f"its searches, by the service (`{endpoint.cache_header}`)"
    if isinstance(endpoint, Operation) and endpoint.static:
        return "by clients until a release (`ETag`, `Cache-Control`)"
    return "no"


def view_summary(app: Flask, name: str) -> str:
    """What the view of a Flask endpoint does."""
    if name.rsplit(".", 1)[-1] == STATIC_VIEW:
        return "static files"
    view: Callable[..., Any] = app.view_functions[name]
    return first_sentence(view.__doc__)


def routes_of(app: Flask, name: str) -> list[tuple[str, str]]:
    """The methods and paths the app routes to a Flask endpoint."""
    routes = []
    for rule in app.url_map.iter_rules(name):
        methods = sorted((rule.methods or set()) - {"HEAD", "OPTIONS"})
        routes.append((", ".join(methods), rule.rule))
    return routes


def table() -> str:
    """The markdown table of every declared endpoint."""
    app = create_app({"TESTING": True})
    operations = {
        getattr(view, "operation", None): name for name, view in app.view_functions.items()
    }
    lines = [
        "| method | path | operationId | what it does | searches? | rate-limit cost | cached? |",
        "|---|---|---|---|---|---|---|",
    ]
    for op in OPERATIONS:
        lines.append(
            f"| {op.method} | `{op.path}` | `{op.name}` | {view_summary(app, operations[op])} "
            f"| {searches_of(op)} | {cost_of(op)} | {cached_of(op)} |"
        )
    for name, endpoint in OTHER_ENDPOINTS.items():
        for method, path in routes_of(app, name):
            lines.append(
                f"| {method} | `{path}` | - | {view_summary(app, name)} "
                f"| {searches_of(endpoint)} | {cost_of(endpoint)} | {cached_of(endpoint)} |"
            )
    return "\n".join(lines) + "\n"


def with_table(text: str, rendered: str) -> str:
    """``text`` with the part between the table markers replaced by ``rendered``."""
    start = text.index(BEGIN) + len(BEGIN)
    end = text.index(END)
    return text[:start] + "\n\n" + rendered + "\n" + text[end:]


def main(argv: list[str] | None = None) -> int:
    """Print, write or check the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--write", action="store_true", help="update docs/api.md")
    mode.add_argument("--check", action="store_true", help="fail when docs/api.md differs")
    args = parser.parse_args(argv)
    rendered = table()
    if args.write:
        PAGE.write_text(with_table(PAGE.read_text(), rendered))
    elif args.check:
        current = PAGE.read_text()
        if with_table(current, rendered) != current:
            print(f"{PAGE} is out of date: python -m scripts.endpoints_table --write")
            return 1
    else:
        sys.stdout.write(rendered)
    return 0


if __name__ == "__main__":
    sys.exit(main())
