"""A seeded mutation fuzz of every endpoint: valid requests of every preset, mutated.

Every POST endpoint (/v1/deal, moves, play, score, advice, view, record, replay, bot, review)
and every GET that takes a parameter (/v1/rules, /v1/bot, /v1/names, /v1/problems, whose
``lang`` query is mutated and whose ``Accept-Language`` varies) is sent. Seed requests are
built from hands of every preset played at random by the engine (states in the cutter's
choice, declaration rounds, mid-hand and at the end, with claims; their views, and the hand
records of whole and partial hands), one or more mutations are applied to each (a field
removed, swapped, duplicated, retyped, made huge or deeply nested, a NaN or out-of-range
number, a card moved between places, a key renamed; the field is drawn among all of the
body's, or by a walk from its top, so that a record's dealer or meta is hit as often as its
deal), and the answer is checked:

- never a 5xx;
- every 4xx is an RFC 9457 problem naming a field (``errors`` not empty), or for a 400 a
  ``detail`` naming the body;
- no 200 for a state, view, record or set of piles that breaks card conservation (every card
  of the pack in exactly one place); a state answered by /v1/play or /v1/replay passes the
  engine's own check; a view answered by /v1/view is the engine's view of the state, a record
  answered by /v1/record replays to the state, a move answered by /v1/bot is legal.

Run ``python -m tests.api.fuzz --cases 12000 --seed 1`` (``make fuzz``): it prints the cases
per endpoint, the status counts and each failure with its request, and exits 1 on a failure.
The same seed and number of cases always send the same requests.
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import random
import re
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from flask.testing import FlaskClient

from service.api.app import create_app
from service.engine import codec
from service.engine.cards import code, parse_card
from service.engine.moves import Move, MoveKind
from service.engine.presets import PRESETS, make_rules, rules_from_mapping
from service.engine.record import MetaValue, record_of, replay
from service.engine.record_codec import record_from_dict, record_to_dict
from service.engine.rules import Rules
from service.engine.state import State, apply, deal, legal_moves
from service.engine.view import check_state, view_moves, view_of
from service.search.levels import NAMES as LEVELS

# The fuzz app: no rate limit, no cache, quiet logs, small search budgets (master's default
# too) and a small review cap, so that a review searches a few milliseconds at most.
FUZZ_CONFIG = {
    "TESTING": True,
    "RATE_LIMIT_ENABLED": False,
    "ADVICE_CACHE": False,
    "LOG_LEVEL": "CRITICAL",
    "ADVICE_DEFAULT_MS": 5,
    "ADVICE_MAX_MS": 20,
    "ADVICE_MAX_ITERATIONS": 40,
    "REVIEW_MAX_TOTAL_MS": 60,
    "REVIEW_MAX_TOTAL_ITERATIONS": 120,
}
# Every endpoint the fuzz sends, as "METHOD path", and how often each is drawn: the GETs,
# whose only parameter is the language, seldom; /v1/review, which searches, a little less.
WEIGHTS = {
    "POST /v1/deal": 1.0,
    "POST /v1/moves": 1.0,
    "POST /v1/play": 1.0,
    "POST /v1/score": 1.0,
    "POST /v1/advice": 1.0,
    "POST /v1/view": 1.0,
    "POST /v1/record": 1.0,
    "POST /v1/replay": 1.0,
    "POST /v1/bot": 1.0,
    "POST /v1/review": 0.8,
    "GET /v1/rules": 0.05,
    "GET /v1/bot": 0.05,
    "GET /v1/names": 0.05,
    "GET /v1/problems": 0.05,
}
ENDPOINTS = tuple(WEIGHTS)
CARD = re.compile(r"(10|[1-9])[DCSB]", re.IGNORECASE)
# Player counts beyond the preset's default, to reach teams and three-seat tables.
EXTRA_PLAYERS = {"scopa": (3, 4, 6), "scopone_scientifico": (), "chkobba": (4,), "corse": (4,)}
# Replacement values of the retype mutation.
RETYPED: tuple[Any, ...] = (
    None,
    True,
    False,
    0,
    -1,
    1,
    7,
    1.5,
    -0.0,
    "",
    "x",
    "7D",
    "7d",
    "11D",
    "scopa",
    [],
    {},
    ["7D"],
    {"preset": "scopa"},
    [[]],
    2**63,
    -(2**63) - 1,
    10**18,
    1e300,
)
# The lang values and Accept-Language headers of the GETs: offered, regional, unknown, odd.
LANGS = ("en", "it", "es", "fr", "it-IT", "IT", "fr_FR", "es-419", "de", "zz-ZZ", "*", " it ")
ACCEPT_LANGUAGES = (
    "it",
    "it-IT,it;q=0.9,en;q=0.8",
    "fr;q=0.5, es;q=0.7",
    "de, *;q=0.1",
    "xx",
    "q=;;,",
    "en;q=abc",
    "*",
)
# Metadata a record may carry.
META: dict[str, Any] = {
    "players": ["Ann", "Bruno", "Carla", "Dino"],
    "date": "2026-11-22",
    "place": "Bar Sport",
    "hand": 3,
    "rated": True,
    "stake": 0.5,
}
# The longest partial hand a review seed request records: a few decisions, searched cheaply.
REVIEW_MOVES = 5
MAX_LOG_REQUEST = 600


@dataclass
class Case:
    """One request to send: the endpoint and its JSON body, or for a GET its query parameters
    (mutated like a body), headers, and a JSON body it should ignore."""

    path: str
    body: Any
    mutations: list[str] = field(default_factory=list)
    method: str = "POST"
    headers: dict[str, str] = field(default_factory=dict)
    payload: Any = None

    @property
    def endpoint(self) -> str:
        """The method and path, as ENDPOINTS names it."""
        return f"{self.method} {self.path}"


@dataclass
class Report:
    """What the fuzz sent and saw, by endpoint ("METHOD path")."""

    cases: Counter[str] = field(default_factory=Counter)
    statuses: Counter[tuple[str, int]] = field(default_factory=Counter)
    mutations: Counter[str] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)

    def summary(self) -> str:
        """The counts as text: cases and statuses per endpoint, mutations, failures."""
        lines = [f"{'endpoint':<17} {'cases':>6}  statuses"]
        for endpoint in ENDPOINTS:
            statuses = sorted((s, n) for (p, s), n in self.statuses.items() if p == endpoint)
            shown = ", ".join(f"{s}: {n}" for s, n in statuses)
            lines.append(f"{endpoint:<17} {self.cases[endpoint]:>6}  {shown}")
        total = Counter[int]()
        for (_, status), n in self.statuses.items():
            total[status] += n
        lines.append(
            f"{'all':<17} {sum(self.cases.values()):>6}  "
            + ", ".join(f"{s}: {n}" for s, n in sorted(total.items()))
        )
        lines.append(
            "mutations: " + ", ".join(f"{m} {n}" for m, n in sorted(self.mutations.items()))
        )
        lines.append(f"failures: {len(self.failures)}")
        return "\n".join(lines)


# ---- seed requests: valid requests of every preset ------------------------------------------


def rules_choices() -> list[Rules]:
    """Every preset at its default player count, some at others, and some with claims."""
    chosen = []
    for name, preset in PRESETS.items():
        chosen.append(make_rules(name))
        for players in EXTRA_PLAYERS.get(name, ()):
            if players in preset.schedules:
                chosen.append(make_rules(name, players=players))
    chosen += [
        make_rules("bazzica", claims=True),
        make_rules("cirulla", claims=True),
        make_rules("scopa", claims=True, players=4),
        make_rules("scopa_d_assi", ace_may_pass=True, ace_takes_itself=True, napola="length"),
        make_rules("chkobba", declarations="bazzica"),
    ]
    return chosen


def random_move(state: State, rng: random.Random) -> Move:
    """A random legal move; a claim only now and then, so that hands go on."""
    moves = legal_moves(state)
    plain = [m for m in moves if m.kind is not MoveKind.CLAIM]
    if plain and rng.random() < 0.97:
        return rng.choice(plain)
    return rng.choice(moves)


def states_of(rules: Rules, rng: random.Random) -> Iterator[State]:
    """The states of one hand played at random, from the deal to its end."""
    state = deal(rules, rng.randrange(2**32), rng.randrange(rules.players))
    if rng.random() < 0.3:
        state = replace(state, match_scores=tuple(rng.randrange(30) for _ in range(rules.sides)))
    yield state
    while not state.finished:
        state, _ = apply(state, random_move(state, rng))
        yield state


def rules_json(rules: Rules, rng: random.Random) -> Any:
    """The rules as a request may give them: the preset name when it is the preset as is."""
    if rules == make_rules(rules.preset) and rng.random() < 0.5:
        return rules.preset
    options = {k: v for k, v in rules.options().items() if rng.random() < 0.5 or k == "preset"}
    try:
        if rules_from_mapping(options) == rules:
            return options
    except Exception:  # a partial mapping may not describe the same rules
        pass
    return rules.options()


def seed_requests(rng: random.Random) -> list[Case]:
    """Valid requests of every kind for every rules choice, and the GETs."""
    cases: list[Case] = []
    for rules in rules_choices():
        positions = list(states_of(rules, rng))
        picks = [positions[0], *rng.sample(positions[1:-1], min(4, len(positions) - 2))]
        final = positions[-1]
        cases.append(deal_request(rules, rng))
        for state in picks:
            cases += position_requests(rules, state, rng)
            cases += view_requests(rules, state, rng)
            cases += bot_requests(rules, state, rng)
        cases += score_requests(rules, final, rng)
        cases += record_requests(rules, [*picks, final], rng)
        cases += replay_requests(rules, positions, rng)
        cases += review_requests(rules, positions, rng)
    cases += get_requests()
    return cases


def deal_request(rules: Rules, rng: random.Random) -> Case:
    """/v1/deal of the rules, with a seed and a dealer."""
    body = {
        "rules": rules_json(rules, rng),
        "seed": rng.randrange(10**6),
        "dealer": rng.randrange(rules.players),
    }
    return Case("/v1/deal", body)


def with_rules_apart(rules: Rules, data: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The top of a request about a state or view: now and then the rules taken out of it and
    given beside it (the form every such endpoint also takes)."""
    if rng.random() < 0.3:
        data.pop("rules")
        return {"rules": rules_json(rules, rng)}
    return {}


