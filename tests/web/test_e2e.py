"""The play page in headless Chromium against the real app under gunicorn on loopback.

Debian's chromium is driven by Playwright through ``executable_path``: no browser download.
Without a chromium binary these tests skip, except under CI=true, where they fail.
Screenshots are saved to tests/artifacts/.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import (
    Browser,
    ConsoleMessage,
    Page,
    Playwright,
    expect,
    sync_playwright,
)

from scripts.local_gunicorn import running_gunicorn

ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts"
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1100, "height": 900}
TIMEOUT_MS = 20_000
# More than any hand of these presets needs: 18 turns of yours in 2-player scopa.
MAX_TURNS = 60


def chromium_path() -> str | None:
    """Debian's chromium, or one on PATH."""
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    """The app under real gunicorn on a free loopback port."""
    with running_gunicorn(workers=2, threads=2) as port:
        yield f"http://127.0.0.1:{port}"


@pytest.fixture(scope="module")
def playwright() -> Iterator[Playwright]:
    """A Playwright driver; the module is skipped when no chromium is installed (not in CI)."""
    if chromium_path() is None:
        if os.environ.get("CI") == "true":
            pytest.fail("chromium is not installed; .ci/run installs it under CI")
        pytest.skip("chromium is not installed (apt-get install chromium chromium-driver)")
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="module")
def browser(playwright: Playwright) -> Iterator[Browser]:
    """Headless Debian chromium."""
    launched = playwright.chromium.launch(
        executable_path=chromium_path(), headless=True, args=CHROMIUM_FLAGS
    )
    yield launched
    launched.close()


def watch_errors(page: Page) -> list[str]:
    """The page's JavaScript errors and Content-Security-Policy violations, as they come: a
    page that needs anything its policy refuses fails its test."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error" and "Content Security Policy" in message.text:
            errors.append(message.text)

    page.on("console", on_console)
    return errors


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A fresh page in its own context; JavaScript errors and CSP violations fail the test."""
    context = browser.new_context(viewport=DESKTOP)
    opened = context.new_page()
    opened.set_default_timeout(TIMEOUT_MS)
    errors = watch_errors(opened)
    yield opened
    context.close()
    assert errors == [], errors


def shoot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def phase(page: Page) -> str:
    value = page.evaluate("document.body.dataset.phase")
    return str(value)


def wait_for_phase(page: Page, *phases: str) -> str:
    """Wait until the page is in one of the phases (or shows an error, which fails)."""
    wanted = [*phases, "error"]
    page.wait_for_function("(wanted) => wanted.includes(document.body.dataset.phase)", arg=wanted)
    now = phase(page)
    if now == "error":
        raise AssertionError(f"the page shows an error: {page.locator('#error').inner_text()}")
    return now


def start_match(
    page: Page,
    base_url: str,
    preset: str,
    players: int,
    seed: int,
    target: str = "",
    level: str = "club",
) -> None:
    page.goto(f"{base_url}/play?seed={seed}")
    wait_for_phase(page, "setup")
    page.select_option("#preset", preset)
    page.select_option("#target", target)
    if page.locator("#players").is_enabled():
        page.select_option("#players", str(players))
    expect(page.locator("#players")).to_have_value(str(players))
    page.select_option("#opponent-level", level)
    page.select_option("#pace", "0")
    page.click("#new-match")


def play_one_card(page: Page) -> None:
    """Choose the first playable card, then its first capture choice."""
    page.locator("#hand button.card:not([disabled])").first.click()
    page.locator("#choices button.choice").first.click()


def play_to_score(page: Page) -> int:
    """Play the human seat until the hand's score shows; the number of turns played."""
    for turn in range(MAX_TURNS):
        if wait_for_phase(page, "human", "score", "match-over") != "human":
            return turn
        play_one_card(page)
    raise AssertionError("the hand did not end")


def check_score_screen(page: Page, sides: int) -> None:
    score = page.locator("#score")
    expect(score).to_be_visible()
    rows = score.locator("tbody th")
    labels = [rows.nth(i).inner_text() for i in range(rows.count())]
    for label in ("Cards", "Coins", "Settebello", "Prime", "Scope", "Hand total", "Match"):
        assert label in labels
    assert score.locator("thead th").count() == sides + 1
    # The prime is shown with the cards that make it: four per side when complete.
    assert score.locator("tbody tr:has(th:text-is('Prime')) .chip").count() >= sides
    expect(page.locator("#match-result")).to_contain_text("Match to")


