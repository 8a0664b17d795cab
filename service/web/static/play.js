// The table: deals, plays and scores through the public API; bots of the levels picked play the
// other seats (/v1/bot), and hints are the advisor's (/v1/advice).

import * as api from "./api.js";
import { ApiError, describeProblem, KeyNeeded, patiently } from "./api.js";
import { cardBack, cardElement, cardLabel, chipsElement, sortCodes } from "./cards.js";
import { el } from "./dom.js";
import { captureOf, cardOf, describeMove, explain } from "./explain.js";
import { categoryName, language, languagesFor, outrightName, preferred, t, useLanguage, usePageTexts } from "./i18n.js";
import { fillLevelPickers, hasPartner, levelName, levelOf, levelWords } from "./levels.js";
import { initMode } from "./mode.js";
import { hideReview, initReview, refreshReview, reviewHand } from "./review.js";
import { initScorekeeper, setScorekeeperGames } from "./scorekeeper.js";
import { HUMAN, rulesOf, seatName, sideCount, sideName, sideOf } from "./seats.js";

/** @typedef {import("../../../clients/typescript/src/schema").State} State */
/** @typedef {import("../../../clients/typescript/src/schema").Move} Move */
/** @typedef {import("../../../clients/typescript/src/schema").Preset} Preset */
/** @typedef {import("../../../clients/typescript/src/schema").PlayResponse} PlayResponse */
/** @typedef {import("../../../clients/typescript/src/schema").ScoreResponse} ScoreResponse */
/** @typedef {import("../../../clients/typescript/src/schema").HandScore} HandScore */
/** @typedef {import("../../../clients/typescript/src/schema").Event} GameEvent */
/** @typedef {import("../../../clients/typescript/src/schema").SideScore} SideScore */
/** @typedef {import("../../../clients/typescript/src/schema").MatchResult} MatchResult */
/** @typedef {import("../../../clients/typescript/src/schema").RulesOptions} RulesOptions */
/** @typedef {import("../../../clients/typescript/src/schema").DealRequest} DealRequest */
/** @typedef {import("../../../clients/typescript/src/schema").ScoreRequest} ScoreRequest */
/** @typedef {import("../../../clients/typescript/src/schema").AdviceRequest} AdviceRequest */
/** @typedef {import("../../../clients/typescript/src/schema").Level} Level */

// An element of play.html by id (tests/web/test_pages.py checks that each one is there); the
// page's own markup is not typed, the API's data is.
/** @param {string} id @returns {any} */
const $ = (id) => document.getElementById(id);
const MAIN_POINTS = ["cards", "coins", "settebello", "primiera", "scope"];

/**
 * @type {{
 *   presets: Preset[],
 *   levels: Level[],
 *   picked: { opponents: string, partner: string },
 *   rulesRequest: RulesOptions,
 *   state: State | null,
 *   match: { scores: number[], target: number } | null,
 *   dealer: number,
 *   handIndex: number,
 *   seedBase: number | null,
 *   moves: Move[],
 *   selected: string | null,
 *   lastMoves: Record<number, { move: Move, scopa: boolean }>,
 *   handScore: HandScore | null,
 *   scored: ScoreResponse | null,
 *   general: string,
 *   token: number,
 * }}
 */
const game = {
  presets: [],
  levels: [],
  picked: { opponents: "", partner: "" }, // set by each new match
  rulesRequest: { preset: "scopa" }, // set by each new match
  state: null,
  match: null,
  dealer: 0,
  handIndex: 0,
  seedBase: null,
  moves: [],
  selected: null,
  lastMoves: {},
  handScore: null,
  scored: null, // the last hand's score, shown again in another language
  general: "en", // the last language chosen that suits every game
  token: 0,
};

/** @param {string} phase */
function setPhase(phase) {
  document.body.dataset.phase = phase;
}

/** @param {number} ms */
function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function pace() {
  return Number($("pace").value);
}

// The hand being played: every deal sets it before anything reads it.
/** @returns {State} */
function current() {
  if (game.state === null) {
    throw new Error("no hand has been dealt");
  }
  return game.state;
}

