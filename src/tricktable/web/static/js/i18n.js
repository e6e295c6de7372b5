// Every word on the page, in the player's language.  The catalogue comes from the server
// (GET /api/i18n: the language chosen in the menu, else the browser's Accept-Language), and is
// formatted as the server formats it (tricktable/i18n/format.py): {name} placeholders, numbers
// through Intl.NumberFormat, plural forms chosen by Intl.PluralRules from the parameter `count`,
// and nested messages ({key, params}) translated in turn.

const COOKIE = 'tricktable_lang';
const PLACEHOLDER = /\{([a-z_][a-z0-9_]*)\}/gi;

const state = { language: 'en', languages: {}, messages: {}, plurals: null, numbers: null };

async function load() {
  const answer = await fetch('/api/i18n', { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  if (!answer.ok) throw new Error(`The page's words did not load (${answer.status}).`);
  const data = await answer.json();
  state.language = data.language;
  state.languages = data.languages;
  state.messages = data.messages;
  const locale = data.language === 'en-XA' ? 'en' : data.language;
  state.plurals = new Intl.PluralRules(locale);
  state.numbers = new Intl.NumberFormat(locale);
  document.documentElement.lang = data.language;
}

await load();

// The language being spoken ('en', 'nl', …) and those on offer ({code: name in that language}).
export function language() {
  return state.language;
}

export function languages() {
  return { ...state.languages };
}

export function formatNumber(n) {
  return state.numbers.format(n);
}

// t('key', {name: value}) or t({key, params}): the words, in the page's language.
export function t(key, params = {}) {
  if (key && typeof key === 'object') return t(key.key, { ...(key.params ?? {}), ...params });
  const template = state.messages[key];
  if (template === undefined) {
    console.error(`No message ${key} in the catalogue`);
    return key;
  }
  const text = typeof template === 'string' ? template : pluralForm(template, params.count);
  return text.replace(PLACEHOLDER, (whole, name) => (name in params ? shown(params[name]) : whole));
}

// Whether the catalogue has a message (for a code the server may add later than this page).
export function has(key) {
  return key in state.messages;
}

function pluralForm(template, count) {
  const category = typeof count === 'number' ? state.plurals.select(Math.abs(count)) : 'other';
  return template[category] ?? template.other;
}

function shown(value) {
  if (value && typeof value === 'object' && 'key' in value) return t(value);
  if (typeof value === 'number') return formatNumber(value);
  return String(value);
}

// The static words of a page: data-i18n="key" sets the element's text; data-i18n-attr="title:key;
// aria-label:key" sets attributes.
export function translatePage(root = document) {
  for (const node of root.querySelectorAll('[data-i18n]')) node.textContent = t(node.dataset.i18n);
  for (const node of root.querySelectorAll('[data-i18n-attr]')) {
    for (const pair of node.dataset.i18nAttr.split(';')) {
      const [attribute, key] = pair.split(':').map((part) => part.trim());
      if (attribute && key) node.setAttribute(attribute, t(key));
    }
  }
}

// Choosing a language in the menu: remembered for a year, then the page is drawn again in it.
export function chooseLanguage(code) {
  document.cookie = `${COOKIE}=${encodeURIComponent(code)}; path=/; max-age=31536000; samesite=lax`;
  window.location.reload();
}