def seat_view(rules: Rules, state: State, seat: int, rng: random.Random) -> dict[str, Any]:
    """A seat's view as /v1/advice and /v1/bot take it: without unseen, and now and then
    without the fields its history determines."""
    view = codec.view_to_dict(view_of(state, seat))
    view.pop("unseen")
    if state.history and rng.random() < 0.5:
        for derived in (
            "piles",
            "scope",
            "last_capturer",
            "declarations",
            "declaration_round",
            "claimed_by",
        ):
            view.pop(derived, None)
    return view


def match_json(rules: Rules, rng: random.Random, top: int = 20) -> dict[str, Any]:
    """A match around the hand: a score per side, now and then a target."""
    match: dict[str, Any] = {"scores": [rng.randrange(top) for _ in range(rules.sides)]}
    if rng.random() < 0.3:
        match["target"] = rng.randint(1, 60)
    return match


def position_requests(rules: Rules, state: State, rng: random.Random) -> list[Case]:
    """/v1/moves, /v1/play and /v1/advice about one position."""
    data = codec.state_to_dict(state)
    cases = [Case("/v1/moves", {"state": data})]
    if not state.finished:
        hand = state.hands[state.to_move]
        cases.append(
            Case(
                "/v1/moves",
                {
                    "rules": rules_json(rules, rng),
                    "hand": codec.codes(hand),
                    "table": codec.codes(state.table),
                },
            )
        )
        move = random_move(state, rng)
        cases.append(Case("/v1/play", {"state": data, "move": codec.move_to_dict(move)}))
        view = seat_view(rules, state, state.to_move, rng)
        advice = {
            **with_rules_apart(rules, view, rng),
            "view": view,
            "budget": {"iterations": rng.randint(1, 3)},
            "seed": rng.randrange(1000),
        }
        if rng.random() < 0.4:
            advice["match"] = {"scores": [rng.randrange(20) for _ in range(rules.sides)]}
        cases.append(Case("/v1/advice", advice))
    return cases


