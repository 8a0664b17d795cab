"""The scorekeeper mode of the play page in headless Chromium: hands of 2-player scopa entered
as tallies and added up by POST /v1/match (the totals shown are the API's), a miscount's reasons
shown next to the inputs they name, a match played to its winner, the ledger downloaded and
loaded back, a Bazzica hand with a declaration (its points as the API's, a bad one's reason by
its row), and the panel in Italian. Fixtures and helpers are the play page's
(tests/web/test_e2e.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from tests.web.test_e2e import (  # noqa: F401 (fixtures)
    PHONE,
    base_url,
    browser,
    page,
    playwright,
    shoot,
    wait_for_phase,
)

Tally = dict[str, Any]
Hand = dict[str, Any]

# Two hands of 2-player scopa as counted at the table: every card, coin and prime accounted for.
FIRST: Hand = {
    "dealer": 0,
    "tallies": [
        {
            "cards": 23,
            "coins": 6,
            "settebello": True,
            "prime": ["7D", "7C", "6S", "1B"],
            "scope": 2,
        },
        {
            "cards": 17,
            "coins": 4,
            "settebello": False,
            "prime": ["6D", "6C", "7S", "7B"],
            "scope": 1,
        },
    ],
}
SECOND: Hand = {
    "dealer": 1,
    "tallies": [
        {
            "cards": 18,
            "coins": 3,
            "settebello": False,
            "prime": ["6D", "7C", "7S", "5B"],
            "scope": 0,
        },
        {
            "cards": 22,
            "coins": 7,
            "settebello": True,
            "prime": ["7D", "6C", "6S", "7B"],
            "scope": 3,
        },
    ],
}
# More coins than cards for the first player, and sums that miss the pack's 40 cards.
MISCOUNT: list[Tally] = [
    {"cards": 5, "coins": 7, "settebello": True, "prime": ["7D", "7C", "6S", "1B"], "scope": 0},
    {"cards": 17, "coins": 4, "settebello": False, "prime": ["6D", "6C", "7S", "7B"], "scope": 0},
]
# The first player takes everything that scores, with four scope: a hand worth 8 points.
SWEEP: list[Tally] = [
    {"cards": 30, "coins": 8, "settebello": True, "prime": ["7D", "7C", "7S", "7B"], "scope": 4},
    {"cards": 10, "coins": 2, "settebello": False, "prime": ["6D", "6C", "6S", "6B"], "scope": 0},
]
# Bazzica: the first player shows ace, 2 and 3 (a total of 6) after the first deal; a 9, a
# jack and a king are no declaration (their total is over 9, the faces counting 10).
DECLARED: Hand = {"seat": 0, "deal": 1, "cards": ["1C", "2S", "3B"]}
NOT_DECLARED: Hand = {"seat": 1, "deal": 2, "cards": ["9C", "8S", "10B"]}
MAX_HANDS = 10
SETTLED = ("ready", "rejected", "error")


def wait_for_keeper(tab: Page, *statuses: str) -> str:
    """Wait until the scorekeeper settles in one of the statuses (any settled one when none is
    named); a problem it shows instead fails."""
    wanted = list(statuses or SETTLED)
    seen = tab.wait_for_function(
        """(wanted) => {
          const status = document.getElementById('scorekeeper').dataset.status;
          return wanted.includes(status) || status === 'error' ? status : false;
        }""",
        arg=wanted,
    ).json_value()
    if seen not in wanted:
        raise AssertionError(f"the scorekeeper shows a problem: {tab.inner_text('#sk-problem')}")
    return str(seen)


def open_scorekeeper(tab: Page, base_url: str, query: str = "") -> None:  # noqa: F811
    tab.goto(f"{base_url}/play{query}#scorekeeper")
    wait_for_keeper(tab, "ready")


def cell(side: int, field: str) -> str:
    """The selector of a side's input cell of the hand being entered."""
    return f'#sk-fields td[data-path="tallies[{side}].{field}"]'


