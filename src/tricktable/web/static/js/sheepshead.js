// The Sheepshead table: five seats, the blind, the bury, the call, tricks and scores.
// The client holds no rules: it draws the view and the legal actions the server sends and sends
// back the action the player chose; the server explains anything it refuses (in the player's
// language: its words are shown as they come).

import { cardName, cardText } from './cards.js';
import { button, delay, session, yourName } from './common.js';
import { houseEvent, housePrompt, revealMessage } from './house.js';
import { formatList, formatNumber, t } from './i18n.js';
import { pulse } from './motion.js';
import { learningToolbar } from './review.js';
import { seatParts, showPlayed } from './seats.js';
import { finalStandings, handSummary, lastHandBody, scoresBody, trickBody } from './sheepshead-dialogs.js';
import { createTable } from './table.js';
import { $, el, NAMES, seatName, signed, toast } from './ui.js';

// The player's seat: 0 against the computers; at a table with friends, the seat the answer names.
let HUMAN = 0;

// The table's life is shared (table.js).  `app.selected` holds the cards chosen to bury, in order;
// `app.pendingCall` the card called with an unknown card, waiting for the card to set aside.
const table = createTable({
  game: 'sheepshead', view: 'table-view', prefix: '',
  state: { pendingCall: null },
  clearChoices, displayFrom, freshDeal, drawTable, handCards, prompt: turnPrompt, onCard, animateEvent,
  waiting: t('web.sheepshead.waiting'), finalLabel: t('web.sheepshead.final_standings'),
  final: (game) => finalStandings(seats, game), dailyRanked: 'web.sheepshead.daily_ranked',
  dailyUnranked: 'web.sheepshead.daily_unranked', leaderboard: '/leaderboard',
  lastTrick: lastTrickBody, lastHand: (previous) => lastHandBody(seats, app.game, previous), scores: scoresBody,
  seatElement, announce: announcement, onKey, tools: ourTools, shortcuts: [
    ['P', 'web.keys.pick'], ['N', 'web.keys.pass'], ['B', 'web.keys.bury'],
    ['C', 'web.keys.call'], ['A', 'web.keys.alone'],
  ],
});
const { app, legalSet, renderTable, renderHand, renderAll, send } = table;

// Who is who, for the dialogs: the player's seat, each seat's name and whose face it has.
const seats = {
  get human() { return HUMAN; },
  name: (seat) => seatName(seat),
  face: (seat) => faceOf(seat),
};

// A seat's portrait is drawn from its name; the player's from the nickname.
function faceOf(seat) {
  if (seat !== HUMAN) return NAMES[seat] ?? String(seat);
  return (session.me && session.me.nickname) || NAMES[seat] || 'you';
}

// The hint, the computers' reasons and the replay, as the toolbar's first tools.
function ourTools(state) {
  return learningToolbar(state);
}

// --- Words -----------------------------------------------------------------------------------

// The message about a seat: `yours` when it is the player's, else `theirs` with the seat's name.
function said(seat, yours, theirs, params = {}) {
  return t(seat === HUMAN ? yours : theirs, { name: seatName(seat), ...params });
}

// A played card in words, the unknown card (played face down) too.
function playedCard(card) {
  return card ? cardName(card) : t('web.sheepshead.unknown_face_down');
}

// --- The display model: the table as it is shown ------------------------------------------

function displayFrom(game) {
  const view = game.view.hand;
  const trick = view.current_trick;
  return {
    deal: game.deal,
    dealer: view.dealer,
    picker: view.picker,
    called: view.called,
    alone: view.alone,
    // Holding the called card before it is played, you know you are the partner; the table does not.
    secretPartner: view.is_partner && !calledPlayed(view),
    partner: view.is_partner && !calledPlayed(view) ? null : view.partner,
    isPartner: view.is_partner,
    leaster: view.leaster,
    unknownSetAside: view.unknown_set_aside,
    toMove: view.to_move,
    trick: trick.cards.map((card, k) => ({ seat: (trick.leader + k) % 5, card })),
    winner: null,
    tricksBySeat: [...view.tricks_by_seat],
    cardCounts: [...view.card_counts],
    bubbles: view.phase === 'pick' ? Object.fromEntries(view.passes.map((seat) => [seat, t('web.sheepshead.bubble_pass')])) : {},
    message: view.leaster && !view.tricks.length && !trick.cards.length ? t('web.sheepshead.leaster_note') : '',
    hand: [...view.hand],
    unknownCard: view.unknown_played ? null : view.unknown_card,
    totals: [...game.view.totals],
    handNumber: game.view.hand_number,
    handsInGame: game.view.hands_in_game,
    multiplier: view.multiplier,
    stakes: view.stake_multiplier,
  };
}

