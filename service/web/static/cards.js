// Cards as the API writes them ("7D": rank 1-10, suit D coins, C cups, S swords, B clubs).

/** @type {Record<string, { name: string, symbol: string }>} */
export const SUITS = {
  D: { name: "coins", symbol: "●" },
  C: { name: "cups", symbol: "♥" },
  S: { name: "swords", symbol: "♠" },
  B: { name: "clubs", symbol: "♣" },
};
const SUIT_ORDER = "DCSB";
/** @type {Record<number, string>} */
const FACES = { 8: "jack", 9: "knight", 10: "king" };
export const SETTEBELLO = "7D";

/** @param {string} code */
export function parseCode(code) {
  return { rank: Number(code.slice(0, -1)), suit: code.slice(-1) };
}

// "7 of coins, the settebello"; "10 of cups (king)".
/** @param {string} code */
export function cardLabel(code) {
  const { rank, suit } = parseCode(code);
  const face = FACES[rank] ? ` (${FACES[rank]})` : "";
  const name = SUITS[suit] ? SUITS[suit].name : suit;
  const extra = code === SETTEBELLO ? ", the settebello" : "";
  return `${rank} of ${name}${face}${extra}`;
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
    <span class="name" aria-hidden="true">${FACES[rank] || ""} ${SUITS[suit] ? SUITS[suit].name : ""}</span>
    ${code === SETTEBELLO ? '<span class="badge" aria-hidden="true">★ settebello</span>' : ""}`;
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
