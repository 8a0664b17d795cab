// The client against the real service under gunicorn: tests/clients/test_typescript_client.py
// starts it on loopback and runs `npm test` with its address in SCOPA_BASE_URL.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  type Move,
  type PlayResponse,
  ProblemError,
  type State,
  type View,
  createScopaClient,
  unwrap,
} from "../src/index.js";

const baseUrl = process.env.SCOPA_BASE_URL;
if (!baseUrl) {
  throw new Error(
    "SCOPA_BASE_URL is not set: run these tests through tests/clients/test_typescript_client.py, " +
      "which serves the API under gunicorn",
  );
}
const client = createScopaClient(baseUrl);

// What the seat to move can see of a full state.
function viewOf(state: State): View {
  return {
    rules: state.rules,
    seat: state.to_move,
    dealer: state.dealer,
    to_move: state.to_move,
    hand: state.hands[state.to_move] ?? [],
    table: state.table,
    piles: state.piles,
    scope: state.scope,
    hand_sizes: state.hands.map((hand) => hand.length),
    stock_size: state.stock?.length ?? 0,
    deals_made: state.deals_made,
    last_capturer: state.last_capturer ?? null,
  };
}

const key = (move: Pick<Move, "card" | "capture">) =>
  `${move.card}:${[...(move.capture ?? [])].sort().join(",")}`;

test("GET /v1/rules lists the presets with their options", async () => {
  const catalog = await unwrap(client.GET("/v1/rules"));
  const scopa = catalog.presets.find((preset) => preset.name === "scopa");
  assert.ok(scopa, "scopa is a preset");
  assert.equal(scopa.options.players, 2);
  assert.ok(catalog.options.some((option) => option.name === "players"));
});

test("a hand of scopa dealt, played to its end with the first legal move, scored, advised", async () => {
  const dealt = await unwrap(client.POST("/v1/deal", { body: { rules: "scopa", seed: 42 } }));
  assert.equal(dealt.seed, 42);
  assert.equal(dealt.state.table.length, 4);
  assert.ok(dealt.moves.length > 0);

  // Advice once, for the seat to move in the dealt position: every legal move ranked.
  const advice = await unwrap(
    client.POST("/v1/advice", {
      body: { view: viewOf(dealt.state), budget: { iterations: 40 }, seed: 7 },
    }),
  );
  assert.equal(advice.chosen_by, "search");
  assert.deepEqual(
    advice.moves.map(key).sort(),
    dealt.moves.map(key).sort(),
    "the advice ranks exactly the legal moves",
  );
  assert.ok(dealt.moves.some((move) => key(move) === key(advice.chosen)));
  const values = advice.moves.map((move) => move.value ?? Number.NEGATIVE_INFINITY);
  assert.deepEqual(values, [...values].sort((a, b) => b - a), "best first");
  assert.equal(advice.stats.worlds, 40);

  let state: State = dealt.state;
  let moves: Move[] = dealt.moves;
  let plays = 0;
  let last: PlayResponse | undefined;
  while (!state.finished) {
    const move = moves[0];
    assert.ok(move, `a legal move after ${plays} plays`);
    last = await unwrap(client.POST("/v1/play", { body: { state, move } }));
    assert.equal(last.events[0]?.seat, state.to_move, "the event names the seat that played");
    state = last.state;
    plays += 1;
    if (!state.finished) {
      moves = (await unwrap(client.POST("/v1/moves", { body: { state } }))).moves;
    }
  }
  // 40 cards, 4 of them dealt to the table: 36 plays, every card in a pile at the end.
  assert.equal(plays, 36);
  assert.ok(state.hands.every((hand) => hand.length === 0));
  assert.equal(state.piles.flat().length, 40);
  assert.ok(last?.score, "the last play carries the hand's score");

  const scored = await unwrap(
    client.POST("/v1/score", {
      body: {
        rules: "scopa",
        piles: state.piles.map((cards, side) => ({ cards, scope: state.scope[side] ?? 0 })),
        match: { scores: [0, 0] },
      },
    }),
  );
  assert.deepEqual(scored.totals, last.score.totals);
  assert.equal(scored.sides.length, 2);
  assert.deepEqual(scored.match?.scores, scored.totals);
  const coins = scored.sides.reduce((sum, side) => sum + (side.coins ?? 0), 0);
  assert.equal(coins, 10, "the ten coins are shared between the sides");
});

test("an illegal move is a ProblemError carrying the RFC 9457 problem", async () => {
  const dealt = await unwrap(client.POST("/v1/deal", { body: { rules: "scopa", seed: 42 } }));
  const notHeld = dealt.state.hands[1 - dealt.state.to_move]?.[0];
  assert.ok(notHeld);
  const call = client.POST("/v1/play", {
    body: { state: dealt.state, move: { card: notHeld, capture: [] } },
  });
  await assert.rejects(unwrap(call), (error: unknown) => {
    assert.ok(error instanceof ProblemError);
    assert.equal(error.status, 422);
    assert.equal(error.problem?.type, "urn:scopa:problem:illegal-move");
    assert.equal(error.problem?.legal_moves?.length, dealt.moves.length);
    return true;
  });
});
