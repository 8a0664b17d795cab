// Seats, sides and what one seat can see of the full state the page holds.

export const HUMAN = 0;

export function sideCount(rules) {
  return rules.teams ? 2 : rules.players;
}

export function sideOf(rules, seat) {
  return rules.teams ? seat % 2 : seat;
}

export function seatName(rules, seat) {
  if (seat === HUMAN) {
    return "You";
  }
  if (rules.players === 2) {
    return "Advisor";
  }
  const role = sideOf(rules, seat) === sideOf(rules, HUMAN) ? "partner" : "opponent";
  return `Seat ${seat + 1} (${role})`;
}

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
export function viewOf(state, seat) {
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
    stock_size: state.stock.length,
    deals_made: state.deals_made,
    last_capturer: state.last_capturer,
    history: state.history,
  };
  for (const key of ["declarations", "declaration_round", "claimed_by", "match_scores", "match_target"]) {
    if (state[key] !== undefined) {
      view[key] = state[key];
    }
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
