"""The words of the API's messages: counted nouns agree with their numbers, and every number
after a noun of the game (hand, deal, move, seat, side) says what it counts, as docs/api.md's
problems section has it: a seat or side by its number in the API (from 0), a deal by its number
(from 1), an ordinal in words as people count (from 1, the field path beside it when one is
meant); a field path (``hands[3]``) counts from 0."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from babel.messages.pofile import read_po
from flask.testing import FlaskClient

from scripts.translations import template
from service.engine.errors import InvalidStateError
from service.engine.history import rebuild
from service.engine.presets import make_rules
from service.engine.state import Play, apply, deal, legal_moves
from service.i18n.catalogues import catalogue_path
from service.i18n.languages import LANGUAGES, MESSAGES, SOURCE
from tests.api.problem_asserts import assert_problem
from tests.api.test_ledger import EVEN, hand_of
from tests.api.test_score import finished, piles_of
from tests.api.test_tallies import tallies_json
from tests.engine.tally_helpers import hands

# What a number after a noun of the game stands for.
SEAT = "a seat as the API numbers it, from 0"
SIDE = "a side as the API numbers it, from 0"
DEAL = "a deal as the API numbers it, from 1"
ORDINAL = "an ordinal in words, from 1"
CODE = "a card or move code, not a number"
COUNT = "a count of cards"

# Every template that puts a parameter right after a noun of the game, and what each such
# parameter is. A new one fails test_every_numbered_noun_says_what_it_counts until it is
# listed here (and an ordinal until a request below shows it counting from 1).
NUMBERED: dict[str, dict[str, str]] = {
    "{path} ({move} by seat {seat}) cannot be played: {reason}": {"seat": SEAT},
    "seat {seat} is listed twice": {"seat": SEAT},
    "the match was already over after hand {number} (hands[{index}])": {"number": ORDINAL},
    "the deal passes to seat {seat} after seat {dealer}": {"seat": SEAT, "dealer": SEAT},
    "seat {seat} already declared in deal {deal}: declarations[{earlier}]": {
        "seat": SEAT,
        "deal": DEAL,
    },
    "deal {deal}; a card is dealt once a hand": {"deal": DEAL},
    "illegal move {move}: {reason}": {"move": CODE},
    "move {move} is seat {seat}'s": {"move": ORDINAL, "seat": SEAT},
    "seat {seat} acts next in the declaration round": {"seat": SEAT},
    "seat {seat} must first declare or decline: the round is open": {"seat": SEAT},
    "seat {seat} showed {shown} in deal {deal}: {card} was not in its hand": {
        "seat": SEAT,
        "deal": DEAL,
    },
    "{count} card, but the first deal gives each seat {first}": {"first": COUNT},
    "{count} cards, but the first deal gives each seat {first}": {"first": COUNT},
    "seat {seat} is not to move: seat {to_move} is": {"seat": SEAT, "to_move": SEAT},
    "seat {seat} does not hold that card": {"seat": SEAT},
    "seat {seat} must first declare or decline: no card is played before the declaration "
    "round after the deal is over": {"seat": SEAT},
    "{cards} also taken by side {other}": {"other": SIDE},
    "{card} is also in side {other}'s prime": {"other": SIDE},
    "{card} is in {place}, but seat {seat} showed it in deal {deal}": {"seat": SEAT, "deal": DEAL},
    "seat {seat} has not yet acted in the declaration round (seat {to_move} is to act)": {
        "seat": SEAT,
        "to_move": SEAT,
    },
    "after {plays} of this deal seat {seat} is to move, not {to_move}": {"seat": SEAT},
}
NOUN = r"(?:hand|deal|move|play|round|decision|turn|seat|side|player|game|match)s?"
NUMBERED_NOUN = re.compile(rf"\b{NOUN} \{{(\w+)\}}", re.IGNORECASE)
# The ordinals in words that the tests below show counting from 1.
SHOWN_FROM_ONE = {
    "the match was already over after hand {number} (hands[{index}])",
    "move {move} is seat {seat}'s",
}
# A plural hedged in brackets or with a slash: "problem(s)", Italian "problema/i".
HEDGED_PLURAL = re.compile(r"\w\(\w{1,2}\)|\w/\w{1,2}\b")


def english_texts() -> Iterator[str]:
    """Every text of the API's messages as the code has it, both forms of a plural."""
    for message in template(MESSAGES):
        if message.id:
            yield from (message.id,) if isinstance(message.id, str) else message.id


def translated_texts() -> Iterator[tuple[str, str]]:
    """Every translation of the API's messages, with its language."""
    for language in LANGUAGES:
        if language.code == SOURCE or MESSAGES not in language.domains:
            continue
        with catalogue_path(language.code, MESSAGES, ".po").open("rb") as stream:
            catalog = read_po(stream, locale=language.code, domain=MESSAGES)
        for message in catalog:
            strings = message.string if message.pluralizable else (message.string,)
            yield from ((language.code, text) for text in strings if text)