function calledPlayed(view) {
  const tricks = [...view.tricks, view.current_trick];
  return view.called !== null && tricks.some((trick) => trick.cards.includes(view.called));
}

// A new deal begins during the animation: the table is cleared.  (Between two decisions of the
// human at most one new deal begins, and it is the one the answer ends in.)
function freshDeal(display, game, deal) {
  const view = game.view.hand;
  const dealer = deal === game.deal ? view.dealer : display.dealer;
  Object.assign(display, {
    deal,
    dealer,
    picker: null, called: null, alone: false, partner: null, isPartner: false, secretPartner: false, leaster: false,
    unknownSetAside: false, trick: [], winner: null, tricksBySeat: [0, 0, 0, 0, 0],
    cardCounts: [6, 6, 6, 6, 6], bubbles: {}, message: '',
    hand: deal === game.deal ? [...view.hand] : [], unknownCard: null,
    handNumber: deal === game.deal ? game.view.hand_number : display.handNumber,
    multiplier: deal === game.deal ? view.multiplier : display.multiplier,
    stakes: deal === game.deal ? view.multiplier : display.multiplier,
    toMove: (dealer + 1) % 5,
  });
}

// --- Rendering -----------------------------------------------------------------------------

// The hand's status: which hand, the call, the stakes, whose turn (the seats show the dealer,
// the picker and the partner).
function renderStatus() {
  const d = app.display;
  const items = [];
  // An item is a label and its value ("Called: A♣"): the label's message, the value in bold.
  const item = (label, value, cls = 'item') => items.push(el('span', { class: cls }, t(label), ' ', el('b', {}, value)));
  if (HUMAN < 0) items.push(el('span', { class: 'item watching', 'data-testid': 'watching' }, t('web.friends.watch_title')));
  item('web.sheepshead.status_hand', t('web.sheepshead.hand_of', { number: d.handNumber, total: d.handsInGame }));
  if (d.leaster) item('web.sheepshead.status_leaster', t('web.sheepshead.status_leaster_value'));
  if (d.alone) item('web.sheepshead.status_called', t('web.sheepshead.status_alone'));
  else if (d.called) {
    item('web.sheepshead.status_called', d.unknownSetAside
      ? t('web.sheepshead.called_unknown', { card: cardText(d.called) }) : cardText(d.called));
  }
  if (d.called && !d.alone && d.secretPartner) {
    const secret = d.called === 'JD' ? 'web.sheepshead.secret_jack'
      : d.called.startsWith('10') ? 'web.sheepshead.secret_ten' : 'web.sheepshead.secret_ace';
    items.push(el('span', { class: 'item secret', 'data-testid': 'secret-partner' }, t(secret, { card: cardText(d.called) })));
  }
  if (d.stakes > 1) item('web.sheepshead.status_counts', t('web.sheepshead.stakes', { stakes: d.stakes }));
  const over = app.game && app.game.status === 'over' && !app.busy;
  if (over) items.push(el('span', { class: 'turn' }, t('web.table.game_over_status')));
  else if (d.toMove === HUMAN && !app.busy) items.push(el('span', { class: 'turn' }, t('web.table.your_turn')));
  $('status').replaceChildren(...items);
}

// A seat's figures, small: its score in the game and the tricks it took in this hand.
function figures(score, tricks) {
  return el('div', { class: 'line figures' },
    el('span', { class: `score ${score > 0 ? 'plus' : score < 0 ? 'minus' : ''}`, title: t('web.table.score_title') }, signed(score)),
    el('span', { class: 'tricks', title: t('web.table.tricks_title', { count: tricks }) }, formatNumber(tricks)));
}

// The seats: portrait, name, figures, roles (public ones only: the partner once revealed, or
// to the partner), the cards an opponent holds, a word said.
function renderSeats() {
  const d = app.display;
  const over = app.game && app.game.status === 'over' && !app.busy;
  for (let seat = 0; seat < 5; seat += 1) {
    const box = document.querySelector(`#table .seat[data-seat="${seat}"]`);
    const badges = [];
    if (d.dealer === seat) badges.push(['dealer', t('web.sheepshead.badge_dealer')]);
    if (d.picker === seat) badges.push(['picker', d.alone ? t('web.sheepshead.bubble_alone') : t('web.sheepshead.badge_picker')]);
    if (d.partner === seat && !d.alone) badges.push(['partner', t('web.sheepshead.badge_partner')]);
    box.replaceChildren(...seatParts({
      name: seat === HUMAN ? yourName() : NAMES[seat],
      face: faceOf(seat),
      you: seat === HUMAN,
      lines: [figures(d.totals[seat], d.tricksBySeat[seat])],
      badges,
      cards: seat === HUMAN ? null : d.cardCounts[seat],
      cardsLabel: t('web.table.cards', { count: d.cardCounts[seat] }),
      bubble: d.bubbles[seat] ? bubbleElement(box, d.bubbles[seat]) : null,
    }));
    box.classList.toggle('to-move', d.toMove === seat && !over);
    box.classList.toggle('you', seat === HUMAN); // at a table with friends, any seat may be yours
    box.setAttribute('aria-label', t('web.sheepshead.seat_label', { name: seatName(seat), score: signed(d.totals[seat]), count: d.tricksBySeat[seat] }));
  }
}