def fill_tally(tab: Page, side: int, tally: Tally) -> None:
    """Enter one side's tally into the form, whatever input each field has."""
    for field, value in tally.items():
        where = cell(side, field)
        if isinstance(value, bool):
            tab.locator(f"{where} input").set_checked(value)
        elif isinstance(value, list):
            for code in value:
                tab.select_option(f'{where} select[data-suit="{code[-1]}"]', code)
        elif tab.locator(f"{where} select").count():
            tab.select_option(f"{where} select", str(value))
        else:
            tab.fill(f"{where} input", str(value))


def enter_hand(tab: Page, tallies: list[Tally]) -> str:
    """Enter a hand and press Add: the status it settles in."""
    for side, tally in enumerate(tallies):
        fill_tally(tab, side, tally)
    tab.click("#sk-add")
    return wait_for_keeper(tab)


def ledger_rows(tab: Page) -> int:
    return tab.locator("#sk-ledger tr[data-hand]").count()


def shown_numbers(tab: Page, hand: int, kind: str) -> list[int]:
    """A ledger row's numbers for each side: its hand points or its running totals."""
    cells = tab.locator(f'#sk-ledger tr[data-hand="{hand}"] td.{kind}')
    if kind == "hand-points":
        return [int(cells.nth(i).locator("strong").inner_text()) for i in range(cells.count())]
    return [int(cells.nth(i).inner_text()) for i in range(cells.count())]


def declaration_row(row: int) -> str:
    """The selector of a row of the hand's declarations."""
    return f'#sk-fields .declaration-row[data-path="declarations[{row}]"]'


def fill_declaration(tab: Page, row: int, declaration: Hand) -> None:
    """Choose a declaration's seat, deal and cards in a row of the form."""
    where = declaration_row(row)
    tab.select_option(f'{where} [data-part="seat"] select', str(declaration["seat"]))
    tab.select_option(f'{where} [data-part="deal"] select', str(declaration["deal"]))
    cards = tab.locator(f'{where} [data-part="cards"] select')
    for index, code in enumerate(declaration["cards"]):
        cards.nth(index).select_option(code)


def api_match(
    tab: Page,
    base_url: str,  # noqa: F811
    hands: list[Hand],
    rules: str = "scopa",
) -> dict[str, Any]:
    """What POST /v1/match answers for a ledger of 2-player scopa (or other rules)."""
    answer = tab.request.post(f"{base_url}/v1/match", data={"rules": rules, "hands": hands})
    assert answer.status == 200, answer.text()
    body: dict[str, Any] = answer.json()
    return body


