"""Player insights and practice in headless Chromium: hand records built here (a random player
against a greedy one, by the engine and the built-in bots) are loaded through the review panel's
file input and the insights view's (several files at once), reviewed together for the player
named in their meta.players, and every figure shown is checked against the /v1/insights answer
to the same body; then practice from /v1/drills, one right answer and one wrong, and no drills
said in words. Fixtures are the play page's (tests/web/test_e2e.py)."""

from __future__ import annotations

import json
import random
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from typing import Any

from playwright.sync_api import ConsoleMessage, Page, expect

from service.engine.presets import make_rules
from service.engine.record import record_of
from service.engine.record_codec import record_to_dict
from service.engine.state import apply, deal
from service.engine.view import view_of
from service.search.bots import make_player
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
from tests.web.test_e2e_review import wait_for_review

INSIGHTS_TIMEOUT_MS = 60_000
PLAYERS = ("Ada", "Bot")


def bot_record(seed: int, date: str | None) -> dict[str, Any]:
    """A hand of 2-player scopa: Ada (seat 1) plays at random, Bot greedily; its record."""
    state = deal(make_rules("scopa"), seed)
    rng = random.Random(seed)
    players = [make_player("random"), make_player("greedy")]
    while not state.finished:
        seat = state.to_move
        state, _ = apply(state, players[seat].choose(view_of(state, seat), rng))
    meta: tuple[tuple[str, Any], ...] = (("players", PLAYERS),)
    if date is not None:
        meta += (("date", date),)
    return record_to_dict(record_of(state, meta))


def fixed(value: float | None, digits: int) -> str:
    """A number as JavaScript's toFixed writes it (halves away from zero); "—" for none."""
    if value is None:
        return "—"
    step = Decimal(1).scaleb(-digits)
    return str(Decimal(value).quantize(step, rounding=ROUND_HALF_UP))


def percent(share: float) -> str:
    return f"{fixed(share * 100, 0)}%"


def expected_figures(answer: dict[str, Any]) -> dict[str, str]:
    """Every figure the insights view shows (its data-figure key) as the answer gives it."""
    shown = {
        "hands": str(answer["hands"]),
        "decisions": str(answer["decisions"]),
        "accuracy": fixed(answer["accuracy"], 1),
        "mean-loss": fixed(answer["mean_loss"]["value"], 2),
        "mean-loss-low": fixed(answer["mean_loss"]["low"], 2),
        "mean-loss-high": fixed(answer["mean_loss"]["high"], 2),
    }
    for phase, value in answer["phases"].items():
        shown[f"phase-{phase}"] = fixed(value, 1)
    for key, loss in answer["loss_by_category"].items():
        shown[f"loss-{key}-decision"] = fixed(loss["per_decision"], 2)
        shown[f"loss-{key}-hand"] = fixed(loss["per_hand"], 2)
    for key, count in answer["situations"].items():
        shown[f"situation-{key}-total"] = str(count["total"])
        shown[f"situation-{key}-hand"] = fixed(count["per_hand"], 2)
    for label, count in answer["labels"].items():
        shown[f"labels-{label}"] = str(count)
        shown[f"labels-100-{label}"] = fixed(answer["labels_per_100"][label], 1)
    trend = answer["trend"]
    for day in trend["dates"]:
        date = day["date"]
        shown[f"trend-{date}-hands"] = str(day["hands"])
        shown[f"trend-{date}-decisions"] = str(day["decisions"])
        shown[f"trend-{date}-accuracy"] = fixed(day["accuracy"], 1)
        shown[f"trend-{date}-loss"] = fixed(day["mean_loss"], 2)
    if trend["slope_per_30_days"] is not None:
        shown["trend-slope"] = fixed(trend["slope_per_30_days"], 1)
    if trend["undated"]:
        shown["trend-undated"] = str(trend["undated"])
    level = answer["level"]
    if level is not None:
        shown["level"] = level["level"].capitalize()
        shown["level-probability"] = percent(level["probabilities"][level["level"]])
        shown["level-low"] = level["interval"][0].capitalize()
        shown["level-high"] = level["interval"][-1].capitalize()
        shown["level-hands"] = str(level["hands"])
        for name, probability in level["probabilities"].items():
            shown[f"level-{name}"] = percent(probability)
    for hand in answer["per_hand"]:
        index = hand["index"]
        shown[f"hand-{index}-decisions"] = str(hand["decisions"])
        shown[f"hand-{index}-accuracy"] = fixed(hand["accuracy"], 1)
        shown[f"hand-{index}-loss"] = fixed(hand["total_loss"], 2)
    return shown


def capture_key(move: dict[str, Any]) -> str:
    return ",".join(sorted(move["capture"]))


def move_button(tab: Page, move: dict[str, Any]) -> Any:
    """The practice's button of a legal play."""
    return tab.locator(
        f'#practice-drill button.practice-move[data-card="{move["card"]}"]'
        f'[data-capture="{capture_key(move)}"]'
    )


