// The review panel: after each hand (or for a hand record loaded from a file), the decisions of
// a seat judged by the advisor, the costliest first; a replay of the hand move by move with the
// advice at each step; the hand record to download. Everything goes through the public API:
// /v1/record, /v1/replay and /v1/review.

import * as api from "./api.js";
import { describeProblem, patiently } from "./api.js";
import { chipsElement, sortCodes } from "./cards.js";
import { el } from "./dom.js";
import { describeMove, explain, explainVersus } from "./explain.js";
import { labelWords, t } from "./i18n.js";
import { keepRecord, refreshInsights } from "./insights.js";
import { HUMAN, rulesOf, seatName, sideOf } from "./seats.js";

/** @typedef {import("../../../clients/typescript/src/schema").State} State */
/** @typedef {import("../../../clients/typescript/src/schema").HandRecord} HandRecord */
/** @typedef {import("../../../clients/typescript/src/schema").ReviewRequest} ReviewRequest */
/** @typedef {import("../../../clients/typescript/src/schema").ReviewResponse} ReviewResponse */
/** @typedef {import("../../../clients/typescript/src/schema").ReviewedDecision} Decision */
/** @typedef {import("../../../clients/typescript/src/schema").ReviewedMove} ReviewedMove */
/** @typedef {import("../../../clients/typescript/src/schema").Event} GameEvent */
/** @typedef {import("../../../clients/typescript/src/schema").GraphPoint} GraphPoint */
/** @typedef {import("../../../clients/typescript/src/schema").SeatReview} SeatReview */
/** @typedef {{ scores: number[], target: number }} Match */

// An element of play.html by id (tests/web/test_pages.py checks that each one is there).
/** @param {string} id @returns {any} */
const $ = (id) => document.getElementById(id);


/**
 * @type {{
 *   record: HandRecord | null,
 *   states: State[],
 *   events: GameEvent[][],
 *   answer: ReviewResponse | null,
 *   match: Match | null,
 *   step: number,
 *   token: number,
 * }}
 */
const panel = {
  record: null,
  states: [],
  events: [],
  answer: null,
  match: null,
  step: 0,
  token: 0,
};

/** @param {string} status @param {string} text */
function setStatus(status, text) {
  $("review").dataset.status = status;
  $("review-status").textContent = text;
}

/** @param {unknown} error @param {string} doing */
function showProblem(error, doing) {
  const { title, detail, lines } = describeProblem(error, doing);
  setStatus("error", [title, detail, ...lines].filter(Boolean).join(" — "));
}

/** @param {number} value */
function points(value) {
  return `${value >= 0 ? "+" : ""}${value.toFixed(2)}`;
}

// A seat's name: the record's own names when it has them, else the table's.
/** @param {number} seat */
function nameOf(seat) {
  const names = panel.record?.meta?.players;
  if (Array.isArray(names) && typeof names[seat] === "string" && names[seat]) {
    return names[seat];
  }
  const state = panel.states[0];
  return state ? seatName(rulesOf(state), seat) : t("Seat {number}", { number: seat + 1 });
}

function reviewedSeat() {
  return Number($("review-seat").value || HUMAN);
}

// ---- entry points -----------------------------------------------------------------------

export function hideReview() {
  panel.token += 1;
  $("review").hidden = true;
}

/**
 * Review the hand just played: its record from the final state, its replay, then the review
 * of every seat with the match as it stood before the hand.
 * @param {State} state
 * @param {Match} match
 */
export async function reviewHand(state, match) {
  const token = ++panel.token;
  show(t("Review of the hand"));
  setStatus("loading", t("Reviewing the hand: the advisor judges every decision…"));
  const date = new Date().toISOString().slice(0, 10);
  try {
    const players = Array.from({ length: state.hands.length }, (_, seat) =>
      seatName(rulesOf(state), seat),
    );
    const { record } = await api.record({ state, meta: { players, date } });
    keepRecord(record, { table: true }); // for the player insights and the practice
    if (token !== panel.token) {
      return;
    }
    await load(record, match, token);
  } catch (error) {
    if (token === panel.token) {
      showProblem(error, t("Reviewing the hand"));
    }
    return;
  }
  if (token === panel.token) {
    await runReview(token);
  }
}

/** @param {string} title */
function show(title) {
  $("review-title").textContent = title;
  $("review").hidden = false;
  $("review-summary").replaceChildren();
  clearGraph();
  $("review-decisions").replaceChildren();
  $("replay-advice").replaceChildren();
  panel.answer = null;
}