def test_hands_are_added_up_as_the_api_does_and_a_miscount_is_refused(
    page: Page,  # noqa: F811
    base_url: str,  # noqa: F811
    tmp_path: Path,
) -> None:
    # The mode is a link away from the table, and back.
    page.goto(f"{base_url}/play")
    wait_for_phase(page, "setup")
    expect(page.locator("#scorekeeper")).to_be_hidden()
    page.click("#to-scorekeeper")
    wait_for_keeper(page, "ready")
    expect(page.locator("#setup")).to_be_hidden()
    expect(page.locator("#sk-preset")).to_have_value("scopa")
    expect(page.locator("#sk-players")).to_have_value("2")
    expect(page.locator("#sk-target")).to_have_attribute("placeholder", "11")
    expect(page.locator("#sk-ledger")).to_contain_text("No hands yet")
    page.click("#to-table")
    expect(page.locator("#setup")).to_be_visible()
    expect(page.locator("#scorekeeper")).to_be_hidden()
    page.click("#to-scorekeeper")
    expect(page.locator("#scorekeeper")).to_be_visible()

    # Two hands, added up as POST /v1/match adds them up.
    assert enter_hand(page, FIRST["tallies"]) == "ready"
    expect(page.locator("#sk-dealer")).to_have_value("1")
    assert enter_hand(page, SECOND["tallies"]) == "ready"
    expected = api_match(page, base_url, [FIRST, SECOND])
    assert ledger_rows(page) == 2
    for index, hand in enumerate(expected["hands"]):
        assert shown_numbers(page, index, "hand-points") == hand["totals"]
        assert shown_numbers(page, index, "running-total") == hand["scores"]
    scores = expected["match"]["scores"]
    expect(page.locator("#sk-match")).to_contain_text(
        f"Match to 11: Player 1 {scores[0]}, Player 2 {scores[1]}."
    )
    expect(page.locator("#sk-match")).to_contain_text(
        f"Next to deal: Seat {expected['next_dealer'] + 1}."
    )
    expect(page.locator("#sk-preset")).to_be_disabled()
    shoot(page, "scorekeeper-two-hands")

    # The last hand taken off comes back into the form, and is added again.
    page.click('#sk-ledger tr[data-hand="1"] button.remove-hand')
    wait_for_keeper(page, "ready")
    assert ledger_rows(page) == 1
    expect(page.locator(f"{cell(1, 'scope')} input")).to_have_value("3")
    expect(page.locator("#sk-dealer")).to_have_value("1")
    page.click("#sk-add")
    wait_for_keeper(page, "ready")
    assert ledger_rows(page) == 2

    # A miscount: refused with the service's reasons, each next to what it names.
    third = {"dealer": expected["next_dealer"], "tallies": MISCOUNT}
    refused = page.request.post(
        f"{base_url}/v1/match", data={"rules": "scopa", "hands": [FIRST, SECOND, third]}
    )
    assert refused.status == 422
    errors: dict[str, list[str]] = refused.json()["errors"]
    assert "hands[2].tallies[0].coins" in errors, errors
    assert enter_hand(page, MISCOUNT) == "rejected"
    assert ledger_rows(page) == 2
    for path, reasons in errors.items():
        place = path.removeprefix("hands[2].")
        shown = page.locator(f'#sk-hand [data-path="{place}"] > .field-error')
        for reason in reasons:
            expect(shown.filter(has_text=reason)).to_have_count(1)
    expect(page.locator(f"{cell(0, 'coins')} input")).to_have_attribute("aria-invalid", "true")
    expect(page.locator(f"{cell(1, 'coins')} .field-error")).to_have_count(0)
    shoot(page, "scorekeeper-miscount")

    # Hands until a side wins: the winner is the API's.
    hands = [FIRST, SECOND]
    for _ in range(MAX_HANDS):
        if page.locator("#sk-match").get_attribute("data-finished") == "true":
            break
        dealer = int(page.locator("#sk-dealer").input_value())
        hands.append({"dealer": dealer, "tallies": SWEEP})
        assert enter_hand(page, SWEEP) == "ready"
    final = api_match(page, base_url, hands)
    assert final["match"]["finished"] is True
    assert final["next_dealer"] is None
    winner = final["match"]["winner"]
    expect(page.locator("#sk-match .match-winner")).to_have_text(
        f"The match is over: Player {winner + 1} wins (first to 11 points)."
    )
    assert ledger_rows(page) == len(hands)
    assert shown_numbers(page, len(hands) - 1, "running-total") == final["match"]["scores"]
    expect(page.locator("#sk-hand")).to_be_hidden()

    # The ledger downloaded: the request and the last answer.
    with page.expect_download() as download:
        page.click("#sk-download")
    saved = tmp_path / "ledger.json"
    download.value.save_as(saved)
    ledger = json.loads(saved.read_text())
    assert ledger["format"] == "scopa-scorekeeper-ledger"
    assert ledger["request"]["rules"] == "scopa"
    assert "target" not in ledger["request"]
    assert [hand["dealer"] for hand in ledger["request"]["hands"]] == [
        hand["dealer"] for hand in hands
    ]
    assert ledger["answer"] == final
    assert api_match(page, base_url, ledger["request"]["hands"]) == final

    # A new ledger, then the file loaded back.
    page.click("#sk-new")
    wait_for_keeper(page, "ready")
    assert ledger_rows(page) == 0
    expect(page.locator("#sk-preset")).to_be_enabled()
    page.set_input_files("#sk-file", str(saved))
    wait_for_keeper(page, "ready")
    assert ledger_rows(page) == len(hands)
    expect(page.locator("#sk-match .match-winner")).to_be_visible()
    page.set_viewport_size({"width": PHONE["width"], "height": PHONE["height"]})
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shoot(page, "scorekeeper-won-phone")


