"""A seeded mutation fuzz of every endpoint: valid requests of every preset, mutated.

Seed requests are built from hands of every preset played at random by the engine (states in
the cutter's choice, declaration rounds, mid-hand and at the end, with claims), one or more
mutations are applied to each (a field removed, swapped, duplicated, retyped, made huge or
deeply nested, a NaN or out-of-range number, a card moved between places, a key renamed), and
the answer is checked:

- never a 5xx;
- every 4xx is an RFC 9457 problem naming a field (``errors`` not empty), or for a 400 a
  ``detail`` naming the body;
- no 200 for a state, view or set of piles that breaks card conservation (every card of the
  pack in exactly one place); a state answered by /v1/play passes the engine's own check.

Run ``python -m tests.api.fuzz --cases 10000 --seed 1`` (``make fuzz``): it prints the cases
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
from service.engine.rules import Rules
from service.engine.state import State, apply, deal, legal_moves
from service.engine.view import check_state, view_of

# The fuzz app: no rate limit, no cache, quiet logs, small search budgets.
FUZZ_CONFIG = {
    "TESTING": True,
    "RATE_LIMIT_ENABLED": False,
    "ADVICE_CACHE": False,
    "LOG_LEVEL": "CRITICAL",
    "ADVICE_MAX_MS": 20,
    "ADVICE_MAX_ITERATIONS": 40,
}
ENDPOINTS = ("/v1/deal", "/v1/moves", "/v1/play", "/v1/score", "/v1/advice", "/v1/rules")
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
MAX_LOG_REQUEST = 600


@dataclass
class Case:
    """One request to send: the endpoint and its JSON body (None for a GET)."""

    path: str
    body: Any
    mutations: list[str] = field(default_factory=list)


@dataclass
class Report:
    """What the fuzz sent and saw."""

    cases: Counter[str] = field(default_factory=Counter)
    statuses: Counter[tuple[str, int]] = field(default_factory=Counter)
    mutations: Counter[str] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)

    def summary(self) -> str:
        """The counts as text: cases and statuses per endpoint, mutations, failures."""
        lines = [f"{'endpoint':<12} {'cases':>6}  statuses"]
        for path in ENDPOINTS:
            statuses = sorted((s, n) for (p, s), n in self.statuses.items() if p == path)
            shown = ", ".join(f"{s}: {n}" for s, n in statuses)
            lines.append(f"{path:<12} {self.cases[path]:>6}  {shown}")
        total = Counter[int]()
        for (_, status), n in self.statuses.items():
            total[status] += n
        lines.append(
            f"{'all':<12} {sum(self.cases.values()):>6}  "
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
    """Valid requests of every kind for every rules choice."""
    cases: list[Case] = []
    for rules in rules_choices():
        positions = list(states_of(rules, rng))
        picks = [positions[0], *rng.sample(positions[1:-1], min(4, len(positions) - 2))]
        final = positions[-1]
        cases.append(
            Case(
                "/v1/deal",
                {
                    "rules": rules_json(rules, rng),
                    "seed": rng.randrange(10**6),
                    "dealer": rng.randrange(rules.players),
                },
            )
        )
        for state in picks:
            cases += position_requests(rules, state, rng)
        cases += score_requests(rules, final, rng)
    cases.append(Case("/v1/rules", None))
    return cases


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
        view = codec.view_to_dict(view_of(state, state.to_move))
        view.pop("unseen")
        if rng.random() < 0.5:
            view.pop("rules")
            top: dict[str, Any] = {"rules": rules_json(rules, rng)}
        else:
            top = {}
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
        advice = {
            **top,
            "view": view,
            "budget": {"iterations": rng.randint(1, 3)},
            "seed": rng.randrange(1000),
        }
        if rng.random() < 0.4:
            advice["match"] = {"scores": [rng.randrange(20) for _ in range(rules.sides)]}
        cases.append(Case("/v1/advice", advice))
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
    parent, key = rng.choice(places)
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
    """Why a 200 accepted or returned cards that are not each in exactly one place."""
    body = case.body
    if case.path == "/v1/deal":
        return state_fault("answer", answer["state"], rules_from_mapping(answer["state"]["rules"]))
    if case.path in ("/v1/moves", "/v1/play") and "state" in body:
        pack = pack_of(body, "state")
        fault = one_place_each(state_places(body["state"]), pack, complete=True)
        if fault:
            return f"accepted a state with {fault}"
        if case.path == "/v1/play":
            return state_fault(
                "answer", answer["state"], rules_from_mapping(answer["state"]["rules"])
            )
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
        return view_fault(body)
    return None


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


def view_fault(body: dict[str, Any]) -> str | None:
    """Why an advised view's open cards are not each in one place, or do not leave exactly the
    hidden cards unseen."""
    view = body["view"]
    places = {"hand": cards_in(view["hand"]), "table": cards_in(view["table"])}
    if "piles" in view:
        places |= {f"piles[{i}]": cards_in(p) for i, p in enumerate(view["piles"])}
    if view.get("cut_card") is not None:
        places["cut_card"] = cards_in([view["cut_card"]])
    pack = pack_of(body, "view")
    fault = one_place_each(places, pack, complete=False)
    if fault:
        return f"advised a view with {fault}"
    if "piles" not in view:
        return None
    seen = sum(1 << c for cards in places.values() for c in cards)
    hidden = sum(s for i, s in enumerate(view["hand_sizes"]) if i != view["seat"])
    hidden += view.get("stock_size", 0) + int(
        bool(view.get("cut_pending")) and "cut_card" not in view
    )
    unseen = bin(pack & ~seen).count("1")
    if unseen != hidden:
        return f"advised a view leaving {unseen} cards unseen for {hidden} hidden"
    return None


# ---- the run ----------------------------------------------------------------------------------


def generate(seed: int, count: int) -> Iterator[Case]:
    """``count`` cases: each a seed request of an endpoint drawn evenly (GET /v1/rules seldom),
    with one to three mutations (a tenth unmutated)."""
    rng = random.Random(seed)
    by_path: dict[str, list[Case]] = {}
    for case in seed_requests(rng):
        by_path.setdefault(case.path, []).append(case)
    paths = list(ENDPOINTS)
    weights = [0.2 if path != "/v1/rules" else 0.01 for path in paths]
    for _ in range(count):
        base = rng.choice(by_path[rng.choices(paths, weights)[0]])
        case = Case(base.path, copy.deepcopy(base.body))
        if case.body is None:
            case.body = {"extra": rng.choice(RETYPED)} if rng.random() < 0.5 else None
        elif rng.random() >= 0.1:
            for _ in range(rng.choice((1, 1, 1, 2, 3))):
                case.body, name = mutate(case.body, rng)
                case.mutations.append(name)
        yield case


def send(client: FlaskClient, case: Case) -> tuple[int, str, str]:
    """Status, content type and text of the answer to a case."""
    if case.path == "/v1/rules":
        response = (
            client.get(case.path)
            if case.body is None
            else client.get(case.path, data=encode(case.body), content_type="application/json")
        )
    else:
        response = client.post(case.path, data=encode(case.body), content_type="application/json")
    return response.status_code, response.mimetype, response.get_data(as_text=True)


def run(seed: int, count: int, on_case: Callable[[Case, int], None] | None = None) -> Report:
    """Send ``count`` mutated requests and check every answer."""
    client = create_app(FUZZ_CONFIG).test_client()
    report = Report()
    for case in generate(seed, count):
        status, content_type, text = send(client, case)
        report.cases[case.path] += 1
        report.statuses[(case.path, status)] += 1
        report.mutations.update(case.mutations)
        fault = check(case, status, content_type, text)
        if fault is not None:
            shown = encode(case.body).decode()[:MAX_LOG_REQUEST]
            report.failures.append(
                f"{case.path} {fault} after {'+'.join(case.mutations) or 'no mutation'}: "
                f"{shown} -> {text[:300]}"
            )
        if on_case is not None:
            on_case(case, status)
    return report


def main(argv: list[str] | None = None) -> int:
    """Run the fuzz from the command line; exit 1 on any failure."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=10_000)
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
