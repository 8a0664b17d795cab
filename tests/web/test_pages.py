"""The web blueprint: the landing page, the play page and its static files."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

from flask import Flask
from flask.testing import FlaskClient

from service.search.levels import NAMES
from service.web.pages import STATIC_DIR

IMPORT = re.compile(r'from "\./([\w.]+)"')
ELEMENT_ID = re.compile(r'\$\("([\w-]+)"\)')
API_PATH = re.compile(r'"(/v1/[\w/]+)"')


class Collector(HTMLParser):
    """The ids, links, scripts, stylesheets and option values of an HTML page."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.scripts: list[str] = []
        self.styles: list[str] = []
        self.options: dict[str, list[str]] = {}
        self._select: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {k: v or "" for k, v in attrs}
        if "id" in found:
            self.ids.add(found["id"])
        if tag == "a":
            self.links.append(found["href"])
        elif tag == "script":
            self.scripts.append(found["src"])
        elif tag == "link" and found.get("rel") == "stylesheet":
            self.styles.append(found["href"])
        elif tag == "select":
            self._select = found["id"]
            self.options[self._select] = []
        elif tag == "option" and self._select is not None:
            self.options[self._select].append(found["value"])


def parsed(text: str) -> Collector:
    collector = Collector()
    collector.feed(text)
    return collector


def fetch(client: FlaskClient, url: str) -> tuple[int, str, str]:
    """The status, type and text of one GET, its file closed."""
    with client.get(url) as response:
        return response.status_code, response.mimetype, response.get_data(as_text=True)


def scripts() -> dict[str, str]:
    """Every JavaScript module of the page by file name."""
    return {p.name: p.read_text() for p in STATIC_DIR.glob("*.js")}


def test_landing_links_to_the_table_and_the_docs(client: FlaskClient) -> None:
    status, mimetype, text = fetch(client, "/")
    assert status == 200
    assert mimetype == "text/html"
    page = parsed(text)
    assert "/play" in page.links
    assert "/docs" in page.links
    for href in page.styles:
        assert fetch(client, href)[0] == 200


def test_play_page_and_its_files_are_served_with_their_types(client: FlaskClient) -> None:
    status, mimetype, text = fetch(client, "/play")
    assert status == 200
    assert mimetype == "text/html"
    page = parsed(text)
    assert page.scripts == ["/play/static/play.js"]
    assert page.styles == ["/play/static/play.css"]
    assert fetch(client, page.styles[0])[:2] == (200, "text/css")
    # Module scripts run only when served with a JavaScript type.
    for name in scripts():
        status, mimetype, _ = fetch(client, f"/play/static/{name}")
        assert status == 200, name
        assert mimetype in {"text/javascript", "application/javascript"}, name


def test_every_module_import_resolves_to_a_served_file(client: FlaskClient) -> None:
    imported = {name for text in scripts().values() for name in IMPORT.findall(text)}
    assert {
        "api.js",
        "cards.js",
        "seats.js",
        "explain.js",
        "review.js",
        "scorekeeper.js",
        "tally.js",
        "mode.js",
    } <= imported
    for name in imported:
        assert fetch(client, f"/play/static/{name}")[0] == 200, name


def test_every_element_the_script_uses_is_on_the_page(client: FlaskClient) -> None:
    page = parsed(fetch(client, "/play")[2])
    for name in ("play.js", "review.js", "scorekeeper.js", "mode.js"):
        used = set(ELEMENT_ID.findall(scripts()[name]))
        assert used, f"{name} looks elements up by id"
        assert used <= page.ids, (name, sorted(used - page.ids))


def test_the_page_calls_only_public_api_endpoints(app: Flask) -> None:
    called = {path for text in scripts().values() for path in API_PATH.findall(text)}
    assert called == {
        "/v1/rules",
        "/v1/names",
        "/v1/deal",
        "/v1/moves",
        "/v1/play",
        "/v1/score",
        "/v1/advice",
        "/v1/bot",
        "/v1/view",
        "/v1/record",
        "/v1/replay",
        "/v1/review",
        "/v1/rules/tally",
        "/v1/insights",
        "/v1/drills",
        "/v1/match",
    }
    spec = app.test_client().get("/openapi.json").get_json()
    assert called <= set(spec["paths"]), sorted(called - set(spec["paths"]))


def test_pages_stay_out_of_the_api_spec(client: FlaskClient) -> None:
    paths = set(client.get("/openapi.json").get_json()["paths"])
    assert "/" not in paths
    assert "/play" not in paths


def test_no_file_loads_anything_from_another_host() -> None:
    for path in STATIC_DIR.iterdir():
        text = path.read_text()
        assert "http://" not in text, path.name
        assert "https://" not in text, path.name
        assert 'src="//' not in text, path.name


def test_the_level_pickers_are_filled_from_the_bot_levels(client: FlaskClient) -> None:
    page = parsed(fetch(client, "/play")[2])
    # The opponents' picker is filled from GET /v1/bot; the partner's starts with "the same".
    assert page.options["opponent-level"] == []
    assert page.options["partner-level"] == [""]
    assert "strength" not in page.options
    levels = scripts()["levels.js"]
    default = re.search(r'DEFAULT_LEVEL = "(\w+)"', levels)
    assert default is not None
    assert default.group(1) in NAMES
    assert 'SAME_LEVEL = ""' in levels


def test_review_budgets_are_budgets_of_the_review_contract(client: FlaskClient) -> None:
    page = parsed(fetch(client, "/play")[2])
    # The empty value leaves the budget to the service's default.
    assert "" in page.options["review-budget"]
    budgets = [json.loads(value) for value in page.options["review-budget"] if value]
    assert budgets
    for budget in budgets:
        assert len(budget) == 1
        ((kind, amount),) = budget.items()
        assert kind in {"ms", "iterations"}
        assert 1 <= amount <= (5000 if kind == "ms" else 100_000)


def test_a_missing_static_file_is_a_404(client: FlaskClient) -> None:
    assert fetch(client, "/play/static/nothing-here.js")[0] == 404


def test_the_page_s_documents_carry_a_strict_content_security_policy(client: FlaskClient) -> None:
    for path in ("/", "/play", "/problems"):
        response = client.get(path)
        response.close()
        assert response.status_code == 200, path
        policy = dict(
            part.strip().split(" ", 1)
            for part in response.headers["Content-Security-Policy"].split(";")
        )
        assert policy["default-src"] == "'none'"
        assert policy["script-src"] == policy["style-src"] == policy["connect-src"] == "'self'"
        assert policy["frame-ancestors"] == "'none'"
        assert "unsafe" not in response.headers["Content-Security-Policy"]
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        assert response.headers["Referrer-Policy"] == "no-referrer"
    script = client.get("/play/static/play.js")
    script.close()
    assert script.headers["X-Content-Type-Options"] == "nosniff"
    assert "Content-Security-Policy" not in script.headers


def test_every_api_answer_says_nosniff(client: FlaskClient) -> None:
    answers = [
        client.get("/healthz"),
        client.get("/v1/rules"),
        client.post("/v1/moves", json={}),
        client.get("/v1/nowhere"),
        client.put("/v1/moves"),
        client.post("/v1/moves", data="{", content_type="application/json"),
    ]
    assert [a.status_code for a in answers] == [200, 200, 422, 404, 405, 400]
    for answer in answers:
        assert answer.headers["X-Content-Type-Options"] == "nosniff"
        assert answer.headers["Referrer-Policy"] == "no-referrer"