def test_the_ledger_is_kept_for_the_next_visit_and_a_bad_file_is_named(
    page: Page,  # noqa: F811
    base_url: str,  # noqa: F811
    tmp_path: Path,
) -> None:
    open_scorekeeper(page, base_url)
    assert enter_hand(page, FIRST["tallies"]) == "ready"
    page.reload()
    wait_for_keeper(page, "ready")
    assert ledger_rows(page) == 1
    expected = api_match(page, base_url, [FIRST])
    assert shown_numbers(page, 0, "running-total") == expected["match"]["scores"]
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    page.set_input_files("#sk-file", str(broken))
    assert wait_for_keeper(page, "error") == "error"
    expect(page.locator("#sk-problem")).to_contain_text("broken.json is not JSON")
    assert ledger_rows(page) == 1


def test_a_bazzica_hand_scores_its_declaration_and_a_bad_one_is_refused_by_its_row(
    page: Page,  # noqa: F811
    base_url: str,  # noqa: F811
) -> None:
    open_scorekeeper(page, base_url)
    # Scopa has no declarations: the form has no place for them.
    expect(page.locator('#sk-fields [data-field="declarations"]')).to_have_count(0)
    page.select_option("#sk-preset", "bazzica")
    wait_for_keeper(page, "ready")
    section = page.locator('#sk-fields [data-field="declarations"]')
    expect(section).to_be_visible()
    expect(section.locator("legend")).to_have_text("Declarations")
    expect(page.locator("#sk-fields .declaration-row")).to_have_count(0)
    form = page.request.get(f"{base_url}/v1/rules/tally", params={"rules": "bazzica"}).json()
    assert "declarations" in form["hand"]
    deals = [str(i + 1) for i, size in enumerate(form["rules"]["deal_sizes"]) if size == 3]

    # A bad declaration: the service's reason by its row, and no hand added.
    tallies = FIRST["tallies"]
    refused = page.request.post(
        f"{base_url}/v1/match",
        data={
            "rules": "bazzica",
            "hands": [{"dealer": 0, "tallies": tallies, "declarations": [NOT_DECLARED]}],
        },
    )
    assert refused.status == 422
    errors: dict[str, list[str]] = refused.json()["errors"]
    assert list(errors) == ["hands[0].declarations[0].cards"], errors
    page.click("#sk-fields .add-declaration")
    row = page.locator(declaration_row(0))
    expect(row.locator('[data-part="seat"] option')).to_have_text(["Seat 1", "Seat 2"])
    expect(row.locator('[data-part="deal"] option')).to_have_text(deals)
    fill_declaration(page, 0, NOT_DECLARED)
    assert enter_hand(page, tallies) == "rejected"
    assert ledger_rows(page) == 0
    expect(page.locator("#sk-hand-title")).to_have_text("Hand 1")
    cards = page.locator(f'{declaration_row(0)} [data-path="declarations[0].cards"]')
    for reason in errors["hands[0].declarations[0].cards"]:
        expect(cards.locator(":scope > .field-error")).to_have_text(reason)
    expect(cards.locator("select").first).to_have_attribute("aria-invalid", "true")
    expect(page.locator(f'{declaration_row(0)} [data-part="seat"] .field-error')).to_have_count(0)
    expect(page.locator("#sk-problem")).not_to_contain_text("declarations")
    shoot(page, "scorekeeper-bad-declaration")

    # The right declaration in a new row (the same deal, the next seat, to begin with), the bad
    # one removed: the rows are numbered again, and the hand scores the declaration.
    page.click("#sk-fields .add-declaration")
    expect(page.locator(f'{declaration_row(1)} [data-part="seat"] select')).to_have_value("0")
    expect(page.locator(f'{declaration_row(1)} [data-part="deal"] select')).to_have_value("2")
    fill_declaration(page, 1, DECLARED)
    page.click(f"{declaration_row(0)} .remove-declaration")
    expect(page.locator("#sk-fields .declaration-row")).to_have_count(1)
    expect(page.locator(f'{declaration_row(0)} [data-part="cards"] select').first).to_have_value(
        "1C"
    )
    page.click("#sk-add")
    assert wait_for_keeper(page) == "ready"
    hand = {"dealer": 0, "tallies": tallies, "declarations": [DECLARED]}
    expected = api_match(page, base_url, [hand], "bazzica")
    scored = expected["hands"][0]
    points = scored["sides"][0]["points"]["declarations"]
    assert points == 3, scored["sides"][0]
    without = api_match(page, base_url, [{"dealer": 0, "tallies": tallies}], "bazzica")
    assert scored["totals"][0] == without["hands"][0]["totals"][0] + points
    assert ledger_rows(page) == 1
    assert shown_numbers(page, 0, "hand-points") == scored["totals"]
    assert shown_numbers(page, 0, "running-total") == expected["match"]["scores"]
    first = page.locator('#sk-ledger tr[data-hand="0"] td.hand-points[data-side="0"]')
    expect(first).to_contain_text(f"declarations {points}")
    expect(page.locator("#sk-fields .declaration-row")).to_have_count(0)
    shoot(page, "scorekeeper-declaration")

    # The hand taken off comes back with its declaration, and is added again.
    page.click('#sk-ledger tr[data-hand="0"] button.remove-hand')
    wait_for_keeper(page, "ready")
    assert ledger_rows(page) == 0
    expect(page.locator("#sk-fields .declaration-row")).to_have_count(1)
    shown = page.locator(f'{declaration_row(0)} [data-part="cards"] select')
    for index, code in enumerate(DECLARED["cards"]):
        expect(shown.nth(index)).to_have_value(code)
    page.click("#sk-add")
    assert wait_for_keeper(page) == "ready"
    assert shown_numbers(page, 0, "hand-points") == scored["totals"]
    page.set_viewport_size({"width": PHONE["width"], "height": PHONE["height"]})
    page.click("#sk-fields .add-declaration")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shoot(page, "scorekeeper-declaration-phone")


