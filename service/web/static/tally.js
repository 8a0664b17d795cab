// The tally form of one hand, built from the fields of GET /v1/rules/tally: a column per side,
// a row per field (integer: a number input or a select of its choices; boolean: a checkbox;
// cards: a select per suit, or checkboxes by suit). It reads back as the hand of POST /v1/match,
// and shows the service's reasons next to the inputs they name.

import { cardLabel, parseCode, sortCodes, SUITS } from "./cards.js";
import { el } from "./dom.js";
import { categoryName, figureName, suitName, t } from "./i18n.js";

/** A field of a side's tally, as GET /v1/rules/tally describes it. @typedef {import("../../../clients/typescript/src/schema").TallyField} TallyField */
/** A side's counted facts: a field left empty is not counted. @typedef {Record<string, number | boolean | string[]>} Tally */
/** @typedef {{ dealer?: number, tallies: (Tally | null)[], leftover?: string[] }} LedgerHand */

// The hand-level fields the form asks for (others, such as declarations, are not kept here).
export const HAND_FIELDS = ["leftover"];

/** @param {string} text */
const capitalized = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** @param {readonly string[]} codes @returns {Map<string, string[]>} the codes of each suit */
function bySuit(codes) {
  /** @type {Map<string, string[]>} */
  const suits = new Map();
  for (const suit of Object.keys(SUITS)) {
    const held = sortCodes(codes.filter((code) => parseCode(code).suit === suit));
    if (held.length) {
      suits.set(suit, held);
    }
  }
  return suits;
}

/** @param {string} code e.g. "10S" → "10 king" */
function rankWords(code) {
  const { rank } = parseCode(code);
  const figure = figureName(rank);
  return figure ? `${rank} ${figure}` : String(rank);
}

/** The label of a field's row: its category's name, and the service's words under it. @param {TallyField} field */
function rowHeader(field) {
  const header = el("th");
  header.scope = "row";
  header.append(el("span", "field-name", capitalized(categoryName(field.category))));
  if (field.description) {
    header.append(el("span", "field-description", field.description));
  }
  return header;
}

/** @param {TallyField} field @param {string} label */
function integerInput(field, label) {
  if (field.choices && field.choices.length) {
    const select = el("select");
    const none = el("option", "", "—");
    none.value = "";
    select.append(none);
    for (const choice of field.choices) {
      const option = el("option", "", String(choice));
      option.value = String(choice);
      select.append(option);
    }
    select.setAttribute("aria-label", label);
    return select;
  }
  const input = el("input");
  input.type = "number";
  input.inputMode = "numeric";
  input.step = "1";
  if (typeof field.minimum === "number") {
    input.min = String(field.minimum);
  }
  if (typeof field.maximum === "number") {
    input.max = String(field.maximum);
  }
  input.setAttribute("aria-label", label);
  return input;
}

/** @param {string} label */
function booleanInput(label) {
  const input = el("input");
  input.type = "checkbox";
  input.setAttribute("aria-label", label);
  return input;
}

// A card list: one select per suit where the field takes at most one card of each (the prime),
// else a checkbox per card, grouped by suit.
/** @param {TallyField} field @param {string} label */
function cardsInput(field, label) {
  const box = el("div", "card-picker");
  for (const [suit, codes] of bySuit(field.cards ?? [])) {
    if (field.one_per_suit) {
      const select = el("select");
      select.dataset.suit = suit;
      select.setAttribute("aria-label", t("{field}: {suit}", { field: label, suit: suitName(suit) }));
      const none = el("option", "", t("{suit}: none", { suit: suitName(suit) }));
      none.value = "";
      select.append(none);
      for (const code of codes) {
        const option = el("option", "", `${suitName(suit)}: ${rankWords(code)}`);
        option.value = code;
        select.append(option);
      }
      box.append(select);
      continue;
    }
    const group = el("fieldset", `suit-group suit-${suit}`);
    group.append(el("legend", "", suitName(suit)));
    for (const code of codes) {
      const item = el("label", "card-check");
      const input = el("input");
      input.type = "checkbox";
      input.value = code;
      input.setAttribute("aria-label", cardLabel(code));
      item.append(input, ` ${parseCode(code).rank}`);
      group.append(item);
    }
    box.append(group);
  }
  box.setAttribute("role", "group");
  box.setAttribute("aria-label", label);
  return box;
}

/** @param {TallyField} field @param {string} label */
function fieldInput(field, label) {
  if (field.type === "boolean") {
    return booleanInput(label);
  }
  if (field.type === "cards") {
    return cardsInput(field, label);
  }
  return integerInput(field, label);
}