// The match so far: the first deal of a match sets it.
function currentMatch() {
  if (game.match === null) {
    throw new Error("no match has been started");
  }
  return game.match;
}

// ---- errors ---------------------------------------------------------------------------------

/** @param {unknown} error @param {string} doing */
function showError(error, doing) {
  if (error instanceof KeyNeeded) {
    askForKey();
    return;
  }
  const { title, detail, lines } = describeProblem(error, doing);
  const box = $("error");
  box.replaceChildren(el("strong", "", title));
  if (detail) {
    box.append(el("p", "", detail));
  }
  if (lines.length) {
    const list = el("ul");
    for (const line of lines) {
      list.append(el("li", "", line));
    }
    box.append(list);
  }
  const retry = el("button", "", t("Dismiss"));
  retry.type = "button";
  retry.addEventListener("click", () => {
    box.hidden = true;
  });
  box.append(retry);
  box.hidden = false;
  setPhase("error");
}

// The service needs an API key (401 unauthorized): a form asks for one. The key given is kept
// for this tab (api.js) and the page reloads, so that every call of its start is made with it.
async function askForKey() {
  const refused = api.getApiKey() !== null;
  api.clearApiKey();
  try {
    await usePageTexts(preferred());
  } catch {
    // The texts cannot be had: the form stays in English.
  }
  $("api-key-refused").textContent = t("The service did not accept that key.");
  $("api-key-refused").hidden = !refused;
  $("error").hidden = true;
  $("api-key").hidden = false;
  setPhase("key");
  $("api-key-input").focus();
}

/** @param {SubmitEvent} event */
function useKey(event) {
  event.preventDefault();
  const key = $("api-key-input").value.trim();
  if (key) {
    api.setApiKey(key);
    window.location.reload();
  }
}

function clearError() {
  $("error").hidden = true;
}

// ---- settings ---------------------------------------------------------------------------------

async function loadPresets() {
  setPhase("loading");
  try {
    // A language asked for in the address (?lang=it) is kept for the next visits too.
    await useLanguage(preferred(), new URLSearchParams(window.location.search).has("lang"));
    await loadWords();
  } catch (error) {
    showError(error, t("Loading the games"));
    return;
  }
  const select = $("preset");
  for (const preset of game.presets) {
    const option = el("option", "", preset.name.replaceAll("_", " "));
    option.value = preset.name;
    select.append(option);
  }
  select.addEventListener("change", fillPlayers);
  $("players").addEventListener("change", showPartnerPicker);
  $("opponent-level").addEventListener("change", describeLevel);
  $("language").addEventListener("change", () => switchLanguage($("language").value));
  if (!["en", "it"].includes(language())) {
    // A game's own language (es, fr) opens on that game.
    const own = game.presets.find((preset) => languagesFor(preset.name).length === 3
      && languagesFor(preset.name).some((each) => each.code === language()));
    if (own) {
      select.value = own.name;
    }
  } else {
    game.general = language();
  }
  fillPlayers();
  setPhase("setup");
}

// The service's words in the page's language: the games' descriptions and the levels'.
async function loadWords() {
  const [catalog, levels] = await Promise.all([api.getRules(), api.getLevels()]);
  game.presets = catalog.presets;
  game.levels = levels.levels;
  fillLevelPickers(game.levels, $("opponent-level"), $("partner-level"));
  describeLevel();
  setScorekeeperGames(game.presets);
}

// The languages offered with the chosen game: English and Italian always, Spanish with escoba
// and French with chkobba (the names of their own packs).
function fillLanguages() {
  const select = $("language");
  const offered = languagesFor($("preset").value);
  select.replaceChildren();
  for (const each of offered) {
    const option = el("option", "", each.name);
    option.value = each.code;
    option.lang = each.code;
    select.append(option);
  }
  select.value = language();
}

