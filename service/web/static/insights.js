// Player insights: every hand record the page holds (the hands played at the table, the records
// loaded in the review panel, and any number of files added here) reviewed together for one
// player by POST /v1/insights: accuracy overall and by third of the hand, the points lost a
// decision with their interval and by scoring category, the costly situations, the labels, the
// trend by date and the estimated level. Practice (practice.js) asks POST /v1/drills for the
// same hands. The page shows the hands it sends for the seat chosen in each record, or for a
// player named in the records' meta.players.

import * as api from "./api.js";
import { describeProblem, patiently } from "./api.js";
import { el } from "./dom.js";
import { categoryName, labelWords, t } from "./i18n.js";
import { levelName } from "./levels.js";
import { renderFairPlay, runFairPlay, stopFairPlay } from "./fairplay.js";
import { refreshPractice, startPractice, stopPractice } from "./practice.js";
import { HUMAN } from "./seats.js";

/** @typedef {import("../../../clients/typescript/src/schema").HandRecord} HandRecord */
/** @typedef {import("../../../clients/typescript/src/schema").PlayerHand} PlayerHand */
/** @typedef {import("../../../clients/typescript/src/schema").InsightsRequest} InsightsRequest */
/** @typedef {import("../../../clients/typescript/src/schema").InsightsResponse} InsightsResponse */
/** @typedef {import("../../../clients/typescript/src/schema").HandProblem} HandProblem */
/**
 * A record the page holds: from the table (its hand's number there) or from a file (its name,
 * and its place in the file when the file holds several), the seat judged, and whether the
 * next insights include it.
 * @typedef {{ record: HandRecord, key: string, table: number, file: string, part: number, seat: number, included: boolean }} Held
 */

// An element of play.html by id (tests/web/test_pages.py checks that each one is there).
/** @param {string} id @returns {any} */
const $ = (id) => document.getElementById(id);

/**
 * @type {{
 *   entries: Held[],
 *   tableHands: number,
 *   answer: InsightsResponse | null,
 *   sent: Held[],
 *   token: number,
 *   open: boolean,
 *   unread: string[],
 * }}
 */
const held = {
  entries: [],
  tableHands: 0,
  answer: null,
  sent: [], // the entries of the last request, in its order (the answer's hand indexes)
  token: 0,
  open: false,
  unread: [], // files added here that are not JSON
};

const PHASES = ["first", "middle", "last"];
const LABELS = ["best", "good", "inaccuracy", "mistake", "blunder"];
const SITUATIONS = ["sweeps_conceded", "sweeps_missed", "settebello_lost", "sevens_given"];

// ---- numbers and words -------------------------------------------------------------------

/** @param {number | null | undefined} value @param {number} digits */
export function fixed(value, digits) {
  return typeof value === "number" ? value.toFixed(digits) : "—";
}

/** @param {number | null | undefined} share a 0..1 share */
export function percent(share) {
  return typeof share === "number" ? `${(share * 100).toFixed(0)}%` : "—";
}


/** @param {string} key */
function situationWords(key) {
  /** @type {Record<string, () => string>} */
  const words = {
    sweeps_conceded: () => t("Sweeps conceded: the next player swept right after your play"),
    sweeps_missed: () => t("Sweeps missed: a sweep was there and not taken"),
    settebello_lost: () => t("Settebello left on the table and taken next, when it could have been kept"),
    sevens_given: () => t("Other sevens left on the table and taken next"),
  };
  return words[key] ? words[key]() : key.replaceAll("_", " ");
}

/** @param {string} phase */
function phaseWords(phase) {
  /** @type {Record<string, () => string>} */
  const words = {
    first: () => t("First third of the hand"),
    middle: () => t("Middle third"),
    last: () => t("Last third"),
  };
  return words[phase] ? words[phase]() : phase;
}

// A number shown for the tests and the eye: its text, and its key in data-figure.
/** @param {string} key @param {string} text */
function figure(key, text) {
  const span = el("span", "figure", text);
  span.dataset.figure = key;
  return span;
}

