// Fair play: the hands the insights view sends, judged by POST /v1/fair-play for signs that the
// player saw hidden cards or played an engine's moves. The report's verdict, each hypothesis's
// evidence with its p-value, the engine matches, and the decisions that weigh most, each
// replayable: the seat's view then, the plays of the deal before it one by one, and what the
// honest and the leaked searches made of the honest best, the played and the leaked best move.

import * as api from "./api.js";
import { describeProblem, patiently } from "./api.js";
import { cardElement, sortCodes } from "./cards.js";
import { el } from "./dom.js";
import { describeMove } from "./explain.js";
import { t } from "./i18n.js";

/** @typedef {import("../../../clients/typescript/src/schema").FairPlayRequest} FairPlayRequest */
/** @typedef {import("../../../clients/typescript/src/schema").FairPlayResponse} FairPlayResponse */
/** @typedef {import("../../../clients/typescript/src/schema").ReplayedDecision} ReplayedDecision */
/** @typedef {import("../../../clients/typescript/src/schema").ValuedMove} ValuedMove */

/** @param {string} id @returns {any} */
const $ = (id) => document.getElementById(id);

/** @type {{ answer: FairPlayResponse | null, label: (index: number) => string, token: number }} */
const state = { answer: null, label: (index) => String(index + 1), token: 0 };

/** @param {string} verdict */
function verdictWords(verdict) {
  /** @type {Record<string, () => string>} */
  const words = {
    too_few_decisions: () => t("Too few decisions for a verdict"),
    not_calibrated: () => t("No verdict: these rules are not calibrated"),
    no_evidence: () => t("No evidence"),
    review_recommended: () => t("Review recommended"),
    strong_evidence: () => t("Strong evidence"),
  };
  return words[verdict] ? words[verdict]() : verdict;
}

/** @param {string} hypothesis @param {boolean} partner */
function hypothesisWords(hypothesis, partner) {
  if (hypothesis === "all") {
    return t("Saw every other hand");
  }
  const offset = hypothesis.split("+")[1] ?? "";
  return partner
    ? t("Saw the partner's hand")
    : t("Saw the hand of the seat {offset} after theirs", { offset });
}

/** @param {number | null | undefined} value @param {number} digits */
function fixed(value, digits) {
  return typeof value === "number" ? value.toFixed(digits) : "—";
}

/** @param {number | null | undefined} p */
function pValue(p) {
  if (typeof p !== "number") {
    return "—";
  }
  return p < 0.001 ? p.toExponential(1) : p.toFixed(3);
}

// A figure shown for the tests and the eye: its text, and its key in data-figure.
/** @param {string} key @param {string} text */
function figure(key, text) {
  const span = el("span", "figure", text);
  span.dataset.figure = key;
  return span;
}

/** @param {string} caption @param {string[]} heads @param {(string | Node)[][]} rows */
function table(caption, heads, rows) {
  const found = el("table", "insight-table fairplay-table");
  found.append(el("caption", "", caption));
  const head = el("tr");
  for (const text of heads) {
    head.append(el("th", "", text));
  }
  found.append(head);
  for (const row of rows) {
    const line = el("tr");
    for (const cell of row) {
      const td = el("td");
      td.append(cell);
      line.append(td);
    }
    found.append(line);
  }
  return found;
}

/** @param {string} status @param {string} text */
function setStatus(status, text) {
  $("fairplay").dataset.status = status;
  $("fairplay-status").textContent = text;
}

/**
 * Judge the hands (the insights' request body) and show the report.
 * @param {FairPlayRequest} body
 * @param {(index: number) => string} label a hand's name by its index in the body
 */
export async function runFairPlay(body, label) {
  const token = ++state.token;
  state.label = label;
  state.answer = null;
  $("fairplay").hidden = false;
  $("fairplay-report").replaceChildren();
  setStatus("loading", t("Judging the hands ({count}) for fair play…", { count: body.hands.length }));
  let answer;
  try {
    answer = await patiently(() => api.fairPlay(body), (seconds) => {
      setStatus("loading", t("The advisor is busy; asking again in {seconds} s…", { seconds }));
    });
  } catch (error) {
    if (token === state.token) {
      const { title, detail, lines } = describeProblem(error, t("Fair play"));
      setStatus("error", [title, detail, ...lines].filter(Boolean).join(" — "));
    }
    return;
  }
  if (token !== state.token) {
    return;
  }
  state.answer = answer;
  renderFairPlay();
}

/** Forget the report. */
export function stopFairPlay() {
  state.token += 1;
  state.answer = null;
  if ($("fairplay")) {
    $("fairplay").hidden = true;
    $("fairplay-report").replaceChildren();
  }
}

