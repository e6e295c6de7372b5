// The pieces of a seat at the table, the same in both games: a portrait with the backs of the
// cards the player holds fanned behind it, the name, a line or two of figures, the role badges
// and a word bubble; and a card on the table with its player's portrait beside it.

import { avatarSvg } from './avatars.js';
import { cardSvg } from './cards.js';
import { slideIn } from './motion.js';
import { el } from './ui.js';

const FAN = 7; // at most this many backs are drawn; the label says how many there are

// A player's portrait (decorative: the seat's name says who it is).
export function portrait(name, { you = false, small = false } = {}) {
  const node = el('span', { class: `avatar${small ? ' small' : ''}${you ? ' you' : ''}`, 'aria-hidden': 'true' });
  node.innerHTML = avatarSvg(name, { you });
  return node;
}

// The backs of an opponent's cards, fanned behind its portrait; `label` says how many.
function fan(count, label) {
  const shown = Math.min(count, FAN);
  const node = el('span', { class: 'fan', role: 'img', 'aria-label': label });
  node.style.setProperty('--n', String(shown));
  for (let k = 0; k < shown; k += 1) {
    const back = el('span', { class: 'back' });
    back.style.setProperty('--k', String(k - (shown - 1) / 2));
    back.innerHTML = cardSvg(null);
    node.append(back);
  }
  return node;
}

// A seat's contents: {name (shown), face (whose portrait), you, lines (nodes), badges
// ([kind, words]), cards (how many an opponent holds, else null), cardsLabel, bubble}.
export function seatParts({ name, face, you = false, lines = [], badges = [], cards = null, cardsLabel = '', bubble = null }) {
  const picture = el('div', { class: 'seat-face' });
  if (cards !== null && cards > 0) picture.append(fan(cards, cardsLabel));
  picture.append(portrait(face, { you }));
  const info = el('div', { class: 'seat-info' },
    el('div', { class: 'name' }, name),
    ...lines,
    badges.length ? el('div', { class: 'badges' }, ...badges.map(([kind, words]) => el('span', { class: `badge ${kind}` }, words))) : null);
  return [picture, info, bubble].filter(Boolean);
}

// A seat's place on the table: the card it played (a null card lies face down) with the
// player's portrait at its foot, or nothing.  `label(card)` names the card for a screen reader.
// A card already shown stays as it is; a new one slides in from `origin`, its player's seat or
// hand.
export function showPlayed(slot, play, winner, label, face, origin = null) {
  slot.classList.toggle('winner', winner);
  if (!play) {
    slot.replaceChildren();
    return;
  }
  const code = play.card || 'unknown';
  const shown = slot.firstElementChild;
  if (shown && shown.dataset.card === code) return;
  const holder = el('div', { class: 'played', 'data-card': code, 'aria-label': label(play.card), role: 'img' });
  holder.innerHTML = cardSvg(play.card, { label: '?' });
  holder.append(portrait(face.name, { you: face.you, small: true }));
  slot.replaceChildren(holder);
  if (!shown || shown.dataset.card !== code) slideIn(holder, origin);
}