def test_the_scorekeeper_in_italian(page: Page, base_url: str) -> None:  # noqa: F811
    open_scorekeeper(page, base_url, "?lang=it")
    expect(page.locator("#scorekeeper-title")).to_have_text("Segnapunti")
    expect(page.locator("#sk-add")).to_have_text("Aggiungi la mano")
    expect(page.locator("#to-table")).to_have_text("Torna al tavolo")
    expect(page.locator("#sk-fields thead th").nth(1)).to_have_text("Giocatore 1")
    expect(page.locator("#sk-hand-title")).to_have_text("Mano 1")
    # A team game: the sides are teams, each with its seats.
    page.select_option("#sk-preset", "scopone")
    wait_for_keeper(page, "ready")
    expect(page.locator("#sk-fields thead th").nth(1)).to_contain_text("Squadra 1")
    expect(page.locator("#sk-fields thead th").nth(1)).to_contain_text("posti 1, 3")
    assert page.locator("#sk-dealer option").count() == 4
    # A game with declarations: their rows are labelled in Italian too.
    page.select_option("#sk-preset", "bazzica")
    wait_for_keeper(page, "ready")
    page.click("#sk-fields .add-declaration")
    expect(page.locator("#sk-fields .declarations legend")).to_have_text("Dichiarazioni")
    expect(page.locator("#sk-fields .add-declaration")).to_have_text("Aggiungi una dichiarazione")
    expect(page.locator('#sk-fields [data-part="seat"] option').first).to_have_text("Posto 1")
    shoot(page, "scorekeeper-italian")