/**
 * A translated sentence whose {fields} are elements (or texts), e.g. a figure in a sentence.
 * @param {string} template the sentence, translated, its fields left in
 * @param {Record<string, string | Node>} parts
 */
function sentence(template, parts) {
  const line = el("p");
  for (const piece of template.split(/(\{\w+\})/)) {
    const key = piece.startsWith("{") ? piece.slice(1, -1) : "";
    if (key && key in parts) {
      line.append(parts[key]);
    } else if (piece) {
      line.append(piece);
    }
  }
  return line;
}

/** @param {number} value @param {number} max */
function bar(value, max) {
  const meter = el("meter", "bar");
  meter.min = 0;
  meter.max = max > 0 ? max : 1;
  meter.value = Math.max(0, value);
  meter.setAttribute("aria-hidden", "true");
  return meter;
}

/**
 * A table: its caption, its column heads, and its rows of cells.
 * @param {string} className
 * @param {string} caption
 * @param {string[]} heads
 * @param {(string | Node)[][]} rows
 */
function table(className, caption, heads, rows) {
  const element = el("table", `insight-table ${className}`);
  element.append(el("caption", "", caption));
  const head = el("tr");
  for (const text of heads) {
    head.append(el("th", "", text));
  }
  const thead = el("thead");
  thead.append(head);
  const body = el("tbody");
  for (const cells of rows) {
    const row = el("tr");
    cells.forEach((cell, column) => {
      const item = el(column === 0 ? "th" : "td");
      item.append(cell);
      row.append(item);
    });
    body.append(row);
  }
  element.append(thead, body);
  return element;
}

// ---- the records held --------------------------------------------------------------------

// The names a record gives its seats (meta.players), seat by seat.
/** @param {HandRecord} record @returns {string[]} */
function namesOf(record) {
  const names = record?.meta?.players;
  return Array.isArray(names) ? names.map(String) : [];
}

// How many seats a record has: from its deal, its moves, its names and its rules.
/** @param {HandRecord} record */
function seatCount(record) {
  const counts = [namesOf(record).length];
  const hands = record?.deal?.hands;
  if (Array.isArray(hands)) {
    counts.push(hands.length);
  }
  for (const move of Array.isArray(record?.moves) ? record.moves : []) {
    counts.push(Number(move?.seat) + 1 || 0);
  }
  const rules = record?.rules;
  if (rules && typeof rules === "object" && typeof rules.players === "number") {
    counts.push(rules.players);
  }
  return Math.max(1, ...counts);
}

/** @param {HandRecord} record */
function dateOf(record) {
  const date = record?.meta?.date;
  return typeof date === "string" ? date : "";
}

/** @param {Held} entry */
function labelOf(entry) {
  if (entry.table) {
    return t("Hand {number} at the table", { number: entry.table });
  }
  return entry.part ? t("{file}, hand {number}", { file: entry.file, number: entry.part }) : entry.file;
}

/** @param {Held} entry @param {number} seat */
function seatWords(entry, seat) {
  const name = namesOf(entry.record)[seat];
  return name
    ? t("Seat {number}: {name}", { number: seat + 1, name })
    : t("Seat {number}", { number: seat + 1 });
}

/**
 * Keep a record for the insights and the practice: a hand played at the table (judged for the
 * page's player) or a record from a file (judged for seat 1 until another is chosen). The same
 * record twice is kept once.
 * @param {HandRecord} record
 * @param {{ table?: boolean, file?: string, part?: number }} source
 */
export function keepRecord(record, source) {
  const key = JSON.stringify(record);
  if (held.entries.some((entry) => entry.key === key)) {
    return;
  }
  held.entries.push({
    record,
    key,
    table: source.table ? ++held.tableHands : 0,
    file: source.file ?? "",
    part: source.part ?? 0,
    seat: HUMAN,
    included: true,
  });
  if (held.open) {
    renderRecords();
  }
}

// The player chosen by name ("" for each record's own seat).
function chosenPlayer() {
  return String($("insights-player").value || "");
}

/** @param {Held} entry */
function namesPlayer(entry) {
  const player = chosenPlayer();
  return player !== "" && namesOf(entry.record).includes(player);
}