def test_landing_page_leads_to_the_table(page: Page, base_url: str) -> None:
    page.set_viewport_size(PHONE)
    page.goto(f"{base_url}/")
    expect(page.get_by_role("link", name="API documentation")).to_have_attribute("href", "/docs")
    page.get_by_role("link", name="Play a match against the advisor").click()
    wait_for_phase(page, "setup")
    presets = page.locator("#preset option")
    assert presets.count() >= 9
    names = [presets.nth(i).get_attribute("value") for i in range(presets.count())]
    assert {"scopa", "scopone_scientifico"} <= set(names)
    page.select_option("#preset", "scopa")
    players = page.locator("#players option")
    assert [players.nth(i).inner_text() for i in range(players.count())][:3] == ["2", "3", "4"]
    shoot(page, "setup-phone")


def test_a_hand_of_two_player_scopa_with_a_hint_and_the_keyboard(page: Page, base_url: str) -> None:
    start_match(page, base_url, "scopa", 2, seed=11)
    assert wait_for_phase(page, "human") == "human"
    hand = page.locator("#hand button.card")
    assert hand.count() == 3
    label = hand.first.get_attribute("aria-label") or ""
    assert " of " in label
    assert page.locator("#table .card").count() == 4
    expect(page.locator(".seat")).to_have_count(1)
    expect(page.locator(".seat .count")).to_have_text("3 in hand")

    page.click("#hint-button")
    wait_for_phase(page, "human")
    hints = page.locator("#hint .hint-moves li")
    expect(hints.first).to_be_visible()
    legal = page.locator("#hand button.card:not([disabled])").count()
    assert hints.count() >= legal
    for i in range(hints.count()):
        value = hints.nth(i).locator(".value").inner_text()
        float(value)
    shoot(page, "scopa-hint")

    # The keyboard alone: focus a card, Enter shows its choices, Space plays the first one.
    card = page.locator("#hand button.card:not([disabled])").first
    card.focus()
    page.keyboard.press("Enter")
    choice = page.locator("#choices button.choice").first
    expect(choice).to_be_focused()
    page.keyboard.press("Escape")
    expect(page.locator("#choices button.choice")).to_have_count(0)
    expect(card).to_be_focused()
    page.keyboard.press("Enter")
    expect(choice).to_be_focused()
    page.keyboard.press("Space")
    expect(page.locator("#my-last .chip").first).to_be_visible()

    turns = play_to_score(page)
    assert turns >= 10
    check_score_screen(page, sides=2)
    expect(page.locator(".seat .last-move .chip").first).to_be_visible()
    shoot(page, "scopa-score")

    page.click("#next-hand")
    wait_for_phase(page, "human", "advisor", "busy")
    expect(page.locator("#score")).to_be_hidden()
    expect(page.locator("#match-line")).to_contain_text("to 11")
    wait_for_phase(page, "human")
    assert page.locator("#hand button.card").count() == 3


def test_a_hand_of_scopone_scientifico_on_a_phone(page: Page, base_url: str) -> None:
    page.set_viewport_size(PHONE)
    start_match(page, base_url, "scopone_scientifico", 4, seed=6, target="1")
    wait_for_phase(page, "human")
    assert page.locator("#hand button.card").count() == 10
    seats = page.locator(".seat h2")
    assert [seats.nth(i).inner_text().split(" ·")[0] for i in range(3)] == [
        "Seat 2 (opponent)",
        "Seat 3 (partner)",
        "Seat 4 (opponent)",
    ]
    expect(page.locator(".side h2")).to_have_text(["Your team", "Their team"])
    shoot(page, "scopone-phone-start")
    page.click("#hint-button")
    expect(page.locator("#hint .hint-moves li").first).to_be_visible()

    turns = play_to_score(page)
    assert turns == 10
    check_score_screen(page, sides=2)
    # A match to one point is over after its first hand.
    assert phase(page) == "match-over"
    expect(page.locator("#match-result")).to_contain_text("The match is over")
    expect(page.locator("#next-hand")).to_have_text("New match")
    # Nothing is wider than the phone's screen.
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"]
    shoot(page, "scopone-phone-score")


