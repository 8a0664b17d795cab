// Seats, sides and what one seat can see of the full state the page holds.

/** @typedef {import("../../../clients/typescript/src/schema").State} State */
/** @typedef {import("../../../clients/typescript/src/schema").View} View */
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
    return "You";
  }
  if (rules.players === 2) {
    return "Opponent";
  }
  const role = sideOf(rules, seat) === sideOf(rules, HUMAN) ? "partner" : "opponent";
  return `Seat ${seat + 1} (${role})`;
}

/** @param {Rules} rules @param {number} side */
export function sideName(rules, side) {
  if (side === sideOf(rules, HUMAN)) {
    return rules.teams ? "Your team" : "You";
  }
  if (rules.teams) {
    return "Their team";
  }
  return seatName(rules, side);
}

// The information set of one seat: its own hand, the open cards, the other hands' sizes.
/** @param {State} state @param {number} seat @returns {View} */
export function viewOf(state, seat) {
  /** @type {View} */
  const view = {
    rules: state.rules,
    seat,
    dealer: state.dealer,
    to_move: state.to_move,
    hand: state.hands[seat],
    table: state.table,
    piles: state.piles,
    scope: state.scope,
    hand_sizes: state.hands.map((hand) => hand.length),
    stock_size: (state.stock ?? []).length,
    deals_made: state.deals_made,
    last_capturer: state.last_capturer,
    history: state.history,
  };
  if (state.declarations !== undefined) {
    view.declarations = state.declarations;
  }
  if (state.declaration_round !== undefined) {
    view.declaration_round = state.declaration_round;
  }
  if (state.claimed_by !== undefined) {
    view.claimed_by = state.claimed_by;
  }
  if (state.match_scores !== undefined) {
    view.match_scores = state.match_scores;
  }
  if (state.match_target !== undefined) {
    view.match_target = state.match_target;
  }
  if (state.cut_card !== undefined) {
    // Chkobba: the drawn card is the cutter's to see while the choice is pending.
    view.cut_pending = true;
    if (seat === state.to_move) {
      view.cut_card = state.cut_card;
    }
  }
  return view;
}