/** @param {string} lang */
async function switchLanguage(lang) {
  const before = document.body.dataset.phase;
  try {
    await useLanguage(lang, true);
    await loadWords();
  } catch (error) {
    showError(error, t("Changing the language"));
    return;
  }
  const offered = languagesFor($("preset").value);
  if (offered.every((each) => each.presets === null || each.code !== lang)) {
    game.general = language();
  }
  fillLanguages();
  $("preset-description").textContent = chosenPreset().description;
  // A new match clears its match before its first deal answers: nothing to draw until then.
  if (game.state !== null && game.match !== null) {
    render();
  }
  if (game.scored !== null && game.match !== null && !$("score").hidden) {
    renderScore(game.scored);
  }
  if (before === "human" && !$("hint").hidden) {
    $("hint").hidden = true;
  }
  refreshReview();
}

/** @returns {Preset} */
function chosenPreset() {
  const preset = game.presets.find((each) => each.name === $("preset").value);
  if (preset === undefined) {
    throw new Error(`no game ${$("preset").value}`);
  }
  return preset;
}

function fillPlayers() {
  const preset = chosenPreset();
  const select = $("players");
  select.replaceChildren();
  for (const count of preset.players) {
    const option = el("option", "", String(count));
    option.value = String(count);
    option.selected = count === preset.options.players;
    select.append(option);
  }
  select.disabled = preset.players.length < 2;
  $("preset-description").textContent = preset.description;
  showPartnerPicker();
  if (!languagesFor(preset.name).some((each) => each.code === language())) {
    // The game's own language does not name another game's pack.
    switchLanguage(game.general);
    return;
  }
  fillLanguages();
}

// The partner picker shows in team games only; the partner plays at the opponents' level
// unless another is picked.
function showPartnerPicker() {
  $("partner-picker").hidden = !hasPartner(Number($("players").value));
}

function describeLevel() {
  $("level-description").textContent = levelWords(game.levels, $("opponent-level").value);
}

// ---- the match --------------------------------------------------------------------------------

/** @param {Event} event */
function startMatch(event) {
  event.preventDefault();
  clearError();
  const preset = chosenPreset();
  const players = Number($("players").value);
  const target = $("target").value;
  // The catalog's preset names and player counts are the rules' own (the spec types them wider).
  /** @type {RulesOptions} */
  const rules = { preset: /** @type {RulesOptions["preset"]} */ (preset.name) };
  if (players !== preset.options.players) {
    rules.players = /** @type {RulesOptions["players"]} */ (players);
  }
  if (target) {
    rules.target = Number(target);
  }
  game.rulesRequest = rules;
  game.picked = {
    opponents: $("opponent-level").value,
    partner: hasPartner(players) ? $("partner-level").value : "",
  };
  game.match = null;
  game.handIndex = 0;
  game.dealer = players - 1; // the seat after the dealer leads: you lead the first hand
  const seed = new URLSearchParams(window.location.search).get("seed");
  game.seedBase = seed === null ? null : Number(seed);
  game.token += 1;
  $("game").hidden = false;
  dealHand(game.token);
}

/** @param {number} token */
async function dealHand(token) {
  setPhase("busy");
  $("score").hidden = true;
  hideReview();
  /** @type {DealRequest} */
  const body = { rules: game.rulesRequest, dealer: game.dealer };
  if (game.seedBase !== null) {
    body.seed = game.seedBase + game.handIndex;
  }
  let answer;
  try {
    answer = await api.deal(body);
  } catch (error) {
    showError(error, t("Dealing"));
    return;
  }
  if (token !== game.token) {
    return;
  }
  game.state = answer.state;
  const rules = rulesOf(answer.state);
  if (game.match === null) {
    game.match = {
      scores: new Array(sideCount(rules)).fill(0),
      target: rules.target,
    };
  }
  game.lastMoves = {};
  game.handScore = null;
  $("log").replaceChildren();
  logLine(t("Hand {number}: {dealer} dealt.", { number: game.handIndex + 1, dealer: seatName(rules, game.dealer) }));
  advance(token);
}

/** @param {number} token */
async function advance(token) {
  game.selected = null;
  game.moves = [];
  $("hint").hidden = true;
  render();
  const state = current();
  if (state.finished) {
    await sleep(pace());
    if (token === game.token) {
      await finishHand(token);
    }
    return;
  }
  if (state.to_move === HUMAN) {
    await humanTurn(token);
  } else {
    await computerTurn(token, state.to_move);
  }
}