// A seat's word bubble pops when it is new, not on every redraw.
function bubbleElement(box, text) {
  const shown = box.querySelector('.bubble');
  return el('div', { class: shown && shown.textContent === text ? 'bubble' : 'bubble new' }, text);
}

function seatElement(seat) {
  return document.querySelector(`#table .seat[data-seat="${seat}"]`);
}

function renderTrick() {
  const { trick, winner, message } = table.trickShown();
  for (let seat = 0; seat < 5; seat += 1) {
    showPlayed(document.querySelector(`#trick .slot-${seat}`), trick.find((p) => p.seat === seat), winner === seat,
      (card) => t('web.table.played_by', { name: seatName(seat), card: playedCard(card) }),
      { name: faceOf(seat), you: seat === HUMAN }, seat === HUMAN ? $('hand') : seatElement(seat));
  }
  $('table-message').textContent = message;
}

// The hand as card buttons: playable or not, chosen to bury, from the blind, the unknown card.
function handCards() {
  const d = app.display;
  const view = app.game.view.hand;
  const legal = app.busy ? [] : app.game.legal_actions;
  const burying = legal.some((a) => a.startsWith('bury '));
  const playable = legalSet('play ');
  const asides = app.pendingCall ? legalSet(`call ${app.pendingCall} unknown `) : new Set();
  const blind = new Set(burying && view.blind ? view.blind : []);
  const cards = d.hand.map((code) => ({ code, unknown: false }));
  if (d.unknownCard) cards.push({ code: d.unknownCard, unknown: true });
  return cards.map(({ code, unknown }) => {
    const classes = ['card'];
    if (view.phase === 'play' && legal.length) classes.push(playable.has(code) ? 'legal' : 'dim');
    if (app.pendingCall) classes.push(asides.has(code) ? 'legal' : 'dim');
    if (app.selected.includes(code)) classes.push('selected');
    if (blind.has(code)) classes.push('from-blind');
    if (unknown) classes.push('unknown');
    let label = cardName(code);
    let note = null; // shown under the card
    if (unknown) {
      label = t('web.sheepshead.card_unknown', { card: label });
      note = t('web.sheepshead.note_unknown');
    } else if (blind.has(code)) {
      label = t('web.sheepshead.card_from_blind', { card: label });
      note = t('web.sheepshead.note_blind');
    }
    return { code, classes, label, note, pressed: burying ? String(app.selected.includes(code)) : null };
  });
}

// What the player is asked when it is its turn (the table says the rest: busy, waiting, over).
function turnPrompt(legal) {
  const house = housePrompt(legal, app.game.view.hand.phase, app.display.stakes, send);
  if (house) return house;
  if (legal.includes('pick')) {
    return {
      text: t('web.sheepshead.pick_prompt'),
      buttons: [button(t('web.sheepshead.pick'), () => send('pick'), { primary: true, testid: 'pick' }),
        button(t('web.sheepshead.pass'), () => send('pass'), { testid: 'pass' })],
    };
  }
  if (legal.some((a) => a.startsWith('bury '))) {
    return {
      text: app.selected.length === 2
        ? t('web.sheepshead.bury_these', { cards: formatList(app.selected.map(cardText)) })
        : t('web.sheepshead.bury_prompt'),
      buttons: [button(t('web.sheepshead.bury_button'), () => send(`bury ${app.selected.join(' ')}`), {
        primary: true, disabled: app.selected.length !== 2, testid: 'bury',
      })],
    };
  }
  if (legal.some((a) => a.startsWith('call ')) || legal.includes('alone')) {
    if (app.pendingCall) {
      return {
        text: t('web.sheepshead.unknown_prompt', { card: cardText(app.pendingCall) }),
        buttons: [button(t('web.sheepshead.cancel'), () => { app.pendingCall = null; renderAll(); }, { testid: 'cancel-call' })],
      };
    }
    const buttons = [];
    const direct = legal.filter((a) => /^call \S+$/.test(a)).map((a) => a.split(' ')[1]);
    const unknown = [...new Set(legal.filter((a) => a.includes(' unknown ')).map((a) => a.split(' ')[1]))];
    for (const card of direct) {
      buttons.push(button(t('web.sheepshead.call', { card: cardText(card) }), () => send(`call ${card}`), { primary: true, testid: 'call' }));
    }
    for (const card of unknown) {
      buttons.push(button(t('web.sheepshead.call_unknown', { card: cardText(card) }), () => {
        app.pendingCall = card;
        renderAll();
      }, { primary: true, testid: 'call-unknown' }));
    }
    if (legal.includes('alone')) buttons.push(button(t('web.sheepshead.go_alone'), () => send('alone'), { testid: 'alone' }));
    return { text: t('web.sheepshead.call_prompt'), buttons };
  }
  if (legal.some((a) => a.startsWith('play '))) {
    const leading = app.display.trick.length === 0;
    return { text: t(leading ? 'web.table.your_lead' : 'web.table.your_turn_play'), buttons: [] };
  }
  return { text: '', buttons: [] };
}

