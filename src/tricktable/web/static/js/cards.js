// Playing cards as SVG: a large corner index (rank over suit, legible at 44 px wide), the
// classic pip layouts of the 2 to the 10, a big pip for the ace, and for the court cards the
// traditional double-headed pictures (vendored in /static/cards/, see its README) in a frame.
// Colours are the design tokens' (table.css: .s-C, .s-D…), so the four-colour deck setting
// (green clubs, blue diamonds) needs no redraw.

import { t } from './i18n.js';

const SVG = 'http://www.w3.org/2000/svg';

// `name` is the suit's message (a catalogue key), for card names and prompts.
export const SUITS = {
  C: { name: 'web.suit.clubs', symbol: '♣', red: false },
  S: { name: 'web.suit.spades', symbol: '♠', red: false },
  H: { name: 'web.suit.hearts', symbol: '♥', red: true },
  D: { name: 'web.suit.diamonds', symbol: '♦', red: true },
};

const RANK_NAMES = {
  A: 'web.rank.ace', K: 'web.rank.king', Q: 'web.rank.queen', J: 'web.rank.jack', 10: 'web.rank.ten',
  9: 'web.rank.nine', 8: 'web.rank.eight', 7: 'web.rank.seven', 6: 'web.rank.six', 5: 'web.rank.five',
  4: 'web.rank.four', 3: 'web.rank.three', 2: 'web.rank.two',
};

// Suit shapes in a 100 x 100 box.
const SHAPES = {
  H: 'M50 90C24 66 5 50 8 29 11 11 27 5 39 8c5 1 9 5 11 10 2-5 6-9 11-10 12-3 28 3 31 21 3 21-16 37-42 61Z',
  D: 'M50 3 87 50 50 97 13 50Z',
  S: 'M50 4C66 24 93 40 92 62c0 14-11 23-23 23-8 0-13-4-16-8 1 8 4 14 10 19H37c6-5 9-11 10-19-3 4-8 8-16 8C19 85 8 76 8 62 7 40 34 24 50 4Z',
  C: 'M50 5c12 0 21 9 21 21 0 6-2 11-6 15 3-1 6-2 9-2 12 0 21 10 21 22S86 83 74 83c-8 0-15-4-19-11 1 11 5 18 11 24H34c6-6 10-13 11-24-4 7-11 11-19 11-12 0-21-10-21-22s9-22 21-22c3 0 6 1 9 2-4-4-6-9-6-15 0-12 9-21 21-21Z',
};

// Where the pips of the 2 to the 10 lie (their centres), right of the corner index: three
// columns, rows from the top to the bottom of the card; the lower half's pips are turned.
const [L, C, R] = [46, 64, 82];
const [TOP, MID, BOTTOM] = [24, 71, 118];
const [Q1, Q2] = [TOP + (BOTTOM - TOP) / 3, TOP + (2 * (BOTTOM - TOP)) / 3];
const SIDES = (rows) => rows.flatMap((y) => [[L, y], [R, y]]);
const PIPS = {
  2: [[C, TOP], [C, BOTTOM]],
  3: [[C, TOP], [C, MID], [C, BOTTOM]],
  4: SIDES([TOP, BOTTOM]),
  5: [...SIDES([TOP, BOTTOM]), [C, MID]],
  6: SIDES([TOP, MID, BOTTOM]),
  7: [...SIDES([TOP, MID, BOTTOM]), [C, (TOP + MID) / 2]],
  8: [...SIDES([TOP, MID, BOTTOM]), [C, (TOP + MID) / 2], [C, (MID + BOTTOM) / 2]],
  9: [...SIDES([TOP, Q1, Q2, BOTTOM]), [C, MID]],
  10: [...SIDES([TOP, Q1, Q2, BOTTOM]), [C, (TOP + Q1) / 2], [C, (Q2 + BOTTOM) / 2]],
};

export function parseCard(code) {
  const rank = code.slice(0, -1);
  const suit = code.slice(-1);
  return { rank, suit, red: SUITS[suit].red };
}

// A card in words, for a screen reader ("ten of hearts").
export function cardName(code) {
  if (!code) return t('web.card.face_down');
  const { rank, suit } = parseCard(code);
  return t('web.card.name', { rank: { key: RANK_NAMES[rank] }, suit: { key: SUITS[suit].name } });
}

// A suit's name as a message parameter ("hearts"): t('…', {suit: suitName('H')}).
export function suitName(suit) {
  return { key: SUITS[suit].name };
}