def view_requests(rules: Rules, state: State, rng: random.Random) -> list[Case]:
    """/v1/view of one position, for a seat: the one to move, or any other."""
    data = codec.state_to_dict(state)
    seat = state.to_move if rng.random() < 0.5 else rng.randrange(rules.players)
    return [Case("/v1/view", {**with_rules_apart(rules, data, rng), "state": data, "seat": seat})]


def bot_requests(rules: Rules, state: State, rng: random.Random) -> list[Case]:
    """/v1/bot about one position not finished: the seat's view, and the state and seat; a
    level of every kind, master among them (at the fuzz app's small default budget)."""
    if state.finished:
        return []
    seat = state.to_move
    view = seat_view(rules, state, seat, rng)
    data = codec.state_to_dict(state)
    cases = []
    for top in (
        {**with_rules_apart(rules, view, rng), "view": view},
        {**with_rules_apart(rules, data, rng), "state": data, "seat": seat},
    ):
        body = {**top, "level": rng.choice(LEVELS)}
        if rng.random() < 0.5:
            body["seed"] = rng.choice((rng.randrange(1000), f"fuzz-{rng.randrange(100)}"))
        if rng.random() < 0.3:
            body["match"] = match_json(rules, rng)
        cases.append(Case("/v1/bot", body))
    return cases


def meta_json(rng: random.Random) -> dict[str, Any]:
    """Some of a record's metadata."""
    return {k: copy.deepcopy(v) for k, v in META.items() if rng.random() < 0.5}


def meta_of(data: dict[str, Any]) -> tuple[tuple[str, MetaValue], ...]:
    """Metadata as the engine keeps it."""
    return tuple((k, tuple(v) if isinstance(v, list) else v) for k, v in data.items())


def record_requests(rules: Rules, states: list[State], rng: random.Random) -> list[Case]:
    """/v1/record of two of the states (each carries its history), now and then with meta."""
    cases = []
    for state in rng.sample(states, min(2, len(states))):
        data = codec.state_to_dict(state)
        body = {**with_rules_apart(rules, data, rng), "state": data}
        if rng.random() < 0.5:
            body["meta"] = meta_json(rng)
        cases.append(Case("/v1/record", body))
    return cases