function fillPlayers() {
  const select = $("insights-player");
  const kept = chosenPlayer();
  const names = [...new Set(held.entries.flatMap((entry) => namesOf(entry.record)))]
    .filter((name) => name !== "")
    .sort((a, b) => a.localeCompare(b));
  select.replaceChildren();
  const each = el("option", "", t("the seat chosen in each record"));
  each.value = "";
  select.append(each);
  for (const name of names) {
    const option = el("option", "", name);
    option.value = name;
    select.append(option);
  }
  select.value = names.includes(kept) ? kept : "";
}

function renderRecords() {
  fillPlayers();
  const box = $("insights-records");
  box.replaceChildren();
  const entries = held.entries;
  const included = entries.filter((entry) => entry.included).length;
  $("insights-run").disabled = included === 0;
  $("practice-start").disabled = included === 0;
  $("fairplay-run").disabled = included === 0;
  $("insights-clear").disabled = entries.length === 0;
  const count = el("p", "insights-count", entries.length
    ? t("Hand records held: {count}; included: {included}.", { count: entries.length, included })
    : t("No hand record yet: play a hand at the table, or add record files."));
  count.dataset.count = String(entries.length);
  count.dataset.included = String(included);
  box.append(count);
  if (held.unread.length) {
    box.append(el("p", "error", t("Not JSON, left out: {files}", { files: held.unread.join(", ") })));
  }
  if (entries.length === 0) {
    return;
  }
  /** @type {(string | Node)[][]} */
  const rows = entries.map((entry, index) => {
    const label = labelOf(entry);
    const include = el("input");
    include.type = "checkbox";
    include.checked = entry.included;
    include.setAttribute("aria-label", t("Include {record}", { record: label }));
    include.addEventListener("change", () => {
      entry.included = include.checked;
      renderRecords();
    });
    const seat = el("select", "record-seat");
    seat.setAttribute("aria-label", t("The seat judged in {record}", { record: label }));
    const names = namesOf(entry.record);
    for (let number = 0; number < seatCount(entry.record); number += 1) {
      const option = el("option", "", seatWords(entry, number));
      option.value = String(number);
      seat.append(option);
    }
    const byName = namesPlayer(entry);
    seat.value = String(byName ? names.indexOf(chosenPlayer()) : entry.seat);
    seat.disabled = byName;
    seat.addEventListener("change", () => {
      entry.seat = Number(seat.value);
    });
    const name = el("span", "record-name", label);
    name.dataset.index = String(index);
    return [include, name, dateOf(entry.record) || "—", seat];
  });
  const list = table("insights-records-table", t("Hand records held"), [
    t("Include"),
    t("Hand record"),
    t("Date"),
    t("Seat judged"),
  ], rows);
  box.append(list);
}

/**
 * The body of /v1/insights and /v1/drills for the included records: each with its seat, or by
 * the player's name where the record names the player chosen.
 * @returns {{ body: InsightsRequest, sent: Held[] }}
 */
function request() {
  const sent = held.entries.filter((entry) => entry.included);
  const player = chosenPlayer();
  /** @type {PlayerHand[]} */
  const hands = sent.map((entry) => (namesPlayer(entry)
    ? { record: entry.record }
    : { record: entry.record, seat: entry.seat }));
  /** @type {InsightsRequest} */
  const body = { hands };
  if (player) {
    body.player = player;
  }
  return { body, sent };
}

/**
 * Add record files: each a hand record, a list of them, or a body with "hands" (as
 * /v1/insights takes it).
 * @param {FileList} files
 */
async function addFiles(files) {
  held.unread = [];
  for (const file of files) {
    let data;
    try {
      data = JSON.parse(await file.text());
    } catch {
      held.unread.push(file.name);
      continue;
    }
    /** @type {{ record: HandRecord, seat?: number }[]} */
    let found;
    if (Array.isArray(data)) {
      found = data.map((record) => ({ record }));
    } else if (data && typeof data === "object" && Array.isArray(data.hands)) {
      found = data.hands.map((/** @type {any} */ hand) => (hand && typeof hand === "object" && "record" in hand
        ? { record: hand.record, seat: typeof hand.seat === "number" ? hand.seat : undefined }
        : { record: hand }));
    } else {
      found = [{ record: data }];
    }
    found.forEach(({ record, seat }, index) => {
      keepRecord(record, { file: file.name, part: found.length > 1 ? index + 1 : 0 });
      const entry = held.entries.find((each) => each.key === JSON.stringify(record));
      if (entry && seat !== undefined) {
        entry.seat = seat;
      }
    });
  }
  renderRecords();
}

