// Practice: positions from the player's own mistakes where one move is clearly best (POST
// /v1/drills over the hands the insights view sends), one at a time. The seat's hand and the
// table as the seat saw them, its legal plays as buttons; once a play is picked, whether it was
// right, the best move, the move played in the game, and why, with the breakdown by scoring
// category and the sweep risks. The count of right answers runs along.

import * as api from "./api.js";
import { describeProblem, patiently } from "./api.js";
import { cardElement, chipsElement, sortCodes } from "./cards.js";
import { el } from "./dom.js";
import { captureOf, describeMove } from "./explain.js";
import { categoryName, t } from "./i18n.js";

/** @typedef {import("../../../clients/typescript/src/schema").DrillsRequest} DrillsRequest */
/** @typedef {import("../../../clients/typescript/src/schema").DrillsResponse} DrillsResponse */
/** @typedef {import("../../../clients/typescript/src/schema").Drill} Drill */
/** @typedef {import("../../../clients/typescript/src/schema").Move} Move */
/** @typedef {import("../../../clients/typescript/src/schema").HandProblem} HandProblem */

// An element of play.html by id (tests/web/test_pages.py checks that each one is there).
/** @param {string} id @returns {any} */
const $ = (id) => document.getElementById(id);

/**
 * @type {{
 *   answer: DrillsResponse | null,
 *   label: (index: number) => string,
 *   index: number,
 *   picked: Move | null,
 *   right: number,
 *   answered: number,
 *   token: number,
 * }}
 */
const practice = {
  answer: null,
  label: (index) => String(index + 1),
  index: 0,
  picked: null, // the play picked in the drill shown, null until one is
  right: 0,
  answered: 0,
  token: 0,
};

/** @param {number | null | undefined} value */
function points(value) {
  return typeof value === "number" ? `${value >= 0 ? "+" : ""}${value.toFixed(2)}` : "—";
}

/** @param {number | null | undefined} share */
function percent(share) {
  return typeof share === "number" ? `${(share * 100).toFixed(0)}%` : "—";
}

/** @param {Move} move */
function captureKey(move) {
  return [...captureOf(move)].sort().join(",");
}

/** @param {Move} a @param {Move} b */
function sameMove(a, b) {
  return (a.kind || "play") === (b.kind || "play") && a.card === b.card && captureKey(a) === captureKey(b);
}

/** @param {string} status @param {string} text */
function setStatus(status, text) {
  $("practice").dataset.status = status;
  $("practice-status").textContent = text;
}

function current() {
  const drills = practice.answer?.drills ?? [];
  return drills[practice.index] ?? null;
}

// ---- entry points -------------------------------------------------------------------------

/**
 * Ask the drills of the hands and show the first.
 * @param {DrillsRequest} body
 * @param {(index: number) => string} label a hand's name by its index in body.hands
 */
export async function startPractice(body, label) {
  const token = ++practice.token;
  practice.answer = null;
  practice.label = label;
  $("practice").hidden = false;
  $("practice-drill").replaceChildren();
  $("practice-result").replaceChildren();
  $("practice-problems").replaceChildren();
  $("practice-next").hidden = true;
  $("practice-score").textContent = "";
  setStatus("loading", t("Looking for drills: every mistake and blunder searched again…"));
  $("practice").scrollIntoView({ block: "start" });
  let answer;
  try {
    answer = await patiently(() => api.drills(body), (seconds) => {
      setStatus("loading", t("The advisor is busy; asking again in {seconds} s…", { seconds }));
    });
  } catch (error) {
    if (token === practice.token) {
      const { title, detail, lines } = describeProblem(error, t("Practice"));
      setStatus("error", [title, detail, ...lines].filter(Boolean).join(" — "));
    }
    return;
  }
  if (token !== practice.token) {
    return;
  }
  practice.answer = answer;
  restart();
}

export function stopPractice() {
  practice.token += 1;
  practice.answer = null;
  $("practice").hidden = true;
  setStatus("", "");
}

function restart() {
  practice.index = 0;
  practice.picked = null;
  practice.right = 0;
  practice.answered = 0;
  render();
}

