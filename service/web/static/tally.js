// The tally form of one hand, built from the fields of GET /v1/rules/tally: a column per side,
// a row per field (integer: a number input or a select of its choices; boolean: a checkbox;
// cards: a select per suit, or checkboxes by suit), and where the rules have them the hand's
// declarations (a row each: the seat, the deal, the three cards shown). It reads back as the hand
// of POST /v1/match, and shows the service's reasons next to the inputs they name.

import { cardLabel, parseCode, sortCodes, SUITS } from "./cards.js";
import { el } from "./dom.js";
import { categoryName, figureName, suitName, t } from "./i18n.js";

/** A field of a side's tally, as GET /v1/rules/tally describes it. @typedef {import("../../../clients/typescript/src/schema").TallyField} TallyField */
/** A side's counted facts: a field left empty is not counted. @typedef {Record<string, number | boolean | string[]>} Tally */
/** A hand shown after a three-card deal. @typedef {import("../../../clients/typescript/src/schema").Declaration} Declaration */
/** @typedef {{ dealer?: number, tallies: (Tally | null)[], leftover?: string[], declarations?: Declaration[] }} LedgerHand */
/**
 * What a declaration is chosen from: the table's seats (each one's name, seat 0 first) and the
 * deals of three cards (numbered from 1, as the service counts them).
 * @typedef {{ seats: string[], deals: number[] }} Declaring
 */

// The hand-level fields the form asks for, where the rules' tally lists them.
export const HAND_FIELDS = ["leftover", "declarations"];
// The cards a declaration shows.
const DECLARED_CARDS = 3;

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
  // A number (the prime's points under a table of half values) may have a fraction.
  input.inputMode = field.type === "number" ? "decimal" : "numeric";
  input.step = field.type === "number" ? "any" : "1";
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
 * @param {string[]} pack every card code of the pack (for the cards nobody took and those declared)
 * @param {Declaring} declaring the seats and deals of the declarations (where the rules have them)
 */
