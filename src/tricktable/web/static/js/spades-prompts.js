// Two of the Spades table's questions: the bid picker (a number between the lowest and the
// highest bid the server allows, "Bid N", and "Nil" when allowed), and the words of a turn to
// play, from the legal cards the server sent (follow the suit led, or not broken yet).

import { button } from './common.js';
import { t } from './i18n.js';
import { el } from './ui.js';

// The bid picker's controls; `app.bid` keeps the number shown, `send(action)` bids.
export function bidPicker(legal, app, send) {
  const numbers = legal.filter((a) => /^bid \d+$/.test(a)).map((a) => Number(a.slice(4)));
  const low = Math.min(...numbers);
  const high = Math.max(...numbers);
  app.bid = Math.min(high, Math.max(low, app.bid));
  const input = el('input', {
    type: 'number', id: 'sp-bid-number', min: low, max: high, value: app.bid, inputmode: 'numeric',
    'aria-label': t('web.spades.bid_number'), class: 'bid-number',
  });
  const bidButton = button(t('web.spades.bid_button', { tricks: app.bid }), () => send(`bid ${app.bid}`), { primary: true, testid: 'bid-button' });
  const set = (value) => {
    app.bid = Math.min(high, Math.max(low, value));
    input.value = String(app.bid);
    bidButton.textContent = t('web.spades.bid_button', { tricks: app.bid });
  };
  input.addEventListener('input', () => {
    const value = Number(input.value);
    if (Number.isInteger(value) && value >= low && value <= high) set(value);
  });
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      send(`bid ${app.bid}`);
    }
  });
  return [
    el('span', { class: 'picker', role: 'group', 'aria-label': t('web.spades.your_bid') },
      button('−', () => set(app.bid - 1), { ariaLabel: t('web.spades.bid_fewer'), testid: 'bid-down' }),
      input,
      button('+', () => set(app.bid + 1), { ariaLabel: t('web.spades.bid_more'), testid: 'bid-up' })),
    bidButton,
    legal.includes('bid nil') ? button(t('web.spades.nil'), () => send('bid nil'), { testid: 'nil-button' }) : null,
  ].filter(Boolean);
}

// What the legal cards say about this turn, in words (the server decided which they are).
// A suit has a message each where the sentence names it, so each language can inflect it.
const FOLLOW = {
  C: 'web.spades.follow_clubs', S: 'web.spades.follow_spades', H: 'web.spades.follow_hearts', D: 'web.spades.follow_diamonds',
};
const VOID = {
  C: 'web.spades.void_clubs', S: 'web.spades.void_spades', H: 'web.spades.void_hearts', D: 'web.spades.void_diamonds',
};

export function playPrompt(legal, d) {
  const cards = legal.map((a) => a.slice(5));
  const spades = d.hand.filter((c) => c.endsWith('S'));
  if (d.trick.length === 0) {
    if (!d.spadesBroken && spades.length && !cards.some((c) => c.endsWith('S'))) {
      return t('web.spades.lead_not_broken');
    }
    return t('web.table.your_lead');
  }
  const led = d.trick[0].card.slice(-1);
  if (cards.every((c) => c.endsWith(led))) return t(FOLLOW[led]);
  return t(VOID[led]);
}
