// The scorekeeper: the score of a match played with real cards. Each hand is entered as each
// side's tally (the form of GET /v1/rules/tally); the whole ledger goes to POST /v1/match, which
// answers each hand's points, the running totals and the match's state, or the reasons a tally
// cannot be right. The ledger can be downloaded, loaded back, and is kept for the next visit.

import * as api from "./api.js";
import { ApiError, describeProblem } from "./api.js";
import { SUITS } from "./cards.js";
import { el } from "./dom.js";
import { categoryName, outrightName, t } from "./i18n.js";
import { buildTallyForm, clearHand, clearReasons, HAND_FIELDS, readHand, showReasons, writeHand } from "./tally.js";

/** @typedef {import("../../../clients/typescript/src/schema").Preset} Preset */
/** @typedef {import("../../../clients/typescript/src/schema").RulesOptions} RulesOptions */
/** @typedef {import("../../../clients/typescript/src/schema").LedgerRequest} LedgerRequest */
/** @typedef {import("../../../clients/typescript/src/schema").LedgerResponse} LedgerResponse */
/** @typedef {import("../../../clients/typescript/src/schema").TallyForm} TallyForm */
/** @typedef {import("./seats.js").Rules} Rules */
/** @typedef {import("./tally.js").TallyField} TallyField */
/** @typedef {import("./tally.js").LedgerHand} LedgerHand */
/**
 * A ledger as a file: the request of POST /v1/match and its last answer.
 * @typedef {{ format: string, version: number, request: { rules: LedgerRequest["rules"], target?: number, hands: LedgerHand[] }, answer: LedgerResponse | null }} LedgerFile
 */

// An element of play.html by id (tests/web/test_pages.py checks that each one is there).
/** @param {string} id @returns {any} */
const $ = (id) => document.getElementById(id);

const FORMAT = "scopa-scorekeeper-ledger";
const STORE = "scopa.scorekeeper";

/**
 * @type {{
 *   presets: Preset[],
 *   open: boolean,
 *   started: boolean,
 *   tally: TallyForm | null,
 *   rules: LedgerRequest["rules"],
 *   target: number | null,
 *   hands: LedgerHand[],
 *   answer: LedgerResponse | null,
 *   token: number,
 * }}
 */
const keeper = {
  presets: [],
  open: false,
  started: false,
  tally: null,
  rules: "scopa",
  target: null,
  hands: [],
  answer: null,
  token: 0,
};

/** @param {string} status loading, busy, ready, rejected (a 422 shown by the fields) or error */
function setStatus(status) {
  $("scorekeeper").dataset.status = status;
}

/** @returns {TallyForm} */
function currentTally() {
  if (keeper.tally === null) {
    throw new Error("the tally form is not loaded");
  }
  return keeper.tally;
}

/** The full rules, as GET /v1/rules/tally answers them. @returns {Rules} */
function tallyRules() {
  const rules = currentTally().rules;
  if (rules === undefined) {
    throw new Error("the tally form carries no rules");
  }
  return /** @type {Rules} */ (rules);
}

/** @returns {TallyField[]} */
const fieldsOf = () => currentTally().fields;

// A side is a player, or a team where partners score together.
/** @param {number} side */
const sideName = (side) =>
  keeper.tally !== null && keeper.tally.sides < players()
    ? t("Team {number}", { number: side + 1 })
    : t("Player {number}", { number: side + 1 });
/** @param {number} seat */
const seatName = (seat) => t("Seat {number}", { number: seat + 1 });

function players() {
  return tallyRules().players;
}

// ---- entry points ---------------------------------------------------------------------------

/**
 * The games of GET /v1/rules, in the page's language: fills the pickers the first time, and
 * reloads the form's words after a change of language.
 * @param {Preset[]} presets
 */
export function setScorekeeperGames(presets) {
  const first = keeper.presets.length === 0;
  keeper.presets = presets;
  if (first) {
    const select = $("sk-preset");
    for (const preset of presets) {
      const option = el("option", "", preset.name.replaceAll("_", " "));
      option.value = preset.name;
      select.append(option);
    }
    fillPlayers();
  } else {
    describePreset();
  }
  if (keeper.open && !keeper.started) {
    start();
  } else if (keeper.tally !== null) {
    loadTally(true); // the form's words in the page's new language
  }
}