/** @param {number} token */
async function humanTurn(token) {
  setPhase("busy");
  let answer;
  try {
    answer = await api.listMoves({ state: current() });
  } catch (error) {
    showError(error, t("Listing your moves"));
    return;
  }
  if (token !== game.token) {
    return;
  }
  game.moves = answer.moves;
  if (current().declaration_round && game.moves.length === 1 && game.moves[0].kind === "decline") {
    // The declaration round after the deal: a hand that declares nothing has no choice.
    await playMove(token, game.moves[0]);
    return;
  }
  render();
  setPhase("human");
  const first = $("hand").querySelector("button:not([disabled])") || $("specials").querySelector("button");
  if (first) {
    first.focus();
  }
}

// The seat's view comes from the service (POST /v1/view): only what that seat can know.
/** @param {number} seat @returns {Promise<AdviceRequest>} */
async function adviceRequest(seat) {
  const match = currentMatch();
  const { view } = await api.seatView({ state: current(), seat });
  return {
    view,
    match: { scores: match.scores, target: match.target },
  };
}

/** @param {number} seat */
async function askAdvice(seat) {
  const request = await adviceRequest(seat);
  return patiently(() => api.advise(request), (seconds) => {
    $("turn").textContent = t("The advisor is busy; asking again in {seconds} s…", { seconds });
  });
}

// A computer seat's move, from a bot of its level (the phase keeps its name "advisor").
/** @param {number} token @param {number} seat */
async function computerTurn(token, seat) {
  setPhase("advisor");
  await sleep(pace());
  if (token !== game.token) {
    return;
  }
  const state = current();
  const rules = rulesOf(state);
  const match = currentMatch();
  const level = levelOf(rules, seat, game.picked);
  let answer;
  try {
    // The seed is derived from the request, so ?seed=N replays the same match.
    answer = await patiently(
      () =>
        api.botMove({
          // The service builds the seat's view: the bot never sees another hand.
          state,
          seat,
          level,
          match: { scores: match.scores, target: match.target },
        }),
      (seconds) => {
        $("turn").textContent = t("The {level} player is busy; asking again in {seconds} s…", {
          level: levelName(level),
          seconds,
        });
      },
    );
  } catch (error) {
    showError(error, t("Asking the {level} player for {seat}", { level: levelName(level), seat: seatName(rules, seat) }));
    return;
  }
  if (token !== game.token) {
    return;
  }
  await playMove(token, answer.move);
}

/** @param {number} token @param {Move} move */
async function playMove(token, move) {
  setPhase("busy");
  const before = current();
  const seat = before.to_move;
  let answer;
  try {
    answer = await api.play({ state: before, move });
  } catch (error) {
    showError(error, t("Playing {move}", { move: describeMove(move) }));
    return;
  }
  if (token !== game.token) {
    return;
  }
  clearError();
  game.lastMoves[seat] = { move, scopa: answer.events.some((e) => e.kind === "scopa") };
  logEvents(seat, move, answer.events);
  game.state = answer.state;
  if (answer.score) {
    game.handScore = answer.score;
  }
  advance(token);
}

/** @param {number} token */
async function finishHand(token) {
  setPhase("busy");
  const state = current();
  const match = currentMatch();
  // The review runs beside the score: the hand's record, then each decision judged.
  reviewHand(state, { scores: [...match.scores], target: match.target });
  const placed = new Set(state.piles.flat());
  const leftover = [...state.table, ...state.hands.flat(), ...(state.stock ?? [])].filter(
    (code) => !placed.has(code),
  );
  /** @type {ScoreRequest} */
  const body = {
    rules: rulesOf(state),
    piles: state.piles.map((cards, side) => ({ cards, scope: state.scope[side] })),
    leftover,
    declarations: state.declarations ?? [],
    match: { scores: match.scores, target: match.target },
  };
  if (state.claimed_by !== undefined) {
    body.claimed_by = state.claimed_by;
  }
  /** @type {ScoreResponse} */
  let scored;
  try {
    scored = await api.score(body);
  } catch (error) {
    showError(error, t("Scoring the hand"));
    const hand = game.handScore;
    if (!hand) {
      return;
    }
    // The hand's own score from /v1/play still gives the breakdown and the new totals.
    const scores = match.scores.map((score, side) => score + (hand.totals[side] ?? 0));
    scored = {
      ...hand,
      match: { scores, target: match.target, finished: false, reason: null, winner: null },
    };
  }
  if (token !== game.token) {
    return;
  }
  const result = matchOf(scored);
  game.match = { scores: result.scores, target: match.target };
  renderScore(scored);
  setPhase(result.finished ? "match-over" : "score");
}

