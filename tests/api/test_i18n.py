"""Languages of the API: negotiation (lang, Accept-Language), Content-Language and Vary, the ETag
per language, problems translated with their parameters, and the names of /v1/names."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from service.api.names.card_names import CATEGORY_NAMES, OUTRIGHT_NAMES
from service.engine.cards import FULL_PACK, codes
from service.engine.presets import PRESETS, make_rules
from service.engine.scoring import categories
from service.i18n.languages import LANGUAGES, NAMES
from tests.api.problem_asserts import assert_problem

NAME_LANGUAGES = [language.code for language in LANGUAGES if NAMES in language.domains]
ILLEGAL = {"rules": "scopa", "hand": ["7D", "5B"], "table": ["3S", "4S"]}


def dealt(client: FlaskClient) -> dict[str, object]:
    """A dealt two-player scopa state (seed 42: seat 1 holds 4D, 10D, 1C)."""
    body = client.post("/v1/deal", json={"rules": "scopa", "seed": 42}).get_json()
    state: dict[str, object] = body["state"]
    return state


# ---- negotiation -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("headers", "query", "expected"),
    [
        ({}, "", "en"),
        ({"Accept-Language": "it"}, "", "it"),
        ({"Accept-Language": "it-IT,it;q=0.9,en;q=0.8"}, "", "it"),
        ({"Accept-Language": "de-DE, fr;q=0.7, it;q=0.5"}, "", "it"),
        ({"Accept-Language": "en;q=0.9, it;q=0.8"}, "", "en"),
        ({"Accept-Language": "de, ja"}, "", "en"),
        ({"Accept-Language": "es"}, "", "en"),
        ({}, "?lang=it", "it"),
        ({}, "?lang=IT-ch", "it"),
        ({"Accept-Language": "it"}, "?lang=en", "en"),
        ({"Accept-Language": "en"}, "?lang=it", "it"),
        ({"Accept-Language": "it"}, "?lang=xx", "en"),
        ({"Accept-Language": "it"}, "?lang=" + "it" * 40, "en"),
        ({"Accept-Language": "it"}, "?lang=", "it"),
    ],
)
def test_rules_in_the_negotiated_language(
    client: FlaskClient, headers: dict[str, str], query: str, expected: str
) -> None:
    response = client.get(f"/v1/rules{query}", headers=headers)
    assert response.status_code == 200
    assert response.headers["Content-Language"] == expected
    assert "Accept-Language" in response.headers.get_all("Vary")[0]
    presets = {p["name"]: p for p in response.get_json()["presets"]}
    options = {o["name"]: o for o in response.get_json()["options"]}
    if expected == "it":
        assert presets["scopa"]["description"] == "Scopa: 3 carte a smazzata, 4 in tavola"
        assert options["players"]["description"] == "numero di giocatori al tavolo"
    else:
        assert presets["scopa"]["description"] == "Scopa: 3 cards a deal, 4 on the table"
        assert options["players"]["description"] == "number of players at the table"


def test_codes_stay_the_same_in_every_language(client: FlaskClient) -> None:
    english = client.get("/v1/rules").get_json()
    italian = client.get("/v1/rules?lang=it").get_json()
    assert [p["name"] for p in italian["presets"]] == [p["name"] for p in english["presets"]]
    assert [p["options"] for p in italian["presets"]] == [p["options"] for p in english["presets"]]
    assert [(o["name"], o["choices"]) for o in italian["options"]] == [
        (o["name"], o["choices"]) for o in english["options"]
    ]
    for en, it in zip(english["presets"], italian["presets"], strict=True):
        assert it["description"] != en["description"], en["name"]


def test_every_description_translated_in_italian(client: FlaskClient) -> None:
    english = client.get("/v1/rules").get_json()
    italian = client.get("/v1/rules", headers={"Accept-Language": "it"}).get_json()
    for en, it in zip(english["options"], italian["options"], strict=True):
        assert en["description"] != it["description"], en["name"]
    levels_en = client.get("/v1/bot").get_json()["levels"]
    levels_it = client.get("/v1/bot?lang=it").get_json()["levels"]
    for en, it in zip(levels_en, levels_it, strict=True):
        assert (it["name"], it["parameters"]) == (en["name"], en["parameters"])
        assert it["description"] != en["description"]
        assert it["suits"] != en["suits"]
    types = client.get("/v1/problems", headers={"Accept-Language": "it"})
    assert types.headers["Content-Language"] == "it"
    titles = {t["type"]: t["title"] for t in types.get_json()["types"]}
    assert titles["urn:scopa:problem:illegal-move"] == "Mossa non lecita"


def test_etag_differs_per_language_and_revalidates_per_language(client: FlaskClient) -> None:
    for path in ("/v1/rules", "/v1/names", "/v1/bot"):
        english = client.get(path)
        italian = client.get(path, headers={"Accept-Language": "it"})
        assert english.headers["ETag"] != italian.headers["ETag"], path
        again = client.get(
            path, headers={"Accept-Language": "it", "If-None-Match": italian.headers["ETag"]}
        )
        assert again.status_code == 304, path
        assert again.headers["ETag"] == italian.headers["ETag"]
        # A 304 keeps Vary (werkzeug drops the representation's Content-Language from it).
        assert "Accept-Language" in again.headers["Vary"]
        # The Italian ETag does not revalidate the English answer.
        other = client.get(path, headers={"If-None-Match": italian.headers["ETag"]})
        assert other.status_code == 200, path
        assert other.headers["ETag"] == english.headers["ETag"]
        assert other.headers["Content-Language"] == "en"


def test_answers_without_words_carry_no_language(client: FlaskClient) -> None:
    response = client.post(
        "/v1/moves", json={"rules": "scopa", "hand": ["7D"], "table": ["3S", "4S"]}, headers={}
    )
    assert response.status_code == 200
    assert "Content-Language" not in response.headers
    assert client.get("/healthz").headers.get("Content-Language") is None


# ---- problems -------------------------------------------------------------------------------


def test_illegal_move_detail_translated_with_its_parameters(client: FlaskClient) -> None:
    body = {"state": dealt(client), "move": {"card": "5S"}}
    english = assert_problem(client.post("/v1/play", json=body), 422)
    response = client.post("/v1/play?lang=it", json=body)
    italian = assert_problem(response, 422, "urn:scopa:problem:illegal-move")
    assert english["detail"] == "illegal move 5S: seat 1 does not hold that card"
    assert italian["title"] == "Mossa non lecita"
    assert italian["detail"] == "mossa non lecita 5S: il posto 1 non ha quella carta"
    assert italian["errors"] == {"move": ["il posto 1 non ha quella carta"]}
    assert italian["legal_moves"] == english["legal_moves"]
    assert response.headers["Content-Language"] == "it"
    assert "Accept-Language" in response.headers["Vary"]


def test_invalid_state_lists_every_problem_in_italian(client: FlaskClient) -> None:
    response = client.post(
        "/v1/moves",
        json={"rules": "scopa", "hand": ["7D", "7D"], "table": ["7D"]},
        headers={"Accept-Language": "it"},
    )
    body = assert_problem(response, 422)
    assert body["errors"] == {
        "hand[1]": ["7D è anche in hand[0]"],
        "table[0]": ["7D è anche in hand[0]"],
    }
    # The count takes Italian's plural form, and every message comes after its field.
    assert body["detail"] == (
        "2 problemi: hand[1]: 7D è anche in hand[0]; table[0]: 7D è anche in hand[0]"
    )
    one = client.post(
        "/v1/moves?lang=it", json={"rules": "scopa", "hand": ["7D"], "table": ["7D"]}
    ).get_json()
    assert one["detail"] == "1 problema: table[0]: 7D è anche in hand[0]"


def test_rules_clash_translated_with_nested_parameters(client: FlaskClient) -> None:
    response = client.post(
        "/v1/deal",
        json={"rules": {"preset": "scopa", "teams": True, "players": 3}},
        headers={"Accept-Language": "it"},
    )
    body = assert_problem(response, 422, "urn:scopa:problem:invalid-rules")
    assert body["title"] == "Regole non valide"
    assert body["errors"]["rules.teams"] == ["le coppie vogliono 4 o 6 giocatori, non 3"]
    assert "teams: le coppie vogliono 4 o 6 giocatori, non 3" in body["detail"]


def test_validation_messages_of_marshmallow_translated(client: FlaskClient) -> None:
    response = client.post(
        "/v1/moves",
        json={"rules": "scopa", "hand": ["7D", "x"], "table": "3S"},
        headers={"Accept-Language": "it"},
    )
    body = assert_problem(response, 422, "urn:scopa:problem:validation")
    assert body["title"] == "Contenuto non elaborabile"
    assert body["errors"]["table"] == ["Non è una lista valida."]
    assert body["errors"]["hand[1]"] == [
        "non è un codice di carta: 'x' (valore 1-10 e poi seme D, C, S o B)"
    ]
    assert body["detail"].startswith("la richiesta non rispetta lo schema: ")
    ranged = client.post(
        "/v1/deal?lang=it", json={"rules": "scopa", "dealer": 9}, headers={}
    ).get_json()
    assert ranged["errors"]["dealer"] == [
        "Deve essere maggiore o uguale a 0 e minore o uguale a 5."
    ]


@pytest.mark.parametrize(
    ("method", "path", "body", "status"),
    [
        ("get", "/v1/nowhere", None, 404),
        ("delete", "/v1/score", None, 405),
        ("post", "/v1/moves", ILLEGAL | {"rules": "nope"}, 422),
        ("post", "/v1/moves", {"rules": "scopa"}, 422),
        ("post", "/v1/advice", {"rules": "scopa", "view": {"seat": 0}}, 422),
        ("post", "/v1/score", {"rules": "scopa", "piles": [{"cards": ["7D"], "scope": 0}]}, 422),
        ("post", "/v1/bot", {"level": "club"}, 422),
    ],
)
def test_problems_answer_in_italian(
    client: FlaskClient, method: str, path: str, body: object, status: int
) -> None:
    call = getattr(client, method)
    english = call(path, json=body) if body is not None else call(path)
    italian = (
        call(path, json=body, headers={"Accept-Language": "it"})
        if body is not None
        else call(path, headers={"Accept-Language": "it"})
    )
    en = assert_problem(english, status)
    it = assert_problem(italian, status)
    assert italian.headers["Content-Language"] == "it"
    assert english.headers["Content-Language"] == "en"
    assert (it["type"], set(it["errors"])) == (en["type"], set(en["errors"]))
    assert it["title"] != en["title"]
    assert it["detail"] != en["detail"]
    for field, messages in en["errors"].items():
        assert it["errors"][field] != messages, field


def test_invalid_json_body_in_italian(client: FlaskClient) -> None:
    response = client.post(
        "/v1/moves",
        data=b"{not json",
        content_type="application/json",
        headers={"Accept-Language": "it"},
    )
    body = assert_problem(response, 400)
    assert body["title"] == "Corpo JSON non valido"
    assert body["detail"].startswith("il corpo della richiesta non è JSON valido: ")


def test_a_language_without_the_messages_falls_back_to_english(client: FlaskClient) -> None:
    response = client.post("/v1/moves?lang=es", json=ILLEGAL | {"rules": "nope"})
    body = assert_problem(response, 422)
    assert response.headers["Content-Language"] == "en"
    assert body["title"] == "Unprocessable Entity"
    assert body["errors"]["rules"][0].startswith("unknown preset 'nope'; known: ")


# ---- names -----------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", NAME_LANGUAGES)
def test_names_for_every_card_in_every_language(client: FlaskClient, lang: str) -> None:
    response = client.get(f"/v1/names?lang={lang}")
    assert response.status_code == 200
    assert response.headers["Content-Language"] == lang
    body = response.get_json()
    assert body["language"] == lang
    assert set(body["cards"]) == set(codes(FULL_PACK))
    assert len(set(body["cards"].values())) == 40
    for card, name in body["cards"].items():
        rank, suit = card[:-1], card[-1]
        assert body["suits"][suit] in name, (card, name)
        assert body["ranks"][rank] in name, (card, name)
    assert set(body["suits"]) == {"D", "C", "S", "B"}
    assert set(body["figures"]) == {"8", "9", "10"}
    assert set(body["categories"]) == set(CATEGORY_NAMES)
    assert set(body["outright"]) == set(OUTRIGHT_NAMES)
    assert [language["code"] for language in body["languages"]] == NAME_LANGUAGES


def test_names_of_each_pack(client: FlaskClient) -> None:
    english = client.get("/v1/names").get_json()
    italian = client.get("/v1/names", headers={"Accept-Language": "it"}).get_json()
    spanish = client.get("/v1/names?lang=es").get_json()
    french = client.get("/v1/names", headers={"Accept-Language": "fr-FR"}).get_json()
    assert english["cards"]["7D"] == "7 of coins"
    assert english["cards"]["9S"] == "horse of swords"
    assert italian["suits"] == {"D": "denari", "C": "coppe", "S": "spade", "B": "bastoni"}
    assert italian["figures"] == {"8": "fante", "9": "cavallo", "10": "re"}
    assert italian["cards"]["1D"] == "asso di denari"
    assert italian["categories"]["cards"] == "carte"
    assert spanish["suits"] == {"D": "oros", "C": "copas", "S": "espadas", "B": "bastos"}
    assert spanish["figures"] == {"8": "sota", "9": "caballo", "10": "rey"}
    assert spanish["cards"]["10B"] == "rey de bastos"
    assert french["suits"] == {"D": "carreau", "C": "cœur", "S": "pique", "B": "trèfle"}
    # Chkobba's French pack: the queen is the 8, the jack the 9.
    assert french["figures"] == {"8": "dame", "9": "valet", "10": "roi"}
    assert french["categories"]["primiera"] == "barmīla"
    by_code = {language["code"]: language for language in english["languages"]}
    assert by_code["es"]["presets"] == ["escoba"]
    assert by_code["fr"]["presets"] == ["chkobba"]
    assert by_code["it"]["presets"] is None


def test_every_score_category_has_a_name() -> None:
    extras = [
        {"re_bello": True},
        {"sette_di_coppe": True},
        {"napola": "over_two", "napola_cap": 6},
        {"scalette": True},
        {"piva": True},
        {"grande": True},
        {"declarations": "bazzica"},
    ]
    scored = {key for preset in PRESETS for key in categories(make_rules(preset))}
    scored |= {key for options in extras for key in categories(make_rules("scopa", **options))}
    assert scored == set(CATEGORY_NAMES)
