"""The fair-play check in headless Chromium: hands of a player who saw the other hand (the
benchmark's clairvoyant table) loaded into the insights view, judged by /v1/fair-play for the
player named in their meta.players, the report's verdicts and figures shown as the answer gives
them, and a flagged decision replayed play by play to the position and its three moves.
Fixtures are the play page's (tests/web/test_e2e.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from service.engine.record import record_of
from service.engine.record_codec import record_to_dict
from tests.benchmarks.fair_play_hands import played_hand
from tests.web.test_e2e import (  # noqa: F401 (fixtures)
    base_url,
    browser,
    page,
    playwright,
    shoot,
    wait_for_phase,
)
from tests.web.test_e2e_insights import wait_for

HANDS = 10
VERDICT_WORDS = {
    "too_few_decisions": "Too few decisions for a verdict",
    "no_evidence": "No evidence",
    "review_recommended": "Review recommended",
    "strong_evidence": "Strong evidence",
}


def seeing_record(seed: int) -> dict[str, Any]:
    """A hand of 2-player scopa where Eve (seat 0) saw the other hand on every decision."""
    state, _ = played_hand("scopa", "clairvoyant:1", seed)
    return record_to_dict(record_of(state, (("players", ("Eve", "Bob")),)))


def p_value(p: float | None) -> str:
    """A p-value as the page writes it."""
    if p is None:
        return "—"
    if p >= 0.001:
        return f"{p:.3f}"
    mantissa, exponent = f"{p:.1e}".split("e")
    return f"{mantissa}e{int(exponent)}"  # JavaScript's toExponential: no leading zero


def test_a_player_who_saw_the_other_hand_is_flagged_and_replayable(
    page: Page,  # noqa: F811
    base_url: str,  # noqa: F811
    tmp_path: Path,
) -> None:
    page.goto(f"{base_url}/play")
    wait_for_phase(page, "setup")
    files = []
    for seed in range(1, HANDS + 1):
        path = tmp_path / f"hand-{seed}.json"
        path.write_text(json.dumps(seeing_record(seed)))
        files.append(str(path))
    page.click("#to-insights")
    page.set_input_files("#insights-files", files)
    expect(page.locator("#insights-records tbody tr")).to_have_count(HANDS)
    page.select_option("#insights-player", "Eve")
    with page.expect_response(
        lambda response: response.url.endswith("/v1/fair-play"), timeout=120_000
    ) as answered:
        page.click("#fairplay-run")
        assert wait_for(page, "fairplay", "ready") == "ready", page.inner_text("#fairplay-status")
    response = answered.value
    assert response.status == 200
    answer = response.json()
    body: dict[str, Any] = response.request.post_data_json or {}
    assert body["player"] == "Eve" and len(body["hands"]) == HANDS
    assert answer["hands"] == HANDS and answer["decisions"] >= 100
    assert answer["verdict"] == "strong_evidence", answer["hidden_information"]
    report = page.locator("#fairplay-report")
    (hidden,) = answer["hidden_information"]
    shown = {
        str(key): str(text)
        for key, text in report.locator("[data-figure]").evaluate_all(
            "(items) => items.map((item) => [item.dataset.figure, item.textContent])"
        )
    }
    assert shown == {
        "fairplay-verdict": VERDICT_WORDS[answer["verdict"]],
        "fairplay-all-decisions": str(hidden["decisions"]),
        "fairplay-all-p": p_value(hidden["adjusted_p_value"]),
        "fairplay-all-verdict": VERDICT_WORDS[hidden["verdict"]],
    }
    expect(report.locator(".fairplay-engine")).to_have_attribute(
        "data-verdict", answer["engine"]["verdict"]
    )
    flagged = hidden["decisions_to_replay"]
    cards = report.locator(".fairplay-decision")
    expect(cards).to_have_count(len(flagged))

    # The first flagged decision replayed: each play of the deal, then the position.
    first, decision = cards.first, flagged[0]
    history = decision["view"]["history"]
    position = first.locator(".fairplay-position")
    if history:
        expect(position).to_be_hidden()
        for _ in history:
            first.locator("button.fairplay-step").click()
        expect(first.locator(".fairplay-steps li")).to_have_count(len(history))
    expect(position).to_be_visible()
    expect(first.locator("button.fairplay-step")).to_be_hidden()
    hand = first.locator(".practice-cards").nth(1).locator(".card")
    assert sorted(hand.evaluate_all("(cards) => cards.map((c) => c.dataset.code)")) == sorted(
        decision["view"]["hand"]
    )
    expect(first.locator(".fairplay-played")).to_contain_text(
        f"{decision['played']['honest_value']:.2f}"
    )
    expect(first.locator(".fairplay-leaked")).to_contain_text(
        f"{decision['leaked_best']['leaked_value']:.2f}"
    )
    shoot(page, "fair-play-report")