function forget() {
  held.entries = [];
  held.unread = [];
  held.answer = null;
  held.sent = [];
  held.token += 1;
  $("insights-report").replaceChildren();
  stopPractice();
  stopFairPlay();
  setStatus("", "");
  renderRecords();
}

// ---- the insights ------------------------------------------------------------------------

/** @param {string} status @param {string} text */
function setStatus(status, text) {
  $("insights").dataset.status = status;
  $("insights-status").textContent = text;
}

async function runInsights() {
  const { body, sent } = request();
  if (sent.length === 0) {
    return;
  }
  const token = ++held.token;
  setStatus("loading", t("Reviewing the hands ({count}): the advisor judges every decision…", { count: sent.length }));
  $("insights-report").replaceChildren();
  let answer;
  try {
    answer = await patiently(() => api.insights(body), (seconds) => {
      setStatus("loading", t("The advisor is busy; asking again in {seconds} s…", { seconds }));
    });
  } catch (error) {
    if (token === held.token) {
      const { title, detail, lines } = describeProblem(error, t("Player insights"));
      setStatus("error", [title, detail, ...lines].filter(Boolean).join(" — "));
    }
    return;
  }
  if (token !== held.token) {
    return;
  }
  held.answer = answer;
  held.sent = sent;
  renderReport();
}

/** @param {number} index a hand's index in the last request */
function sentLabel(index) {
  const entry = held.sent[index];
  return entry ? labelOf(entry) : t("Hand {number}", { number: index + 1 });
}

/** @param {HandProblem[]} problems @param {(index: number) => string} label */
export function problemList(problems, label) {
  const list = el("ul", "insight-problems");
  for (const { index, problem } of problems) {
    const lines = Object.entries(problem.errors ?? {}).map(([field, messages]) => `${field}: ${messages.join("; ")}`);
    const words = [problem.title, problem.detail, ...lines].filter(Boolean).join(" — ");
    const item = el("li", "", t("{record}: {problem}", { record: label(index), problem: words }));
    item.dataset.index = String(index);
    list.append(item);
  }
  return list;
}

