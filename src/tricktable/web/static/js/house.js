// The Wisconsin house options at the Sheepshead table: crack, recrack and blitz prompts, the
// stakes, and their events.  Called from sheepshead.js through a few hooks.

import { cardText } from './cards.js';
import { button } from './common.js';

const OFFERS = { crack: 'crack', recrack: 'recrack', blitz: 'show a pair of queens' };

// The prompt when a crack, recrack or blitz is offered (null otherwise).  Everyone is asked
// whether to blitz, so that the asking shows nothing; a player without a pair passes unasked.
export function housePrompt(legal, phase, stakes, send) {
  if (phase === 'crack') {
    return {
      text: `The picker's side may be weak: crack, doubling the stakes (now ×${stakes})?`,
      buttons: [button('Crack', () => send('crack'), { primary: true, testid: 'crack' }),
        button('No', () => send('pass'), { testid: 'decline' })],
    };
  }
  if (phase === 'recrack') {
    return {
      text: `You were cracked (×${stakes}): recrack, doubling again?`,
      buttons: [button('Recrack', () => send('recrack'), { primary: true, testid: 'recrack' }),
        button('No', () => send('pass'), { testid: 'decline' })],
    };
  }
  if (phase === 'blitz') {
    const blitzes = legal.filter((a) => a.startsWith('blitz '));
    if (!blitzes.length) {
      queueMicrotask(() => send('pass'));
      return { text: 'No pair of queens to show.', buttons: [] };
    }
    return {
      text: blitzes.length > 1
        ? `Show a pair of queens, or all four (a blitz doubles the stakes, now ×${stakes}, once per pair)? Everyone will see them.`
        : `Show your pair of queens (a blitz) to double the stakes (now ×${stakes})? Everyone will see them.`,
      buttons: [
        ...blitzes.map((a) => button(`Blitz ${a.split(' ').slice(1).map(cardText).join(' ')}`,
          () => send(a), { primary: true, testid: 'blitz' })),
        button('No', () => send('pass'), { testid: 'decline' }),
      ],
    };
  }
  return null;
}

// Applies a house event to the display; returns the bubble and message to show, or null when
// the event is not one of the house options'.
export function houseEvent(event, d, name, you) {
  const s = you ? '' : 's';
  switch (event.type) {
    case 'Cracked':
      d.stakes *= 2;
      return { bubble: 'Crack!', message: `${name} crack${s}: the stakes double (×${d.stakes}).` };
    case 'Recracked':
      d.stakes *= 2;
      return { bubble: 'Recrack!', message: `${name} recrack${s}: the stakes double again (×${d.stakes}).` };
    case 'Blitzed': {
      // One pair doubles; all four queens (both pairs at once) double twice.
      const pairs = event.cards.length / 2;
      d.stakes *= 2 ** pairs;
      d.blitzes = [...(d.blitzes || []), { seat: event.seat, cards: event.cards }];
      return {
        bubble: `Blitz ${event.cards.map(cardText).join(' ')}`,
        message: `${name} blitz${you ? '' : 'es'}, showing ${event.cards.map(cardText).join(' ')}: the stakes double${pairs > 1 ? ' twice' : ''} (×${d.stakes}).`,
      };
    }
    case 'Declined':
      return event.offer === 'blitz' ? { bubble: null, message: null } : { bubble: `No ${OFFERS[event.offer]}`, message: null };
    default:
      return null;
  }
}

// The partner reveal under the J♦ rule names the card.
export function revealMessage(called, name, you) {
  if (called !== 'JD') return null;
  return you ? `You play ${cardText('JD')}: you are revealed as the partner.` : `${name} plays ${cardText('JD')}: ${name} is the partner.`;
}

// New game's house rules: the table's options (from /api/options) fill the controls; the
// player may change any before starting.  Games without house options hide them.
const PARTNER_WORDS = { 'called-ace': 'called ace', 'jack-of-diamonds': 'J♦ partner' };

export function fillHouseOptions(defaults) {
  const box = document.getElementById('house-options');
  box.hidden = !defaults;
  if (!defaults) return;
  document.getElementById('house-partner').value = defaults.partner;
  document.getElementById('house-crack').checked = defaults.crack;
  document.getElementById('house-blitz').checked = defaults.blitz;
  document.getElementById('house-max-doubles').value = defaults.max_doubles === null ? '' : String(defaults.max_doubles);
  summarizeHouseOptions();
}

// The closed summary says what the table will play, so nobody has to open it to know.
export function summarizeHouseOptions() {
  const chosen = houseOptionsBody();
  if (!chosen) return;
  const parts = [PARTNER_WORDS[chosen.partner]];
  if (chosen.crack) parts.push('cracks');
  if (chosen.blitz) parts.push('blitzes');
  if ((chosen.crack || chosen.blitz) && chosen.max_doubles !== null) parts.push(`at most ${chosen.max_doubles} doubling${chosen.max_doubles === 1 ? '' : 's'}`);
  document.getElementById('house-summary').textContent = `(${parts.join(', ')})`;
}

// The options for the New game request (null when the game has none).
export function houseOptionsBody() {
  if (document.getElementById('house-options').hidden) return null;
  const max = document.getElementById('house-max-doubles').value;
  return {
    partner: document.getElementById('house-partner').value,
    crack: document.getElementById('house-crack').checked,
    blitz: document.getElementById('house-blitz').checked,
    max_doubles: max === '' ? null : Number(max),
  };
}