def record_json(rules: Rules, state: State, rng: random.Random) -> dict[str, Any]:
    """The record of a state's hand so far: its rules as a request may give them, now and then
    with meta and a match (its target too)."""
    meta = meta_of(meta_json(rng)) if rng.random() < 0.5 else ()
    if rng.random() < 0.3:
        scores = state.match_scores or tuple(rng.randrange(30) for _ in range(rules.sides))
        state = replace(state, match_scores=scores, match_target=rng.randint(1, 60))
    data = record_to_dict(record_of(state, meta))
    data["rules"] = rules_json(rules, rng)
    return data


def replay_requests(rules: Rules, positions: list[State], rng: random.Random) -> list[Case]:
    """/v1/replay of the whole hand and of a part of it."""
    cut = rng.randrange(len(positions) - 1)
    return [
        Case("/v1/replay", {"record": record_json(rules, positions[-1], rng)}),
        Case("/v1/replay", {"record": record_json(rules, positions[cut], rng)}),
    ]


def review_requests(rules: Rules, positions: list[State], rng: random.Random) -> list[Case]:
    """/v1/review of the first few moves of the hand (a few decisions to search): the seats
    now and then, a small budget of iterations or ms, now and then a seed and a match."""
    state = positions[min(rng.randint(1, REVIEW_MOVES), len(positions) - 1)]
    body: dict[str, Any] = {"record": record_json(rules, state, rng)}
    if rng.random() < 0.4:
        body["seats"] = rng.sample(range(rules.players), rng.randint(1, rules.players))
    body["budget"] = rng.choice(({"iterations": rng.randint(1, 4)}, {"ms": rng.randint(1, 3)}))
    if rng.random() < 0.5:
        body["seed"] = rng.choice((rng.randrange(1000), f"fuzz-{rng.randrange(100)}"))
    if rng.random() < 0.3:
        body["match"] = match_json(rules, rng)
    return [Case("/v1/review", body)]


def get_requests() -> list[Case]:
    """The GETs with a parameter: no lang, each lang value, or an Accept-Language header."""
    cases = []
    for path in ("/v1/rules", "/v1/bot", "/v1/names", "/v1/problems"):
        cases.append(Case(path, {}, method="GET"))
        cases += [Case(path, {"lang": lang}, method="GET") for lang in LANGS]
        cases += [
            Case(path, {}, method="GET", headers={"Accept-Language": accept})
            for accept in ACCEPT_LANGUAGES
        ]
    return cases


def score_requests(rules: Rules, final: State, rng: random.Random) -> list[Case]:
    """/v1/score of a finished hand (or one ended by a claim), with its declarations."""
    taken = 0
    for pile in final.piles:
        taken |= pile
    body: dict[str, Any] = {
        "rules": rules_json(rules, rng),
        "piles": [
            {"cards": codec.codes(p), "scope": s}
            for p, s in zip(final.piles, final.scope, strict=True)
        ],
        "leftover": codec.codes(rules.pack_cards & ~taken),
    }
    if final.declarations or rng.random() < 0.5:
        body["declarations"] = [codec.declaration_to_dict(d) for d in final.declarations]
    if final.claimed_by is not None:
        body["claimed_by"] = final.claimed_by
    if final.claimed_by is not None or rng.random() < 0.6:
        body["match"] = {"scores": [rng.randrange(40) for _ in range(rules.sides)]}
        if rng.random() < 0.3:
            body["match"]["target"] = rng.randint(1, 60)
    return [Case("/v1/score", body)]


# ---- mutations --------------------------------------------------------------------------------


def nodes(value: Any, parent: Any = None, key: Any = None) -> Iterator[tuple[Any, Any]]:
    """Every (container, key) pair of a JSON value, the root's parent being None."""
    if parent is not None:
        yield parent, key
    if isinstance(value, dict):
        for k in list(value):
            yield from nodes(value[k], value, k)
    elif isinstance(value, list):
        for i in range(len(value)):
            yield from nodes(value[i], value, i)


def card_lists(value: Any) -> list[list[Any]]:
    """Every list of the value that holds card codes."""
    found = []
    if isinstance(value, dict):
        for v in value.values():
            found += card_lists(v)
    elif isinstance(value, list):
        if any(isinstance(v, str) and CARD.fullmatch(v) for v in value):
            found.append(value)
        for v in value:
            found += card_lists(v)
    return found


def walk(body: Any, rng: random.Random) -> tuple[Any, Any]:
    """A (container, key) pair reached from the top of a body, choosing a field at each level
    and stopping there now and then: a record's dealer or meta as likely as its deal, however
    many cards the deal holds."""
    parent, key, value = None, None, body
    while isinstance(value, dict | list) and value:
        keys = list(value) if isinstance(value, dict) else list(range(len(value)))
        parent, key = value, rng.choice(keys)
        value = value[key]
        if rng.random() < 0.35:
            break
    return parent, key