function drawTable() {
  renderStatus();
  renderSeats();
  renderTrick();
}

// --- Playing -------------------------------------------------------------------------------

// A new table, an answer or a refusal clears the choice of a card to call (`app.selected` too).
function clearChoices() {
  app.pendingCall = null;
}

function onCard(code, legal) {
  if (legal.some((a) => a.startsWith('bury '))) {
    if (app.selected.includes(code)) app.selected = app.selected.filter((c) => c !== code);
    else app.selected = [...app.selected, code].slice(-2);
    renderAll();
    return;
  }
  if (app.pendingCall) {
    send(`call ${app.pendingCall} unknown ${code}`);
    return;
  }
  if (app.game.view.hand.phase === 'play') {
    send(`play ${code}`); // the server answers with the reason if the card may not be played
    return;
  }
  toast(t(legal.includes('pick') ? 'web.sheepshead.first_pick' : 'web.sheepshead.first_call'));
}

// Keyboard: P picks, N passes, B buries the two chosen cards, C calls, A goes alone.
function onKey(event, legal) {
  if (!legal || !legal.length || event.ctrlKey || event.metaKey || event.altKey) return;
  const key = event.key.toLowerCase();
  const direct = legal.filter((a) => /^call \S+$/.test(a));
  let action = null;
  if (key === 'p' && legal.includes('pick')) action = 'pick';
  else if (key === 'n' && legal.includes('pass')) action = 'pass';
  else if (key === 'a' && legal.includes('alone')) action = 'alone';
  else if (key === 'c' && direct.length) action = direct[0];
  else if (key === 'b' && legal.some((a) => a.startsWith('bury ')) && app.selected.length === 2) {
    action = `bury ${app.selected.join(' ')}`;
  }
  if (action) {
    event.preventDefault();
    send(action);
  }
}

// What a screen reader hears as the cards fall.
function announcement(event) {
  if (event.type === 'CardPlayed') {
    return said(event.seat, 'web.sheepshead.you_play', 'web.sheepshead.plays', { card: playedCard(event.card) });
  }
  if (event.type === 'TrickWon') return trickTaken(event.seat, event.points);
  if (event.type === 'Picked') return said(event.seat, 'web.sheepshead.you_pick', 'web.sheepshead.picks');
  if (event.type === 'PartnerRevealed') return said(event.seat, 'web.sheepshead.you_partner', 'web.sheepshead.is_partner');
  return null;
}

// "West takes the trick (12 points)."; a leaster's hidden points are not said.
function trickTaken(seat, points) {
  if (points === null) return said(seat, 'web.sheepshead.you_take', 'web.sheepshead.takes');
  return said(seat, 'web.sheepshead.you_take_points', 'web.sheepshead.takes_points', { count: points });
}

function bubble(seat, text) {
  app.display.bubbles[seat] = text;
}