// A card held by one side only: ticking it for a side unticks it for the others.
/** @param {HTMLElement} row */
function oneSideOnly(row) {
  const boxes = /** @type {HTMLInputElement[]} */ ([...row.querySelectorAll("input[type=checkbox]")]);
  for (const box of boxes) {
    box.addEventListener("change", () => {
      if (box.checked) {
        for (const other of boxes) {
          if (other !== box) {
            other.checked = false;
          }
        }
      }
    });
  }
}

/**
 * Build the form of a hand into container: a column per side, a row per field, then the cards
 * nobody took (where the rules' tally asks for them).
 * @param {HTMLElement} container
 * @param {TallyField[]} fields
 * @param {string[]} sideNames
 * @param {string[]} sideNotes a line under each side's name (its seats), or ""
 * @param {string[]} handFields the tally's hand-level fields
 * @param {string[]} pack every card code of the pack (for the cards nobody took)
 */
export function buildTallyForm(container, fields, sideNames, sideNotes, handFields, pack) {
  const table = el("table", "tally-table");
  const head = el("tr");
  head.append(el("th", "", ""));
  sideNames.forEach((name, side) => {
    const th = el("th", "side-head", name);
    th.scope = "col";
    th.dataset.path = `tallies[${side}]`;
    if (sideNotes[side]) {
      th.append(el("span", "field-description", sideNotes[side]));
    }
    head.append(th);
  });
  const thead = el("thead");
  thead.append(head);
  const body = el("tbody");
  for (const field of fields) {
    const row = el("tr");
    row.dataset.field = field.name;
    row.append(rowHeader(field));
    const name = capitalized(categoryName(field.category));
    sideNames.forEach((sideName, side) => {
      const cell = el("td");
      cell.dataset.side = String(side);
      cell.dataset.field = field.name;
      cell.dataset.path = `tallies[${side}].${field.name}`;
      const input = fieldInput(field, t("{field} of {side}", { field: name, side: sideName }));
      input.classList.add("tally-input");
      cell.append(input);
      row.append(cell);
    });
    if (field.type === "boolean") {
      oneSideOnly(row);
    }
    body.append(row);
  }
  // The reasons about the sides' tallies together (sums over the pack) show under the table.
  const foot = el("tfoot");
  const footRow = el("tr");
  const whole = el("td", "tallies-reasons");
  whole.colSpan = sideNames.length + 1;
  whole.dataset.path = "tallies";
  footRow.append(whole);
  foot.append(footRow);
  table.append(thead, body, foot);
  container.replaceChildren(table);
  if (handFields.includes("leftover")) {
    const details = el("details", "hand-field");
    details.dataset.path = "leftover";
    details.dataset.field = "leftover";
    details.append(el("summary", "", t("Cards nobody took (left on the table)")));
    details.append(cardsInput({ name: "leftover", category: "leftover", type: "cards", description: "", cards: pack },
      t("Cards nobody took")));
    container.append(details);
  }
}

/** @param {Element} holder @returns {string[]} the cards chosen in a card picker */
function chosenCards(holder) {
  const codes = [];
  for (const select of /** @type {NodeListOf<HTMLSelectElement>} */ (holder.querySelectorAll("select"))) {
    if (select.value) {
      codes.push(select.value);
    }
  }
  for (const box of /** @type {NodeListOf<HTMLInputElement>} */ (holder.querySelectorAll("input[type=checkbox]:checked"))) {
    codes.push(box.value);
  }
  return codes;
}

/** @param {HTMLElement} container @param {number} side @param {string} name */
function cellOf(container, side, name) {
  const cell = container.querySelector(`td[data-side="${side}"][data-field="${name}"]`);
  if (cell === null) {
    throw new Error(`no input for ${name} of side ${side}`);
  }
  return cell;
}

/**
 * The hand as the form has it: each side's tally (an empty field is left out; a card list is
 * sent for every side once any side has cards in it) and the cards nobody took.
 * @param {HTMLElement} container
 * @param {TallyField[]} fields
 * @param {number} sides
 * @returns {LedgerHand}
 */
