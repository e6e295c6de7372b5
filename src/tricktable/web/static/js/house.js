// The Wisconsin house options at the Sheepshead table: crack, recrack and blitz prompts, the
// stakes, and their events.  Called from sheepshead.js through a few hooks.

import { cardText } from './cards.js';
import { button } from './common.js';
import { t } from './i18n.js';

// The bubble of a declined offer.
const DECLINED = { crack: 'web.house.no_crack', recrack: 'web.house.no_recrack', blitz: 'web.house.no_blitz' };

// "Q♣ Q♠": the queens of a blitz.
function queens(cards) {
  return cards.map(cardText).join(' ');
}

// The prompt when a crack, recrack or blitz is offered (null otherwise).  Everyone is asked
// whether to blitz, so that the asking shows nothing; a player without a pair passes unasked.
export function housePrompt(legal, phase, stakes, send) {
  if (phase === 'crack') {
    return {
      text: t('web.house.crack_prompt', { stakes }),
      buttons: [button(t('web.house.crack'), () => send('crack'), { primary: true, testid: 'crack' }),
        button(t('web.house.no'), () => send('pass'), { testid: 'decline' })],
    };
  }
  if (phase === 'recrack') {
    return {
      text: t('web.house.recrack_prompt', { stakes }),
      buttons: [button(t('web.house.recrack'), () => send('recrack'), { primary: true, testid: 'recrack' }),
        button(t('web.house.no'), () => send('pass'), { testid: 'decline' })],
    };
  }
  if (phase === 'blitz') {
    const blitzes = legal.filter((a) => a.startsWith('blitz '));
    if (!blitzes.length) {
      queueMicrotask(() => send('pass'));
      return { text: t('web.house.no_pair'), buttons: [] };
    }
    return {
      text: t(blitzes.length > 1 ? 'web.house.blitz_prompt_both' : 'web.house.blitz_prompt', { stakes }),
      buttons: [
        ...blitzes.map((a) => button(t('web.house.blitz', { cards: queens(a.split(' ').slice(1)) }),
          () => send(a), { primary: true, testid: 'blitz' })),
        button(t('web.house.no'), () => send('pass'), { testid: 'decline' }),
      ],
    };
  }
  return null;
}

// Applies a house event to the display; returns the bubble and message to show, or null when
// the event is not one of the house options'.
export function houseEvent(event, d, name, you) {
  switch (event.type) {
    case 'Cracked':
      d.stakes *= 2;
      return {
        bubble: t('web.house.bubble_crack'),
        message: t(you ? 'web.house.you_crack' : 'web.house.cracks_event', { name, stakes: d.stakes }),
      };
    case 'Recracked':
      d.stakes *= 2;
      return {
        bubble: t('web.house.bubble_recrack'),
        message: t(you ? 'web.house.you_recrack' : 'web.house.recracks_event', { name, stakes: d.stakes }),
      };
    case 'Blitzed': {
      // One pair doubles; all four queens (both pairs at once) double twice.
      const pairs = event.cards.length / 2;
      d.stakes *= 2 ** pairs;
      d.blitzes = [...(d.blitzes || []), { seat: event.seat, cards: event.cards }];
      const key = pairs > 1
        ? (you ? 'web.house.you_blitz_twice' : 'web.house.blitzes_twice')
        : (you ? 'web.house.you_blitz' : 'web.house.blitzes_event');
      return {
        bubble: t('web.house.blitz', { cards: queens(event.cards) }),
        message: t(key, { name, cards: queens(event.cards), stakes: d.stakes }),
      };
    }
    case 'Declined':
      return event.offer === 'blitz' ? { bubble: null, message: null } : { bubble: t(DECLINED[event.offer]), message: null };
    default:
      return null;
  }
}

// The partner reveal under the J♦ rule names the card.
export function revealMessage(called, name, you) {
  if (called !== 'JD') return null;
  return t(you ? 'web.house.you_reveal_jack' : 'web.house.reveals_jack', { name, card: cardText('JD') });
}

// New game's house rules: the table's options (from /api/options) fill the controls; the
// player may change any before starting.  Games without house options hide them.
const PARTNER_WORDS = { 'called-ace': 'web.house.summary_called_ace', 'jack-of-diamonds': 'web.house.summary_jack' };

export function fillHouseOptions(defaults) {
  const box = document.getElementById('house-options');
  box.hidden = !defaults;
  if (!defaults) {
    describeTable([]);
    return;
  }
  document.getElementById('house-partner').value = defaults.partner;
  document.getElementById('house-crack').checked = defaults.crack;
  document.getElementById('house-blitz').checked = defaults.blitz;
  document.getElementById('house-max-doubles').value = defaults.max_doubles === null ? '' : String(defaults.max_doubles);
  summarizeHouseOptions();
}

// The closed summary says what the table will play, so nobody has to open it to know; the
// welcome's line under Start says it too, with the table's name.
export function summarizeHouseOptions() {
  const chosen = houseOptionsBody();
  if (!chosen) {
    describeTable([]);
    return;
  }
  const parts = [t(PARTNER_WORDS[chosen.partner])];
  if (chosen.crack) parts.push(t('web.house.summary_cracks'));
  if (chosen.blitz) parts.push(t('web.house.summary_blitzes'));
  if ((chosen.crack || chosen.blitz) && chosen.max_doubles !== null) {
    parts.push(t('web.house.summary_at_most', { count: chosen.max_doubles }));
  }
  document.getElementById('house-summary').textContent = t('web.house.summary', { options: parts.join(', ') });
  describeTable(parts);
}

// "Wisconsin (J♦) table: J♦ partner, cracks, blitzes": the lobby's line for the table chosen,
// its house options (`parts`) and then its note, each said once.
function describeTable(parts) {
  const line = document.getElementById('table-summary');
  const preset = document.getElementById('preset');
  const chosen = preset && preset.selectedOptions[0];
  if (!line || !chosen) return;
  const note = document.getElementById('preset-note').textContent;
  const rules = [...parts.filter((part) => !note.toLowerCase().includes(part.toLowerCase())), note]
    .filter(Boolean).join(', ');
  line.textContent = t(rules ? 'web.lobby.table_summary' : 'web.lobby.table_summary_plain',
    { table: chosen.text, rules });
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
