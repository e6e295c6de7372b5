// Playing cards drawn as SVG by our own code: rank letters, suit shapes, red hearts and diamonds
// (or, with the four-colour deck setting, green clubs and blue diamonds).

import { t } from './i18n.js';
import { settings } from './settings.js';

const SVG = 'http://www.w3.org/2000/svg';

// `name` is the suit's message (a catalogue key), for card names and prompts.
export const SUITS = {
  C: { name: 'web.suit.clubs', symbol: '♣', red: false },
  S: { name: 'web.suit.spades', symbol: '♠', red: false },
  H: { name: 'web.suit.hearts', symbol: '♥', red: true },
  D: { name: 'web.suit.diamonds', symbol: '♦', red: true },
};

const FOUR_COLOURS = { C: '#08752e', S: '#1a1a1a', H: '#c8102e', D: '#1456b8' };

const RANK_NAMES = {
  A: 'web.rank.ace', K: 'web.rank.king', Q: 'web.rank.queen', J: 'web.rank.jack', 10: 'web.rank.ten',
  9: 'web.rank.nine', 8: 'web.rank.eight', 7: 'web.rank.seven', 6: 'web.rank.six', 5: 'web.rank.five',
  4: 'web.rank.four', 3: 'web.rank.three', 2: 'web.rank.two',
};

// Suit shapes in a 100 x 100 box.
const SHAPES = {
  H: '<path d="M50 88 C22 64 4 48 10 28 C16 10 40 8 50 28 C60 8 84 10 90 28 C96 48 78 64 50 88 Z"/>',
  D: '<path d="M50 4 L86 50 L50 96 L14 50 Z"/>',
  S: '<path d="M50 6 C78 34 96 48 90 66 C85 80 66 82 55 70 L62 94 L38 94 L45 70 C34 82 15 80 10 66 C4 48 22 34 50 6 Z"/>',
  C: '<circle cx="50" cy="28" r="19"/><circle cx="28" cy="60" r="19"/><circle cx="72" cy="60" r="19"/>' +
     '<path d="M44 52 L56 52 L62 94 L38 94 Z"/>',
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

function suitShape(suit, x, y, size, rotate = false) {
  const scale = size / 100;
  const transform = `translate(${x} ${y}) ${rotate ? `rotate(180 ${size / 2} ${size / 2})` : ''} scale(${scale})`;
  return `<g transform="${transform}">${SHAPES[suit]}</g>`;
}

function faceSvg(code) {
  const { rank, suit, red } = parseCard(code);
  const color = settings.fourColour ? FOUR_COLOURS[suit] : (red ? '#c8102e' : '#1a1a1a');
  const index = (flip) => {
    const g = `<text x="13" y="27" font-size="${rank === '10' ? 21 : 24}" font-weight="700" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" ${rank === '10' ? 'letter-spacing="-2"' : ''}>${rank}</text>` +
      suitShape(suit, 4, 32, 18);
    return flip ? `<g transform="rotate(180 50 70)">${g}</g>` : g;
  };
  let middle;
  if (rank === 'J' || rank === 'Q' || rank === 'K') {
    middle = `<rect x="24" y="30" width="52" height="80" rx="6" fill="none" stroke="${color}" stroke-width="2.5"/>` +
      `<text x="50" y="82" font-size="40" font-weight="700" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif">${rank}</text>` +
      suitShape(suit, 40, 36, 20) + suitShape(suit, 40, 86, 20, true);
  } else {
    const size = rank === 'A' ? 50 : 40;
    middle = suitShape(suit, 50 - size / 2, 70 - size / 2, size);
  }
  return `<svg xmlns="${SVG}" viewBox="0 0 100 140" class="card-svg" aria-hidden="true" focusable="false">` +
    `<rect x="1.5" y="1.5" width="97" height="137" rx="9" fill="#fff" stroke="#444" stroke-width="2"/>` +
    `<g fill="${color}">${index(false)}${middle}${index(true)}</g></svg>`;
}

function backSvg(label) {
  return `<svg xmlns="${SVG}" viewBox="0 0 100 140" class="card-svg" aria-hidden="true" focusable="false">` +
    `<defs><pattern id="tt-back" width="10" height="10" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">` +
    `<rect width="10" height="10" fill="#1f4e8c"/><rect width="5" height="10" fill="#2a62aa"/></pattern></defs>` +
    `<rect x="1.5" y="1.5" width="97" height="137" rx="9" fill="#fff" stroke="#444" stroke-width="2"/>` +
    `<rect x="8" y="8" width="84" height="124" rx="6" fill="url(#tt-back)"/>` +
    (label ? `<text x="50" y="84" font-size="46" font-weight="700" text-anchor="middle" fill="#fff" font-family="Arial, sans-serif">${label}</text>` : '') +
    `</svg>`;
}

// The SVG markup of a card; null (or undefined) draws a card back ("?" for the unknown card).
export function cardSvg(code, { label = '' } = {}) {
  return code ? faceSvg(code) : backSvg(label);
}