export function readHand(container, fields, sides) {
  /** @type {Tally[]} */
  const tallies = Array.from({ length: sides }, () => ({}));
  for (const field of fields) {
    const cells = tallies.map((_, side) => cellOf(container, side, field.name));
    if (field.type === "cards") {
      const lists = cells.map(chosenCards);
      if (lists.some((codes) => codes.length)) {
        lists.forEach((codes, side) => {
          tallies[side][field.name] = codes;
        });
      }
      continue;
    }
    cells.forEach((cell, side) => {
      const input = /** @type {HTMLInputElement | HTMLSelectElement} */ (cell.querySelector(".tally-input"));
      if (field.type === "boolean") {
        tallies[side][field.name] = /** @type {HTMLInputElement} */ (input).checked;
      } else if (input.value !== "") {
        tallies[side][field.name] = Number(input.value);
      }
    });
  }
  /** @type {LedgerHand} */
  const hand = { tallies };
  const leftover = container.querySelector('[data-field="leftover"]');
  if (leftover !== null) {
    const codes = chosenCards(leftover);
    if (codes.length) {
      hand.leftover = codes;
    }
  }
  return hand;
}

/**
 * Put a hand back into the form (a hand taken off the ledger, to correct it).
 * @param {HTMLElement} container
 * @param {TallyField[]} fields
 * @param {LedgerHand} hand
 */
export function writeHand(container, fields, hand) {
  hand.tallies.forEach((tally, side) => {
    for (const field of fields) {
      const cell = container.querySelector(`td[data-side="${side}"][data-field="${field.name}"]`);
      if (cell === null) {
        continue;
      }
      const value = tally ? tally[field.name] : undefined;
      setCards(cell, Array.isArray(value) ? value : []);
      const input = /** @type {HTMLInputElement | HTMLSelectElement} */ (cell.querySelector(".tally-input"));
      if (field.type === "boolean") {
        /** @type {HTMLInputElement} */ (input).checked = value === true;
      } else if (field.type !== "cards") {
        input.value = typeof value === "number" ? String(value) : "";
      }
    }
  });
  const leftover = container.querySelector('[data-field="leftover"]');
  if (leftover !== null) {
    setCards(leftover, hand.leftover ?? []);
  }
}

/** @param {Element} holder @param {readonly string[]} codes */
function setCards(holder, codes) {
  for (const select of /** @type {NodeListOf<HTMLSelectElement>} */ (holder.querySelectorAll("select[data-suit]"))) {
    select.value = codes.find((code) => parseCode(code).suit === select.dataset.suit) ?? "";
  }
  for (const box of /** @type {NodeListOf<HTMLInputElement>} */ (holder.querySelectorAll(".card-check input"))) {
    box.checked = codes.includes(box.value);
  }
}

/** Clear the form's inputs. @param {HTMLElement} container */
export function clearHand(container) {
  for (const input of /** @type {NodeListOf<HTMLInputElement | HTMLSelectElement>} */ (container.querySelectorAll("input, select"))) {
    if (input instanceof HTMLInputElement && input.type === "checkbox") {
      input.checked = false;
    } else {
      input.value = "";
    }
  }
}

/** Take every reason off the form. @param {HTMLElement} scope */
export function clearReasons(scope) {
  for (const reason of scope.querySelectorAll(".field-error")) {
    reason.remove();
  }
  for (const input of scope.querySelectorAll("[aria-invalid]")) {
    input.removeAttribute("aria-invalid");
  }
}

/**
 * The element a path names, or the nearest one above it.
 * @param {HTMLElement} scope
 * @param {string} path
 * @returns {Element | null}
 */
function placeOf(scope, path) {
  for (let at = path; ; ) {
    const place = scope.querySelector(`[data-path="${CSS.escape(at)}"]`);
    if (place !== null) {
      return place;
    }
    const shorter = at.replace(/(\.\w+|\[\d+\])$/, "");
    if (shorter === at || shorter === "") {
      return null;
    }
    at = shorter;
  }
}

/**
 * Show each reason next to the element its path names (data-path), or the nearest one above it
 * ("tallies[0].prime[2]" → "tallies[0].prime" → "tallies[0]"); the paths with no place are given
 * back.
 * @param {HTMLElement} scope
 * @param {Record<string, string[]>} reasons by path within the hand, e.g. "tallies[0].coins"
 * @returns {Record<string, string[]>} the reasons no element names
 */
export function showReasons(scope, reasons) {
  /** @type {Record<string, string[]>} */
  const unplaced = {};
  for (const [path, list] of Object.entries(reasons)) {
    const place = placeOf(scope, path);
    if (place === null) {
      unplaced[path] = list;
      continue;
    }
    for (const text of list) {
      const reason = el("p", "field-error", text);
      reason.dataset.reasonFor = path;
      reason.setAttribute("role", "alert");
      place.append(reason);
    }
    if (place instanceof HTMLDetailsElement) {
      place.open = true;
    }
    for (const input of place.querySelectorAll("input, select")) {
      input.setAttribute("aria-invalid", "true");
    }
  }
  return unplaced;
}
