// The Sheepshead table: five seats, the blind, the bury, the call, tricks and scores.
// The client holds no rules: it draws the view and the legal actions the server sends and sends
// back the action the player chose; the server explains anything it refuses.

import { cardName, cardText } from './cards.js';
import { button, cardBacks, delay, miniCards, ordinal, plural, showPlayed, yourName } from './common.js';
import { houseEvent, housePrompt, revealMessage } from './house.js';
import { pulse } from './motion.js';
import { learningTools, replayLink } from './review.js';
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
  waiting: 'Waiting for the other players…', finalLabel: 'Final standings',
  final: finalStandings, daily: 'Daily', leaderboard: '/leaderboard',
  lastTrick: trickBody, lastHand: lastHandBody, scores: scoresBody,
  seatElement, announce: announcement, onKey, tools: learningTools, shortcuts: [
    ['P', 'Pick up the blind'], ['N', 'Pass (do not pick)'], ['B', 'Bury the two chosen cards'],
    ['C', 'Call the first ace (or ten) offered'], ['A', 'Go alone'],
  ],
});
const { app, legalSet, renderTable, renderHand, renderAll, send } = table;

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
    bubbles: view.phase === 'pick' ? Object.fromEntries(view.passes.map((seat) => [seat, 'Pass'])) : {},
    message: view.leaster && !view.tricks.length && !trick.cards.length ? 'A leaster: fewest points (with a trick) wins.' : '',
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

function renderStatus() {
  const d = app.display;
  const items = [];
  const item = (label, value, cls = 'item') => items.push(el('span', { class: cls }, `${label} `, el('b', {}, value)));
  item('Hand', `${d.handNumber} of ${d.handsInGame}`);
  item('Dealer:', seatName(d.dealer));
  if (d.leaster) item('Leaster:', 'fewest points wins');
  else item('Picker:', d.picker === null ? '—' : seatName(d.picker));
  if (d.alone) item('Called:', 'alone');
  else if (d.called) item('Called:', cardText(d.called) + (d.unknownSetAside ? ' (unknown card)' : ''));
  if (d.called && !d.alone) {
    item('Partner:', d.partner === null ? '?' : (d.partner === HUMAN ? 'you' : seatName(d.partner)));
    if (d.secretPartner) {
      items.push(el('span', { class: 'item secret', 'data-testid': 'secret-partner' },
        `You hold ${d.called === 'JD' ? 'the J♦' : `the called ${d.called.startsWith('10') ? 'ten' : 'ace'}`} (secret)`));
    }
  }
  if (d.stakes > 1) item('Counts', `×${d.stakes}`);
  const over = app.game && app.game.status === 'over' && !app.busy;
  if (over) items.push(el('span', { class: 'turn' }, 'Game over'));
  else if (d.toMove === HUMAN && !app.busy) items.push(el('span', { class: 'turn' }, 'Your turn'));
  else if (d.toMove !== null && d.toMove !== undefined) item('Turn:', seatName(d.toMove));
  $('status').replaceChildren(...items);
}

function renderSeats() {
  const d = app.display;
  for (let seat = 0; seat < 5; seat += 1) {
    const box = document.querySelector(`.seat[data-seat="${seat}"]`);
    const badges = el('div', { class: 'badges' });
    if (d.dealer === seat) badges.append(el('span', { class: 'badge dealer' }, 'Dealer'));
    if (d.picker === seat) badges.append(el('span', { class: 'badge picker' }, 'Picker'));
    if (d.partner === seat && !d.alone) badges.append(el('span', { class: 'badge partner' }, 'Partner'));
    const parts = [
      el('div', { class: 'name' }, seat === HUMAN ? yourName() : NAMES[seat]),
      el('div', { class: 'line' }, `Score ${signed(d.totals[seat])} · Tricks ${d.tricksBySeat[seat]}`),
      badges,
    ];
    if (seat !== HUMAN) parts.push(cardBacks(d.cardCounts[seat], `${d.cardCounts[seat]} cards`));
    if (d.bubbles[seat]) parts.push(bubbleElement(box, d.bubbles[seat]));
    box.replaceChildren(...parts);
    box.classList.toggle('to-move', d.toMove === seat && !(app.game && app.game.status === 'over' && !app.busy));
    box.setAttribute('aria-label', `${seatName(seat)}: score ${d.totals[seat]}, ${d.tricksBySeat[seat]} tricks`);
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
  const d = app.display;
  for (let seat = 0; seat < 5; seat += 1) {
    showPlayed(document.querySelector(`#trick .slot-${seat}`), d.trick.find((p) => p.seat === seat), d.winner === seat,
      (card) => `${seatName(seat)}: ${card ? cardName(card) : 'the unknown card, face down'}`,
      seat === HUMAN ? $('hand') : seatElement(seat));
  }
  $('table-message').textContent = d.message;
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
    const label = `${cardName(code)}${unknown ? ' (your unknown card)' : ''}${blind.has(code) ? ' (from the blind)' : ''}`;
    return { code, classes, label, pressed: burying ? String(app.selected.includes(code)) : null };
  });
}