@dataclass(frozen=True)
class Raw:
    """JSON text written into the body as it is (deep nesting the encoder cannot recurse into)."""

    text: str


def wrap(value: Any, depth: int) -> Raw:
    """The value inside ``depth`` nested lists, as JSON text."""
    return Raw("[" * depth + json_text(value) + "]" * depth)


def mutate(body: Any, rng: random.Random) -> tuple[Any, str]:
    """The body with one random mutation, and its name."""
    places = list(nodes(body))
    if not places:
        return rng.choice(RETYPED), "retype"
    parent, key = rng.choice(places) if rng.random() < 0.5 else walk(body, rng)
    kind = rng.choice(MUTATIONS)
    if kind == "cards":
        lists = card_lists(body)
        if lists:
            move_card(lists, rng)
            return body, kind
        kind = "retype"
    if kind == "plausible":
        # A value of the right type that may not fit the rest: another seat, count, kind,
        # preset, flag.
        scalars = [(p, k) for p, k in places if plausible(p[k], rng) is not None]
        if scalars:
            parent, key = rng.choice(scalars)
            parent[key] = plausible(parent[key], rng)
            return body, kind
        kind = "retype"
    value = parent[key]
    if kind == "remove":
        del parent[key]
    elif kind == "retype":
        parent[key] = copy.deepcopy(rng.choice(RETYPED))
    elif kind == "huge":
        parent[key] = rng.choice(
            [
                "A" * rng.choice((100, 5000)),
                [copy.deepcopy(value) for _ in range(rng.choice((41, 300)))],
                10 ** rng.choice((19, 30, 300)),
                -(10**25),
                2**64,
                9007199254740993,
                1.7976931348623157e308,
            ]
        )
    elif kind == "nested":
        parent[key] = wrap(value, rng.choice((2, 20, 500, 1100)))
    elif kind == "nan":
        parent[key] = rng.choice((math.nan, math.inf, -math.inf))
    elif kind == "number":
        base = value if isinstance(value, int) and not isinstance(value, bool) else 0
        parent[key] = base + rng.choice((-1, 1, -2, 2, 6, 40, -41, 1000, 2**31, 2**63, -(2**63)))
    elif kind == "swap":
        # Copies, so that a value swapped with one of its ancestors makes no cycle.
        other_parent, other_key = rng.choice(places)
        mine, theirs = copy.deepcopy(value), copy.deepcopy(other_parent[other_key])
        parent[key] = theirs
        other_parent[other_key] = mine
    elif kind == "duplicate":
        if isinstance(parent, list):
            parent.insert(key, copy.deepcopy(value))
        else:
            parent[rng.choice(list(parent))] = copy.deepcopy(value)
    elif kind == "rename":
        if isinstance(parent, dict):
            parent[rng.choice(RENAMES)] = parent.pop(key)
        else:
            parent[key] = {rng.choice(RENAMES): value}
    return body, kind


RENAMES = (
    "state",
    "view",
    "rules",
    "move",
    "seat",
    "hand",
    "table",
    "piles",
    "extra",
    "kind",
    "declarations",
    "declaration_round",
    "claimed_by",
    "cut_card",
    "match",
    "budget",
    "record",
    "deal",
    "moves",
    "dealer",
    "meta",
    "stock",
    "scores",
    "level",
    "seats",
    "seed",
    "lang",
)
MUTATIONS = (
    "remove",
    "retype",
    "huge",
    "nested",
    "nan",
    "number",
    "swap",
    "duplicate",
    "cards",
    "cards",
    "cards",
    "plausible",
    "plausible",
    "plausible",
    "rename",
)


MOVE_KINDS = tuple(k.value for k in MoveKind)