/** The panel is shown: its form is loaded the first time (the last ledger, if one was kept). */
export function openScorekeeper() {
  keeper.open = true;
  if (keeper.presets.length && !keeper.started) {
    start();
  }
}

function start() {
  keeper.started = true;
  const kept = storedLedger();
  if (kept !== null) {
    applyLedger(kept);
  } else {
    keeper.rules = chosenRules();
    loadTally(false);
  }
}

export function initScorekeeper() {
  setStatus("loading");
  $("sk-preset").addEventListener("change", () => {
    fillPlayers();
    changeRules();
  });
  $("sk-players").addEventListener("change", changeRules);
  $("sk-target").addEventListener("change", changeTarget);
  $("sk-new").addEventListener("click", newLedger);
  $("sk-hand").addEventListener("submit", addHand);
  $("sk-download").addEventListener("click", download);
  $("sk-file").addEventListener("change", (/** @type {Event} */ event) => {
    const input = /** @type {HTMLInputElement} */ (event.target);
    const file = input.files?.[0];
    if (file) {
      loadFile(file);
    }
    input.value = "";
  });
}

// ---- settings -------------------------------------------------------------------------------

/** @returns {Preset} */
function chosenPreset() {
  const preset = keeper.presets.find((each) => each.name === $("sk-preset").value);
  if (preset === undefined) {
    throw new Error(`no game ${$("sk-preset").value}`);
  }
  return preset;
}

function describePreset() {
  $("sk-description").textContent = chosenPreset().description;
}

function fillPlayers() {
  const preset = chosenPreset();
  const select = $("sk-players");
  select.replaceChildren();
  for (const count of preset.players) {
    const option = el("option", "", String(count));
    option.value = String(count);
    option.selected = count === preset.options.players;
    select.append(option);
  }
  describePreset();
}

// The rules as a request names them: the preset's name, or the preset with another player count.
/** @returns {LedgerRequest["rules"]} */
function chosenRules() {
  const preset = chosenPreset();
  const count = Number($("sk-players").value);
  // The catalog's preset names and player counts are the rules' own (the spec types them wider).
  const name = /** @type {RulesOptions["preset"]} */ (preset.name);
  if (count === preset.options.players) {
    return /** @type {LedgerRequest["rules"]} */ (name);
  }
  return { preset: name, players: /** @type {RulesOptions["players"]} */ (count) };
}

/** @param {LedgerRequest["rules"]} rules @returns {string} the rules parameter of GET /v1/rules/tally */
const rulesParameter = (rules) => (typeof rules === "string" ? rules : JSON.stringify(rules));

function changeRules() {
  if (keeper.hands.length) {
    return; // the pickers are disabled while the ledger has hands
  }
  keeper.rules = chosenRules();
  keeper.answer = null;
  loadTally(false);
}

// Another target: the ledger is added up again under it (the old one stays if it is refused).
async function changeTarget() {
  const before = keeper.target;
  const value = $("sk-target").value;
  keeper.target = value === "" ? null : Number(value);
  if (keeper.hands.length === 0) {
    save();
    render();
  } else if (!(await send(keeper.hands, null))) {
    keeper.target = before;
    $("sk-target").value = before === null ? "" : String(before);
  }
}

function newLedger() {
  keeper.token += 1;
  keeper.hands = [];
  keeper.answer = null;
  keeper.target = null;
  $("sk-target").value = "";
  keeper.rules = chosenRules();
  forget();
  loadTally(false);
}

// ---- the form of a hand ---------------------------------------------------------------------

/** @param {boolean} keepDraft keep what the form holds (a change of language) */
async function loadTally(keepDraft) {
  const token = ++keeper.token;
  setStatus("loading");
  const draft = keepDraft && keeper.tally !== null ? readHand($("sk-fields"), fieldsOf(), keeper.tally.sides) : null;
  const dealer = $("sk-dealer").value;
  let tally;
  try {
    tally = await api.getTally(rulesParameter(keeper.rules));
  } catch (error) {
    if (token === keeper.token) {
      showProblem(error, t("Loading the tally form"), null);
    }
    return false;
  }
  if (token !== keeper.token) {
    return false;
  }
  keeper.tally = tally;
  buildForm();
  if (draft !== null) {
    writeHand($("sk-fields"), fieldsOf(), draft);
    $("sk-dealer").value = dealer;
  }
  render();
  setStatus("ready");
  return true;
}

