// The player's settings, kept in this browser (localStorage): animation speed, sound, the
// four-colour deck, card size, hand order and the theme (light, dark or the system's; the
// server also reads it, from a cookie, to draw every page in it from its first paint).  `settings` holds them; `changeSetting` stores one
// and tells whoever listens (the tables redraw, the cards change colour).

export const SPEEDS = { slow: 1100, normal: 650, fast: 280, instant: 0 };
export const CARD_SIZES = { small: 0.85, medium: 1, large: 1.15 };
export const HAND_ORDERS = { 'high-first': 'web.settings.high_first', 'low-first': 'web.settings.low_first' };
export const THEMES = { system: 'web.settings.theme_system', light: 'web.settings.theme_light', dark: 'web.settings.theme_dark' };
const THEME_COOKIE = 'tricktable_theme'; // web/pages/render.py reads it

const KEY = 'tricktable.settings';
const DEFAULTS = { speed: 'normal', sound: false, fourColour: false, cardSize: 'medium', handOrder: 'high-first', theme: 'system' };
const CHOICES = { speed: SPEEDS, cardSize: CARD_SIZES, handOrder: HAND_ORDERS, theme: THEMES };

function load() {
  let stored = {};
  try {
    stored = JSON.parse(localStorage.getItem(KEY) || '{}') || {};
  } catch (error) {
    stored = {};
  }
  const legacySpeed = localStorage.getItem('tricktable.speed'); // before settings were one object
  if (!stored.speed && legacySpeed) stored.speed = legacySpeed;
  const loaded = { ...DEFAULTS };
  for (const [name, value] of Object.entries(stored)) {
    if (!(name in DEFAULTS) || typeof value !== typeof DEFAULTS[name]) continue;
    if (CHOICES[name] && !(value in CHOICES[name])) continue;
    loaded[name] = value;
  }
  return loaded;
}

export const settings = load();
const listeners = [];

export function onSettingsChange(listener) {
  listeners.push(listener);
}

export function changeSetting(name, value) {
  settings[name] = value;
  localStorage.setItem(KEY, JSON.stringify(settings));
  applySettings();
  for (const listener of listeners) listener(name, value);
}

// What CSS needs to know: the card size, the deck's colours and the theme.
export function applySettings() {
  const root = document.documentElement;
  root.style.setProperty('--card-scale', String(CARD_SIZES[settings.cardSize]));
  root.dataset.deck = settings.fourColour ? 'four-colour' : 'two-colour';
  applyTheme(settings.theme);
}

// The theme now, and for the pages the server draws next (a year's cookie; none: the system's).
function applyTheme(theme) {
  const root = document.documentElement;
  const chosen = theme === 'light' || theme === 'dark' ? theme : '';
  if (chosen) root.dataset.theme = chosen;
  else delete root.dataset.theme;
  const sent = (new RegExp(`(?:^|;\\s*)${THEME_COOKIE}=([a-z]*)`).exec(document.cookie) || [])[1] || '';
  if (sent === chosen) return;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  const life = chosen ? 'Max-Age=31536000' : 'Max-Age=0';
  document.cookie = `${THEME_COOKIE}=${chosen}; ${life}; Path=/; SameSite=Lax${secure}`;
}

// Motion only when it helps: never for a player who asked the system for less, nor at "instant".
export function motionAllowed() {
  return settings.speed !== 'instant' && !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

applySettings();