function renderReport() {
  const answer = held.answer;
  if (answer === null) {
    return;
  }
  const spent = answer.budget.ms
    ? t("{ms} ms", { ms: answer.budget.ms })
    : t("{iterations} iterations", { iterations: answer.budget.iterations ?? 0 });
  setStatus("ready", t("Every decision searched at {spent}, from what the seat could see; the same hands give the same figures.", { spent }));
  const report = $("insights-report");
  report.replaceChildren();
  /** @param {string} className @param {string} title */
  const block = (className, title) => {
    const section = el("section", `insight-block ${className}`);
    section.append(el("h3", "", title));
    report.append(section);
    return section;
  };

  const summary = block("insight-summary", answer.player
    ? t("Insights: {player}", { player: answer.player })
    : t("Insights: the seat chosen in each record"));
  summary.append(sentence(t("Hands reviewed: {hands}; decisions judged: {decisions}."), {
    hands: figure("hands", String(answer.hands)),
    decisions: figure("decisions", String(answer.decisions)),
  }));
  if (answer.hands === 0) {
    summary.append(el("p", "muted", t("No hand could be reviewed: see the problems below.")));
  }

  // Accuracy, overall and by third of the hand.
  const accuracy = block("insight-accuracy", t("Accuracy (0 to 100)"));
  accuracy.append(table("accuracy-table", t("Accuracy: 100 for the advisor's own choices"), [t("Part"), t("Accuracy"), ""], [
    [t("Overall"), figure("accuracy", fixed(answer.accuracy, 1)), bar(answer.accuracy ?? 0, 100)],
    ...PHASES.map((phase) => [
      phaseWords(phase),
      figure(`phase-${phase}`, fixed(answer.phases[phase], 1)),
      bar(answer.phases[phase] ?? 0, 100),
    ]),
  ]));

  // The points lost a decision, with the interval.
  const loss = block("insight-loss", t("Points lost a decision"));
  loss.append(sentence(t("On average {value} hand points lost a decision (95% interval {low} to {high})."), {
    value: figure("mean-loss", fixed(answer.mean_loss.value, 2)),
    low: figure("mean-loss-low", fixed(answer.mean_loss.low, 2)),
    high: figure("mean-loss-high", fixed(answer.mean_loss.high, 2)),
  }));
  const categories = Object.entries(answer.loss_by_category)
    .sort((a, b) => (b[1].per_hand ?? 0) - (a[1].per_hand ?? 0) || a[0].localeCompare(b[0]));
  if (categories.length) {
    const most = Math.max(0, ...categories.map(([, each]) => each.per_hand ?? 0));
    loss.append(table("category-table", t("By scoring category: the best moves' value less the played moves' (below zero, the played moves did better there)"), [
      t("Category"),
      t("A decision"),
      t("A hand"),
      "",
    ], categories.map(([key, each]) => [
      categoryName(key),
      figure(`loss-${key}-decision`, fixed(each.per_decision, 2)),
      figure(`loss-${key}-hand`, fixed(each.per_hand, 2)),
      bar(each.per_hand ?? 0, most),
    ])));
  }

  // The costly situations, in all and a hand.
  const situations = block("insight-situations", t("Situations"));
  const keys = [...SITUATIONS.filter((key) => key in answer.situations),
    ...Object.keys(answer.situations).filter((key) => !SITUATIONS.includes(key))];
  situations.append(table("situation-table", t("How often, in all and a hand"), [t("Situation"), t("In all"), t("A hand")],
    keys.map((key) => [
      situationWords(key),
      figure(`situation-${key}-total`, String(answer.situations[key].total)),
      figure(`situation-${key}-hand`, fixed(answer.situations[key].per_hand, 2)),
    ])));

  // The labels, counted and per 100 decisions.
  const labels = block("insight-labels", t("Decisions by label"));
  labels.append(table("label-table", t("Each label in all and per 100 decisions judged"), [t("Label"), t("In all"), t("Per 100"), ""],
    LABELS.filter((label) => label in answer.labels).map((label) => {
      const name = el("span", `label label-${label}`, labelWords(label));
      return [
        name,
        figure(`labels-${label}`, String(answer.labels[label])),
        figure(`labels-100-${label}`, fixed(answer.labels_per_100[label], 1)),
        bar(answer.labels_per_100[label] ?? 0, 100),
      ];
    })));

  // The trend by date.
  const trend = block("insight-trend", t("Trend by date"));
  const dates = answer.trend.dates;
  if (dates.length) {
    trend.append(table("trend-table", t("Hands by their date (meta.date)"), [t("Date"), t("Hands"), t("Decisions"), t("Accuracy"), t("Points lost a decision")],
      dates.map((day) => [
        day.date,
        figure(`trend-${day.date}-hands`, String(day.hands)),
        figure(`trend-${day.date}-decisions`, String(day.decisions)),
        figure(`trend-${day.date}-accuracy`, fixed(day.accuracy, 1)),
        figure(`trend-${day.date}-loss`, fixed(day.mean_loss, 2)),
      ])));
    if (typeof answer.trend.slope_per_30_days === "number") {
      trend.append(sentence(t("Accuracy changes by {slope} every 30 days (least squares over the hands)."), {
        slope: figure("trend-slope", fixed(answer.trend.slope_per_30_days, 1)),
      }));
    }
  } else {
    trend.append(el("p", "muted", t("No hand has a date: no trend.")));
  }
  if (answer.trend.undated) {
    trend.append(sentence(t("Hands without a date: {count}."), {
      count: figure("trend-undated", String(answer.trend.undated)),
    }));
  }

  // The estimated level.
  const level = block("insight-level", t("Estimated level"));
  const estimate = answer.level;
  if (estimate) {
    level.append(sentence(t("{level}, with probability {probability}; 95% interval from {low} to {high} ({hands} hands)."), {
      level: figure("level", levelName(estimate.level)),
      probability: figure("level-probability", percent(estimate.probabilities[estimate.level])),
      low: figure("level-low", levelName(estimate.interval[0] ?? estimate.level)),
      high: figure("level-high", levelName(estimate.interval[estimate.interval.length - 1] ?? estimate.level)),
      hands: figure("level-hands", String(estimate.hands)),
    }));
    level.append(table("level-table", t("Each level's probability given the hands"), [t("Level"), t("Probability"), ""],
      Object.entries(estimate.probabilities).map(([name, probability]) => [
        levelName(name),
        figure(`level-${name}`, percent(probability)),
        bar(probability, 1),
      ])));
    level.append(el("p", "muted", estimate.same_rules
      ? t("Calibrated on hands the computer levels played under these rules ({preset}).", { preset: estimate.calibrated_on.replaceAll("_", " ") })
      : t("Calibrated on {preset}, not on these rules: a rough guide only.", { preset: estimate.calibrated_on.replaceAll("_", " ") })));
  } else {
    const note = el("p", "muted", t("No level estimate: {note}.", { note: answer.level_note ?? "" }));
    note.dataset.figure = "level-note";
    level.append(note);
  }

  // Each hand's figures.
  if (answer.per_hand.length) {
    const hands = block("insight-hands", t("Hand by hand"));
    hands.append(table("hand-table", t("Each hand reviewed"), [t("Hand record"), t("Seat judged"), t("Date"), t("Decisions"), t("Accuracy"), t("Points lost")],
      answer.per_hand.map((hand) => {
        const entry = held.sent[hand.index];
        return [
          sentLabel(hand.index),
          entry ? seatWords(entry, hand.seat) : String(hand.seat + 1),
          hand.date ?? "—",
          figure(`hand-${hand.index}-decisions`, String(hand.decisions)),
          figure(`hand-${hand.index}-accuracy`, fixed(hand.accuracy, 1)),
          figure(`hand-${hand.index}-loss`, fixed(hand.total_loss, 2)),
        ];
      })));
  }

  // Hands left out.
  if (answer.problems.length) {
    const problems = block("insight-problems-block", t("Hands left out"));
    problems.append(problemList(answer.problems, sentLabel));
  }
}

