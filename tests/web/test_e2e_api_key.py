"""The play page against a service that needs API keys (SCOPA_API_KEYS_FILE), in headless
Chromium: the page asks for a key, asks again after a wrong one, and with the right one (kept in
sessionStorage, for the tab only) reaches its setup and deals a hand. Fixtures and helpers are
the play page's (tests/web/test_e2e.py); the service here is its own, with a keys file."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from scripts.local_gunicorn import running_gunicorn
from service.api.http.api_keys import digest_of, new_key
from tests.web.test_e2e import (  # noqa: F401 (fixtures)
    browser,
    page,
    playwright,
    shoot,
    start_match,
    wait_for_phase,
)

KEY_STORE = "scopa.api-key"


@pytest.fixture(scope="module")
def api_key() -> str:
    """The one key the service's keys file holds."""
    return new_key()


@pytest.fixture(scope="module")
def base_url(api_key: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app under real gunicorn, with a keys file holding one key."""
    keys_file = tmp_path_factory.mktemp("keys") / "keys.json"
    entry = {
        "name": "web",
        "sha256": digest_of(api_key),
        "requests_per_minute": None,
        "search_ms_per_day": None,
    }
    keys_file.write_text(json.dumps({"keys": [entry]}))
    with running_gunicorn(
        workers=2, threads=2, env={"SCOPA_API_KEYS_FILE": str(keys_file)}
    ) as port:
        yield f"http://127.0.0.1:{port}"


def give_key(tab: Page, key: str) -> None:
    """Type a key in the form and wait for the page to load again with it."""
    tab.fill("#api-key-input", key)
    with tab.expect_navigation():
        tab.click("#api-key-use")


def test_the_page_asks_for_a_key_and_keeps_it_for_the_tab(
    page: Page,  # noqa: F811
    base_url: str,
    api_key: str,
) -> None:
    page.goto(f"{base_url}/play")
    assert wait_for_phase(page, "key") == "key"
    form = page.locator("#api-key")
    expect(form).to_be_visible()
    expect(form).to_contain_text("This server needs an API key")
    expect(page.locator("#api-key-input")).to_have_attribute("type", "password")
    expect(page.locator("#api-key-refused")).to_be_hidden()
    expect(page.locator("#setup")).to_be_hidden()

    give_key(page, "scopa_not-a-key-of-this-service")
    assert wait_for_phase(page, "key") == "key"
    expect(form).to_be_visible()
    expect(page.locator("#api-key-refused")).to_have_text("The service did not accept that key.")
    shoot(page, "api-key")

    give_key(page, api_key)
    assert wait_for_phase(page, "setup") == "setup"
    expect(form).to_be_hidden()
    assert page.evaluate("(name) => window.sessionStorage.getItem(name)", KEY_STORE) == api_key
    assert page.evaluate("(name) => window.localStorage.getItem(name)", KEY_STORE) is None
    assert api_key not in page.evaluate("() => JSON.stringify({ ...window.localStorage })")

    start_match(page, base_url, "scopa", 2, seed=5)
    assert wait_for_phase(page, "human") == "human"
    expect(page.locator("#hand button.card")).to_have_count(3)


def test_the_key_form_is_in_the_page_s_language(page: Page, base_url: str) -> None:  # noqa: F811
    page.goto(f"{base_url}/play?lang=it")
    assert wait_for_phase(page, "key") == "key"
    expect(page.locator("#api-key")).to_contain_text("Questo server richiede una chiave API")
    expect(page.locator("#api-key-use")).to_have_text("Usa questa chiave")