def test_no_message_hedges_a_plural() -> None:
    hedged = [text for text in english_texts() if HEDGED_PLURAL.search(text)]
    assert hedged == [], "count with Plural(singular, plural, count): gettext picks the form"
    hedged += [f"{lang}: {text}" for lang, text in translated_texts() if HEDGED_PLURAL.search(text)]
    assert hedged == [], "give the catalogue's plural forms (msgstr[0], msgstr[1])"


def test_every_numbered_noun_says_what_it_counts() -> None:
    found: dict[str, set[str]] = {}
    for text in english_texts():
        for match in NUMBERED_NOUN.finditer(text):
            found.setdefault(text, set()).add(match.group(1))
    unknown = {text: names for text, names in found.items() if set(NUMBERED.get(text, {})) < names}
    assert unknown == {}, (
        "a number after a noun of the game: a field path counts from 0 (hands[{index}]), a "
        "seat or side is its API number, an ordinal in words counts from 1; list it in NUMBERED"
    )
    # No entry outlives its text or names a parameter the text does not put after a noun.
    assert {text: set(names) for text, names in NUMBERED.items()} == found
    ordinals = {text for text, names in NUMBERED.items() if ORDINAL in names.values()}
    assert ordinals == SHOWN_FROM_ONE, "show a new ordinal counting from 1 in a test here"


def problem_reasons(body: dict[str, Any]) -> list[str]:
    """Every message of a problem by field, in order."""
    return [reason for reasons in body["errors"].values() for reason in reasons]


def test_a_hand_in_words_counts_from_one(client: FlaskClient) -> None:
    even = hand_of("scopa", EVEN)
    # The first hand ends the match: the second and third came after it.
    body = {"rules": "scopa", "scores": [10, 0], "hands": [even, even, even]}
    problem = assert_problem(client.post("/v1/match", json=body), 422)
    assert problem["errors"] == {"hands[1]": ["the match was already over after hand 1 (hands[0])"]}


def test_a_move_in_words_counts_from_one() -> None:
    state = deal(make_rules("scopa"), 5)
    first = legal_moves(state)[0]
    after, _ = apply(state, first)
    wrong_seat = 1 - state.to_move
    with pytest.raises(InvalidStateError) as raised:
        rebuild(
            state.rules,
            state.dealer,
            (Play(wrong_seat, first),),
            table_now=after.table,
            hand=0,
            last=False,
        )
    reasons = {p.field: p.reason for p in raised.value.problems}
    assert reasons["history[0].seat"] == f"move 1 is seat {state.to_move}'s"


def test_seats_and_deals_are_the_numbers_the_request_gave(client: FlaskClient) -> None:
    even = hand_of("scopa", EVEN)
    body = {
        "rules": "scopa",
        "target": 100,
        "hands": [{**even, "dealer": 1}, {**even, "dealer": 1}],
    }
    problem = assert_problem(client.post("/v1/match", json=body), 422)
    # Seat 1 dealt the first hand, so seat 0 deals the second: the seats of `dealer`.
    assert problem_reasons(problem) == ["the deal passes to seat 0 after seat 1"]
    declared = [
        {"seat": 1, "deal": 1, "cards": ["1D", "1C", "2S"]},
        {"seat": 1, "deal": 1, "cards": ["3D", "3C", "3S"]},
    ]
    request = {"rules": "bazzica", "piles": piles_of(finished()), "declarations": declared}
    problem = assert_problem(client.post("/v1/score", json=request), 422)
    assert "seat 1 already declared in deal 1: declarations[0]" in problem_reasons(problem)


def test_a_side_is_the_number_of_its_tally(client: FlaskClient) -> None:
    hand = next(hands(make_rules("scopa"), 1, seed=2))
    mine, theirs = tallies_json(hand)
    shared = mine["prime"][0]
    theirs["prime"] = [shared, *[c for c in theirs["prime"] if c[-1] != shared[-1]]]
    body = {"rules": "scopa", "tallies": [mine, theirs]}
    problem = assert_problem(client.post("/v1/score", json=body), 422)
    assert f"{shared} is also in side 0's prime" in problem["errors"]["tallies[1].prime"]


def test_a_count_agrees_with_its_noun(client: FlaskClient) -> None:
    one = {"rules": "scopa", "hand": ["7D"], "table": ["7D"]}
    body = assert_problem(client.post("/v1/moves", json=one), 422)
    assert body["detail"] == "1 problem: table[0]: 7D is also in hand[0]"
    two = {"rules": "scopa", "hand": ["7D", "7D"], "table": ["7D"]}
    body = assert_problem(client.post("/v1/moves", json=two), 422)
    assert body["detail"].startswith("2 problems: hand[1]: ")