// A score asked with the match so far answers with the new match totals.
/** @param {ScoreResponse} scored @returns {MatchResult} */
function matchOf(scored) {
  if (scored.match === undefined) {
    throw new Error("the score carries no match totals");
  }
  return scored.match;
}

function nextHand() {
  if (document.body.dataset.phase === "match-over") {
    $("setup").requestSubmit();
    return;
  }
  game.handIndex += 1;
  game.dealer = (game.dealer + 1) % rulesOf(current()).players;
  dealHand(game.token);
}

// ---- the human's moves --------------------------------------------------------------------

/** @param {Move} move @param {string[]} hand */
function attachedToCard(move, hand) {
  const kind = move.kind || "play";
  return move.card !== undefined && hand.includes(move.card) && (kind === "play" || kind === "pass");
}

/** @param {Move} move */
function choiceText(move) {
  const kind = move.kind || "play";
  if (kind === "pass") {
    return t("Put it in your pile without capturing");
  }
  if (captureOf(move).length === 0) {
    return t("Lay it on the table");
  }
  return t("Take");
}

/** @param {string} code */
function chooseCard(code) {
  game.selected = code;
  renderHand();
  const first = $("choices").querySelector("button");
  if (first) {
    first.focus();
  }
}

/** @param {readonly string[]} codes */
function highlightTable(codes) {
  for (const card of $("table").querySelectorAll(".card")) {
    card.classList.toggle("highlight", codes.includes(card.dataset.code));
  }
}

/** @param {Move} move @param {string} text */
function moveButton(move, text) {
  const button = el("button", "choice");
  button.type = "button";
  button.append(el("span", "", text));
  if (captureOf(move).length && (move.kind || "play") !== "declare") {
    button.append(" ", chipsElement(captureOf(move)));
  }
  if (move.sweep) {
    button.append(el("span", "scopa-tag", t("scopa!")));
  }
  button.setAttribute(
    "aria-label",
    move.sweep ? t("Play {move}, a scopa", { move: describeMove(move) }) : t("Play {move}", { move: describeMove(move) }),
  );
  button.addEventListener("mouseenter", () => highlightTable(captureOf(move)));
  button.addEventListener("focus", () => highlightTable(captureOf(move)));
  button.addEventListener("mouseleave", () => highlightTable([]));
  button.addEventListener("blur", () => highlightTable([]));
  button.addEventListener("click", () => {
    if (document.body.dataset.phase !== "human") {
      return;
    }
    highlightTable([]);
    playMove(game.token, move);
  });
  return button;
}

async function showHint() {
  if (document.body.dataset.phase !== "human") {
    return;
  }
  const token = game.token;
  const box = $("hint");
  box.hidden = false;
  box.replaceChildren(el("p", "muted", t("The advisor is thinking…")));
  setPhase("hinting");
  let advice;
  try {
    advice = await askAdvice(HUMAN);
  } catch (error) {
    box.hidden = true;
    showError(error, t("Asking for a hint"));
    setPhase("human");
    return;
  }
  if (token !== game.token) {
    return;
  }
  setPhase("human");
  box.replaceChildren(el("h3", "", t("The advisor's view of your moves (best first)")));
  const list = el("ol", "hint-moves");
  for (const move of advice.moves) {
    const item = el("li");
    // Moves the search does not rank (declarations, claims, the cutter's choice) have no value.
    const points = move.value;
    const ranked = typeof points === "number";
    const value = ranked ? `${points >= 0 ? "+" : ""}${points.toFixed(2)}` : "—";
    item.append(el("span", "value", value), " ", el("span", "", describeMove(move)));
    if (move.sweep) {
      item.append(el("span", "scopa-tag", t("scopa!")));
    }
    if (!ranked && move.note) {
      item.append(el("span", "muted", ` · ${move.note}`));
    }
    if (typeof move.win_probability === "number") {
      item.append(el("span", "muted", t(" · wins the match {percent}%", { percent: (move.win_probability * 100).toFixed(0) })));
    }
    // The top moves' value in words: by scoring category, and the sweep risk.
    if (ranked && list.children.length < 3) {
      item.append(el("div", "why", explain(move)));
    }
    list.append(item);
  }
  const stats = advice.stats;
  box.append(
    list,
    el(
      "p",
      "muted",
      t("Value: expected hand points for your side minus the others'; under the top moves, its parts by scoring category and the chance that the next player can sweep the table. {worlds} worlds, {playouts} playouts ({algorithm}).", {
        worlds: stats.worlds,
        playouts: stats.playouts,
        algorithm: stats.algorithm,
      }),
    ),
  );
}