function buildForm() {
  const tally = currentTally();
  const sides = tally.sides;
  const names = Array.from({ length: sides }, (_, side) => sideName(side));
  const notes = names.map((_, side) => seatsNote(side));
  const handFields = tally.hand.filter((name) => HAND_FIELDS.includes(name));
  const seats = Array.from({ length: players() }, (_, seat) => seatName(seat));
  buildTallyForm($("sk-fields"), fieldsOf(), names, notes, handFields, packCards(), { seats, deals: declaringDeals() });
  const dealer = $("sk-dealer");
  dealer.replaceChildren();
  seats.forEach((name, seat) => {
    const option = el("option", "", name);
    option.value = String(seat);
    dealer.append(option);
  });
  dealer.value = String(nextDealer());
  $("sk-target").placeholder = String(tallyRules().target);
}

// The pack's cards: every rank of every suit, without the twos in a 36-card pack.
function packCards() {
  const ranks = tallyRules().pack === "corse36" ? [1, 3, 4, 5, 6, 7, 8, 9, 10] : [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
  return Object.keys(SUITS).flatMap((suit) => ranks.map((rank) => `${rank}${suit}`));
}

// The deals after which a seat may declare: those of three cards, numbered from 1.
function declaringDeals() {
  return tallyRules().deal_sizes.flatMap((size, index) => (size === 3 ? [index + 1] : []));
}

// A team's seats under its name ("seats 1 and 3"); nothing where each player is a side.
/** @param {number} side */
function seatsNote(side) {
  const tally = currentTally();
  if (tally.sides === players()) {
    return "";
  }
  const seats = [];
  for (let seat = side; seat < players(); seat += tally.sides) {
    seats.push(String(seat + 1));
  }
  return t("seats {seats}", { seats: seats.join(", ") });
}

// The dealer of the next hand: the seat after the last hand's dealer.
function nextDealer() {
  if (keeper.answer !== null && typeof keeper.answer.next_dealer === "number") {
    return keeper.answer.next_dealer;
  }
  const last = keeper.hands.at(-1);
  return last && typeof last.dealer === "number" ? (last.dealer + 1) % players() : 0;
}

/** @param {Event} event */
async function addHand(event) {
  event.preventDefault();
  if (keeper.tally === null || isFinished()) {
    return;
  }
  const hand = readHand($("sk-fields"), fieldsOf(), keeper.tally.sides);
  hand.dealer = Number($("sk-dealer").value);
  const added = await send([...keeper.hands, hand], keeper.hands.length);
  if (added) {
    clearHand($("sk-fields"));
    $("sk-dealer").value = String(nextDealer());
    const first = $("sk-fields").querySelector("input, select");
    if (first && !isFinished()) {
      first.focus();
    }
  }
}

// The last hand off the ledger, back in the form to be corrected.
async function removeLast() {
  const removed = keeper.hands.at(-1);
  if (removed === undefined) {
    return;
  }
  if (await send(keeper.hands.slice(0, -1), null)) {
    writeHand($("sk-fields"), fieldsOf(), removed);
    $("sk-dealer").value = String(removed.dealer ?? nextDealer());
  }
}

// ---- the ledger -----------------------------------------------------------------------------

/** @returns {LedgerRequest} */
function requestOf(/** @type {LedgerHand[]} */ hands) {
  /** @type {LedgerRequest} */
  const body = { rules: keeper.rules, hands: /** @type {LedgerRequest["hands"]} */ (hands) };
  if (keeper.target !== null) {
    body.target = keeper.target;
  }
  return body;
}

/**
 * Send the ledger: on 200 it becomes the ledger; on a problem nothing changes and its reasons
 * are shown, those about the hand being added next to its inputs.
 * @param {LedgerHand[]} hands
 * @param {number | null} adding the index of the hand being added, if one is
 * @returns {Promise<boolean>} whether the ledger was taken
 */
async function send(hands, adding) {
  const token = ++keeper.token;
  clearProblem();
  if (hands.length === 0) {
    keeper.hands = [];
    keeper.answer = null;
    save();
    render();
    $("sk-dealer").value = String(nextDealer());
    setStatus("ready");
    return true;
  }
  setStatus("busy");
  let answer;
  try {
    answer = await api.matchLedger(requestOf(hands));
  } catch (error) {
    if (token === keeper.token) {
      showProblem(error, adding === null ? t("Adding up the ledger") : t("Adding hand {number}", { number: adding + 1 }), adding);
    }
    return false;
  }
  if (token !== keeper.token) {
    return false;
  }
  keeper.hands = hands;
  keeper.answer = answer;
  save();
  render();
  $("sk-dealer").value = String(nextDealer());
  setStatus("ready");
  return true;
}

function isFinished() {
  return keeper.answer !== null && keeper.answer.match.finished;
}

function render() {
  if (keeper.tally === null) {
    return;
  }
  const locked = keeper.hands.length > 0;
  $("sk-preset").disabled = locked;
  $("sk-players").disabled = locked || chosenPreset().players.length < 2;
  $("sk-download").disabled = !locked;
  renderLedger();
  renderMatch();
  // A finished match takes no more hands (its last one can still be taken off).
  $("sk-hand").hidden = isFinished();
  $("sk-hand-title").textContent = t("Hand {number}", { number: keeper.hands.length + 1 });
}

/** @param {Record<string, number>} points */
function breakdown(points) {
  return Object.entries(points)
    .filter(([, value]) => value !== 0)
    .map(([key, value]) => `${categoryName(key)} ${value}`)
    .join(" · ");
}

function renderLedger() {
  const box = $("sk-ledger");
  const answer = keeper.answer;
  if (answer === null || keeper.hands.length === 0) {
    box.replaceChildren(el("p", "muted", t("No hands yet: enter the first hand's tally below.")));
    return;
  }
  const sides = currentTally().sides;
  const table = el("table", "ledger-table");
  const groups = el("tr");
  groups.append(el("th", "", ""), el("th", "", ""));
  const handGroup = el("th", "", t("Points of the hand"));
  handGroup.colSpan = sides;
  const matchGroup = el("th", "", t("Match"));
  matchGroup.colSpan = sides;
  groups.append(handGroup, matchGroup, el("th", "", ""));
  const head = el("tr");
  head.append(el("th", "", t("Hand")), el("th", "", t("Dealer")));
  for (let round = 0; round < 2; round += 1) {
    for (let side = 0; side < sides; side += 1) {
      head.append(el("th", "", sideName(side)));
    }
  }
  head.append(el("th", "", ""));
  const thead = el("thead");
  thead.append(groups, head);
  const body = el("tbody");
  answer.hands.forEach((hand, index) => {
    const row = el("tr");
    row.dataset.hand = String(index);
    row.append(el("td", "", String(index + 1)), el("td", "", typeof hand.dealer === "number" ? seatName(hand.dealer) : "—"));
    for (let side = 0; side < sides; side += 1) {
      const cell = el("td", "hand-points");
      cell.dataset.side = String(side);
      cell.append(el("strong", "", String(hand.totals[side] ?? "—")));
      const scored = hand.sides[side];
      if (scored) {
        const words = [breakdown(/** @type {Record<string, number>} */ (scored.points))];
        if (scored.outright) {
          words.push(outrightName(scored.outright));
        }
        cell.append(el("span", "field-description", words.filter(Boolean).join(" · ")));
      }
      row.append(cell);
    }
    for (let side = 0; side < sides; side += 1) {
      const cell = el("td", "running-total", String(hand.scores[side]));
      cell.dataset.side = String(side);
      row.append(cell);
    }
    const actions = el("td");
    if (index === answer.hands.length - 1) {
      const remove = el("button", "remove-hand", t("Remove"));
      remove.type = "button";
      remove.setAttribute("aria-label", t("Remove hand {number} and correct it", { number: index + 1 }));
      remove.addEventListener("click", removeLast);
      actions.append(remove);
    }
    row.append(actions);
    body.append(row);
  });
  table.append(thead, body);
  box.replaceChildren(table);
}

/** @param {string | null | undefined} reason */
function reasonWords(reason) {
  const target = keeper.answer?.match.target ?? tallyRules().target;
  if (reason === "target") {
    return t("first to {target} points", { target });
  }
  if (reason === "cappotto_7_0") {
    return t("7 to 0");
  }
  if (reason === "claim") {
    return t("a correct claim");
  }
  if (reason === "wrong_claim") {
    return t("a wrong claim");
  }
  return reason ? outrightName(reason) : "";
}

function renderMatch() {
  const box = $("sk-match");
  const answer = keeper.answer;
  const target = answer?.match.target ?? keeper.target ?? tallyRules().target;
  const scores = answer?.match.scores ?? new Array(currentTally().sides).fill(0);
  const line = el("p", "match-scores", t("Match to {target}: {scores}.", {
    target,
    scores: scores.map((score, side) => `${sideName(side)} ${score}`).join(", "),
  }));
  box.replaceChildren(line);
  box.dataset.finished = String(answer?.match.finished ?? false);
  if (answer === null) {
    return;
  }
  if (!answer.match.finished) {
    box.append(el("p", "", t("Next to deal: {seat}.", { seat: seatName(nextDealer()) })));
    return;
  }
  const { winner, reason } = answer.match;
  let result = winner === null || winner === undefined
    ? t("The match is over: nobody wins ({reason}).", { reason: reasonWords(reason) })
    : t("The match is over: {winner} wins ({reason}).", { winner: sideName(winner), reason: reasonWords(reason) });
  if (answer.match.double) {
    result += t(" A double win.");
  }
  const won = el("p", "match-winner", result);
  if (typeof winner === "number") {
    won.dataset.winner = String(winner);
  }
  box.append(won);
}

// ---- problems --------------------------------------------------------------------------------

function clearProblem() {
  $("sk-problem").replaceChildren();
  $("sk-problem").hidden = true;
  clearReasons($("sk-hand"));
}

/**
 * A problem in words; a 422's reasons about the hand being added go next to its inputs.
 * @param {unknown} error
 * @param {string} doing
 * @param {number | null} adding the index of the hand being added, if one is
 */
function showProblem(error, doing, adding) {
  const { title, detail } = describeProblem(error, doing);
  /** @type {Record<string, string[]>} */
  const errors = {};
  if (error instanceof ApiError) {
    for (const [path, reasons] of Object.entries(error.problem.errors || {})) {
      errors[path] = Array.isArray(reasons) ? reasons : [reasons];
    }
  }
  /** @type {Record<string, string[]>} */
  const ofTheHand = {};
  /** @type {Record<string, string[]>} */
  const others = {};
  for (const [path, reasons] of Object.entries(errors)) {
    const inHand = /^hands\[(\d+)\]\.?(.*)$/.exec(path);
    if (inHand && adding !== null && Number(inHand[1]) === adding && inHand[2]) {
      ofTheHand[inHand[2]] = reasons;
    } else {
      others[path] = reasons;
    }
  }
  const unplaced = showReasons($("sk-hand"), ofTheHand);
  for (const [path, reasons] of Object.entries(unplaced)) {
    others[`hands[${adding}].${path}`] = reasons;
  }
  const box = $("sk-problem");
  box.replaceChildren(el("strong", "", title));
  // The detail repeats the reasons: it is shown only for a problem without them.
  if (detail && Object.keys(errors).length === 0) {
    box.append(el("p", "", detail));
  }
  const lines = Object.entries(others);
  if (lines.length) {
    const list = el("ul");
    for (const [path, reasons] of lines) {
      list.append(el("li", "", `${pathWords(path)}: ${reasons.join("; ")}`));
    }
    box.append(list);
  }
  box.hidden = false;
  setStatus(error instanceof ApiError && error.status === 422 ? "rejected" : "error");
}

// "hands[2].tallies" → "Hand 3, tallies"; "hands[0].tallies[1]" → "Hand 1, Player 2";
// "hands[0].declarations[1].cards" → "Hand 1, Declaration 2, cards".
/** @param {string} path */
function pathWords(path) {
  const match = /^hands\[(\d+)\](?:\.tallies\[(\d+)\]|\.declarations\[(\d+)\])?\.?(.*)$/.exec(path);
  if (!match) {
    return path;
  }
  const parts = [t("Hand {number}", { number: Number(match[1]) + 1 })];
  if (match[2] !== undefined) {
    parts.push(sideName(Number(match[2])));
  }
  if (match[3] !== undefined) {
    parts.push(t("Declaration {number}", { number: Number(match[3]) + 1 }));
  }
  if (match[4]) {
    parts.push(match[4]);
  }
  return parts.join(", ");
}

// ---- the ledger as a file --------------------------------------------------------------------

/** @returns {LedgerFile} */
function ledgerFile() {
  const request = requestOf(keeper.hands);
  return {
    format: FORMAT,
    version: 1,
    request: { rules: request.rules, ...(request.target === undefined ? {} : { target: request.target }), hands: keeper.hands },
    answer: keeper.answer,
  };
}

function download() {
  if (keeper.hands.length === 0) {
    return;
  }
  const text = `${JSON.stringify(ledgerFile(), null, 2)}\n`;
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const link = el("a");
  link.href = url;
  const preset = typeof keeper.rules === "string" ? keeper.rules : keeper.rules.preset;
  link.download = `scopa-ledger-${preset}-${new Date().toISOString().slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** @param {unknown} value @returns {value is LedgerFile} */
function isLedgerFile(value) {
  if (typeof value !== "object" || value === null) {
    return false;
  }
  const file = /** @type {Partial<LedgerFile>} */ (value);
  const request = file.request;
  return file.format === FORMAT && typeof request === "object" && request !== null
    && (typeof request.rules === "string" || (typeof request.rules === "object" && request.rules !== null))
    && Array.isArray(request.hands);
}

/** @param {File} file */
async function loadFile(file) {
  clearProblem();
  setStatus("loading");
  let ledger;
  try {
    ledger = JSON.parse(await file.text());
  } catch (error) {
    showLoadProblem(t("{file} is not JSON: {reason}", {
      file: file.name,
      reason: error instanceof Error ? error.message : String(error),
    }));
    return;
  }
  if (!isLedgerFile(ledger)) {
    showLoadProblem(t("{file} is not a scorekeeper's ledger.", { file: file.name }));
    return;
  }
  await applyLedger(ledger);
}

/** @param {string} text */
function showLoadProblem(text) {
  const box = $("sk-problem");
  box.replaceChildren(el("strong", "", text));
  box.hidden = false;
  setStatus("error");
}

// A ledger's settings on the pickers, its form loaded, then its hands added up again.
/** @param {LedgerFile} ledger */
async function applyLedger(ledger) {
  const { rules, target, hands } = ledger.request;
  const preset = typeof rules === "string" ? rules : rules.preset;
  if (!keeper.presets.some((each) => each.name === preset)) {
    showLoadProblem(t("No game is called {game}.", { game: String(preset) }));
    return;
  }
  $("sk-preset").value = preset;
  fillPlayers();
  if (typeof rules === "object" && rules.players !== undefined) {
    $("sk-players").value = String(rules.players);
  }
  keeper.rules = rules;
  keeper.target = typeof target === "number" ? target : null;
  $("sk-target").value = keeper.target === null ? "" : String(keeper.target);
  keeper.hands = [];
  keeper.answer = null;
  if (await loadTally(false)) {
    await send(hands, null);
  }
}

// ---- kept for the next visit -------------------------------------------------------------------

function save() {
  try {
    if (keeper.hands.length) {
      window.localStorage.setItem(STORE, JSON.stringify(ledgerFile()));
    } else {
      window.localStorage.removeItem(STORE);
    }
  } catch {
    // A browser without storage forgets the ledger.
  }
}

function forget() {
  try {
    window.localStorage.removeItem(STORE);
  } catch {
    // Nothing was kept.
  }
}

/** @returns {LedgerFile | null} */
function storedLedger() {
  try {
    const kept = JSON.parse(window.localStorage.getItem(STORE) || "null");
    return isLedgerFile(kept) ? kept : null;
  } catch {
    return null;
  }
}
