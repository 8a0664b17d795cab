// Moves and the advisor's numbers in plain words: what a move does, and why it is worth what
// it is worth (its value by scoring category, and the risk of leaving the next player a sweep).

import { cardLabel } from "./cards.js";
import { categoryName, t } from "./i18n.js";

/** @typedef {import("../../../clients/typescript/src/schema").Move} Move */
/**
 * What explains a move's value: its breakdown by scoring category and its sweep risk, as
 * /v1/advice and /v1/review give them for a ranked move.
 * @typedef {{ breakdown?: Record<string, number>, sweep_risk?: number }} Valued
 */

// Parts smaller than this (in expected points) are left out of the words.
const SMALL = 0.05;
const SHOWN = 3;

// A move's card and the cards it takes. The spec's Move serves requests too, so it marks both
// optional; answers leave the card out of a claim only, and always list the captured cards.
/** @param {Move} move */
export const cardOf = (move) => move.card ?? "";
/** @param {Move} move */
export const captureOf = (move) => move.capture ?? [];

/** @param {Move} move */
export function describeMove(move) {
  const kind = move.kind || "play";
  if (kind === "claim") {
    return t("a claim that your side has won");
  }
  if (kind === "declare") {
    return t("a declaration of {cards}", { cards: [cardOf(move), ...captureOf(move)].map(cardLabel).join(", ") });
  }
  if (kind === "decline") {
    return t("no declaration this deal");
  }
  const card = cardLabel(cardOf(move));
  if (kind === "keep") {
    return t("keeping {card}", { card });
  }
  if (kind === "table") {
    return t("laying {card} on the table as the first card", { card });
  }
  if (kind === "pass") {
    return t("{card} to the pile without capturing", { card });
  }
  if (captureOf(move).length === 0) {
    return t("{card} laid on the table", { card });
  }
  return t("{card} taking {cards}", { card, cards: captureOf(move).map(cardLabel).join(", ") });
}

/** @param {number} value */
function signed(value) {
  return `${value >= 0 ? "+" : "-"}${Math.abs(value).toFixed(2)}`;
}

/**
 * The largest parts of a breakdown in words, e.g. "+0.60 primiera, -0.31 scope".
 * @param {Record<string, number>} breakdown
 */
function parts(breakdown) {
  return Object.entries(breakdown)
    .filter(([, value]) => Math.abs(value) >= SMALL)
    .sort((a, b) => Math.abs(b[1]) - Math.abs(a[1]) || a[0].localeCompare(b[0]))
    .slice(0, SHOWN)
    .map(([key, value]) => `${signed(value)} ${categoryName(key)}`);
}

/**
 * Why a ranked move is worth its value, e.g. "+0.60 primiera, +0.35 settebello, -0.31 scope;
 * sweep risk 24%"; an empty string for a move the advisor does not rank.
 * @param {Valued} move
 */
export function explain(move) {
  if (!move.breakdown) {
    return "";
  }
  const words = parts(move.breakdown);
  const text = words.length ? words.join(", ") : t("nothing clearly won or lost");
  const risk = move.sweep_risk ?? 0;
  return risk >= SMALL ? t("{parts}; sweep risk {risk}%", { parts: text, risk: Math.round(risk * 100) }) : text;
}

/**
 * How the played move compares with a better one, category by category, e.g. "-0.60
 * primiera, -0.30 scope; sweep risk 35% instead of 5%".
 * @param {Valued} played
 * @param {Valued} best
 */
export function explainVersus(played, best) {
  if (!played.breakdown || !best.breakdown) {
    return "";
  }
  /** @type {Record<string, number>} */
  const difference = {};
  for (const [key, value] of Object.entries(best.breakdown)) {
    difference[key] = (played.breakdown[key] ?? 0) - value;
  }
  const words = parts(difference);
  let text = words.length ? words.join(", ") : t("no category clearly apart");
  const mine = played.sweep_risk ?? 0;
  const theirs = best.sweep_risk ?? 0;
  if (Math.abs(mine - theirs) >= SMALL) {
    text = t("{parts}; sweep risk {risk}% instead of {other}%", {
      parts: text,
      risk: Math.round(mine * 100),
      other: Math.round(theirs * 100),
    });
  }
  return text;
}
