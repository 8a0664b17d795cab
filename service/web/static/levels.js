// The computer players' levels (GET /v1/bot): the pickers, and the level each computer seat plays.

import { t } from "./i18n.js";
import { HUMAN, sideOf } from "./seats.js";

/** @typedef {import("../../../clients/typescript/src/schema").Level} Level */
/** @typedef {import("./seats.js").Rules} Rules */
/** @typedef {Level["name"]} LevelName */

// The opponents' level a new page starts with.
export const DEFAULT_LEVEL = "club";
// The partner picker's value when the partner plays at the opponents' level.
export const SAME_LEVEL = "";

/** @param {string} text */
const capitalized = (text) => text.charAt(0).toUpperCase() + text.slice(1);

// The levels' names in the page's language (the API's level codes stay as they are).
/** @param {string} name */
export function levelName(name) {
  /** @type {Record<string, () => string>} */
  const names = {
    beginner: () => t("Beginner"),
    casual: () => t("Casual"),
    club: () => t("Club"),
    expert: () => t("Expert"),
    master: () => t("Master"),
  };
  return names[name] ? names[name]() : capitalized(name);
}
/**
 * Fill the opponents' and the partner's pickers with the levels, weakest first.
 * @param {Level[]} levels
 * @param {HTMLSelectElement} opponents
 * @param {HTMLSelectElement} partner
 */
export function fillLevelPickers(levels, opponents, partner) {
  for (const select of [opponents, partner]) {
    const keep = select.value;
    for (const option of [...select.options]) {
      if (option.value !== SAME_LEVEL) {
        option.remove();
      }
    }
    select.dataset.keep = keep;
  }
  for (const level of levels) {
    for (const select of [opponents, partner]) {
      const option = document.createElement("option");
      option.value = level.name;
      option.textContent = levelName(level.name);
      option.title = level.description;
      const kept = select.dataset.keep;
      option.selected = kept ? kept === level.name : select === opponents && level.name === DEFAULT_LEVEL;
      select.append(option);
    }
  }
}

/**
 * A line on how a level plays and whom it suits.
 * @param {Level[]} levels
 * @param {string} name
 */
export function levelWords(levels, name) {
  const level = levels.find((each) => each.name === name);
  return level
    ? t("{level}: {description}; it suits {suits}.", {
      level: levelName(level.name),
      description: level.description,
      suits: level.suits,
    })
    : "";
}

// Team games (4 or 6 players, the rules' default) give you a partner, a computer seat too.
/** @param {number} players */
export const hasPartner = (players) => players === 4 || players === 6;

/**
 * The level a computer seat plays at: your partner's own when one is picked, else the
 * opponents'.
 * @param {Rules} rules
 * @param {number} seat
 * @param {{ opponents: string, partner: string }} picked
 * @returns {LevelName}
 */
export function levelOf(rules, seat, picked) {
  const partnered = sideOf(rules, seat) === sideOf(rules, HUMAN);
  // The pickers hold the names GET /v1/bot listed.
  return /** @type {LevelName} */ (
    partnered && picked.partner !== SAME_LEVEL ? picked.partner : picked.opponents
  );
}