export function cardText(code) {
  if (!code) return '🂠';
  const { rank, suit } = parseCard(code);
  return rank + SUITS[suit].symbol;
}

const round = (n) => Math.round(n * 10) / 10;

// A suit shape of `size` centred on (x, y), turned upside down when `turned`.
function pip(suit, x, y, size, turned = false) {
  const s = size / 100;
  const turn = turned ? ` rotate(180 ${round(x)} ${round(y)})` : '';
  return `<path d="${SHAPES[suit]}" transform="${turn}translate(${round(x - size / 2)} ${round(y - size / 2)}) scale(${s})"/>`;
}

// The corner index: the rank (narrowed for the 10) over the suit.
function index(rank, suit) {
  const ten = rank === '10' ? ' textLength="25" lengthAdjust="spacingAndGlyphs"' : '';
  return `<text class="cf-rank" x="14" y="31" font-size="33" text-anchor="middle"${ten}>${rank}</text>`
    + pip(suit, 14, 47.5, 23);
}

// The court cards' pictures, each URL written out whole: the server versions a string that is
// a whole static file's URL (web/assets.py), never one put together at run time.
const PICTURES = {
  JC: '/static/cards/JC.svg', JD: '/static/cards/JD.svg', JH: '/static/cards/JH.svg', JS: '/static/cards/JS.svg',
  QC: '/static/cards/QC.svg', QD: '/static/cards/QD.svg', QH: '/static/cards/QH.svg', QS: '/static/cards/QS.svg',
  KC: '/static/cards/KC.svg', KD: '/static/cards/KD.svg', KH: '/static/cards/KH.svg', KS: '/static/cards/KS.svg',
};

function middle(rank, suit) {
  if (rank === 'A') return pip(suit, 63, 72, 50);
  if (PIPS[rank]) {
    const size = Number(rank) >= 9 ? 19 : 21;
    return PIPS[rank].map(([x, y]) => pip(suit, x, y, size, y > MID + 1)).join('');
  }
  // A court card: its picture, framed in the suit's colour.
  return `<rect class="cf-frame" x="27.5" y="5.5" width="68" height="129" rx="3"/>`
    + `<image href="${PICTURES[rank + suit]}" x="28.5" y="6.5" width="66" height="127" preserveAspectRatio="xMidYMid slice"/>`;
}

function faceSvg(code) {
  const { rank, suit } = parseCard(code);
  return `<svg xmlns="${SVG}" viewBox="0 0 100 140" class="card-svg face" aria-hidden="true" focusable="false">`
    + '<rect class="cf-face" x="1" y="1" width="98" height="138" rx="7"/>'
    + `<g class="s-${suit}">${index(rank, suit)}${middle(rank, suit)}</g></svg>`;
}

// The back's lattice: diagonal lines across its field, computed rather than patterned (a
// pattern needs an id, and one id many times over in a page is one too many).
function lattice(x0, y0, width, height, step) {
  const lines = [];
  for (let k = -height; k < width; k += step) {
    const ax = x0 + Math.max(k, 0);
    const ay = y0 + Math.max(-k, 0);
    const length = Math.min(width - Math.max(k, 0), height - Math.max(-k, 0));
    lines.push(`M${ax} ${ay}l${length} ${length}`);
    lines.push(`M${x0 + width - Math.max(k, 0)} ${ay}l${-length} ${length}`);
  }
  return lines.join('');
}

const BACK_LINES = lattice(8, 8, 84, 124, 12);

function backSvg(label) {
  return `<svg xmlns="${SVG}" viewBox="0 0 100 140" class="card-svg back" aria-hidden="true" focusable="false">`
    + '<rect class="cf-face" x="1" y="1" width="98" height="138" rx="7"/>'
    + '<rect class="cb-field" x="7" y="7" width="86" height="126" rx="4"/>'
    + `<path class="cb-line" d="${BACK_LINES}"/>`
    + '<rect class="cb-frame" x="11" y="11" width="78" height="118" rx="3"/>'
    + (label
      ? `<text class="cb-label" x="50" y="86" font-size="46" text-anchor="middle">${label}</text>`
      : `<path class="cb-emblem" d="M50 46 66 70 50 94 34 70Z"/><g class="cb-pip">${pip('S', 50, 70, 18)}</g>`)
    + '</svg>';
}

// The SVG markup of a card; null (or undefined) draws a card back ("?" for the unknown card).
export function cardSvg(code, { label = '' } = {}) {
  return code ? faceSvg(code) : backSvg(label);
}
