"""The play page in other languages, in headless Chromium against gunicorn: the switch, the
Italian names of suits and figures, the page's own texts, the service's words and problems,
and the languages of the games' own packs (Spanish for escoba, French for chkobba)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from flask.testing import FlaskClient
from playwright.sync_api import Browser, Page, expect

from service.api.app import create_app
from tests.web.test_e2e import (
    DESKTOP,
    TIMEOUT_MS,
    base_url,
    browser,
    play_to_score,
    playwright,
    shoot,
    start_match,
    wait_for_phase,
    watch_errors,
)

__all__ = ["base_url", "browser", "playwright"]

ITALIAN_SUITS = ("denari", "coppe", "spade", "bastoni")


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A fresh page with an empty store; JavaScript errors and CSP violations fail the test."""
    context = browser.new_context(viewport=DESKTOP, locale="en-US")
    opened = context.new_page()
    opened.set_default_timeout(TIMEOUT_MS)
    errors = watch_errors(opened)
    yield opened
    context.close()
    assert errors == [], errors


def choose_language(page: Page, code: str) -> None:
    page.select_option("#language", code)
    page.wait_for_function("(code) => document.documentElement.lang === code", arg=code)


def offered(page: Page) -> list[str]:
    return page.eval_on_selector_all("#language option", "options => options.map(o => o.value)")