def plausible(value: Any, rng: random.Random) -> Any:
    """Another value of the same type that the schema accepts, or None for other values."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int) and 0 <= value <= 40:
        return rng.choice((0, 1, 2, 3, 4, 5, value + 1, max(value - 1, 0)))
    if isinstance(value, str) and value in MOVE_KINDS:
        return rng.choice(MOVE_KINDS)
    if isinstance(value, str) and value in PRESETS:
        return rng.choice(sorted(PRESETS))
    if isinstance(value, str) and value in LEVELS:
        return rng.choice(LEVELS)
    if isinstance(value, str) and value in LANGS:
        return rng.choice(LANGS)
    return None


def move_card(lists: list[list[Any]], rng: random.Random) -> None:
    """Move, copy, drop or change a card code between the card lists of a request."""
    source = rng.choice(lists)
    # Only the card codes move: a list or object inside a card list must never be moved into
    # itself.
    i = rng.choice([j for j, v in enumerate(source) if isinstance(v, str) and CARD.fullmatch(v)])
    target = rng.choice(lists)
    how = rng.random()
    if how < 0.45:
        target.append(source.pop(i))  # moved to another place
    elif how < 0.7:
        target.append(source[i])  # in two places
    elif how < 0.8:
        source.pop(i)  # lost
    elif how < 0.9:
        source[i] = code(rng.randrange(40))  # another card
    else:
        source[i] = str(source[i]).lower()


def encode(body: Any) -> bytes:
    """The request body as JSON bytes; NaN and infinities are written as JavaScript does."""
    return json_text(body).encode()


def json_text(value: Any) -> str:
    """A value as JSON text, Raw parts as they are."""
    if isinstance(value, Raw):
        return value.text
    if isinstance(value, dict):
        return (
            "{" + ",".join(f"{json.dumps(str(k))}:{json_text(v)}" for k, v in value.items()) + "}"
        )
    if isinstance(value, list):
        return "[" + ",".join(json_text(v) for v in value) + "]"
    return json.dumps(value, allow_nan=True)


# ---- checks -----------------------------------------------------------------------------------


def check(case: Case, status: int, content_type: str, text: str) -> str | None:
    """Why the answer breaks a rule of the fuzz, or None."""
    if status >= 500:
        return f"status {status}"
    try:
        answer = json.loads(text)
    except ValueError:
        return f"status {status} with a body that is not JSON"
    if 400 <= status < 500:
        return problem_fault(status, content_type, answer)
    if status != 200:
        return f"unexpected status {status}"
    try:
        return conservation_fault(case, answer)
    except Exception as error:  # a 200 whose request or answer cannot even be read
        return f"200 whose cards cannot be checked: {error!r}"


def problem_fault(status: int, content_type: str, answer: Any) -> str | None:
    """Why a 4xx is not a problem naming a field, or None."""
    if content_type != "application/problem+json":
        return f"{status} as {content_type}"
    if not isinstance(answer, dict) or answer.get("status") != status:
        return f"{status} without a problem body"
    errors = answer.get("errors")
    if not isinstance(errors, dict):
        return f"{status} without errors"
    for name, messages in errors.items():
        if not (
            isinstance(messages, list) and messages and all(isinstance(m, str) for m in messages)
        ):
            return f"{status} with empty messages for {name}"
    if errors:
        return None
    if status == 400 and "body" in str(answer.get("detail", "")):
        return None
    return f"{status} naming no field: {answer.get('detail')!r}"


def pack_of(body: dict[str, Any], holder: str | None) -> int:
    """The pack of the rules a request was answered under."""
    value = body.get("rules")
    if value is None and holder is not None:
        value = body[holder].get("rules")
    return rules_from_mapping(value).pack_cards


def cards_in(values: Any) -> list[int]:
    """Card ids of a list of codes (any case)."""
    return [parse_card(str(v)) for v in values]


def one_place_each(places: dict[str, list[int]], pack: int, complete: bool) -> str | None:
    """Why the places break conservation: a card twice, outside the pack, or missing."""
    seen: dict[int, str] = {}
    for place, cards in places.items():
        for c in cards:
            if not pack >> c & 1:
                return f"{code(c)} in {place} is not in the pack"
            if c in seen:
                return f"{code(c)} in both {seen[c]} and {place}"
            seen[c] = place
    covered = sum(1 << c for c in seen)
    if complete and covered != pack:
        return f"{bin(pack & ~covered).count('1')} cards of the pack in no place"
    return None


def state_places(state: dict[str, Any]) -> dict[str, list[int]]:
    """Every place of a JSON state and its cards."""
    places = {f"hands[{i}]": cards_in(h) for i, h in enumerate(state["hands"])}
    places["table"] = cards_in(state["table"])
    places |= {f"piles[{i}]": cards_in(p) for i, p in enumerate(state["piles"])}
    places["stock"] = cards_in(state.get("stock", []))
    if state.get("cut_card") is not None:
        places["cut_card"] = cards_in([state["cut_card"]])
    return places


def conservation_fault(case: Case, answer: dict[str, Any]) -> str | None:
    """Why a 200 accepted or returned cards that are not each in exactly one place (or a
    state the engine refuses, a view or record that is not the state's, an illegal move)."""
    body = case.body
    if case.method != "POST":
        return None
    if case.path == "/v1/deal":
        return state_fault("answer", answer["state"], rules_from_mapping(answer["state"]["rules"]))
    if "state" in body and case.path in ("/v1/moves", "/v1/play", "/v1/view", "/v1/record"):
        fault = accepted_state_fault(body)
        if fault:
            return fault
    if case.path == "/v1/play":
        return state_fault("answer", answer["state"], rules_from_mapping(answer["state"]["rules"]))
    if case.path == "/v1/moves" and "hand" in body:
        fault = one_place_each(
            {"hand": cards_in(body["hand"]), "table": cards_in(body["table"])},
            pack_of(body, None),
            complete=False,
        )
        return None if fault is None else f"accepted hand and table with {fault}"
    if case.path == "/v1/score":
        places = {f"piles[{i}]": cards_in(p["cards"]) for i, p in enumerate(body["piles"])}
        places["leftover"] = cards_in(body.get("leftover", []))
        claimed = body.get("claimed_by") is not None
        fault = one_place_each(places, pack_of(body, None), complete=not claimed)
        return None if fault is None else f"scored piles with {fault}"
    if case.path == "/v1/advice":
        return view_fault("advised", body["view"], pack_of(body, "view"))
    if case.path == "/v1/view":
        return answered_view_fault(body, answer["view"])
    if case.path == "/v1/record":
        return answered_record_fault(body, answer["record"])
    if case.path == "/v1/replay":
        return deal_fault(body["record"]) or replay_fault(answer)
    if case.path == "/v1/bot":
        return bot_fault(body, answer)
    if case.path == "/v1/review":
        return deal_fault(body["record"])
    return None


def accepted_state_fault(body: dict[str, Any]) -> str | None:
    """Why the request's state breaks conservation, or None."""
    fault = one_place_each(state_places(body["state"]), pack_of(body, "state"), complete=True)
    return None if fault is None else f"accepted a state with {fault}"


def request_state(body: dict[str, Any]) -> State:
    """The request's state as the engine reads it, under the request's rules."""
    value = body.get("rules", body["state"].get("rules"))
    return codec.state_from_dict(body["state"], rules_from_mapping(value))


def state_fault(label: str, data: dict[str, Any], rules: Rules) -> str | None:
    """Why a JSON state breaks conservation or the engine's check, or None."""
    fault = one_place_each(state_places(data), rules.pack_cards, complete=True)
    if fault:
        return f"{label} state with {fault}"
    try:
        check_state(codec.state_from_dict(data, rules))
    except Exception as error:
        return f"{label} state the engine refuses: {error}"
    return None


def view_fault(label: str, view: dict[str, Any], pack: int) -> str | None:
    """Why a view's open cards are not each in one place, or do not leave exactly the hidden
    cards unseen."""
    places = {"hand": cards_in(view["hand"]), "table": cards_in(view["table"])}
    if "piles" in view:
        places |= {f"piles[{i}]": cards_in(p) for i, p in enumerate(view["piles"])}
    if view.get("cut_card") is not None:
        places["cut_card"] = cards_in([view["cut_card"]])
    fault = one_place_each(places, pack, complete=False)
    if fault:
        return f"{label} a view with {fault}"
    if "piles" not in view:
        return None
    seen = sum(1 << c for cards in places.values() for c in cards)
    hidden = sum(s for i, s in enumerate(view["hand_sizes"]) if i != view["seat"])
    hidden += view.get("stock_size", 0) + int(
        bool(view.get("cut_pending")) and "cut_card" not in view
    )
    unseen = bin(pack & ~seen).count("1")
    if unseen != hidden:
        return f"{label} a view leaving {unseen} cards unseen for {hidden} hidden"
    return None


def answered_view_fault(body: dict[str, Any], view: dict[str, Any]) -> str | None:
    """Why a view answered by /v1/view breaks conservation or is not the engine's view of the
    request's state for its seat."""
    state = request_state(body)
    fault = view_fault("answered", view, state.rules.pack_cards)
    if fault:
        return fault
    expected = codec.view_to_dict(view_of(state, body["seat"]))
    expected.pop("unseen")
    if view != expected:
        wrong = sorted(k for k in expected.keys() | view.keys() if view.get(k) != expected.get(k))
        return f"answered a view that is not the engine's view of the seat: {wrong}"
    return None


def deal_places(record: dict[str, Any]) -> dict[str, list[int]]:
    """Every place of a JSON record's deal and its cards."""
    dealt = record["deal"]
    places = {f"deal.hands[{i}]": cards_in(h) for i, h in enumerate(dealt["hands"])}
    places["deal.table"] = cards_in(dealt.get("table", []))
    places["deal.stock"] = cards_in(dealt.get("stock", []))
    if dealt.get("cut_card") is not None:
        places["deal.cut_card"] = cards_in([dealt["cut_card"]])
    return places


def deal_fault(record: dict[str, Any]) -> str | None:
    """Why a record's deal breaks conservation, or None."""
    fault = one_place_each(deal_places(record), pack_of(record, None), complete=True)
    return None if fault is None else f"accepted a record whose deal has {fault}"


def answered_record_fault(body: dict[str, Any], record: dict[str, Any]) -> str | None:
    """Why a record answered by /v1/record breaks conservation or does not replay (by the
    engine) to the request's state."""
    fault = one_place_each(deal_places(record), pack_of(record, None), complete=True)
    if fault:
        return f"answered a record whose deal has {fault}"
    state = request_state(body)
    final = replay(record_from_dict(record, rules_from_mapping(record["rules"]))).final
    if final != state:
        return "answered a record that does not replay to the state"
    return None


def replay_fault(answer: dict[str, Any]) -> str | None:
    """Why a state answered by /v1/replay breaks conservation or the engine's check."""
    for i, data in enumerate(answer["states"]):
        fault = state_fault(f"answered states[{i}]:", data, rules_from_mapping(data["rules"]))
        if fault:
            return fault
    return None


def bot_fault(body: dict[str, Any], answer: dict[str, Any]) -> str | None:
    """Why /v1/bot accepted cards out of place, or answered a move its seat may not make."""
    move = codec.move_from_dict(answer["move"])
    if "view" in body:
        pack = pack_of(body, "view")
        fault = view_fault("played", body["view"], pack)
        if fault:
            return fault
        value = body.get("rules", body["view"].get("rules"))
        legal = view_moves(codec.view_from_dict(body["view"], rules_from_mapping(value)))
    else:
        fault = accepted_state_fault(body)
        if fault:
            return fault
        legal = legal_moves(request_state(body))
    return None if move in legal else f"answered {move.code()}, not a legal move"


# ---- the run ----------------------------------------------------------------------------------


def generate(seed: int, count: int) -> Iterator[Case]:
    """``count`` cases: each a seed request of an endpoint drawn by WEIGHTS, with one to three
    mutations (a tenth unmutated); a fifth of the GETs also carry a JSON body."""
    rng = random.Random(seed)
    by_endpoint: dict[str, list[Case]] = {}
    for case in seed_requests(rng):
        by_endpoint.setdefault(case.endpoint, []).append(case)
    endpoints = list(ENDPOINTS)
    weights = [WEIGHTS[e] for e in endpoints]
    for _ in range(count):
        base = rng.choice(by_endpoint[rng.choices(endpoints, weights)[0]])
        case = replace(base, body=copy.deepcopy(base.body), mutations=[])
        if case.method == "GET" and rng.random() < 0.2:
            case.payload = {"extra": rng.choice(RETYPED)}
        if rng.random() >= 0.1:
            for _ in range(rng.choice((1, 1, 1, 2, 3))):
                case.body, name = mutate(case.body, rng)
                case.mutations.append(name)
        yield case


def query_of(params: Any) -> list[tuple[str, str]]:
    """A GET's (mutated) parameters as query pairs: a list gives a name several values, a
    value that is not a text its JSON text; parameters that are not an object, one ``q``."""
    if not isinstance(params, dict):
        return [("q", json_text(params))]
    pairs = []
    for name, value in params.items():
        for item in value if isinstance(value, list) else [value]:
            pairs.append((str(name), item if isinstance(item, str) else json_text(item)))
    return pairs


def send(client: FlaskClient, case: Case) -> tuple[int, str, str]:
    """Status, content type and text of the answer to a case."""
    if case.method == "GET":
        extra: dict[str, Any] = {}
        if case.payload is not None:
            extra = {"data": encode(case.payload), "content_type": "application/json"}
        response = client.get(
            case.path, query_string=query_of(case.body), headers=case.headers, **extra
        )
    else:
        response = client.post(case.path, data=encode(case.body), content_type="application/json")
    return response.status_code, response.mimetype, response.get_data(as_text=True)


def shown_request(case: Case) -> str:
    """A case's request as the failure log shows it: the body, or a GET's query and headers."""
    if case.method == "GET":
        return f"query {query_of(case.body)!r} headers {case.headers!r} body {case.payload!r}"
    return encode(case.body).decode()


def run(seed: int, count: int, on_case: Callable[[Case, int], None] | None = None) -> Report:
    """Send ``count`` mutated requests and check every answer."""
    client = create_app(FUZZ_CONFIG).test_client()
    report = Report()
    for case in generate(seed, count):
        status, content_type, text = send(client, case)
        report.cases[case.endpoint] += 1
        report.statuses[(case.endpoint, status)] += 1
        report.mutations.update(case.mutations)
        fault = check(case, status, content_type, text)
        if fault is not None:
            shown = shown_request(case)[:MAX_LOG_REQUEST]
            report.failures.append(
                f"{case.endpoint} {fault} after {'+'.join(case.mutations) or 'no mutation'}: "
                f"{shown} -> {text[:300]}"
            )
        if on_case is not None:
            on_case(case, status)
    return report


def main(argv: list[str] | None = None) -> int:
    """Run the fuzz from the command line; exit 1 on any failure."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=12_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    report = run(args.seed, args.cases)
    elapsed = time.perf_counter() - start
    print(f"mutation fuzz: seed {args.seed}, {args.cases} cases in {elapsed:.1f} s")
    print(report.summary())
    for failure in report.failures[:50]:
        print("FAIL", failure)
    return 1 if report.failures else 0


if __name__ == "__main__":
    sys.exit(main())
