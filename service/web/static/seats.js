// Seats and sides of the table. What one seat can see of a state is asked of POST /v1/view.

import { t } from "./i18n.js";

/** @typedef {import("../../../clients/typescript/src/schema").State} State */
/**
 * The full rules that every state from the API carries. The spec types `state.rules` as the
 * request's shape (a preset name, or options that may leave any out); answers hold them all.
 * @typedef {Required<import("../../../clients/typescript/src/schema").RulesOptions>} Rules
 */

export const HUMAN = 0;

/** The rules of a state from the API. @param {State} state @returns {Rules} */
export function rulesOf(state) {
  if (typeof state.rules !== "object") {
    throw new Error("the state carries no rules");
  }
  return /** @type {Rules} */ (state.rules);
}

/** @param {Rules} rules */
export function sideCount(rules) {
  return rules.teams ? 2 : rules.players;
}

/** @param {Rules} rules @param {number} seat */
export function sideOf(rules, seat) {
  return rules.teams ? seat % 2 : seat;
}

/** @param {Rules} rules @param {number} seat */
export function seatName(rules, seat) {
  if (seat === HUMAN) {
    return t("You");
  }
  if (rules.players === 2) {
    return t("Opponent");
  }
  return sideOf(rules, seat) === sideOf(rules, HUMAN)
    ? t("Seat {number} (partner)", { number: seat + 1 })
    : t("Seat {number} (opponent)", { number: seat + 1 });
}

/** @param {Rules} rules @param {number} side */
export function sideName(rules, side) {
  if (side === sideOf(rules, HUMAN)) {
    return rules.teams ? t("Your team") : t("You");
  }
  if (rules.teams) {
    return t("Their team");
  }
  return seatName(rules, side);
}
