// The player's settings, kept in this browser (localStorage): animation speed, sound, the
// four-colour deck, card size and hand order.  `settings` holds them; `changeSetting` stores one
// and tells whoever listens (the tables redraw, the cards change colour).

export const SPEEDS = { slow: 1100, normal: 650, fast: 280, instant: 0 };
export const CARD_SIZES = { small: 0.85, medium: 1, large: 1.15 };
export const HAND_ORDERS = { 'high-first': 'web.settings.high_first', 'low-first': 'web.settings.low_first' };

const KEY = 'tricktable.settings';
const DEFAULTS = { speed: 'normal', sound: false, fourColour: false, cardSize: 'medium', handOrder: 'high-first' };
const CHOICES = { speed: SPEEDS, cardSize: CARD_SIZES, handOrder: HAND_ORDERS };

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

// What CSS needs to know: the card size and the deck's colours.
export function applySettings() {
  const root = document.documentElement;
  root.style.setProperty('--card-scale', String(CARD_SIZES[settings.cardSize]));
  root.dataset.deck = settings.fourColour ? 'four-colour' : 'two-colour';
}

// Motion only when it helps: never for a player who asked the system for less, nor at "instant".
export function motionAllowed() {
  return settings.speed !== 'instant' && !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

applySettings();
