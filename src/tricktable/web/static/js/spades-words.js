// The Spades table's words about its two seats: the player ("You") and the opponent, a computer
// player with a name (and a face) of its own or, at a table with friends, a person by nickname.
// Sentences name the opponent either way ("Juno bids 3.").

import { SPADES_COMPUTER } from './avatars.js';
import { formatNumber, t } from './i18n.js';
import { PEOPLE } from './ui.js';

// The player's seat: 0 against the computer; at a table with friends, the seat the answer names.
export const sides = { human: 0, opponent: 1 };

// A watcher has no seat: `human` is then -1, and both seats are spoken of as others.
export function setSides(human, other = 1 - human) {
  sides.human = human;
  sides.opponent = other;
}

// The two seats in the order the player reads them: the player's first (a watcher: 0, then 1).
export function pair() {
  return sides.human < 0 ? [0, 1] : [sides.human, sides.opponent];
}

// The nickname of a person at `seat` (the opponent's by default), else null (a computer).
export function person(seat = sides.opponent) {
  return PEOPLE[seat] ?? null;
}

// The name of the seat that is not the player's: the person's nickname, or the computer's own name.
export function opponentName(seat = sides.opponent) {
  return person(seat) ?? t(SPADES_COMPUTER);
}

// A message about the opponent (or another `seat`), by name ({name}).
export function opponent(named, params = {}, seat = sides.opponent) {
  return t(named, { name: opponentName(seat), ...params });
}

// A message about a seat: the player's (`yours`), or another's (`named`, with {name}).
export function said(seat, yours, named, params = {}) {
  return seat === sides.human ? t(yours, params) : opponent(named, params, seat);
}

// A seat's name, as a label: "You", or the other seat's name.
export function who(seat) {
  return seat === sides.human ? t('web.spades.you') : opponentName(seat);
}

// A bid in words: "Nil", "Double nil", or the number.
export function bidText(bid) {
  if (bid === null || bid === undefined) return '—';
  if (bid === 'nil') return t('web.spades.nil');
  if (bid === 'double-nil') return t('web.spades.double_nil');
  return formatNumber(bid);
}

// Nil or double nil inside a sentence ("Juno bid nil.").
export function bidWord(bid) {
  return t(bid === 'nil' ? 'web.spades.nil_word' : 'web.spades.double_nil_word');
}
