// Cards as the API writes them ("7D": rank 1-10, suit D coins, C cups, S swords, B clubs), named
// in the page's language by GET /v1/names (i18n.js).

import { cardName, figureName, suitName, t } from "./i18n.js";

/** @type {Record<string, { symbol: string }>} */
export const SUITS = {
  D: { symbol: "●" },
  C: { symbol: "♥" },
  S: { symbol: "♠" },
  B: { symbol: "♣" },
};
const SUIT_ORDER = "DCSB";
const FIGURES = [8, 9, 10];
export const SETTEBELLO = "7D";

/** @param {string} code */
export function parseCode(code) {
  return { rank: Number(code.slice(0, -1)), suit: code.slice(-1) };
}

// "7 of coins, the settebello"; "king of cups (10)"; in Italian "7 di denari, il settebello".
/** @param {string} code */
export function cardLabel(code) {
  const { rank } = parseCode(code);
  const name = cardName(code);
  if (code === SETTEBELLO) {
    return t("{card}, the settebello", { card: name });
  }
  return FIGURES.includes(rank) ? t("{card} ({rank})", { card: name, rank }) : name;
}

/** @param {string} code */
export function shortLabel(code) {
  const { rank, suit } = parseCode(code);
  return `${rank}${SUITS[suit] ? SUITS[suit].symbol : suit}`;
}

/** @param {readonly string[]} codes */
export function sortCodes(codes) {
  return [...codes].sort((a, b) => {
    const x = parseCode(a);
    const y = parseCode(b);
    return x.rank - y.rank || SUIT_ORDER.indexOf(x.suit) - SUIT_ORDER.indexOf(y.suit);
  });
}

/** @param {string} code */
function classesOf(code) {
  const { suit } = parseCode(code);
  const classes = ["card", `suit-${suit}`];
  if (code === SETTEBELLO) {
    classes.push("settebello");
  }
  return classes;
}

// A full card face; a button when onChoose is given, else a list item.
/**
 * @overload
 * @param {string} code
 * @param {(code: string) => void} onChoose
 * @returns {HTMLButtonElement}
 */
/**
 * @overload
 * @param {string} code
 * @returns {HTMLDivElement}
 */
/**
 * @param {string} code
 * @param {(code: string) => void} [onChoose]
 * @returns {HTMLButtonElement | HTMLDivElement}
 */
export function cardElement(code, onChoose) {
  const { rank, suit } = parseCode(code);
  /** @type {HTMLButtonElement | HTMLDivElement} */
  let element;
  if (onChoose) {
    const button = document.createElement("button");
    button.type = "button";
    button.addEventListener("click", () => onChoose(code));
    element = button;
  } else {
    element = document.createElement("div");
    element.setAttribute("role", "img");
  }
  element.className = classesOf(code).join(" ");
  element.dataset.code = code;
  element.setAttribute("aria-label", cardLabel(code));
  const symbol = SUITS[suit] ? SUITS[suit].symbol : "?";
  element.innerHTML = `
    <span class="corner" aria-hidden="true">${rank}<br>${symbol}</span>
    <span class="pip" aria-hidden="true">${symbol}</span>
    <span class="name" aria-hidden="true">${figureName(rank)} ${suitName(suit)}</span>
    ${code === SETTEBELLO ? `<span class="badge" aria-hidden="true">★ ${t("settebello")}</span>` : ""}`;
  return element;
}

// A small inline card, for moves, piles and the score.
/** @param {string} code */
export function chipElement(code) {
  const element = document.createElement("span");
  element.className = `chip ${classesOf(code).slice(1).join(" ")}`;
  element.textContent = shortLabel(code);
  element.title = cardLabel(code);
  element.setAttribute("aria-label", cardLabel(code));
  element.setAttribute("role", "img");
  return element;
}

/** @param {readonly string[]} codes */
export function chipsElement(codes) {
  const element = document.createElement("span");
  element.className = "chips";
  for (const code of codes) {
    element.append(chipElement(code));
  }
  return element;
}

export function cardBack() {
  const element = document.createElement("span");
  element.className = "back";
  element.setAttribute("aria-hidden", "true");
  return element;
}