def test_the_page_switches_to_italian_and_back(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/play")
    wait_for_phase(page, "setup")
    assert offered(page) == ["en", "it"]
    expect(page.locator("#new-match")).to_have_text("New match")
    choose_language(page, "it")
    # The page's own texts.
    expect(page.locator("#new-match")).to_have_text("Nuova partita")
    expect(page.locator("h1")).to_have_text("Tavolo di Scopa")
    expect(page.locator("#setup")).to_have_attribute("aria-label", "Impostazioni della partita")
    assert page.title() == "Gioca a Scopa contro il computer"
    # The service's words: the game's description and the levels'.
    expect(page.locator("#preset-description")).to_have_text(
        "Scopa: 3 carte a smazzata, 4 in tavola"
    )
    expect(page.locator("#opponent-level option:checked")).to_have_text("Circolo")
    expect(page.locator("#level-description")).to_contain_text("adatto a")
    shoot(page, "setup-italian")

    page.select_option("#pace", "0")
    page.click("#new-match")
    wait_for_phase(page, "human")
    expect(page.locator("#turn")).to_have_text("Tocca a te: scegli una carta.")
    labels = page.eval_on_selector_all(
        "#hand .card, #table .card", "cards => cards.map(c => c.getAttribute('aria-label'))"
    )
    assert labels and all(any(suit in label for suit in ITALIAN_SUITS) for label in labels)
    assert all(" of " not in label for label in labels), labels
    # Every card shows its Italian suit; a figure its Italian name.
    names = page.eval_on_selector_all(
        "#hand .card .name, #table .card .name", "spans => spans.map(s => s.textContent.trim())"
    )
    assert all(name.split()[-1] in ITALIAN_SUITS for name in names), names
    figures = [name.split()[0] for name in names if len(name.split()) == 2]
    assert all(figure in ("fante", "cavallo", "re") for figure in figures), names
    expect(page.locator("#hint-button")).to_have_text("Suggerimento")
    page.click("#hint-button")
    wait_for_phase(page, "human")
    expect(page.locator("#hint h3")).to_have_text(
        "Le tue mosse secondo il consigliere (la migliore per prima)"
    )
    shoot(page, "scopa-italian")

    # Back to English mid-hand: the table is drawn again in English.
    choose_language(page, "en")
    expect(page.locator("#turn")).to_have_text("Your turn: choose a card.")
    expect(page.locator("#hint-button")).to_have_text("Hint")
    label = page.locator("#hand .card").first.get_attribute("aria-label") or ""
    assert " of " in label


def test_the_score_and_the_choice_stay_italian_on_the_next_visit(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/play?lang=it")
    wait_for_phase(page, "setup")
    expect(page.locator("#language")).to_have_value("it")
    start_match(page, base_url + "", "scopa", 2, seed=7, target="1")
    # start_match reloads the page: the stored choice keeps it Italian.
    expect(page.locator("#language")).to_have_value("it")
    play_to_score(page)
    score = page.locator("#score")
    expect(score).to_be_visible()
    rows = score.locator("tbody th")
    labels = [rows.nth(i).inner_text() for i in range(rows.count())]
    for label in ("Carte", "Denari", "Settebello", "Primiera", "Scope", "Partita"):
        assert label in labels, labels
    expect(page.locator("#match-result")).to_contain_text("Partita ai 1: Tu ")
    expect(page.locator("#score-title")).to_have_text("La mano 1 è finita")
    expect(page.locator("#next-hand")).to_have_text(re.compile("^(Nuova partita|Mano successiva)$"))
    shoot(page, "score-italian")


def test_a_problem_is_shown_in_italian(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/play?lang=it")
    wait_for_phase(page, "setup")
    # A record that is not one: the service's problem, in Italian.
    page.set_input_files(
        "#record-file",
        files=[{"name": "bad.json", "mimeType": "application/json", "buffer": b'{"rules": 1}'}],
    )
    status = page.locator("#review-status")
    expect(status).to_contain_text("Rigiocando bad.json")
    expect(status).to_contain_text("non")
    expect(status).not_to_contain_text("Unprocessable")


def test_games_with_their_own_pack_offer_its_language(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/play")
    wait_for_phase(page, "setup")
    page.select_option("#preset", "escoba")
    page.wait_for_function("() => document.querySelector('#language option[value=es]') !== null")
    assert offered(page) == ["en", "it", "es"]
    choose_language(page, "es")
    expect(page.locator("#new-match")).to_have_text("Nueva partida")
    page.select_option("#pace", "0")
    page.click("#new-match")
    wait_for_phase(page, "human")
    labels = page.eval_on_selector_all(
        "#hand .card, #table .card", "cards => cards.map(c => c.getAttribute('aria-label'))"
    )
    spanish = ("oros", "copas", "espadas", "bastos")
    assert labels and all(any(suit in label for suit in spanish) for label in labels), labels
    expect(page.locator("#turn")).to_have_text("Te toca: elige una carta.")
    shoot(page, "escoba-spanish")
    # Another game's pack has no Spanish names: the page goes back to the general language.
    page.select_option("#preset", "chkobba")
    page.wait_for_function("() => document.querySelector('#language option[value=fr]') !== null")
    assert page.evaluate("document.documentElement.lang") == "en"
    assert offered(page) == ["en", "it", "fr"]
    choose_language(page, "fr")
    expect(page.locator("#new-match")).to_have_text("Nouvelle partie")
    page.click("#new-match")
    wait_for_phase(page, "human")
    # You cut first: keep the drawn card or lay it, the card named in French.
    choices = page.locator("#specials button.choice").all_inner_texts()
    french = ("carreau", "cœur", "pique", "trèfle")
    assert len(choices) == 2, choices
    assert all(any(suit in choice for suit in french) for choice in choices), choices
    shoot(page, "chkobba-french")


def test_the_page_texts_are_served_for_each_language() -> None:
    client: FlaskClient = create_app({"TESTING": True}).test_client()
    italian = client.get("/play/i18n/it.json")
    assert italian.status_code == 200
    assert italian.headers["Content-Language"] == "it"
    texts = italian.get_json()["texts"]
    assert texts["Hint"] == "Suggerimento"
    assert texts["{count} in hand"] == "{count} in mano"
    assert client.get("/play/i18n/es.json").get_json()["texts"]["Hint"] == "Pista"
    assert client.get("/play/i18n/fr.json").get_json()["texts"]["Hint"] == "Conseil"
    for code in ("en", "xx"):
        other = client.get(f"/play/i18n/{code}.json").get_json()
        assert other == {"language": "en", "texts": {}}