async function checkFairPlay() {
  const { body, sent } = request();
  if (sent.length === 0) {
    return;
  }
  const fair = body.player ? { hands: body.hands, player: body.player } : { hands: body.hands };
  await runFairPlay(fair, (index) => (sent[index] ? labelOf(sent[index]) : t("Hand {number}", { number: index + 1 })));
}

async function practise() {
  const { body, sent } = request();
  if (sent.length === 0) {
    return;
  }
  await startPractice(body, (index) => (sent[index] ? labelOf(sent[index]) : t("Hand {number}", { number: index + 1 })));
}

// ---- entry points -------------------------------------------------------------------------

/** The view is shown: the records held so far. */
export function openInsights() {
  held.open = true;
  renderRecords();
}

export function closeInsights() {
  held.open = false;
}

// The view again in the page's language (after a switch).
export function refreshInsights() {
  if (!held.open) {
    return;
  }
  renderRecords();
  renderReport();
  refreshPractice();
  renderFairPlay();
}

export function initInsights() {
  $("insights-run").addEventListener("click", runInsights);
  $("practice-start").addEventListener("click", practise);
  $("fairplay-run").addEventListener("click", checkFairPlay);
  $("insights-clear").addEventListener("click", forget);
  $("insights-player").addEventListener("change", renderRecords);
  $("insights-files").addEventListener("change", (/** @type {Event} */ event) => {
    const input = /** @type {HTMLInputElement} */ (event.target);
    const files = input.files;
    if (files && files.length) {
      addFiles(files).finally(() => {
        input.value = "";
      });
    }
  });
}