def test_a_hand_of_bazzica_declares_in_the_round_after_the_deal(page: Page, base_url: str) -> None:
    # Seed 1 deals you (seat 1 of the page, first after the dealer) 3D 2C 4S: a bazzica.
    start_match(page, base_url, "bazzica", 2, seed=1)
    wait_for_phase(page, "human")
    expect(page.locator("#turn")).to_contain_text("declare")
    specials = page.locator("#specials button.choice")
    expect(specials).to_have_text(["A declaration of 3 of coins, 2 of cups, 4 of swords",
                                   "No declaration this deal"])  # fmt: skip
    # No card is played before the round is over.
    assert page.locator("#hand button.card:not([disabled])").count() == 0
    shoot(page, "bazzica-round")
    specials.first.click()
    expect(page.locator("#my-last")).to_contain_text("declared")
    declared = 1
    for _ in range(MAX_TURNS):
        if wait_for_phase(page, "human", "score", "match-over") != "human":
            break
        offer = page.locator("#specials button.choice", has_text="A declaration")
        if offer.count():
            offer.click()
            declared += 1
        else:
            play_one_card(page)
    else:
        raise AssertionError("the hand did not end")
    check_score_screen(page, sides=2)
    # /v1/score took the declarations made in the hand (no error fell back on /v1/play's).
    expect(page.locator("#error")).to_be_hidden()
    row = page.locator("#score tbody tr:has(th:text-is('declarations'))")
    expect(row).to_have_count(1)
    assert declared >= 1
    shoot(page, "bazzica-score")


def test_an_api_problem_is_shown_in_plain_words(page: Page, base_url: str) -> None:
    problem = (
        '{"type":"urn:scopa:problem:invalid-state","title":"Invalid state","status":422,'
        '"detail":"the state cannot happen","errors":{"state.hands[1]":["holds 9 cards"]}}'
    )
    page.route(
        "**/v1/moves",
        lambda route: route.fulfill(
            status=422, content_type="application/problem+json", body=problem
        ),
    )
    start_match(page, base_url, "scopa", 2, seed=3)
    page.wait_for_function("() => document.body.dataset.phase === 'error'")
    error = page.locator("#error")
    expect(error).to_contain_text("Listing your moves: Invalid state (HTTP 422)")
    expect(error).to_contain_text("the state cannot happen")
    expect(error).to_contain_text("state.hands[1]: holds 9 cards")
    shoot(page, "error")


def test_the_opponents_and_the_partner_play_at_the_levels_picked(page: Page, base_url: str) -> None:
    asked: list[dict[str, object]] = []
    page.on(
        "request",
        lambda request: (
            asked.append(request.post_data_json)
            if request.url.endswith("/v1/bot") and request.method == "POST"
            else None
        ),
    )
    page.goto(f"{base_url}/play?seed=4")
    wait_for_phase(page, "setup")
    levels = page.locator("#opponent-level option")
    assert [levels.nth(i).get_attribute("value") for i in range(levels.count())] == [
        "beginner",
        "casual",
        "club",
        "expert",
        "master",
    ]
    expect(page.locator("#opponent-level")).to_have_value("club")
    expect(page.locator("#level-description")).to_contain_text("Club: ")
    page.select_option("#preset", "scopa")
    page.select_option("#players", "2")
    expect(page.locator("#partner-picker")).to_be_hidden()
    page.select_option("#preset", "scopone")
    expect(page.locator("#partner-picker")).to_be_visible()
    expect(page.locator("#partner-level")).to_have_value("")
    page.select_option("#opponent-level", "beginner")
    expect(page.locator("#level-description")).to_contain_text("Beginner: forgets")
    page.select_option("#partner-level", "expert")
    page.select_option("#target", "1")
    page.select_option("#pace", "0")
    shoot(page, "levels-setup")
    page.click("#new-match")
    play_to_score(page)
    by_seat: dict[int, set[object]] = {}
    for body in asked:
        # The page sends the state and the bot's seat; the service builds the seat's view.
        seat = body["seat"]
        assert isinstance(seat, int)
        assert "view" not in body
        by_seat.setdefault(seat, set()).add(body["level"])
    assert by_seat == {1: {"beginner"}, 2: {"expert"}, 3: {"beginner"}}
    assert len(asked) == 27  # nine cards each for three computer seats


def test_hints_stay_the_advisors_at_its_default_budget(page: Page, base_url: str) -> None:
    advice: list[dict[str, object]] = []
    page.on(
        "request",
        lambda request: (
            advice.append(request.post_data_json) if request.url.endswith("/v1/advice") else None
        ),
    )
    start_match(page, base_url, "scopa", 2, seed=8, level="expert")
    wait_for_phase(page, "human")
    page.click("#hint-button")
    expect(page.locator("#hint .hint-moves li").first).to_be_visible()
    assert len(advice) == 1
    assert "budget" not in advice[0]
    assert "level" not in advice[0]
