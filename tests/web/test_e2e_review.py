"""The review panel in headless Chromium: after a hand, the human's decisions judged (the
costliest first), the replay with the advice at each step, the record downloaded and loaded
back. Fixtures and helpers are the play page's (tests/web/test_e2e.py)."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from tests.web.test_e2e import (  # noqa: F401 (fixtures)
    PHONE,
    base_url,
    browser,
    page,
    play_to_score,
    playwright,
    shoot,
    start_match,
    wait_for_phase,
)

CATEGORY_WORDS = ("cards", "coins", "settebello", "primiera", "scope", "nothing clearly")
REVIEW_TIMEOUT_MS = 60_000
MARKED_LABELS = ("inaccuracy", "mistake", "blunder")


def wait_for_review(tab: Page) -> str:
    """Wait until the review panel is ready or shows a problem; its status."""
    tab.wait_for_function(
        "() => ['ready', 'error'].includes(document.getElementById('review').dataset.status)",
        timeout=REVIEW_TIMEOUT_MS,
    )
    return str(tab.evaluate("document.getElementById('review').dataset.status"))


def check_value_graph(tab: Page, answer: dict[str, Any], seat: int) -> None:
    """The review's value graph and accuracy for a seat: one point per searched decision, a
    marker with its label's class on each inaccuracy, mistake and blunder, a point that moves
    the replay to its move, and the seat's accuracy in the summary."""
    searched = [
        point
        for point in answer["graph"]
        if point["seat"] == seat and point["before"] is not None and point["after"] is not None
    ]
    assert searched, answer["graph"]
    graph = tab.locator("#review-graph svg.graph")
    expect(graph).to_be_visible()
    expect(graph.locator("title").first).to_contain_text("Value graph: ")
    expect(graph.locator(".graph-zero")).to_have_count(1)
    points = graph.locator(".graph-point")
    expect(points).to_have_count(len(searched))
    shown = [int(points.nth(i).get_attribute("data-index") or -1) for i in range(points.count())]
    assert shown == [point["index"] for point in searched]
    marked = [point for point in searched if point["label"] in MARKED_LABELS]
    expect(graph.locator(".graph-marker")).to_have_count(len(marked))
    for point in searched:
        item = graph.locator(f'.graph-point[data-index="{point["index"]}"]')
        classes = (item.get_attribute("class") or "").split()
        assert f"label-{point['label']}" in classes, (point, classes)
        assert ("graph-marker" in classes) == (point["label"] in MARKED_LABELS), (point, classes)
        title = item.locator("title").text_content() or ""
        assert title.startswith(f"Move {point['index'] + 1}: "), title
        assert "loss " in title, title
    # A point (the costliest marker when there is one) moves the replay to its move.
    target = max(marked or searched, key=lambda p: (p["before"] - p["after"], -p["index"]))
    clicked = graph.locator(f'.graph-point[data-index="{target["index"]}"]')
    clicked.click()
    moves = answer["moves"]
    expect(tab.locator("#replay-position")).to_have_text(f"Move {target['index'] + 1} of {moves}")
    expect(clicked).to_have_class(re.compile(r"\bis-current\b"))
    expect(tab.locator("#replay-advice")).to_contain_text("Verdict:")
    # The accuracy, overall and per third of the hand.
    summary = next(each for each in answer["summary"] if each["seat"] == seat)
    accuracy = tab.locator("#review-summary .review-accuracy")
    expect(accuracy).to_contain_text("Accuracy ")
    expect(accuracy).to_contain_text("by third of the hand: first ")
    if summary["accuracy"] is not None:
        shown_accuracy = math.floor(summary["accuracy"] * 10 + 0.5) / 10  # as Math.round does
        expect(accuracy).to_contain_text(f"Accuracy {shown_accuracy:g} of 100")


def test_hints_explain_the_top_moves_in_words(page: Page, base_url: str) -> None:  # noqa: F811
    start_match(page, base_url, "scopa", 2, seed=11)
    wait_for_phase(page, "human")
    page.click("#hint-button")
    wait_for_phase(page, "human")
    reasons = page.locator("#hint .hint-moves .why")
    expect(reasons.first).to_be_visible()
    assert 1 <= reasons.count() <= 3
    for i in range(reasons.count()):
        text = reasons.nth(i).inner_text()
        assert any(word in text for word in CATEGORY_WORDS), text


