// Every word on the page, in the player's language.  The catalogue comes from the server: the
// static file of the page's language that the page names (<meta name="tricktable-words">, a
// versioned URL the browser keeps for a year; web/words.py), else GET /api/i18n (the language
// chosen in the menu, else the browser's Accept-Language).  It is
// formatted as the server formats it (tricktable/i18n/format.py): {name} placeholders, numbers
// through Intl.NumberFormat, plural forms chosen by Intl.PluralRules from the parameter `count`,
// and nested messages ({key, params}) translated in turn.

const PLACEHOLDER = /\{([a-z_][a-z0-9_]*)\}/gi;

const state = { language: 'en', locale: 'en', languages: {}, messages: {}, plurals: null, numbers: null, signed: null, days: null, moments: null, lists: null, percents: null };

async function load() {
  const named = document.querySelector('meta[name="tricktable-words"]')?.content;
  // The same request as the page's <link rel="preload" as="fetch" crossorigin="anonymous">, so
  // the preloaded answer is the one used.
  const answer = await fetch(named || '/api/i18n', { credentials: 'same-origin' });
  if (!answer.ok) throw new Error(`The page's words did not load (${answer.status}).`);
  const data = await answer.json();
  state.language = data.language;
  state.languages = data.languages;
  state.messages = data.messages;
  const locale = data.language === 'en-XA' ? 'en' : data.language;
  state.locale = locale;
  state.plurals = new Intl.PluralRules(locale);
  state.numbers = new Intl.NumberFormat(locale);
  state.signed = new Intl.NumberFormat(locale, { signDisplay: 'exceptZero' });
  state.days = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  state.moments = new Intl.DateTimeFormat(locale, {
    year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short',
  });
  state.lists = new Intl.ListFormat(locale, { type: 'conjunction' });
  state.percents = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
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

// A number in the language's style; `options` are Intl.NumberFormat's (fraction digits, sign).
// A negative number shows a true minus sign (U+2212, "−116"), as Swedish and Finnish already
// write it, never the hyphen-minus ("-116") of the other languages' Intl formats.
export function formatNumber(n, options = null) {
  return minus(options ? new Intl.NumberFormat(state.locale, options).format(n) : state.numbers.format(n));
}

function minus(text) {
  return text.replace('-', '\u2212');
}

// A share (0.25) as a percentage in the language's style ("25%", "25 %"); unknown: a dash.
export function formatPercent(x) {
  if (x === null || x === undefined) return '—';
  return minus(state.percents.format(x));
}

// A score or a change of score: its sign always shown (but for zero), in the language's style
// ("+3", "−3", with a true minus in every language).  Nothing known: a dash.
export function formatSigned(n) {
  if (n === null || n === undefined) return '—';
  return minus(state.signed.format(n));
}

// A calendar day ("2030-03-14", as the server sends a Daily's date) in the language's style.
export function formatDay(day) {
  if (!day) return '';
  const [year, month, date] = day.split('-').map(Number);
  return state.days.format(new Date(Date.UTC(year, month - 1, date)));
}

// Several things as one phrase: "Q♣, J♠ and 7♥" in the language's style.
export function formatList(items) {
  return state.lists.format(items.map(String));
}

// A moment (an ISO timestamp) in the language's style and the browser's time zone, named
// ("Dec 6, 2026, 6:00 AM CST").
export function formatMoment(iso) {
  return iso ? state.moments.format(new Date(iso)) : '';
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

// t() for a sentence with elements in it: the message as a list of strings and nodes, where each
// parameter that is a DOM node (a bold number, small cards) stands in its placeholder's place.
// el('p', {}, ...tParts('key', {cards: miniCards(…)})).
export function tParts(key, params = {}) {
  const nodes = {};
  const words = {};
  for (const [name, value] of Object.entries(params)) {
    if (value instanceof Node) nodes[name] = value;
    else words[name] = value;
  }
  return t(key, words).split(/(\{[a-z_][a-z0-9_]*\})/i).filter((part) => part !== '').map((part) => {
    const name = part.slice(1, -1);
    return part.startsWith('{') && name in nodes ? nodes[name] : part;
  });
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

// Choosing a language: the server remembers it for a year (GET /language, as the menu does,
// with its cookie Secure over HTTPS) and draws this page again in it.
export function chooseLanguage(code) {
  const next = window.location.pathname + window.location.search + window.location.hash;
  window.location.assign(`/language?lang=${encodeURIComponent(code)}&next=${encodeURIComponent(next)}`);
}