/** The report again (after a switch of language). */
export function renderFairPlay() {
  const answer = state.answer;
  if (answer === null) {
    return;
  }
  setStatus("ready", t("{hands} hands, {decisions} decisions judged; the same hands give the same report.", {
    hands: answer.hands,
    decisions: answer.decisions,
  }));
  const report = $("fairplay-report");
  report.replaceChildren();
  const verdict = el("p", `fairplay-verdict verdict-${answer.verdict}`);
  verdict.append(t("Verdict: "), figure("fairplay-verdict", verdictWords(answer.verdict)));
  verdict.dataset.verdict = answer.verdict;
  report.append(verdict);
  report.append(el("p", "muted", t("A verdict needs {least} decisions; review recommended at adjusted p ≤ {review}, strong evidence at ≤ {strong}. It is evidence for a moderator to weigh, never a ruling.", {
    least: answer.model.min_decisions,
    review: answer.model.thresholds.review_recommended ?? 0.01,
    strong: answer.model.thresholds.strong_evidence ?? 0.001,
  })));

  const rows = answer.hidden_information.map((entry) => [
    hypothesisWords(entry.hypothesis, entry.partner),
    figure(`fairplay-${entry.hypothesis}-decisions`, String(entry.decisions)),
    `${fixed(entry.per_decision.value, 3)} [${fixed(entry.per_decision.low, 3)}, ${fixed(entry.per_decision.high, 3)}]`,
    figure(`fairplay-${entry.hypothesis}-p`, pValue(entry.adjusted_p_value)),
    figure(`fairplay-${entry.hypothesis}-verdict`, verdictWords(entry.verdict)),
  ]);
  if (answer.pair_evidence) {
    const pair = answer.pair_evidence;
    rows.push([
      pair.partners ? t("The pair shared their hands") : t("The two players shared their hands"),
      figure("fairplay-pair-decisions", String(pair.decisions)),
      `${fixed(pair.per_decision.value, 3)} [${fixed(pair.per_decision.low, 3)}, ${fixed(pair.per_decision.high, 3)}]`,
      figure("fairplay-pair-p", pValue(pair.adjusted_p_value)),
      figure("fairplay-pair-verdict", verdictWords(pair.verdict)),
    ]);
  }
  report.append(table(t("Hidden cards: how much better the moves fit a player who saw them"), [
    t("Hypothesis"),
    t("Decisions"),
    t("Evidence a decision (95% interval)"),
    t("p-value"),
    t("Verdict"),
  ], rows));

  const engine = answer.engine;
  const engineBlock = el("section", "fairplay-engine");
  engineBlock.append(el("h4", "", t("Engine moves")));
  const rate = engine.match_rate;
  const master = engine.honest_match_rates.master;
  engineBlock.append(el("p", "", t("The search's best move played {rate} of the time (95% interval {low} to {high}); honest master-level play: {master}. Verdict: {verdict}.", {
    rate: fixed((rate.value ?? 0) * 100, 0) + "%",
    low: fixed((rate.low ?? 0) * 100, 0) + "%",
    high: fixed((rate.high ?? 0) * 100, 0) + "%",
    master: typeof master === "number" ? `${(master * 100).toFixed(0)}%` : "—",
    verdict: verdictWords(engine.verdict),
  })));
  engineBlock.dataset.verdict = engine.verdict;
  engineBlock.append(el("p", "muted", t("A strong honest player also plays the engine's moves often: this flags only play that matches it more than the master level does.")));
  report.append(engineBlock);

  const flagged = answer.hidden_information.flatMap((entry) => entry.decisions_to_replay ?? []);
  if (flagged.length) {
    const box = el("section", "fairplay-decisions");
    box.append(el("h4", "", t("Decisions to replay")));
    flagged.forEach((decision, index) => box.append(replayer(decision, index)));
    report.append(box);
  }
  if (answer.problems.length) {
    const list = el("ul", "insight-problems");
    for (const { index, problem } of answer.problems) {
      const words = [problem.title, problem.detail].filter(Boolean).join(" — ");
      list.append(el("li", "", t("{record}: {problem}", { record: state.label(index), problem: words })));
    }
    report.append(list);
  }
}

/** @param {ValuedMove} move */
function valued(move) {
  return t("{move}: {honest} for the seat's own view, {leaked} with the hidden cards", {
    move: describeMove(move),
    honest: fixed(move.honest_value, 2),
    leaked: fixed(move.leaked_value, 2),
  });
}

/**
 * One decision to replay: the plays of the deal before it, stepped one at a time, then the
 * position and what each search made of the moves.
 * @param {ReplayedDecision} decision @param {number} index
 */
function replayer(decision, index) {
  const box = el("article", "fairplay-decision");
  box.dataset.index = String(index);
  box.append(el("h5", "", t("{record}, move {move} (evidence {ratio})", {
    record: state.label(decision.hand),
    move: decision.move_index + 1,
    ratio: fixed(decision.log_likelihood_ratio, 2),
  })));
  const history = decision.view.history ?? [];
  const steps = el("ol", "fairplay-steps");
  const step = el("button", "fairplay-step", t("Next play"));
  step.type = "button";
  let shown = 0;
  const position = el("div", "fairplay-position");
  position.hidden = true;
  const advance = () => {
    if (shown < history.length) {
      const play = history[shown];
      steps.append(el("li", "", t("Seat {seat}: {move}", { seat: play.seat + 1, move: describeMove(play) })));
      shown += 1;
    }
    if (shown >= history.length) {
      step.hidden = true;
      position.hidden = false;
    }
  };
  step.addEventListener("click", advance);
  const cards = (/** @type {string} */ title, /** @type {string[]} */ codes) => {
    const part = el("div", "practice-cards");
    part.append(el("h6", "", title));
    const row = el("div", "cards");
    for (const code of sortCodes(codes)) {
      row.append(cardElement(code));
    }
    part.append(row);
    return part;
  };
  position.append(cards(t("Table"), decision.view.table), cards(t("Their hand"), decision.view.hand));
  const moves = el("ul", "fairplay-moves");
  moves.append(
    el("li", "fairplay-honest", t("Honest best: {what}", { what: valued(decision.honest_best) })),
    el("li", "fairplay-played", t("Played: {what}", { what: valued(decision.played) })),
    el("li", "fairplay-leaked", t("Best with the hidden cards: {what}", { what: valued(decision.leaked_best) })),
  );
  position.append(moves);
  box.append(steps, step, position);
  if (history.length === 0) {
    advance();
  }
  return box;
}