def test_a_hand_is_reviewed_replayed_downloaded_and_loaded_back(
    page: Page,  # noqa: F811
    base_url: str,  # noqa: F811
    tmp_path: Path,
) -> None:
    start_match(page, base_url, "scopa", 2, seed=11)
    with page.expect_response(
        lambda response: response.url.endswith("/v1/review"), timeout=REVIEW_TIMEOUT_MS
    ) as reviewed:
        play_to_score(page)
        review = page.locator("#review")
        expect(review).to_be_visible()
        assert wait_for_review(page) == "ready", page.locator("#review-status").inner_text()
    answer = reviewed.value.json()
    expect(page.locator("#review-summary")).to_contain_text("You:")

    # The human's judged decisions, the costliest first.
    items = page.locator("#review-decisions li.decision")
    assert items.count() >= 5
    costs = [
        (
            float(items.nth(i).get_attribute("data-win-loss") or 0),
            float(items.nth(i).get_attribute("data-loss") or 0),
        )
        for i in range(items.count())
    ]
    assert costs == sorted(costs, reverse=True)
    labels = {items.nth(i).locator(".label").inner_text().lower() for i in range(items.count())}
    assert labels <= {"best move", "good", "inaccuracy", "mistake", "blunder"}
    if costs[0][1] > 0:
        expect(items.first.locator(".better")).to_contain_text("Better:")
    shoot(page, "review-panel")

    # The replay, move by move, with the advice at each step.
    position = page.locator("#replay-position")
    expect(position).to_have_text("Move 1 of 36")
    expect(page.locator("#replay-advice .replay-move")).to_contain_text("You play")
    page.click("#replay-next")
    expect(position).to_have_text("Move 2 of 36")
    index = int(items.first.get_attribute("data-index") or 0)
    items.first.locator(".decision-head").click()
    expect(position).to_have_text(f"Move {index + 1} of 36")
    expect(page.locator("#replay-advice")).to_contain_text("Verdict:")
    expect(page.locator("#replay-advice")).to_contain_text("Best:")
    page.click("#replay-last")
    expect(position).to_have_text("After the last of 36 moves")
    expect(page.locator("#replay-next")).to_be_disabled()
    check_value_graph(page, answer, seat=0)

    # The hand record, downloaded.
    with page.expect_download() as download:
        page.click("#record-download")
    saved = tmp_path / "hand.json"
    download.value.save_as(saved)
    record = json.loads(saved.read_text())
    assert record["format"] == "scopa-hand-record"
    assert record["version"] == 1
    assert len(record["moves"]) == 36
    assert record["meta"]["players"] == ["You", "Opponent"]

    # Loaded back: replayed, then reviewed for the other seat.
    page.click("#next-hand")
    expect(review).to_be_hidden()
    page.set_input_files("#record-file", str(saved))
    assert wait_for_review(page) == "ready"
    expect(page.locator("#review-title")).to_contain_text("hand.json")
    expect(position).to_have_text("Move 1 of 36")
    with page.expect_response(
        lambda response: response.url.endswith("/v1/review"), timeout=REVIEW_TIMEOUT_MS
    ) as reviewed:
        page.click("#review-run")
        page.wait_for_function(
            "() => document.getElementById('review').dataset.status === 'loading'"
        )
        assert wait_for_review(page) == "ready"
    page.select_option("#review-seat", "1")
    expect(page.locator("#review-summary")).to_contain_text("Opponent:")
    check_value_graph(page, reviewed.value.json(), seat=1)
    assert page.locator("#review-decisions li").count() >= 1
    page.set_viewport_size(PHONE)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shoot(page, "review-loaded-phone")


def test_a_bad_record_is_shown_in_plain_words(
    page: Page,  # noqa: F811
    base_url: str,  # noqa: F811
    tmp_path: Path,
) -> None:
    page.goto(f"{base_url}/play")
    wait_for_phase(page, "setup")
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    page.set_input_files("#record-file", str(broken))
    assert wait_for_review(page) == "error"
    expect(page.locator("#review-status")).to_contain_text("is not JSON")
    # A record whose second move is by the wrong seat: the service names it.
    deal = page.request.post(f"{base_url}/v1/deal", data={"rules": "scopa", "seed": 3}).json()
    state, moves = deal["state"], deal["moves"]
    played = page.request.post(
        f"{base_url}/v1/play", data={"state": state, "move": moves[0]}
    ).json()
    record = page.request.post(f"{base_url}/v1/record", data={"state": played["state"]}).json()[
        "record"
    ]
    record["moves"][0]["seat"] = 0
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps(record))
    page.set_input_files("#record-file", str(wrong))
    assert wait_for_review(page) == "error"
    expect(page.locator("#review-status")).to_contain_text("record.moves[0]")
    expect(page.locator("#review-status")).to_contain_text("Illegal move")
    shoot(page, "review-bad-record")