// ---- rendering ------------------------------------------------------------------------------

function render() {
  const state = current();
  const rules = rulesOf(state);
  const match = currentMatch();
  const scores = match.scores
    .map((score, side) => `${sideName(rules, side)} ${score}`)
    .join(" · ");
  $("match-line").textContent = t("{game}, {players} players, to {target}: {scores}", {
    game: rules.preset.replaceAll("_", " "),
    players: rules.players,
    target: match.target,
    scores,
  });
  $("turn").textContent = state.finished
    ? t("The hand is over.")
    : state.to_move === HUMAN
      ? state.declaration_round
        ? t("Your turn to declare: show your hand for the points, or keep it hidden.")
        : t("Your turn: choose a card.")
      : t("{seat} is thinking…", { seat: seatName(rules, state.to_move) });
  $("stock").textContent = t("· {stock} cards still to deal · deal {deal}", {
    stock: (state.stock ?? []).length,
    deal: state.deals_made ?? 1,
  });
  renderSeats();
  renderTable();
  renderSides();
  renderHand();
}

/** @param {number} seat */
function lastMoveElement(seat) {
  const wrapper = el("div", "last-move");
  const last = game.lastMoves[seat];
  if (!last) {
    wrapper.textContent = t("No move yet this hand.");
    return wrapper;
  }
  const { move, scopa } = last;
  const kind = move.kind || "play";
  wrapper.append(el("span", "muted", t("Last: ")));
  if (kind === "claim") {
    wrapper.append(t("claimed the win"));
  } else if (kind === "declare") {
    wrapper.append(t("declared "), chipsElement([cardOf(move), ...captureOf(move)]));
  } else if (kind === "decline") {
    wrapper.append(t("declared nothing"));
  } else {
    wrapper.append(chipsElement([cardOf(move)]));
    if (captureOf(move).length) {
      wrapper.append(t(" took "), chipsElement(captureOf(move)));
    } else if (kind === "pass") {
      wrapper.append(t(" passed"));
    } else if (kind === "keep") {
      wrapper.append(t(" kept"));
    } else if (kind === "table") {
      wrapper.append(t(" tabled"));
    } else {
      wrapper.append(t(" laid"));
    }
  }
  if (scopa) {
    wrapper.append(el("span", "scopa-tag", t("scopa!")));
  }
  return wrapper;
}

function renderSeats() {
  const state = current();
  const rules = rulesOf(state);
  const container = $("seats");
  container.replaceChildren();
  for (let seat = 0; seat < rules.players; seat += 1) {
    if (seat === HUMAN) {
      continue;
    }
    const panel = el("article", "seat");
    panel.dataset.seat = String(seat);
    if (seat === state.to_move && !state.finished) {
      panel.classList.add("to-move");
    }
    const size = state.hands[seat].length;
    const title = el("h2", "", seatName(rules, seat));
    if (seat === state.dealer) {
      title.append(el("span", "muted", t(" · dealer")));
    }
    const backs = el("div", "backs");
    backs.setAttribute("aria-label", t("{count} cards in hand", { count: size }));
    for (let i = 0; i < size; i += 1) {
      backs.append(cardBack());
    }
    backs.append(el("span", "count", t("{count} in hand", { count: size })));
    panel.append(title, backs, lastMoveElement(seat));
    container.append(panel);
  }
  $("my-last").replaceChildren(lastMoveElement(HUMAN));
}

