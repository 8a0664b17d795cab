// The page's modes: the card table, the scorekeeper of a match played with real cards, and the
// player insights with their practice. The address says which (#scorekeeper, #insights), so the
// header's links switch them and a bookmark keeps the mode.

import { closeInsights, initInsights, openInsights } from "./insights.js";
import { initPractice } from "./practice.js";
import { openScorekeeper } from "./scorekeeper.js";

/** @type {Record<string, string>} */
const MODES = { "#scorekeeper": "scorekeeper", "#insights": "insights" };

// An element of play.html by id (tests/web/test_pages.py checks that each one is there).
/** @param {string} id @returns {any} */
const $ = (id) => document.getElementById(id);

function applyMode() {
  const mode = MODES[window.location.hash] ?? "table";
  document.body.dataset.mode = mode;
  $("scorekeeper").hidden = mode !== "scorekeeper";
  $("insights").hidden = mode !== "insights";
  if (mode === "scorekeeper") {
    openScorekeeper();
  }
  if (mode === "insights") {
    openInsights();
  } else {
    closeInsights();
  }
}

export function initMode() {
  initInsights();
  initPractice();
  window.addEventListener("hashchange", applyMode);
  applyMode();
}
