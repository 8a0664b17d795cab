// The page's language: its own texts (GET /play/i18n/<lang>.json, from the service's gettext
// catalogue "page") and the names of cards, suits, figures and score categories (GET /v1/names).
// English is the source: t("Hint") is "Hint" until a language's texts say otherwise. The API's
// own words (problems, game descriptions, level words) come in the language through api.js.

import * as api from "./api.js";

/** @typedef {import("../../../clients/typescript/src/schema").Names} Names */
/** @typedef {Names["languages"][number]} Language */

const STORE = "scopa.language";
export const SOURCE = "en";

/** @type {{ lang: string, texts: Record<string, string>, names: Names | null }} */
const current = { lang: SOURCE, texts: {}, names: null };

/**
 * A text of the page in the current language, its {fields} filled from params.
 * @param {string} text the English text (the catalogue's key)
 * @param {Record<string, string | number>} [params]
 */
export function t(text, params = {}) {
  const template = current.texts[text] || text;
  return template.replace(/\{(\w+)\}/g, (whole, key) => (key in params ? String(params[key]) : whole));
}

export const language = () => current.lang;

/** @returns {Language[]} every language the service names cards in */
export const languages = () => current.names?.languages ?? [];

/**
 * The languages offered with a game: those for every game, and those of its own pack.
 * @param {string} preset
 */
export function languagesFor(preset) {
  return languages().filter((each) => each.presets === null || each.presets.includes(preset));
}

/** @param {string} code e.g. "7D" */
export const cardName = (code) => current.names?.cards[code] ?? code;
/** @param {string} suit e.g. "D" */
export const suitName = (suit) => current.names?.suits[suit] ?? suit;
/** @param {number} rank */
export const figureName = (rank) => current.names?.figures[String(rank)] ?? "";
/** @param {string} key a score category, e.g. "primiera" */
export const categoryName = (key) => current.names?.categories[key] ?? key.replaceAll("_", " ");

/**
 * A review label in words (the API's label codes stay as they are; none reads as good).
 * @param {string | null | undefined} label
 */
export function labelWords(label) {
  /** @type {Record<string, () => string>} */
  const words = {
    best: () => t("best move"),
    good: () => t("good"),
    inaccuracy: () => t("inaccuracy"),
    mistake: () => t("mistake"),
    blunder: () => t("blunder"),
  };
  const key = label ?? "good";
  return words[key] ? words[key]() : String(key);
}
/** @param {string} key an outright win, e.g. "napoleone" */
export const outrightName = (key) => current.names?.outright[key] ?? key;

// The language asked for: ?lang=, else the last one chosen, else the browser's, else English.
export function preferred() {
  const asked = new URLSearchParams(window.location.search).get("lang");
  let stored = null;
  try {
    stored = window.localStorage.getItem(STORE);
  } catch {
    stored = null;
  }
  const browser = (navigator.languages || [navigator.language]).map((tag) => tag.slice(0, 2).toLowerCase());
  return asked || stored || browser.find((code) => code === "it" || code === "en") || SOURCE;
}

/**
 * Load a language: the page's texts and the names, then translate the page's marked elements.
 * @param {string} lang
 * @param {boolean} [remember] keep it for the next visit
 */
export async function useLanguage(lang, remember = false) {
  const [names, texts] = await Promise.all([
    api.getNames(lang),
    fetch(`/play/i18n/${encodeURIComponent(lang)}.json`).then((response) => response.json()),
  ]);
  current.lang = names.language;
  current.names = names;
  current.texts = texts.language === names.language ? texts.texts : {};
  api.setLanguage(current.lang);
  document.documentElement.lang = current.lang;
  translateDocument();
  if (remember) {
    try {
      window.localStorage.setItem(STORE, current.lang);
    } catch {
      // A browser without storage forgets the choice.
    }
  }
}

/**
 * The page's own texts alone, when the names cannot be had (the service wants an API key).
 * @param {string} lang
 */
export async function usePageTexts(lang) {
  const texts = await fetch(`/play/i18n/${encodeURIComponent(lang)}.json`).then((response) => response.json());
  current.texts = texts.texts;
  document.documentElement.lang = texts.language;
  translateDocument();
}

// Elements marked data-i18n show their English text translated; data-i18n-attrs names the
// attributes to translate. The English is kept in data-i18n-source so that any language can
// follow any other.
function translateDocument() {
  const say = t; // (a call of t with a variable text is not a text to extract)
  for (const element of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-i18n]"))) {
    if (element.dataset.i18nSource === undefined) {
      element.dataset.i18nSource = (element.textContent || "").trim().replace(/\s+/g, " ");
    }
    element.textContent = say(element.dataset.i18nSource);
  }
  for (const element of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-i18n-attrs]"))) {
    for (const name of (element.dataset.i18nAttrs || "").split(" ")) {
      const key = `i18nSource${name.replace(/(^|-)(\w)/g, (_, _dash, letter) => letter.toUpperCase())}`;
      if (element.dataset[key] === undefined) {
        element.dataset[key] = element.getAttribute(name) || "";
      }
      element.setAttribute(name, say(element.dataset[key] || ""));
    }
  }
}