// What the player is asked when it is its turn (the table says the rest: busy, waiting, over).
function turnPrompt(legal) {
  const house = housePrompt(legal, app.game.view.hand.phase, app.display.stakes, send);
  if (house) return house;
  if (legal.includes('pick')) {
    return {
      text: 'Pick up the blind, or pass?',
      buttons: [button('Pick', () => send('pick'), { primary: true }), button('Pass', () => send('pass'))],
    };
  }
  if (legal.some((a) => a.startsWith('bury '))) {
    return {
      text: app.selected.length === 2
        ? `Bury ${app.selected.map(cardText).join(' and ')}? Their points count for your team.`
        : 'Tap two cards to bury. Their points count for your team.',
      buttons: [button('Bury these two', () => send(`bury ${app.selected.join(' ')}`), {
        primary: true, disabled: app.selected.length !== 2,
      })],
    };
  }
  if (legal.some((a) => a.startsWith('call ')) || legal.includes('alone')) {
    if (app.pendingCall) {
      return {
        text: `You call ${cardText(app.pendingCall)} without a card of its suit: tap the card to set aside face down as the unknown card.`,
        buttons: [button('Cancel', () => { app.pendingCall = null; renderAll(); })],
      };
    }
    const buttons = [];
    const direct = legal.filter((a) => /^call \S+$/.test(a)).map((a) => a.split(' ')[1]);
    const unknown = [...new Set(legal.filter((a) => a.includes(' unknown ')).map((a) => a.split(' ')[1]))];
    for (const card of direct) buttons.push(button(`Call ${cardText(card)}`, () => send(`call ${card}`), { primary: true }));
    for (const card of unknown) {
      buttons.push(button(`Call ${cardText(card)} (unknown card)`, () => {
        app.pendingCall = card;
        renderAll();
      }, { primary: true }));
    }
    if (legal.includes('alone')) buttons.push(button('Go alone', () => send('alone')));
    return { text: 'Call a partner, or go alone.', buttons };
  }
  if (legal.some((a) => a.startsWith('play '))) {
    const leading = app.display.trick.length === 0;
    return { text: leading ? 'Your lead: play a card.' : 'Your turn: play a card.', buttons: [] };
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
  toast(legal.includes('pick') ? 'First pick or pass.' : 'Call a partner or go alone first.');
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
  const name = event.seat === undefined ? '' : seatName(event.seat);
  if (event.type === 'CardPlayed') {
    return `${name} ${event.seat === HUMAN ? 'play' : 'plays'} ${event.card ? cardName(event.card) : 'the unknown card, face down'}.`;
  }
  if (event.type === 'TrickWon') {
    return `${name} ${event.seat === HUMAN ? 'take' : 'takes'} the trick` + (event.points === null ? '.' : `, ${event.points} points.`);
  }
  if (event.type === 'Picked') return `${name} ${event.seat === HUMAN ? 'pick' : 'picks'} up the blind.`;
  if (event.type === 'PartnerRevealed') return event.seat === HUMAN ? 'You are revealed as the partner.' : `${name} is the partner.`;
  return null;
}

function bubble(seat, text) {
  app.display.bubbles[seat] = text;
}

async function animateEvent(event, game) {
  const d = app.display;
  const name = event.seat === undefined ? '' : seatName(event.seat);
  switch (event.type) {
    case 'Passed':
      bubble(event.seat, 'Pass');
      renderTable();
      await delay(0.6);
      break;
    case 'Picked':
      bubble(event.seat, 'Picks');
      d.picker = event.seat;
      d.cardCounts[event.seat] += 2;
      d.message = `${name} ${event.seat === HUMAN ? 'pick' : 'picks'} up the blind.`;
      renderTable();
      pulse(seatElement(event.seat));
      await delay(0.9);
      break;
    case 'Buried':
      bubble(event.seat, 'Buries two');
      d.cardCounts[event.seat] -= 2;
      renderTable();
      await delay(0.6);
      break;
    case 'Called':
      d.called = event.card;
      d.secretPartner = event.seat !== HUMAN && d.hand.includes(event.card);
      d.unknownSetAside = event.unknown;
      bubble(event.seat, `Calls ${cardText(event.card)}`);
      d.message = `${name} ${event.seat === HUMAN ? 'call' : 'calls'} ${cardText(event.card)}` +
        (event.unknown ? ' and sets an unknown card aside.' : '.');
      renderTable();
      await delay(1.1);
      break;
    case 'WentAlone':
      d.alone = true;
      bubble(event.seat, 'Alone');
      d.message = `${name} ${event.seat === HUMAN ? 'go' : 'goes'} alone.`;
      renderTable();
      await delay(1.1);
      break;
    case 'LeasterBegins':
      d.leaster = true;
      d.message = 'Everyone passed: a leaster. Fewest points (with a trick) wins.';
      renderTable();
      await delay(1.4);
      break;
    case 'PassedOut':
      d.message = 'Everyone passed: the cards are dealt again' + (event.doubled ? ', and the next hand counts double.' : '.');
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
        (event.seat === HUMAN ? 'You are revealed as the partner.' : `${name} is the partner.`);
      renderTable();
      pulse(seatElement(event.seat));
      await delay(0.6);
      break;
    case 'TrickWon':
      await table.trickWon(event.seat, `${name} ${event.seat === HUMAN ? 'take' : 'takes'} the trick` +
        (event.points === null ? '.' : ` (${event.points} points).`), 1.4, d.tricksBySeat);
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

// "Your team", "West's team (yours)", "East alone": who the hand's result is about.
function pickerSide(result) {
  if (result.alone) return `${seatName(result.picker)} alone`;
  if (result.picker === HUMAN) return 'Your team';
  const team = `${seatName(result.picker)}'s team`;
  return result.partner === HUMAN ? `${team} (yours)` : team;
}

function handSummary(previous, result, totalsAfter) {
  const view = previous ? previous.view : null;
  const body = [];
  const scores = result.scores;
  let line;
  if (result.kind === 'leaster') {
    line = `Leaster: ${result.leaster_winner === null ? 'nobody wins' : `${seatName(result.leaster_winner)} ${result.leaster_winner === HUMAN ? 'win' : 'wins'}`} — ${result.reason}.`;
  } else if (result.kind === 'passed-out') {
    line = `${result.reason[0].toUpperCase()}${result.reason.slice(1)}.`;
  } else {
    line = `${pickerSide(result)} ${result.reason}.`;
  }
  body.push(el('p', { class: 'result-line', 'data-testid': 'hand-result' }, line));
  if (result.kind === 'picked') {
    const who = [`Picker: ${seatName(result.picker)}`];
    if (result.alone) who.push('went alone');
    else if (result.called) who.push(`called ${cardText(result.called)}`, `partner: ${result.partner === null ? 'nobody' : seatName(result.partner)}`);
    body.push(el('p', {}, who.join(' · ')));
    body.push(el('p', {}, `Picker's team: `, el('b', { 'data-testid': 'picker-points' }, `${result.picker_team_points} points`), ` in ${plural(result.picker_team_tricks, 'trick')} (with the bury).`));
  }
  if (view && view.buried) body.push(el('p', {}, 'Buried: ', miniCards(view.buried)));
  if (view && view.unknown_card) body.push(el('p', {}, 'The unknown card: ', miniCards([view.unknown_card])));
  if (view && view.tricks.length) {
    const rows = view.tricks.map((trick, k) => el('tr', {},
      el('td', {}, String(k + 1)),
      el('td', {}, ...trick.cards.map((card, j) => el('span', { class: 'play' }, `${seatName((trick.leader + j) % 5)} `, miniCards([card]), ' '))),
      el('td', {}, seatName(trick.winner)),
      el('td', { class: 'num' }, trick.points === null ? '?' : String(trick.points))));
    body.push(el('table', { class: 'scores tricks' },
      el('thead', {}, el('tr', {}, el('th', {}, '#'), el('th', {}, 'Cards (in play order)'), el('th', {}, 'Won by'), el('th', { class: 'num' }, 'Points'))),
      el('tbody', {}, ...rows)));
  }
  const scoreRows = [0, 1, 2, 3, 4].map((seat) => el('tr', { class: seat === HUMAN ? 'you' : null },
    el('td', {}, seatName(seat)),
    el('td', { class: 'num' }, String(result.points_by_seat[seat])),
    el('td', { class: `num ${scores[seat] > 0 ? 'plus' : scores[seat] < 0 ? 'minus' : ''}` }, signed(scores[seat])),
    el('td', { class: 'num' }, signed(totalsAfter[seat]))));
  body.push(el('table', { class: 'scores', 'data-testid': 'hand-scores' },
    el('thead', {}, el('tr', {}, el('th', {}, 'Player'), el('th', { class: 'num' }, 'Card points'), el('th', { class: 'num' }, 'This hand'), el('th', { class: 'num' }, 'Total'))),
    el('tbody', {}, ...scoreRows)));
  return body;
}

async function showHandEnd(game, event) {
  const d = app.display;
  const result = event.result;
  const totalsAfter = d.totals.map((t, seat) => t + result.scores[seat]);
  const previous = game.previous_hand && game.previous_hand.deal === event.deal ? game.previous_hand : null;
  const title = result.kind === 'passed-out' ? 'The deal is thrown in' : `Hand ${previous ? previous.hand_number : d.handNumber} of ${d.handsInGame}`;
  d.totals = totalsAfter;
  renderTable();
  await table.handEnd(game, event, title, handSummary(previous, result, totalsAfter));
}

function finalStandings(game) {
  const totals = game.view.totals;
  const order = [0, 1, 2, 3, 4].sort((a, b) => totals[b] - totals[a] || a - b);
  const placeOf = (seat) => 1 + totals.filter((t) => t > totals[seat]).length;
  const rows = order.map((seat) => el('tr', { class: seat === HUMAN ? 'you' : null },
    el('td', {}, String(placeOf(seat))), el('td', {}, seatName(seat)), el('td', { class: 'num' }, signed(totals[seat]))));
  const mine = placeOf(HUMAN);
  const body = [
    el('p', { class: 'result-line', 'data-testid': 'final-line' },
      `You finished ${ordinal(mine)} with ${signed(totals[HUMAN])}.`),
    el('table', { class: 'scores', 'data-testid': 'final-standings' },
      el('thead', {}, el('tr', {}, el('th', {}, 'Place'), el('th', {}, 'Player'), el('th', { class: 'num' }, 'Score'))),
      el('tbody', {}, ...rows)),
  ];
  return { title: 'Final standings', body };
}

function trickBody(trick) {
  return [
    el('p', {}, ...trick.cards.map((card, j) => el('span', { class: 'play' }, `${seatName((trick.leader + j) % 5)} `, miniCards([card]), ' '))),
    el('p', {}, `${seatName(trick.winner)} took it` + (trick.points === null ? '.' : ` (${trick.points} points).`)),
  ];
}

function lastHandBody(previous) {
  const totals = [0, 0, 0, 0, 0];
  for (const r of app.game.view.results) r.scores.forEach((s, seat) => { totals[seat] += s; });
  return [...handSummary(previous, previous.view.result, totals), replayLink(app.game)];
}

// A seat's column heading: its name, shortened on a phone ("NW"); a screen reader hears it whole.
function seatHeading(name) {
  const short = name === 'You' ? name : name.replace(/[a-z]/g, '');
  return el('span', {}, el('span', { class: 'name-long' }, name), el('span', { class: 'name-short', 'aria-hidden': 'true' }, short));
}

function scoresBody(game) {
  const results = game.view.results;
  const totals = [0, 0, 0, 0, 0];
  let hand = 0;
  const rows = results.map((r) => {
    r.scores.forEach((s, seat) => { totals[seat] += s; });
    if (r.kind !== 'passed-out') hand += 1;
    return el('tr', {}, el('td', {}, r.kind === 'passed-out' ? 'redeal' : String(hand)),
      ...r.scores.map((s) => el('td', { class: `num ${s > 0 ? 'plus' : s < 0 ? 'minus' : ''}` }, signed(s))),
      el('td', {}, r.reason));
  });
  return [el('table', { class: 'scores' },
    el('thead', {}, el('tr', {}, el('th', {}, 'Hand'), ...NAMES.map((n) => el('th', { class: 'num' }, seatHeading(n))), el('th', {}, 'Why'))),
    el('tbody', {}, ...rows),
    el('tfoot', {}, el('tr', {}, el('th', {}, 'Total'), ...game.view.totals.map((t) => el('th', { class: 'num' }, signed(t))), el('th', {}, ''))))];
}

// --- Start ---------------------------------------------------------------------------------

export const { stop: stopSheepshead, setup: setupSheepshead } = table;

export function startSheepshead(game, options) {
  HUMAN = game.seat ?? 0;
  table.start(game, options);
}

// A table with friends: the others' moves as they come (animated like an answer of the server),
// and whether the table is busy animating.
export const receiveSheepshead = (game) => table.receive(game);
export const sheepsheadBusy = () => table.app.busy;