export function buildTallyForm(container, fields, sideNames, sideNotes, handFields, pack, declaring) {
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
  if (handFields.includes("declarations")) {
    container.append(declarationsSection(declaring, pack));
  }
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

// ---- declarations ------------------------------------------------------------------------------

// How each declarations section adds a row (it knows the seats, the deals and the pack).
/** @type {WeakMap<Element, (declaration: Declaration | null) => void>} */
const rowAdders = new WeakMap();

/**
 * The hand's declarations: a row for each hand shown (the seat that showed it, the deal, its
 * three cards), added and removed with buttons; none to begin with.
 * @param {Declaring} declaring
 * @param {string[]} pack
 */
function declarationsSection(declaring, pack) {
  const section = el("fieldset", "hand-field declarations");
  section.dataset.field = "declarations";
  section.dataset.path = "declarations";
  section.append(el("legend", "", t("Declarations")));
  section.append(el("p", "field-description",
    t("The hands shown after a deal of three cards: who showed one, in which deal, and its three cards.")));
  const rows = el("div", "declaration-rows");
  const add = el("button", "add-declaration", t("Add a declaration"));
  add.type = "button";
  section.append(rows, add);
  /** @param {Declaration | null} declaration */
  const addRow = (declaration) => {
    const row = declarationRow(declaring, pack, declaration ?? nextDeclaration(rows, declaring));
    row.querySelector(".remove-declaration")?.addEventListener("click", () => {
      row.remove();
      numberRows(rows);
      add.focus();
    });
    rows.append(row);
    numberRows(rows);
  };
  rowAdders.set(section, addRow);
  add.addEventListener("click", () => {
    addRow(null);
    rows.lastElementChild?.querySelector("select")?.focus();
  });
  return section;
}

// A new row: the first three-card deal and seat 1, or after another row the same deal and the
// next seat (the seats declare in turn).
/** @param {Element} rows @param {Declaring} declaring @returns {Declaration} */
function nextDeclaration(rows, declaring) {
  const last = rows.lastElementChild;
  if (last === null) {
    return { seat: 0, deal: declaring.deals[0] ?? 1, cards: [] };
  }
  const { seat, deal } = readRow(last);
  return { seat: (seat + 1) % declaring.seats.length, deal, cards: [] };
}

/**
 * A select of numbers, each with its words.
 * @param {[number, string][]} choices
 * @param {number} value
 */
function numberSelect(choices, value) {
  const select = el("select");
  if (!choices.some(([number]) => number === value)) {
    choices = [...choices, [value, String(value)]];
  }
  for (const [number, words] of choices) {
    const option = el("option", "", words);
    option.value = String(number);
    select.append(option);
  }
  select.value = String(value);
  return select;
}

/** A select of the pack's cards, by suit. @param {string[]} pack @param {string} value */
function cardSelect(pack, value) {
  const select = el("select");
  const none = el("option", "", "—");
  none.value = "";
  select.append(none);
  for (const [suit, codes] of bySuit(pack)) {
    const group = el("optgroup");
    group.label = suitName(suit);
    for (const code of codes) {
      const option = el("option", "", cardLabel(code));
      option.value = code;
      group.append(option);
    }
    select.append(group);
  }
  select.value = value;
  return select;
}

/** @param {Declaring} declaring @param {string[]} pack @param {Declaration} declaration */
function declarationRow(declaring, pack, declaration) {
  const row = el("div", "declaration-row");
  row.setAttribute("role", "group");
  const seat = el("label", "declaration-part");
  seat.dataset.part = "seat";
  seat.append(el("span", "", t("Declared by")),
    numberSelect(declaring.seats.map((name, index) => [index, name]), declaration.seat));
  const deal = el("label", "declaration-part");
  deal.dataset.part = "deal";
  deal.append(el("span", "", t("In deal")),
    numberSelect(declaring.deals.map((number) => [number, String(number)]), declaration.deal));
  const cards = el("div", "declaration-part declared-cards");
  cards.dataset.part = "cards";
  cards.setAttribute("role", "group");
  cards.setAttribute("aria-label", t("Cards shown"));
  const picks = el("div", "card-picker");
  for (let index = 0; index < DECLARED_CARDS; index += 1) {
    const select = cardSelect(pack, declaration.cards[index] ?? "");
    select.setAttribute("aria-label", t("Card {number}", { number: index + 1 }));
    picks.append(select);
  }
  cards.append(el("span", "", t("Cards shown")), picks);
  const remove = el("button", "remove-declaration", t("Remove"));
  remove.type = "button";
  row.append(seat, deal, cards, remove);
  return row;
}

// The rows' paths and names follow their order (reasons name a declaration by its index).
/** @param {Element} rows */
function numberRows(rows) {
  [...rows.children].forEach((row, index) => {
    const path = `declarations[${index}]`;
    /** @type {HTMLElement} */ (row).dataset.path = path;
    row.setAttribute("aria-label", t("Declaration {number}", { number: index + 1 }));
    for (const part of /** @type {NodeListOf<HTMLElement>} */ (row.querySelectorAll("[data-part]"))) {
      part.dataset.path = `${path}.${part.dataset.part}`;
    }
    row.querySelector(".remove-declaration")
      ?.setAttribute("aria-label", t("Remove declaration {number}", { number: index + 1 }));
  });
}

/** @param {Element} row @returns {Declaration} */
function readRow(row) {
  /** @param {string} part */
  const chosen = (part) => Number(/** @type {HTMLSelectElement} */ (row.querySelector(`[data-part="${part}"] select`)).value);
  const cards = row.querySelector('[data-part="cards"]');
  return { seat: chosen("seat"), deal: chosen("deal"), cards: cards === null ? [] : chosenCards(cards) };
}

/** @param {HTMLElement} container @returns {Declaration[]} the declarations the form lists */
function readDeclarations(container) {
  return [...container.querySelectorAll(".declaration-row")].map(readRow);
}

/** @param {HTMLElement} container @param {readonly Declaration[]} declarations */
function writeDeclarations(container, declarations) {
  const section = container.querySelector('[data-field="declarations"]');
  const addRow = section === null ? undefined : rowAdders.get(section);
  if (section === null || addRow === undefined) {
    return;
  }
  section.querySelector(".declaration-rows")?.replaceChildren();
  for (const declaration of declarations) {
    addRow(declaration);
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
      // A side that counted a field standing instead of this one (the prime's points) and
      // chose no cards sends none.
      const instead = fields.filter((other) => other.instead_of === field.name);
      const countedInstead = (/** @type {number} */ side) =>
        instead.some((other) => {
          const input = cellOf(container, side, other.name).querySelector(".tally-input");
          return input !== null && /** @type {HTMLInputElement} */ (input).value !== "";
        });
      if (lists.some((codes) => codes.length)) {
        lists.forEach((codes, side) => {
          if (codes.length || !countedInstead(side)) {
            tallies[side][field.name] = codes;
          }
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
  const declarations = readDeclarations(container);
  if (declarations.length) {
    hand.declarations = declarations;
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
  writeDeclarations(container, hand.declarations ?? []);
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
  writeDeclarations(container, []);
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