// The drill shown again in the page's language (after a switch).
export function refreshPractice() {
  if (practice.answer !== null && !$("practice").hidden) {
    render();
  }
}

export function initPractice() {
  $("practice-next").addEventListener("click", () => {
    const count = practice.answer?.drills.length ?? 0;
    if (practice.index + 1 >= count) {
      restart();
    } else {
      practice.index += 1;
      practice.picked = null;
      render();
    }
    const first = $("practice-drill").querySelector("button.practice-move");
    if (first) {
      first.focus();
    }
  });
}

// ---- rendering ----------------------------------------------------------------------------

function render() {
  const answer = practice.answer;
  if (answer === null) {
    return;
  }
  $("practice-problems").replaceChildren();
  if (answer.problems.length) {
    $("practice-problems").append(problems(answer.problems));
  }
  renderScore();
  const drill = current();
  const count = answer.drills.length;
  if (drill === null) {
    $("practice-drill").replaceChildren();
    $("practice-result").replaceChildren();
    $("practice-next").hidden = true;
    setStatus("empty", answer.candidates === 0
      ? t("No drills: these hands have no mistake or blunder to practise ({hands} hands reviewed).", { hands: answer.hands })
      : t("No drills: none of the {count} mistakes and blunders had one clearly best move ({hands} hands reviewed).", { count: answer.candidates, hands: answer.hands }));
    return;
  }
  const done = practice.picked !== null && practice.index + 1 >= count;
  setStatus(done ? "done" : "ready", done
    ? t("That was the last drill: {right} of {count} right.", { right: practice.right, count })
    : t("Drills from your mistakes: {count}, positions where one play is clearly best.", { count }));
  renderDrill(drill, count);
  renderResult(drill);
  const next = $("practice-next");
  next.hidden = practice.picked === null;
  next.textContent = practice.index + 1 >= count ? t("Start again") : t("Next drill");
}

function renderScore() {
  const score = $("practice-score");
  score.textContent = t("Right answers: {right} of {answered}", { right: practice.right, answered: practice.answered });
  score.dataset.right = String(practice.right);
  score.dataset.answered = String(practice.answered);
}

/** @param {HandProblem[]} found */
function problems(found) {
  const list = el("ul", "insight-problems");
  for (const { index, problem } of found) {
    const words = [problem.title, problem.detail].filter(Boolean).join(" — ");
    list.append(el("li", "", t("{record}: {problem}", { record: practice.label(index), problem: words })));
  }
  return list;
}

/** @param {Drill} drill @param {number} count */
function renderDrill(drill, count) {
  const box = $("practice-drill");
  box.replaceChildren();
  box.dataset.index = String(practice.index);
  box.append(el("h4", "", t("Drill {number} of {count}", { number: practice.index + 1, count })));
  box.append(el("p", "muted", t("{record}, move {move}.", { record: practice.label(drill.hand), move: drill.move_index + 1 })));
  const view = drill.view;
  const board = el("div", "practice-board");
  /** @param {string} title @param {string[]} codes @param {string} className */
  const cards = (title, codes, className) => {
    const part = el("div", `practice-cards ${className}`);
    part.append(el("h5", "", title));
    const row = el("div", "cards");
    for (const code of sortCodes(codes)) {
      row.append(cardElement(code));
    }
    if (codes.length === 0) {
      row.append(el("p", "muted", t("The table is empty.")));
    }
    part.append(row);
    board.append(part);
  };
  cards(t("Table"), view.table, "practice-table");
  cards(t("Your hand"), view.hand, "practice-hand");
  const rules = typeof view.rules === "object" ? view.rules : null;
  const side = rules?.teams ? drill.seat % 2 : drill.seat;
  const piles = view.piles ?? [];
  const scope = view.scope ?? [];
  let others = 0;
  let otherScope = 0;
  piles.forEach((pile, each) => {
    if (each !== side) {
      others += pile.length;
      otherScope += scope[each] ?? 0;
    }
  });
  board.append(el("p", "practice-facts", t("Taken so far: {mine} cards and {scope} scope by your side, {others} cards and {otherScope} scope by the others.", {
    mine: piles[side]?.length ?? 0,
    scope: scope[side] ?? 0,
    others,
    otherScope,
  })));
  const history = view.history ?? [];
  const last = history[history.length - 1];
  if (last) {
    board.append(el("p", "practice-facts", t("The play before: {move}.", { move: describeMove(last) })));
  }
  box.append(board);
  box.append(el("p", "practice-ask", t("Which play is best here?")));
  const choices = el("div", "choices practice-moves");
  for (const move of drill.legal) {
    choices.append(moveButton(drill, move));
  }
  box.append(choices);
}