/**
 * Replay a record (checked by the service) and show it from its first move.
 * @param {HandRecord} record
 * @param {Match | null} match
 * @param {number} token
 */
async function load(record, match, token) {
  const replayed = await api.replay({ record });
  if (token !== panel.token) {
    return;
  }
  panel.record = record;
  panel.states = replayed.states;
  panel.events = replayed.events;
  panel.match = match;
  panel.step = 0;
  fillSeats();
  $("record-download").disabled = false;
  renderStep();
}

function fillSeats() {
  const select = $("review-seat");
  const players = panel.states[0]?.hands.length ?? 0;
  select.replaceChildren();
  for (let seat = 0; seat < players; seat += 1) {
    const option = el("option", "", nameOf(seat));
    option.value = String(seat);
    select.append(option);
  }
}

/** @param {number} token */
async function runReview(token) {
  const record = panel.record;
  if (record === null) {
    return;
  }
  setStatus("loading", t("Reviewing: the advisor judges every decision…"));
  /** @type {ReviewRequest} */
  const body = { record };
  const budget = $("review-budget").value;
  if (budget) {
    body.budget = JSON.parse(budget);
  }
  if (panel.match) {
    body.match = panel.match;
  }
  let answer;
  try {
    answer = await patiently(() => api.review(body), (seconds) => {
      setStatus("loading", t("The advisor is busy; asking again in {seconds} s…", { seconds }));
    });
  } catch (error) {
    if (token === panel.token) {
      showProblem(error, t("Reviewing the hand"));
    }
    return;
  }
  if (token !== panel.token) {
    return;
  }
  panel.answer = answer;
  renderReview();
  renderStep();
}

/** @param {File} file */
async function loadFile(file) {
  const token = ++panel.token;
  show(t("Hand record: {file}", { file: file.name }));
  setStatus("loading", t("Reading the hand record…"));
  let record;
  try {
    record = JSON.parse(await file.text());
  } catch (error) {
    setStatus("error", t("{file} is not JSON: {reason}", {
      file: file.name,
      reason: error instanceof Error ? error.message : String(error),
    }));
    return;
  }
  try {
    await load(record, null, token);
  } catch (error) {
    if (token === panel.token) {
      showProblem(error, t("Replaying {file}", { file: file.name }));
    }
    return;
  }
  keepRecord(record, { file: file.name }); // for the player insights and the practice
  if (token === panel.token) {
    setStatus("ready", t("{count} moves replayed. Press Review for the advisor's judgement.", {
      count: panel.states.length - 1,
    }));
    $("review").scrollIntoView({ block: "start" });
  }
}

