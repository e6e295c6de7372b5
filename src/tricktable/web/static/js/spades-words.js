// The Spades table's words about its two seats: the player ("You") and the opponent, a computer
// player with a name (and a face) of its own or, at a table with friends, a person by nickname.
// Sentences name the opponent either way ("Juno bids 3.").

import { SPADES_COMPUTER } from './avatars.js';
import { formatNumber, t } from './i18n.js';
import { PEOPLE } from './ui.js';

// The player's seat: 0 against the computer; at a table with friends, the seat the answer names.
export const sides = { human: 0, opponent: 1 };

export function setSides(human) {
  sides.human = human;
  sides.opponent = 1 - human;
}

// The opponent's nickname when a person sits there, else null (a computer player).
export function person() {
  return PEOPLE[sides.opponent] ?? null;
}

// The opponent's name: the person's nickname, or the computer player's own name.
export function opponentName() {
  return person() ?? t(SPADES_COMPUTER);
}

// A message about the opponent, by name ({name}).
export function opponent(named, params = {}) {
  return t(named, { name: opponentName(), ...params });
}

// A message about a seat: the player's (`yours`), or the opponent's (`named`, with {name}).
export function said(seat, yours, named, params = {}) {
  return seat === sides.human ? t(yours, params) : opponent(named, params);
}

// A seat's name, as a label: "You", or the opponent's name.
export function who(seat) {
  return seat === sides.human ? t('web.spades.you') : opponentName();
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
