// The page's two modes: the card table, and the scorekeeper of a match played with real cards.
// The address says which (#scorekeeper), so the header's links switch them and a bookmark keeps
// the mode.

import { openScorekeeper } from "./scorekeeper.js";

const SCOREKEEPER = "#scorekeeper";

// An element of play.html by id (tests/web/test_pages.py checks that each one is there).
/** @param {string} id @returns {any} */
const $ = (id) => document.getElementById(id);

function applyMode() {
  const keeping = window.location.hash === SCOREKEEPER;
  document.body.dataset.mode = keeping ? "scorekeeper" : "table";
  $("scorekeeper").hidden = !keeping;
  if (keeping) {
    openScorekeeper();
  }
}

export function initMode() {
  window.addEventListener("hashchange", applyMode);
  applyMode();
}