function download() {
  const record = panel.record;
  if (record === null) {
    return;
  }
  const text = `${JSON.stringify(record, null, 2)}\n`;
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const link = el("a");
  link.href = url;
  const rules = rulesOf(panel.states[0]);
  link.download = `scopa-${rules.preset}-${new Date().toISOString().slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// ---- the review ----------------------------------------------------------------------------

/** @param {Decision} decision */
function costKey(decision) {
  return [decision.win_probability_loss ?? 0, decision.loss ?? 0];
}

function renderReview() {
  const answer = panel.answer;
  if (answer === null) {
    return;
  }
  const seat = reviewedSeat();
  const summary = answer.summary.find((each) => each.seat === seat);
  const box = $("review-summary");
  box.replaceChildren();
  if (summary) {
    const mean = summary.mean_loss === null ? "—" : summary.mean_loss.toFixed(2);
    const share = summary.best_share === null ? "—" : `${Math.round(summary.best_share * 100)}%`;
    const counts = Object.entries(summary.labels)
      .filter(([, count]) => count > 0)
      .map(([label, count]) => `${count} ${labelWords(label)}`)
      .join(", ");
    const line = t("{seat}: {decisions} decisions judged ({forced} forced), {lost} points lost in all, {mean} a decision; best move {share}", {
      seat: nameOf(seat),
      decisions: summary.decisions,
      forced: summary.forced,
      lost: summary.total_loss.toFixed(2),
      mean,
      share,
    });
    box.append(el("p", "review-line", counts ? `${line} (${counts}).` : `${line}.`));
    box.append(accuracyLine(summary));
  }
  renderGraph(answer.graph.filter((point) => point.seat === seat), seat, answer.moves);
  const list = $("review-decisions");
  list.replaceChildren();
  const judged = answer.decisions
    .filter((d) => d.seat === seat && d.status === "searched")
    .sort((a, b) => {
      const [aw, al] = costKey(a);
      const [bw, bl] = costKey(b);
      return bw - aw || bl - al || a.index - b.index;
    });
  for (const decision of judged) {
    list.append(decisionItem(decision));
  }
  if (judged.length === 0) {
    list.append(el("li", "muted", t("No decision of this seat needed judging.")));
  }
  const noise = answer.thresholds.noise_z;
  const spent = answer.budget.ms
    ? t("{ms} ms", { ms: answer.budget.ms })
    : t("{iterations} iterations", { iterations: answer.budget.iterations ?? 0 });
  const explained = answer.match
    ? t("Loss: the expected points and of the match's win probability the played move gave up against the advisor's best (searched {spent} a decision, from what the seat could see). A loss within {noise} standard errors of the search is never called worse than good.", { spent, noise })
    : t("Loss: the expected points the played move gave up against the advisor's best (searched {spent} a decision, from what the seat could see). A loss within {noise} standard errors of the search is never called worse than good.", { spent, noise });
  setStatus("ready", explained);
}

/** @param {number | null | undefined} value a 0..100 accuracy */
function accuracyText(value) {
  return typeof value === "number" ? String(Math.round(value * 10) / 10) : "—";
}

// The seat's accuracy (0..100, 100 for the advisor's own choices) and per third of its plays.
/** @param {SeatReview} summary */
function accuracyLine(summary) {
  const line = el("p", "review-accuracy", t("Accuracy {accuracy} of 100; by third of the hand: first {first}, middle {middle}, last {last}.", {
    accuracy: accuracyText(summary.accuracy),
    first: accuracyText(summary.phases.first),
    middle: accuracyText(summary.phases.middle),
    last: accuracyText(summary.phases.last),
  }));
  line.dataset.accuracy = summary.accuracy === null ? "" : String(summary.accuracy);
  return line;
}

// ---- the value graph -------------------------------------------------------------------------
// Inline SVG built element by element in play.html's #review-graph-chart (no markup parsed, no
// style attributes: play.css colours it by class). Along the hand, for the reviewed seat: the
// best move's value (before the move, dashed) and the played move's (after it, solid), a drop
// between them where the move lost something, and a marker on each inaccuracy, mistake and
// blunder. A point is a button: it shows
// that move in the replay, as the decision's heading in the list does.

const GRAPH = { width: 400, height: 190, left: 48, right: 8, top: 10, bottom: 34 };
/** @type {Record<string, string>} the marked labels and their glyphs */
const MARKS = { inaccuracy: "?!", mistake: "?", blunder: "??" };

/**
 * An SVG element with its attributes.
 * @param {string} tag
 * @param {Record<string, string | number>} [attributes]
 * @param {string} [text]
 */
function svg(tag, attributes = {}, text) {
  // The SVG namespace, as the page's own <svg> has it from the HTML parser.
  const element = document.createElementNS($("review-graph-chart").namespaceURI, tag);
  for (const [name, value] of Object.entries(attributes)) {
    element.setAttribute(name, String(value));
  }
  if (text !== undefined) {
    element.textContent = text;
  }
  return element;
}

/** @param {number} value */
function tickText(value) {
  const rounded = Math.round(value * 100) / 100;
  return `${rounded > 0 ? "+" : ""}${rounded}`;
}

// Round steps for the value axis: at most about five lines across the range.
/** @param {number} span */
function tickStep(span) {
  for (const step of [0.25, 0.5, 1, 2, 5, 10]) {
    if (span / step <= 5) {
      return step;
    }
  }
  return 20;
}

function clearGraph() {
  $("review-graph").hidden = true;
  $("review-graph-caption").replaceChildren();
  $("review-graph-chart").replaceChildren();
  $("review-graph-legend").replaceChildren();
}

/**
 * The value graph of a seat.
 * @param {GraphPoint[]} graph the seat's points, in move order
 * @param {number} seat
 * @param {number} moves the moves of the hand
 */
function renderGraph(graph, seat, moves) {
  clearGraph();
  /** @type {{ index: number, before: number, after: number, label: string }[]} */
  const points = [];
  for (const point of graph) {
    if (typeof point.before === "number" && typeof point.after === "number") {
      points.push({ index: point.index, before: point.before, after: point.after, label: point.label ?? "none" });
    }
  }
  if (points.length === 0) {
    return;
  }
  const losses = new Map((panel.answer?.decisions ?? []).map((d) => [d.index, d.loss]));
  const { width, height, left, right, top, bottom } = GRAPH;
  const plotWidth = width - left - right;
  const plotBottom = height - bottom;
  const count = Math.max(moves, ...points.map((p) => p.index + 1), 1);
  const slot = plotWidth / count;
  /** @param {number} index */
  const x = (index) => left + (index + 0.5) * slot;
  const values = points.flatMap((p) => [p.before, p.after]);
  let low = Math.min(0, ...values);
  let high = Math.max(0, ...values);
  if (high - low < 1) {
    const grow = (1 - (high - low)) / 2;
    high += grow;
    low -= grow;
  }
  const step = tickStep(high - low);
  low = Math.floor(low / step) * step;
  high = Math.ceil(high / step) * step;
  /** @param {number} value */
  const y = (value) => top + ((high - value) / (high - low)) * (plotBottom - top);

  const title = t("Value graph: {seat}", { seat: nameOf(seat) });
  const chart = $("review-graph-chart");
  chart.setAttribute("viewBox", `0 0 ${width} ${height}`);
  chart.setAttribute("aria-label", title);
  chart.append(svg("title", {}, title));

  // The value axis: its round values, the zero line, the axes and their names.
  const axes = svg("g", { class: "graph-axes", "aria-hidden": "true" });
  for (let value = low; value <= high + step / 2; value += step) {
    const at = y(value);
    const zero = Math.abs(value) < step / 100;
    axes.append(svg("line", { class: zero ? "graph-zero" : "graph-grid", x1: left, x2: width - right, y1: at, y2: at }));
    axes.append(svg("text", { class: "graph-tick", x: left - 4, y: at, "text-anchor": "end", "dominant-baseline": "middle" }, tickText(zero ? 0 : value)));
  }
  axes.append(svg("line", { class: "graph-axis", x1: left, x2: left, y1: top, y2: plotBottom }));
  axes.append(svg("line", { class: "graph-axis", x1: left, x2: width - right, y1: plotBottom, y2: plotBottom }));
  const every = count <= 12 ? 2 : count <= 24 ? 5 : 10;
  for (let number = 1; number <= count; number += 1) {
    if (number === 1 || number % every === 0) {
      axes.append(svg("line", { class: "graph-axis", x1: x(number - 1), x2: x(number - 1), y1: plotBottom, y2: plotBottom + 3 }));
      axes.append(svg("text", { class: "graph-tick", x: x(number - 1), y: plotBottom + 13, "text-anchor": "middle" }, String(number)));
    }
  }
  axes.append(svg("text", { class: "graph-name", x: width - right, y: height - 4, "text-anchor": "end" }, t("Move")));
  axes.append(svg("text", {
    class: "graph-name",
    x: 0,
    y: 0,
    transform: `translate(11 ${(top + plotBottom) / 2}) rotate(-90)`,
    "text-anchor": "middle",
  }, t("Expected points")));
  chart.append(axes);

  // The two lines and the drops between them.
  const lines = svg("g", { class: "graph-lines", "aria-hidden": "true" });
  for (const p of points) {
    if (Math.abs(p.before - p.after) > 1e-9) {
      lines.append(svg("line", { class: `graph-drop label-${p.label}`, x1: x(p.index), x2: x(p.index), y1: y(p.before), y2: y(p.after) }));
    }
  }
  const path = (/** @type {"before" | "after"} */ key) => points.map((p) => `${x(p.index).toFixed(1)},${y(p[key]).toFixed(1)}`).join(" ");
  lines.append(svg("polyline", { class: "graph-line graph-before", points: path("before") }));
  lines.append(svg("polyline", { class: "graph-line graph-after", points: path("after") }));
  for (const p of points) {
    lines.append(svg("circle", { class: "graph-before-dot", cx: x(p.index), cy: y(p.before), r: 2 }));
  }
  chart.append(lines);

  // The points: one button per decision, the whole column of its move to click or tap.
  const gaps = points.slice(1).map((p, i) => p.index - points[i].index);
  const column = Math.min(Math.max(Math.min(...gaps, count), 1) * slot, 28);
  for (const p of points) {
    const marked = p.label in MARKS;
    const loss = losses.get(p.index) ?? Math.max(0, p.before - p.after);
    const words = t("Move {number}: {label}, loss {loss}", {
      number: p.index + 1,
      label: p.label === "none" ? "—" : labelWords(p.label),
      loss: loss.toFixed(2),
    });
    const point = svg("g", {
      class: `graph-point label-${p.label}${marked ? " graph-marker" : ""}`,
      tabindex: 0,
      role: "button",
      "aria-label": words,
      "data-index": p.index,
    });
    point.append(svg("title", {}, words));
    point.append(svg("rect", { class: "graph-hit", x: x(p.index) - column / 2, y: top, width: column, height: plotBottom - top }));
    point.append(svg("circle", { class: "graph-dot", cx: x(p.index), cy: y(p.after), r: marked ? 5 : 3.5 }));
    if (marked) {
      const below = Math.min(y(p.after) + 15, plotBottom - 2);
      point.append(svg("text", { class: "graph-glyph", x: x(p.index), y: below, "text-anchor": "middle" }, MARKS[p.label]));
    }
    point.addEventListener("click", () => goTo(p.index));
    point.addEventListener("keydown", (/** @type {Event} */ event) => {
      const key = /** @type {KeyboardEvent} */ (event).key;
      if (key === "Enter" || key === " ") {
        event.preventDefault();
        goTo(p.index);
      }
    });
    chart.append(point);
  }

  const legend = $("review-graph-legend");
  /** @param {string} swatch @param {string} text */
  const entry = (swatch, text) => {
    const item = el("li");
    item.append(el("span", `swatch ${swatch}`), text);
    legend.append(item);
  };
  entry("swatch-before", t("Before the move: the best move's value"));
  entry("swatch-after", t("After it: the played move's value"));
  for (const [label, glyph] of Object.entries(MARKS)) {
    entry(`swatch-mark label-${label}`, `${glyph} ${labelWords(label)}`);
  }
  $("review-graph-caption").append(el("strong", "", title), " ", el("span", "muted", t("Expected hand points of the side to move; click a point to see that move in the replay.")));
  $("review-graph").hidden = false;
  markCurrent();
}

// The replay's move, marked on the graph.
function markCurrent() {
  for (const point of /** @type {NodeListOf<SVGGElement>} */ (document.querySelectorAll("#review-graph .graph-point"))) {
    const current = Number(point.dataset.index) === panel.step;
    point.classList.toggle("is-current", current);
    if (current) {
      point.setAttribute("aria-current", "step");
    } else {
      point.removeAttribute("aria-current");
    }
  }
}

/** @param {Decision} decision */
function decisionItem(decision) {
  const item = el("li", `decision label-${decision.label}`);
  item.dataset.index = String(decision.index);
  item.dataset.loss = String(decision.loss ?? 0);
  item.dataset.winLoss = String(decision.win_probability_loss ?? 0);
  const played = decision.played;
  const best = decision.best;
  const head = el("button", "decision-head");
  head.type = "button";
  head.append(
    el("span", "label", labelWords(decision.label)),
    t(" move {number}: played {move}", { number: decision.index + 1, move: describeMove(played) }),
  );
  head.addEventListener("click", () => goTo(decision.index));
  item.append(head);
  const loss = decision.loss ?? 0;
  if (best && (best.rank ?? 1) !== (played.rank ?? 1)) {
    const better = el("p", "better");
    better.append(t("Better: {move} ({value} against {played}), ", {
      move: describeMove(best),
      value: points(best.value ?? 0),
      played: points(played.value ?? 0),
    }));
    better.append(el("strong", "loss", t("loss {loss}", { loss: loss.toFixed(2) })));
    if (typeof decision.win_probability_loss === "number" && decision.win_probability_loss > 0) {
      better.append(t(", {percent}% of the match", { percent: (decision.win_probability_loss * 100).toFixed(1) }));
    }
    item.append(better);
    const why = explainVersus(played, best);
    if (why) {
      item.append(el("p", "why", t("Compared with it: {why}.", { why })));
    }
  } else {
    item.append(el("p", "better", t("The advisor's choice too ({value}).", { value: points(played.value ?? 0) })));
  }
  return item;
}

// ---- the replay --------------------------------------------------------------------------

/** @param {number} step */
function goTo(step) {
  panel.step = Math.max(0, Math.min(step, panel.states.length - 1));
  renderStep();
  $("replay-position").scrollIntoView({ block: "nearest" });
}

function renderStep() {
  const states = panel.states;
  if (states.length === 0) {
    return;
  }
  const step = panel.step;
  const moves = states.length - 1;
  const state = states[step];
  markCurrent();
  $("replay-position").textContent = step < moves
    ? t("Move {number} of {count}", { number: step + 1, count: moves })
    : t("After the last of {count} moves", { count: moves });
  $("replay-first").disabled = $("replay-prev").disabled = step === 0;
  $("replay-next").disabled = $("replay-last").disabled = step === moves;
  const board = $("replay-board");
  board.replaceChildren();
  const table = el("p", "replay-table");
  table.append(el("strong", "", t("Table: ")));
  table.append(state.table.length ? chipsElement(sortCodes(state.table)) : t("empty"));
  board.append(table);
  const hands = el("ul", "replay-hands");
  state.hands.forEach((hand, seat) => {
    const item = el("li");
    item.append(el("strong", "", `${nameOf(seat)}: `));
    item.append(hand.length ? chipsElement(sortCodes(hand)) : t("no cards"));
    const side = sideOf(rulesOf(state), seat);
    item.append(el("span", "muted", t(" · {taken} taken, {scope} scope", {
      taken: state.piles[side]?.length ?? 0,
      scope: state.scope[side] ?? 0,
    })));
    hands.append(item);
  });
  board.append(hands);
  const advice = $("replay-advice");
  advice.replaceChildren();
  const record = panel.record;
  if (record === null || step === moves) {
    return;
  }
  const move = (record.moves ?? [])[step];
  const scopa = (panel.events[step] ?? []).some((event) => event.kind === "scopa");
  const said = { seat: nameOf(move.seat), move: describeMove(move) };
  const played = nameOf(move.seat) === t("You") ? t("{seat} play {move}", said) : t("{seat} plays {move}", said);
  advice.append(el("p", "replay-move", scopa ? t("{play} — scopa!", { play: played }) : played));
  const decision = panel.answer?.decisions.find((d) => d.index === step);
  if (!decision) {
    advice.append(el("p", "muted", panel.answer ? t("This move was not reviewed.") : t("Not reviewed yet.")));
    return;
  }
  if (decision.status === "forced") {
    advice.append(el("p", "muted", t("Forced: the only card that could be played.")));
    return;
  }
  if (decision.status === "unranked") {
    const verdict = decision.claim ? t(" The claim was {verdict}.", { verdict: decision.claim }) : "";
    advice.append(el("p", "muted", `${t("Not ranked by the advisor: {note}.", { note: decision.note ?? "" })}${verdict}`));
    return;
  }
  const best = decision.best;
  const chosen = decision.played;
  let verdict = t("Verdict: {label}", { label: labelWords(decision.label) });
  if (decision.loss) {
    verdict += t(", loss {loss}", { loss: decision.loss.toFixed(2) });
  }
  if (decision.exact) {
    verdict += t(" (solved exactly)");
  }
  advice.append(el("p", `verdict label-${decision.label}`, `${verdict}.`));
  if (best) {
    advice.append(el("p", "", t("Best: {move}, {value} — {why}", {
      move: describeMove(best),
      value: points(best.value ?? 0),
      why: explain(best),
    })));
  }
  if (best && (chosen.rank ?? 1) !== 1) {
    advice.append(el("p", "", t("Played: {move}, {value} — {why}", {
      move: describeMove(chosen),
      value: points(chosen.value ?? 0),
      why: explain(chosen),
    })));
  }
}

// The panel again in the page's language (after a switch).
export function refreshReview() {
  refreshInsights();
  if ($("review").hidden) {
    return;
  }
  const seat = $("review-seat").value;
  fillSeats();
  $("review-seat").value = seat;
  renderReview();
  renderStep();
}

// ---- set-up --------------------------------------------------------------------------------

export function initReview() {
  $("replay-first").addEventListener("click", () => goTo(0));
  $("replay-prev").addEventListener("click", () => goTo(panel.step - 1));
  $("replay-next").addEventListener("click", () => goTo(panel.step + 1));
  $("replay-last").addEventListener("click", () => goTo(panel.states.length - 1));
  $("review-seat").addEventListener("change", renderReview);
  $("review-run").addEventListener("click", () => runReview(++panel.token));
  $("record-download").addEventListener("click", download);
  $("record-file").addEventListener("change", (/** @type {Event} */ event) => {
    const input = /** @type {HTMLInputElement} */ (event.target);
    const file = input.files?.[0];
    if (file) {
      loadFile(file);
    }
    input.value = "";
  });
}