function renderTable() {
  const table = $("table");
  table.replaceChildren();
  const cards = sortCodes(current().table);
  for (const code of cards) {
    table.append(cardElement(code));
  }
  if (cards.length === 0) {
    table.append(el("p", "muted", t("The table is empty.")));
  }
}

function renderSides() {
  const state = current();
  const rules = rulesOf(state);
  const container = $("sides");
  container.replaceChildren();
  for (let side = 0; side < state.piles.length; side += 1) {
    const pile = state.piles[side];
    const coins = pile.filter((code) => code.endsWith("D")).length;
    const panel = el("article", "side");
    panel.dataset.side = String(side);
    panel.append(el("h2", "", sideName(rules, side)));
    const facts = el("p", "facts");
    facts.append(
      el("span", "", t("{count} cards", { count: pile.length })),
      el("span", "", `${coins} ${categoryName("coins")}`),
      el("span", "scope-count", `${state.scope[side]} ${categoryName("scope")}`),
    );
    if (pile.includes("7D")) {
      facts.append(el("span", "scopa-tag", categoryName("settebello")));
    }
    const details = el("details");
    details.append(el("summary", "", t("Captured cards")), chipsElement(sortCodes(pile)));
    panel.append(facts, details);
    container.append(panel);
  }
}

function renderHand() {
  const state = current();
  const hand = sortCodes(state.hands[HUMAN]);
  const playable = new Set(
    game.moves.filter((move) => attachedToCard(move, state.hands[HUMAN])).map((m) => m.card),
  );
  const myTurn = !state.finished && state.to_move === HUMAN && game.moves.length > 0;
  const container = $("hand");
  container.replaceChildren();
  for (const code of hand) {
    const button = cardElement(code, chooseCard);
    button.disabled = !myTurn || !playable.has(code);
    button.setAttribute("aria-pressed", String(code === game.selected));
    container.append(button);
  }
  if (hand.length === 0) {
    container.append(el("p", "muted", t("No cards in hand.")));
  }
  const choices = $("choices");
  choices.replaceChildren();
  if (myTurn && game.selected) {
    choices.append(el("h3", "", `${cardLabel(game.selected)}:`));
    for (const move of game.moves) {
      if (move.card === game.selected && attachedToCard(move, state.hands[HUMAN])) {
        choices.append(moveButton(move, choiceText(move)));
      }
    }
  }
  const specials = $("specials");
  specials.replaceChildren();
  if (myTurn) {
    for (const move of game.moves) {
      if (!attachedToCard(move, state.hands[HUMAN])) {
        const text = describeMove(move);
        specials.append(moveButton(move, text.charAt(0).toUpperCase() + text.slice(1)));
      }
    }
  }
  $("hint-button").disabled = !myTurn;
}

/** @param {Record<string, number>} points @param {string} key */
function pointsCell(points, key) {
  return points[key] === undefined ? "" : t(" ({points} pt)", { points: points[key] });
}