def same_move(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return a["card"] == b["card"] and capture_key(a) == capture_key(b)


def wait_for(tab: Page, element: str, *statuses: str) -> str:
    """Wait until an element's data-status is one of these (or error); the status."""
    tab.wait_for_function(
        "([id, wanted]) => wanted.includes(document.getElementById(id).dataset.status)",
        arg=[element, [*statuses, "error"]],
        timeout=INSIGHTS_TIMEOUT_MS,
    )
    return str(tab.evaluate("(id) => document.getElementById(id).dataset.status", element))


def check_drill_board(tab: Page, drill: dict[str, Any]) -> None:
    """The drill shows the seat's hand, the table and its legal plays."""
    hand = tab.locator("#practice-drill .practice-hand .card")
    table = tab.locator("#practice-drill .practice-table .card")
    assert sorted(hand.evaluate_all("(cards) => cards.map((c) => c.dataset.code)")) == sorted(
        drill["view"]["hand"]
    )
    assert sorted(table.evaluate_all("(cards) => cards.map((c) => c.dataset.code)")) == sorted(
        drill["view"]["table"]
    )
    expect(tab.locator("#practice-drill button.practice-move")).to_have_count(len(drill["legal"]))


def test_insights_and_practice_from_loaded_records(
    page: Page,  # noqa: F811
    base_url: str,  # noqa: F811
    tmp_path: Path,
) -> None:
    console_errors: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        # The browser's own request for /favicon.ico (the page names no icon) is not the page's.
        url = str(message.location.get("url", ""))
        if message.type == "error" and not url.endswith("/favicon.ico"):
            console_errors.append(f"{message.text} ({url})")

    page.on("console", on_console)
    page.goto(f"{base_url}/play")
    wait_for_phase(page, "setup")

    # One record through the review panel, two more through the insights view at once.
    files = []
    for seed, date in ((1, "2026-10-01"), (2, "2026-10-31"), (3, None)):
        path = tmp_path / f"hand-{seed}.json"
        path.write_text(json.dumps(bot_record(seed, date)))
        files.append(path)
    page.set_input_files("#record-file", str(files[0]))
    assert wait_for_review(page) == "ready"
    page.click("#to-insights")
    expect(page.locator("#insights")).to_be_visible()
    expect(page.locator("#game")).to_be_hidden()
    expect(page.locator("#review")).to_be_hidden()
    page.set_input_files("#insights-files", [str(files[1]), str(files[2])])
    count = page.locator("#insights-records .insights-count")
    expect(count).to_have_text("Hand records held: 3; included: 3.")
    expect(page.locator("#insights-records tbody tr")).to_have_count(3)
    expect(page.locator("#insights-records .record-name").first).to_have_text("hand-1.json")

    # Judged by name: every record names Ada, so each seat follows the name.
    page.select_option("#insights-player", "Ada")
    seats = page.locator("#insights-records select.record-seat")
    for i in range(3):
        expect(seats.nth(i)).to_be_disabled()
        expect(seats.nth(i)).to_have_value("0")
    with page.expect_response(
        lambda response: response.url.endswith("/v1/insights"), timeout=INSIGHTS_TIMEOUT_MS
    ) as answered:
        page.click("#insights-run")
        assert wait_for(page, "insights", "ready") == "ready", page.inner_text("#insights-status")
    response = answered.value
    assert response.status == 200
    answer = response.json()
    body: dict[str, Any] = response.request.post_data_json or {}
    assert body["player"] == "Ada"
    assert [set(hand) for hand in body["hands"]] == [{"record"}] * 3
    assert [hand["record"]["meta"].get("date") for hand in body["hands"]] == [
        "2026-10-01",
        "2026-10-31",
        None,
    ]
    # The same body answers the same figures, and the page shows every one of them.
    again = page.request.post(f"{base_url}/v1/insights", data=body)
    assert again.ok
    assert again.json() == answer
    assert answer["hands"] == 3
    assert answer["player"] == "Ada"
    assert [hand["seat"] for hand in answer["per_hand"]] == [0, 0, 0]
    assert answer["level"] is not None, answer["level_note"]
    report = page.locator("#insights-report")
    expect(report.locator("h3").first).to_have_text("Insights: Ada")
    figures = expected_figures(answer)
    shown = {
        str(key): str(text)
        for key, text in report.locator("[data-figure]").evaluate_all(
            "(items) => items.map((item) => [item.dataset.figure, item.textContent])"
        )
    }
    assert shown == figures
    expect(report.locator(".category-table tbody tr")).to_have_count(
        len(answer["loss_by_category"])
    )
    expect(report.locator(".trend-table tbody tr")).to_have_count(2)
    expect(report.locator(".level-table meter")).to_have_count(5)
    assert answer["problems"] == []
    expect(report.locator(".insight-problems")).to_have_count(0)
    shoot(page, "insights-report")

    # Practice from the same hands: one drill answered right, the next wrong, with the why.
    with page.expect_response(
        lambda response: response.url.endswith("/v1/drills"), timeout=INSIGHTS_TIMEOUT_MS
    ) as drilled:
        page.click("#practice-start")
        assert wait_for(page, "practice", "ready", "empty") == "ready", page.inner_text(
            "#practice-status"
        )
    assert drilled.value.request.post_data_json == body
    drills = drilled.value.json()["drills"]
    assert len(drills) >= 2, drilled.value.json()
    score = page.locator("#practice-score")
    result = page.locator("#practice-result")
    expect(score).to_have_text("Right answers: 0 of 0")
    expect(page.locator("#practice-drill h4")).to_have_text(f"Drill 1 of {len(drills)}")
    first = drills[0]
    check_drill_board(page, first)
    expect(page.locator("#practice-next")).to_be_hidden()
    move_button(page, first["best"]).click()
    expect(result).to_have_attribute("data-verdict", "right")
    expect(result.locator(".verdict")).to_have_text("Right! That is the best play.")
    expect(result.locator(".drill-why")).to_have_text(first["why"]["text"])
    expect(score).to_have_text("Right answers: 1 of 1")
    expect(page.locator("#practice-drill button.practice-move:not([disabled])")).to_have_count(0)

    page.click("#practice-next")
    second = drills[1]
    expect(page.locator("#practice-drill h4")).to_have_text(f"Drill 2 of {len(drills)}")
    expect(result).not_to_have_attribute("data-verdict", "right")
    check_drill_board(page, second)
    wrong = next(move for move in second["legal"] if not same_move(move, second["best"]))
    move_button(page, wrong).click()
    expect(result).to_have_attribute("data-verdict", "wrong")
    expect(result.locator(".verdict")).to_contain_text("Wrong: the best play is ")
    expect(result.locator(".drill-best")).to_contain_text("Best: ")
    expect(result.locator(".drill-played")).to_contain_text("Played in the game: ")
    expect(result.locator(".drill-why")).to_have_text(second["why"]["text"])
    breakdown = result.locator(".drill-breakdown tbody td")
    expect(breakdown).to_have_count(len(second["why"]["breakdown"]))
    for key, value in second["why"]["breakdown"].items():
        sign = "+" if value >= 0 else ""
        expect(result.locator(f'.drill-breakdown td[data-category="{key}"]')).to_have_text(
            f"{sign}{fixed(value, 2)}"
        )
    expect(result.locator(".drill-risk")).to_contain_text("Chance that the next player can sweep")
    expect(move_button(page, second["best"])).to_have_class("choice practice-move is-best")
    expect(score).to_have_text("Right answers: 1 of 2")
    shoot(page, "practice-wrong")

    # No drills: said in words.
    def no_drills(route: Any) -> None:
        fetched = route.fetch()
        emptied = {**fetched.json(), "drills": [], "candidates": 0}
        route.fulfill(response=fetched, json=emptied)

    page.route("**/v1/drills", no_drills)
    page.click("#practice-start")
    assert wait_for(page, "practice", "ready", "empty") == "empty"
    expect(page.locator("#practice-status")).to_contain_text("No drills:")
    expect(page.locator("#practice-drill button")).to_have_count(0)
    page.unroute("**/v1/drills")

    # In Italian: the view's words change, its figures stay.
    page.select_option("#language", "it")
    expect(page.locator("#insights-title")).not_to_have_text("Player insights")
    expect(report.locator("h3").first).not_to_have_text("Insights: Ada")
    assert report.locator('[data-figure="accuracy"]').text_content() == figures["accuracy"]
    page.set_viewport_size(PHONE)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shoot(page, "insights-phone")
    assert console_errors == [], console_errors


def test_a_hand_played_at_the_table_is_kept_for_the_insights(
    page: Page,  # noqa: F811
    base_url: str,  # noqa: F811
) -> None:
    start_match(page, base_url, "scopa", 2, seed=11, level="beginner")
    play_to_score(page)
    assert wait_for_review(page) == "ready"
    page.click("#to-insights")
    expect(page.locator("#insights-records .insights-count")).to_have_text(
        "Hand records held: 1; included: 1."
    )
    expect(page.locator("#insights-records .record-name")).to_have_text("Hand 1 at the table")
    seat = page.locator("#insights-records select.record-seat")
    expect(seat).to_be_enabled()
    expect(seat).to_have_value("0")
    expect(seat.locator("option").first).to_have_text("Seat 1: You")
    with page.expect_response(
        lambda response: response.url.endswith("/v1/insights"), timeout=INSIGHTS_TIMEOUT_MS
    ) as answered:
        page.click("#insights-run")
        assert wait_for(page, "insights", "ready") == "ready", page.inner_text("#insights-status")
    body: dict[str, Any] = answered.value.request.post_data_json or {}
    assert "player" not in body
    assert [hand["seat"] for hand in body["hands"]] == [0]
    answer = answered.value.json()
    assert answer["hands"] == 1
    assert answer["decisions"] == answer["per_hand"][0]["decisions"] > 0
    report = page.locator("#insights-report")
    expect(report.locator("h3").first).to_have_text("Insights: the seat chosen in each record")
    expect(report.locator('[data-figure="accuracy"]')).to_have_text(fixed(answer["accuracy"], 1))
    # Back at the table, the hand's score is still there.
    page.click("#to-table")
    expect(page.locator("#insights")).to_be_hidden()
    expect(page.locator("#score")).to_be_visible()
    expect(page.locator("#review")).to_be_visible()