async function animateEvent(event, game) {
  const d = app.display;
  const name = event.seat === undefined ? '' : seatName(event.seat);
  switch (event.type) {
    case 'Passed':
      bubble(event.seat, t('web.sheepshead.bubble_pass'));
      renderTable();
      await delay(0.6);
      break;
    case 'Picked':
      bubble(event.seat, t('web.sheepshead.bubble_picks'));
      d.picker = event.seat;
      d.cardCounts[event.seat] += 2;
      d.message = said(event.seat, 'web.sheepshead.you_pick', 'web.sheepshead.picks');
      renderTable();
      pulse(seatElement(event.seat));
      await delay(0.9);
      break;
    case 'Buried':
      bubble(event.seat, t('web.sheepshead.bubble_buries'));
      d.cardCounts[event.seat] -= 2;
      renderTable();
      await delay(0.6);
      break;
    case 'Called':
      d.called = event.card;
      d.secretPartner = event.seat !== HUMAN && d.hand.includes(event.card);
      d.unknownSetAside = event.unknown;
      bubble(event.seat, t('web.sheepshead.bubble_calls', { card: cardText(event.card) }));
      d.message = event.unknown
        ? said(event.seat, 'web.sheepshead.you_call_unknown', 'web.sheepshead.calls_unknown', { card: cardText(event.card) })
        : said(event.seat, 'web.sheepshead.you_call', 'web.sheepshead.calls', { card: cardText(event.card) });
      renderTable();
      await delay(1.1);
      break;
    case 'WentAlone':
      d.alone = true;
      bubble(event.seat, t('web.sheepshead.bubble_alone'));
      d.message = said(event.seat, 'web.sheepshead.you_go_alone', 'web.sheepshead.goes_alone');
      renderTable();
      await delay(1.1);
      break;
    case 'LeasterBegins':
      d.leaster = true;
      d.message = t('web.sheepshead.leaster_begins');
      renderTable();
      await delay(1.4);
      break;
    case 'PassedOut':
      d.message = t(event.doubled ? 'web.sheepshead.passed_out_double' : 'web.sheepshead.passed_out');
      renderTable();
      await delay(1.4);
      break;
    case 'CardPlayed': {
      if (d.trick.length === 0) {
        d.bubbles = {};
        d.message = '';
      }
      d.trick.push({ seat: event.seat, card: event.card });
      d.cardCounts[event.seat] -= 1;
      if (event.seat === HUMAN) {
        if (event.card === d.unknownCard) d.unknownCard = null;
        d.hand = d.hand.filter((c) => c !== event.card);
        renderHand();
      }
      d.toMove = (event.seat + 1) % 5;
      renderTable();
      await delay(1);
      break;
    }
    case 'PartnerRevealed':
      d.partner = event.seat;
      d.secretPartner = false;
      d.message = revealMessage(d.called, name, event.seat === HUMAN) ||
        said(event.seat, 'web.sheepshead.you_partner', 'web.sheepshead.is_partner');
      renderTable();
      pulse(seatElement(event.seat));
      await delay(0.6);
      break;
    case 'TrickWon':
      await table.trickWon(event.seat, trickTaken(event.seat, event.points), 1.4, d.tricksBySeat);
      break;
    case 'HandScored':
      if (app.game) await showHandEnd(game, event);
      break;
    default: {
      const house = houseEvent(event, d, name, event.seat === HUMAN);
      if (house) {
        if (house.bubble) bubble(event.seat, house.bubble);
        if (house.message) d.message = house.message;
        renderTable();
        await delay(house.message ? 1.1 : 0.3);
      }
      break;
    }
  }
}

// --- Dialogs -------------------------------------------------------------------------------

async function showHandEnd(game, event) {
  const d = app.display;
  const result = event.result;
  const totalsAfter = d.totals.map((total, seat) => total + result.scores[seat]);
  const previous = game.previous_hand && game.previous_hand.deal === event.deal ? game.previous_hand : null;
  const title = result.kind === 'passed-out' ? t('web.sheepshead.thrown_in')
    : t('web.sheepshead.hand_title', { number: previous ? previous.hand_number : d.handNumber, total: d.handsInGame });
  d.totals = totalsAfter;
  renderTable();
  await table.handEnd(game, event, title, handSummary(seats, previous, result, totalsAfter));
}

function lastTrickBody(trick) {
  const took = trick.points === null
    ? said(trick.winner, 'web.sheepshead.you_took_it', 'web.sheepshead.took_it')
    : said(trick.winner, 'web.sheepshead.you_took_it_points', 'web.sheepshead.took_it_points', { count: trick.points });
  return trickBody(seats, trick, took);
}

// --- Start ---------------------------------------------------------------------------------

export const { stop: stopSheepshead, setup: setupSheepshead } = table;

export function startSheepshead(game, options) {
  HUMAN = game.watching ? -1 : game.seat ?? 0; // a watcher is no seat: every seat is another's
  table.start(game, options);
}

// A table with friends: the others' moves as they come (animated like an answer of the server),
// and whether the table is busy animating.
export const receiveSheepshead = (game) => table.receive(game);
export const sheepsheadBusy = () => table.app.busy;