/** @param {ScoreResponse} scored */
function renderScore(scored) {
  game.scored = scored;
  const rules = rulesOf(current());
  const match = matchOf(scored);
  const target = currentMatch().target;
  const sides = scored.sides;
  const table = el("table", "score-table");
  const head = el("tr");
  head.append(el("th", "", ""));
  for (const side of sides) {
    head.append(el("th", "", sideName(rules, side.side)));
  }
  const thead = el("thead");
  thead.append(head);
  const body = el("tbody");
  /** @param {string} label @param {(side: SideScore) => (string | Node)[]} cell */
  const row = (label, cell) => {
    const tr = el("tr");
    tr.append(el("th", "", label));
    for (const side of sides) {
      const td = el("td");
      td.append(...cell(side));
      tr.append(td);
    }
    body.append(tr);
  };
  // A hand scored from its piles counts every fact; a fact not counted (null) shows as "—".
  row(t("Cards"), (s) => [`${t("{count} cards", { count: s.cards ?? "—" })}${pointsCell(s.points, "cards")}`]);
  row(t("Coins"), (s) => [`${s.coins ?? "—"} ${categoryName("coins")}${pointsCell(s.points, "coins")}`]);
  row(t("Settebello"), (s) => [
    `${s.settebello === null ? "—" : s.settebello ? t("yes") : t("no")}${pointsCell(s.points, "settebello")}`,
  ]);
  row(t("Prime"), (s) => (s.prime === null ? ["—"] : [
    `${s.prime.value}${s.prime.all_suits ? "" : t(" (incomplete)")}${pointsCell(s.points, "primiera")} `,
    chipsElement(s.prime.cards),
  ]));
  row(t("Scope"), (s) => [`${s.scope ?? "—"}${pointsCell(s.points, "scope")}`]);
  const extras = new Set();
  for (const side of sides) {
    for (const key of Object.keys(side.points)) {
      if (!MAIN_POINTS.includes(key)) {
        extras.add(key);
      }
    }
  }
  for (const key of extras) {
    row(categoryName(key), (s) => [t("{points} pt", { points: s.points[key] ?? 0 })]);
  }
  row(t("Hand total"), (s) => [el("strong", "", String(s.total ?? "—"))]);
  if (sides.some((s) => s.outright)) {
    row(t("Outright"), (s) => [s.outright ? outrightName(s.outright) : ""]);
  }
  row(t("Match"), (s) => [el("strong", "", `${match.scores[s.side]} / ${target}`)]);
  table.append(thead, body);
  $("score-table").replaceChildren(table);
  let result = t("Match to {target}: {scores}.", {
    target,
    scores: match.scores.map((score, side) => `${sideName(rules, side)} ${score}`).join(", "),
  });
  if (match.finished) {
    const winner = match.winner ?? null;
    if (winner === null) {
      result += t(" The match is over: nobody wins!");
    } else if (winner === sideOf(rules, HUMAN)) {
      result += t(" The match is over: {winner} win!", { winner: sideName(rules, winner) });
    } else {
      result += t(" The match is over: {winner} wins!", { winner: sideName(rules, winner) });
    }
  }
  $("match-result").textContent = result;
  $("score-title").textContent = t("Hand {number} is over", { number: game.handIndex + 1 });
  $("next-hand").textContent = match.finished ? t("New match") : t("Next hand");
  $("score").hidden = false;
  render();
  $("next-hand").focus();
}

// ---- the log ----------------------------------------------------------------------------

/** @param {string} text */
function logLine(text) {
  const item = el("li", "", text);
  $("log").prepend(item);
}

/** @param {number} seat @param {Move} move @param {GameEvent[]} events */
function logEvents(seat, move, events) {
  const rules = rulesOf(current());
  const name = seatName(rules, seat);
  logLine(t("{seat}: {move}.", { seat: name, move: describeMove(move) }));
  for (const event of events) {
    if (event.kind === "scopa" && event.seat !== null) {
      logLine(t("Scopa for {seat}!", { seat: seatName(rules, event.seat) }));
    } else if (event.kind === "deal") {
      logLine(t("New cards dealt."));
    } else if (event.kind === "last_take" && event.side !== null) {
      logLine(t("The last cards on the table go to {side}.", { side: sideName(rules, event.side) }));
    }
  }
}

// ---- start -----------------------------------------------------------------------------------

document.addEventListener("DOMContentLoaded", () => {
  $("setup").addEventListener("submit", startMatch);
  $("api-key").addEventListener("submit", useKey);
  $("next-hand").addEventListener("click", nextHand);
  $("hint-button").addEventListener("click", showHint);
  initReview();
  initScorekeeper();
  initMode();
  // Escape leaves the capture choices and goes back to the chosen card.
  $("choices").addEventListener("keydown", (/** @type {KeyboardEvent} */ event) => {
    if (event.key === "Escape" && game.selected) {
      const code = game.selected;
      game.selected = null;
      renderHand();
      const card = $("hand").querySelector(`[data-code="${code}"]`);
      if (card) {
        card.focus();
      }
    }
  });
  window.addEventListener("unhandledrejection", (event) => {
    showError(event.reason instanceof ApiError ? event.reason : new Error(String(event.reason)), t("Unexpected"));
  });
  loadPresets();
});