/** @param {Drill} drill @param {Move} move */
function moveButton(drill, move) {
  const button = el("button", "choice practice-move");
  button.type = "button";
  const words = describeMove(move);
  button.append(el("span", "", words.charAt(0).toUpperCase() + words.slice(1)));
  if (captureOf(move).length) {
    button.append(" ", chipsElement(captureOf(move)));
  }
  if (move.sweep) {
    button.append(el("span", "scopa-tag", t("scopa!")));
  }
  button.dataset.card = move.card ?? "";
  button.dataset.capture = captureKey(move);
  const picked = practice.picked;
  if (picked !== null) {
    button.disabled = true;
    if (sameMove(move, drill.best)) {
      button.classList.add("is-best");
    }
    if (sameMove(move, picked)) {
      button.classList.add("is-picked");
      button.setAttribute("aria-pressed", "true");
    }
  }
  button.addEventListener("click", () => {
    if (practice.picked !== null || current() !== drill) {
      return;
    }
    practice.picked = move;
    practice.answered += 1;
    if (sameMove(move, drill.best)) {
      practice.right += 1;
    }
    render();
    $("practice-next").focus();
  });
  return button;
}

/** @param {Drill} drill */
function renderResult(drill) {
  const box = $("practice-result");
  box.replaceChildren();
  const picked = practice.picked;
  if (picked === null) {
    delete box.dataset.verdict;
    return;
  }
  const right = sameMove(picked, drill.best);
  box.dataset.verdict = right ? "right" : "wrong";
  box.append(el("p", `verdict ${right ? "verdict-right" : "verdict-wrong"}`, right
    ? t("Right! That is the best play.")
    : t("Wrong: the best play is {move}.", { move: describeMove(drill.best) })));
  const best = el("p", "drill-best", t("Best: {move}, {value} expected points.", { move: describeMove(drill.best), value: points(drill.best.value) }));
  const played = el("p", "drill-played", t("Played in the game: {move}, {value} expected points.", { move: describeMove(drill.played), value: points(drill.played.value) }));
  box.append(best, played);
  if (!right && !sameMove(picked, drill.played)) {
    box.append(el("p", "drill-picked", t("Your pick: {move}.", { move: describeMove(picked) })));
  }
  box.append(el("p", "drill-why", drill.why.text));
  const parts = Object.entries(drill.why.breakdown)
    .sort((a, b) => Math.abs(b[1]) - Math.abs(a[1]) || a[0].localeCompare(b[0]));
  if (parts.length) {
    const table = el("table", "insight-table drill-breakdown");
    table.append(el("caption", "", t("The best play less the play made, by scoring category")));
    const head = el("tr");
    head.append(el("th", "", t("Category")), el("th", "", t("Difference")));
    const thead = el("thead");
    thead.append(head);
    const body = el("tbody");
    for (const [key, value] of parts) {
      const row = el("tr");
      const cell = el("td", "", points(value));
      cell.dataset.category = key;
      row.append(el("th", "", categoryName(key)), cell);
      body.append(row);
    }
    table.append(thead, body);
    box.append(table);
  }
  const risk = drill.why.sweep_risk;
  box.append(el("p", "drill-risk", t("Chance that the next player can sweep: {best} after the best play, {played} after the play made.", {
    best: percent(risk.best),
    played: percent(risk.played),
  })));
  box.append(el("p", "muted", typeof drill.margin_error === "number"
    ? t("The best play beats the next by {margin} points (standard error {error}).", { margin: drill.margin.toFixed(2), error: drill.margin_error.toFixed(2) })
    : t("The best play beats the next by {margin} points.", { margin: drill.margin.toFixed(2) })));
}
