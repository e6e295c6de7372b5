// The Spades table: you against the computer.  The draw (keep or reject the top card), double
// nil and its exchange, the bidding, the play, and the scores to the target.
// The client holds no rules: it draws the view and the legal actions the server sends and sends
// back the action the player chose; the server explains anything it refuses.  It never learns
// the computer's cards, the stock, or what the computer kept or discarded.

import { cardName, cardSvg, cardText, SUITS } from './cards.js';
import { button, cardBacks, delay, miniCards, plural, showPlayed, yourName } from './common.js';
import { createTable } from './table.js';
import { $, el, signed, toast } from './ui.js';

// The player's seat: 0 against the computers; at a table with friends, the seat the answer names.
let HUMAN = 0;
let COMPUTER = 1;

// The table's life is shared (table.js).  `app.selected` holds the cards chosen for the
// double-nil exchange; `app.bid` the number on the bid picker.
const table = createTable({
  game: 'spades', view: 'spades-view', prefix: 'sp-',
  state: { bid: 3 },
  displayFrom, freshDeal, keepShown, drawTable, handCards, prompt: turnPrompt, onCard, animateEvent,
  waiting: 'Waiting for the computer…', finalLabel: 'Final result',
  final: finalResult, daily: 'Spades Daily', leaderboard: '/leaderboard?game=spades',
  lastTrick: trickBody, lastHand: lastHandBody, scores: scoresBody,
  idleKeys: true, onKey, // no key works while the table animates
  seatElement: (seat) => $(`sp-seat-${seat}`), announce: announcement, shortcuts: [
    ['K', 'Keep the top card'], ['R', 'Reject the top card'], ['D', 'Double nil (before your first draw)'],
    ['B', 'Bid the number shown'], ['N', 'Bid nil'], ['E', 'Exchange the chosen cards (double nil)'],
  ],
});
const { app, legalSet, renderTable, renderHand, renderAll, send } = table;

// --- Words -----------------------------------------------------------------------------------

function who(seat) {
  return seat === HUMAN ? 'You' : 'The computer';
}

function verb(seat, you, it) {
  return `${who(seat)} ${seat === HUMAN ? you : it}`;
}

function bidText(bid) {
  if (bid === null || bid === undefined) return '—';
  if (bid === 'nil') return 'Nil';
  if (bid === 'double-nil') return 'Double nil';
  return String(bid);
}

// Hands are shown as the server sorts them: spades, hearts, clubs, diamonds, high to low.
const SUIT_ORDER = { S: 0, H: 1, C: 2, D: 3 };
const RANK_ORDER = ['A', 'K', 'Q', 'J', '10', '9', '8', '7', '6', '5', '4', '3', '2'];

function cardOrder(code) {
  return SUIT_ORDER[code.slice(-1)] * 13 + RANK_ORDER.indexOf(code.slice(0, -1));
}

function sortCards(cards) {
  return [...cards].sort((a, b) => cardOrder(a) - cardOrder(b));
}

// --- The display model: the table as it is shown ---------------------------------------------

function displayFrom(game) {
  const view = game.view.hand;
  const trick = view.current_trick;
  return {
    deal: game.deal,
    handNumber: game.view.hand_number,
    first: view.first,
    toMove: view.to_move,
    hand: [...view.hand],
    fresh: new Set(),
    counts: [...view.card_counts],
    stockLeft: view.stock_left,
    pile: (52 - view.stock_left) / 2,
    top: view.top_card,
    flash: null, // {card, note}: the next card of a draw, shown to its drawer for a moment
    doubleNil: [...view.double_nil],
    bids: [...view.bids],
    tricksWon: [...view.tricks_won],
    trick: trick.cards.map((card, k) => ({ seat: (trick.leader + k) % 2, card })),
    winner: null,
    spadesBroken: view.spades_broken,
    totals: [...game.view.totals],
    bags: [...game.view.bags],
    bubbles: {},
    message: '',
  };
}

// The newest cards stay marked until the next card comes in or the first card is played.
function keepShown(display, shown) {
  display.fresh = new Set([...shown.fresh].filter((card) => display.hand.includes(card)));
}

// A new hand begins during the animation: the table is cleared and the stock is full again.
function freshDeal(display, game, deal) {
  const current = deal === game.deal;
  const first = current ? game.view.hand.first : 1 - display.first;
  Object.assign(display, {
    deal,
    handNumber: deal + 1,
    first,
    toMove: first,
    hand: [],
    fresh: new Set(),
    counts: [0, 0],
    stockLeft: 52,
    pile: 0,
    top: null,
    flash: null,
    doubleNil: [false, false],
    bids: [null, null],
    tricksWon: [0, 0],
    trick: [],
    winner: null,
    spadesBroken: false,
    bubbles: {},
    message: current ? '' : `Hand ${deal + 1}: ${first === HUMAN ? 'you draw' : 'the computer draws'} first.`,
  });
}

// --- Rendering -------------------------------------------------------------------------------

function drawing() {
  const d = app.display;
  return d.stockLeft > 0 || d.flash !== null;
}

function renderStatus() {
  const d = app.display;
  const game = app.game;
  const items = [];
  const item = (label, value, testid = null) => items.push(
    el('span', { class: 'item', 'data-testid': testid }, `${label} `, el('b', {}, value)));
  item('Hand', String(d.handNumber));
  item('Game to', String(game.view.target));
  item('Score', `${d.totals[HUMAN]} – ${d.totals[COMPUTER]}`, 'running-score');
  if (drawing()) item('Stock', String(d.stockLeft));
  else item('Spades', d.spadesBroken ? 'broken' : 'not broken yet', 'spades-broken');
  const over = game.status === 'over' && !app.busy;
  if (over) items.push(el('span', { class: 'turn' }, 'Game over'));
  else if (d.toMove === HUMAN && !app.busy) items.push(el('span', { class: 'turn' }, 'Your turn'));
  else if (d.toMove === COMPUTER) item('Turn:', 'the computer');
  $('sp-status').replaceChildren(...items);
}

function renderSeat(seat) {
  const d = app.display;
  const box = $(`sp-seat-${seat}`);
  const name = seat === HUMAN ? yourName() : `Computer${app.game.opponent ? ` (${app.game.opponent})` : ''}`;
  const badges = el('div', { class: 'badges' });
  if (d.first === seat) badges.append(el('span', { class: 'badge dealer' }, 'Draws first'));
  if (d.first !== seat && d.stockLeft === 0) badges.append(el('span', { class: 'badge dealer' }, 'Bids and leads first'));
  if (d.doubleNil[seat]) badges.append(el('span', { class: 'badge picker' }, 'Double nil'));
  const count = d.counts[seat];
  const parts = [
    el('div', { class: 'name' }, name),
    el('div', { class: 'line' },
      el('span', { class: 'count', 'data-testid': `card-count-${seat}` }, plural(count, 'card')),
      ' · Bid ', el('b', { 'data-testid': `bid-${seat}` }, bidText(d.bids[seat])),
      ' · Tricks ', el('b', { 'data-testid': `tricks-${seat}` }, String(d.tricksWon[seat]))),
    el('div', { class: 'line' },
      'Score ', el('b', { 'data-testid': `total-${seat}` }, String(d.totals[seat])),
      ' · Bags ', el('b', { 'data-testid': `bags-${seat}` }, String(d.bags[seat]))),
    badges,
  ];
  if (seat !== HUMAN) parts.push(cardBacks(count, plural(count, 'card')));
  if (d.bubbles[seat]) parts.push(el('div', { class: 'bubble' }, d.bubbles[seat]));
  box.replaceChildren(...parts);
  const over = app.game.status === 'over' && !app.busy;
  box.classList.toggle('to-move', d.toMove === seat && !over);
  box.setAttribute('aria-label', `${seat === HUMAN ? 'You' : 'The computer'}: ${plural(count, 'card')}, bid ${bidText(d.bids[seat])}, ${plural(d.tricksWon[seat], 'trick')}, score ${d.totals[seat]}, ${plural(d.bags[seat], 'bag')}`);
}

function pile(label, count, testid) {
  const card = el('div', { class: 'pile-card' });
  card.innerHTML = count > 0 ? cardSvg(null) : '';
  return [card, el('div', { class: 'pile-label', 'data-testid': testid }, `${label}: ${count}`)];
}

function renderBoard() {
  const d = app.display;
  const showDraw = drawing();
  $('sp-draw').hidden = !showDraw;
  $('sp-trick').hidden = showDraw;
  if (showDraw) {
    $('sp-stock').replaceChildren(...pile('Stock', d.stockLeft, 'stock-count'));
    $('sp-pile').replaceChildren(...pile('Discards', d.pile, 'discard-count'));
    const top = $('sp-top');
    const shown = d.flash ? d.flash.card : d.top;
    if (shown) {
      const face = el('div', {
        class: `pile-card${d.flash ? ' flash' : ''}`, role: 'img', 'data-card': shown,
        'data-testid': d.flash ? 'next-card' : 'top-card', 'aria-label': cardName(shown),
      });
      face.innerHTML = cardSvg(shown);
      top.replaceChildren(face, el('div', { class: 'pile-label' }, d.flash ? d.flash.note : 'Top card'));
    } else {
      top.replaceChildren(el('div', { class: 'pile-card empty' }), el('div', { class: 'pile-label' }, d.toMove === COMPUTER ? 'The computer looks' : ''));
    }
  } else {
    for (const seat of [HUMAN, COMPUTER]) {
      showPlayed(document.querySelector(`#sp-trick .slot-${seat}`), d.trick.find((p) => p.seat === seat), d.winner === seat,
        (card) => `${who(seat)}: ${cardName(card)}`, seat === HUMAN ? $('sp-hand') : $(`sp-seat-${seat}`));
    }
  }
  $('sp-message').textContent = d.message;
}

function exchanging() {
  return !app.busy && app.game && app.game.view.exchange !== null && app.game.legal_actions.includes('exchange');
}

// The hand as card buttons: playable or not, chosen for the exchange, just drawn.
function handCards() {
  const d = app.display;
  const playable = legalSet('play ');
  const selecting = exchanging();
  return d.hand.map((code) => {
    const classes = ['card'];
    if (playable.size) classes.push(playable.has(code) ? 'legal' : 'dim');
    if (app.selected.includes(code)) classes.push('selected');
    if (d.fresh.has(code)) classes.push('fresh');
    return {
      code, classes,
      label: `${cardName(code)}${d.fresh.has(code) ? ' (new)' : ''}`,
      pressed: selecting ? String(app.selected.includes(code)) : null,
    };
  });
}

function bidPicker(legal) {
  const numbers = legal.filter((a) => /^bid \d+$/.test(a)).map((a) => Number(a.slice(4)));
  const low = Math.min(...numbers);
  const high = Math.max(...numbers);
  app.bid = Math.min(high, Math.max(low, app.bid));
  const input = el('input', {
    type: 'number', id: 'sp-bid-number', min: low, max: high, value: app.bid, inputmode: 'numeric',
    'aria-label': 'Tricks to bid', class: 'bid-number',
  });
  const bidButton = button(`Bid ${app.bid}`, () => send(`bid ${app.bid}`), { primary: true, testid: 'bid-button' });
  const set = (value) => {
    app.bid = Math.min(high, Math.max(low, value));
    input.value = String(app.bid);
    bidButton.textContent = `Bid ${app.bid}`;
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
    el('span', { class: 'picker', role: 'group', 'aria-label': 'Your bid' },
      button('−', () => set(app.bid - 1), { ariaLabel: 'One trick fewer', testid: 'bid-down' }),
      input,
      button('+', () => set(app.bid + 1), { ariaLabel: 'One trick more', testid: 'bid-up' })),
    bidButton,
    legal.includes('bid nil') ? button('Nil', () => send('bid nil'), { testid: 'nil-button' }) : null,
  ].filter(Boolean);
}

// What the player is asked when it is its turn (the table says the rest: busy, waiting, over).
function turnPrompt(legal) {
  const d = app.display;
  if (legal.includes('keep')) {
    const top = cardText(d.top);
    let text = `Top card: ${top}. Keep it (the next card is discarded), or reject it (you take the next card)?`;
    if (legal.includes('double-nil')) {
      text += ' Or bid double nil now: ±200, and an exchange of up to three cards after the draw.';
    }
    const buttons = [
      button(`Keep ${top}`, () => send('keep'), { primary: true, testid: 'keep-button' }),
      button(`Reject ${top}`, () => send('reject'), { testid: 'reject-button' }),
    ];
    if (legal.includes('double-nil')) buttons.push(button('Double nil', () => send('double-nil'), { testid: 'double-nil-button' }));
    return { text, buttons };
  }
  if (exchanging()) {
    const upTo = app.game.view.exchange.up_to;
    return {
      text: app.selected.length
        ? `Give up ${app.selected.map(cardText).join(', ')} and draw ${plural(app.selected.length, 'card')} at random from the discard pile?`
        : `Double nil: tap up to ${upTo} cards to give up, then Exchange. You draw as many at random from the discard pile (with none chosen you keep your hand).`,
      buttons: [button('Exchange', () => send(['exchange', ...app.selected].join(' ')), { primary: true, testid: 'exchange-button' })],
    };
  }
  if (legal.some((a) => a.startsWith('bid '))) {
    const theirs = d.bids[COMPUTER];
    return {
      text: 'Your bid: how many tricks will you take? '
        + (theirs === null ? 'You bid first.' : `The computer bid ${bidText(theirs).toLowerCase()}.`),
      buttons: bidPicker(legal),
    };
  }
  if (legal.some((a) => a.startsWith('play '))) return { text: playPrompt(legal), buttons: [] };
  return { text: '', buttons: [] };
}

// What the legal cards say about this turn, in words (the server decided which they are).
function playPrompt(legal) {
  const d = app.display;
  const cards = legal.map((a) => a.slice(5));
  const spades = d.hand.filter((c) => c.endsWith('S'));
  if (d.trick.length === 0) {
    if (!d.spadesBroken && spades.length && !cards.some((c) => c.endsWith('S'))) {
      return 'Your lead. Spades are not broken yet: lead another suit (a spade may be led once a spade has been played).';
    }
    return 'Your lead: play a card.';
  }
  const led = d.trick[0].card.slice(-1);
  const name = SUITS[led].name;
  if (cards.every((c) => c.endsWith(led))) return `Your turn: follow ${name}.`;
  return `You have no ${name}: play any card${led === 'S' ? '' : ' (a spade takes the trick)'}.`;
}

function drawTable() {
  renderStatus();
  renderSeat(COMPUTER);
  renderSeat(HUMAN);
  renderBoard();
}

// --- Playing ---------------------------------------------------------------------------------

function onCard(code, legal) {
  if (exchanging()) {
    const upTo = app.game.view.exchange.up_to;
    if (app.selected.includes(code)) app.selected = app.selected.filter((c) => c !== code);
    else if (app.selected.length < upTo) app.selected = [...app.selected, code];
    else toast(`You may give up at most ${upTo} cards.`);
    renderAll();
    return;
  }
  if (legal.some((a) => a.startsWith('play '))) {
    send(`play ${code}`); // the server answers with the reason if the card may not be played
    return;
  }
  toast(legal.includes('keep') ? 'First keep or reject the top card.' : 'Make your bid first.');
}

// Keyboard: K keeps the top card, R rejects it, D bids double nil, B bids, N bids nil,
// E exchanges.
function onKey(event, legal) {
  if (!legal || !legal.length || event.ctrlKey || event.metaKey || event.altKey) return;
  const key = event.key.toLowerCase();
  let action = null;
  if (key === 'k' && legal.includes('keep')) action = 'keep';
  else if (key === 'r' && legal.includes('reject')) action = 'reject';
  else if (key === 'd' && legal.includes('double-nil')) action = 'double-nil';
  else if (key === 'b' && legal.includes(`bid ${app.bid}`)) action = `bid ${app.bid}`;
  else if (key === 'n' && legal.includes('bid nil')) action = 'bid nil';
  else if (key === 'e' && exchanging()) action = ['exchange', ...app.selected].join(' ');
  if (action) {
    event.preventDefault();
    send(action);
  }
}

// What a screen reader hears as the cards fall.
function announcement(event) {
  if (event.type === 'CardPlayed') return `${verb(event.seat, 'play', 'plays')} ${cardName(event.card)}.`;
  if (event.type === 'TrickWon') return `${verb(event.seat, 'take', 'takes')} the trick.`;
  if (event.type === 'BidMade') return `${verb(event.seat, 'bid', 'bids')} ${event.tricks === 0 ? 'nil' : event.tricks}.`;
  return null;
}

function addToHand(card) {
  const d = app.display;
  d.hand = sortCards([...d.hand, card]);
  d.fresh = new Set([card]);
  d.counts[HUMAN] += 1;
}

async function animateDraw(event) {
  const d = app.display;
  d.toMove = event.seat;
  if (event.seat !== HUMAN) {
    d.counts[event.seat] += 1;
    d.pile += 1;
    d.stockLeft -= 2;
    d.bubbles[event.seat] = 'Draws';
    d.message = 'The computer draws: one card to its hand, one to the discard pile.';
    renderTable();
    await delay(0.6);
    delete d.bubbles[event.seat];
    d.message = '';
    return;
  }
  d.top = null;
  d.stockLeft -= 1;
  if (event.kept) {
    addToHand(event.taken);
    d.message = `You keep ${cardText(event.taken)}.`;
  } else {
    d.pile += 1;
    d.message = `You reject ${cardText(event.discarded)}: it goes to the discard pile.`;
  }
  renderTable();
  renderHand();
  await delay(0.5);
  d.stockLeft -= 1;
  d.flash = event.kept
    ? { card: event.discarded, note: 'Next card: to the discard pile' }
    : { card: event.taken, note: 'Next card: into your hand' };
  d.message = event.kept
    ? `The next card, ${cardText(event.discarded)}, goes to the discard pile.`
    : `The next card, ${cardText(event.taken)}, joins your hand.`;
  renderTable();
  await delay(1);
  d.flash = null;
  if (event.kept) d.pile += 1;
  else addToHand(event.taken);
  d.message = '';
  renderTable();
  renderHand();
}

async function animateEvent(event, game) {
  const d = app.display;
  switch (event.type) {
    case 'Drew':
      await animateDraw(event);
      break;
    case 'DoubleNilDeclared':
      d.doubleNil[event.seat] = true;
      d.bids[event.seat] = 'double-nil';
      d.bubbles[event.seat] = 'Double nil!';
      d.message = `${verb(event.seat, 'bid', 'bids')} double nil: +200 for taking no trick, −200 otherwise.`;
      renderTable();
      await delay(1.4);
      break;
    case 'Exchanged':
      if (event.seat === HUMAN) {
        d.hand = sortCards([...d.hand.filter((c) => !event.given.includes(c)), ...event.received]);
        d.fresh = new Set(event.received);
        d.message = event.swapped
          ? `You gave up ${event.given.map(cardText).join(' ')} and drew ${event.received.map(cardText).join(' ')} from the discard pile.`
          : 'You keep your hand.';
        renderHand();
      } else {
        d.message = event.swapped
          ? `The computer exchanged ${plural(event.swapped, 'card')} with the discard pile.`
          : 'The computer keeps its hand.';
      }
      renderTable();
      await delay(1.4);
      break;
    case 'BidMade':
      d.bids[event.seat] = event.tricks === 0 ? 'nil' : event.tricks;
      d.bubbles[event.seat] = event.tricks === 0 ? 'Nil' : `Bids ${event.tricks}`;
      d.message = `${verb(event.seat, 'bid', 'bids')} ${event.tricks === 0 ? 'nil' : event.tricks}.`;
      d.toMove = 1 - event.seat;
      renderTable();
      await delay(1.2);
      break;
    case 'CardPlayed':
      if (d.trick.length === 0) {
        d.bubbles = {};
        d.message = '';
        d.fresh = new Set();
      }
      d.trick.push({ seat: event.seat, card: event.card });
      d.counts[event.seat] -= 1;
      if (event.seat === HUMAN) {
        d.hand = d.hand.filter((c) => c !== event.card);
        renderHand();
      }
      d.toMove = 1 - event.seat;
      renderTable();
      await delay(0.9);
      break;
    case 'SpadesBroken':
      d.spadesBroken = true;
      d.message = 'Spades are broken: from now on a spade may be led.';
      renderTable();
      await delay(0.7);
      break;
    case 'TrickWon':
      await table.trickWon(event.seat, `${verb(event.seat, 'take', 'takes')} the trick.`, 1.2, d.tricksWon);
      break;
    case 'HandScored':
      if (app.game) await showHandEnd(game, event);
      break;
    default:
      break;
  }
}

// --- Dialogs ---------------------------------------------------------------------------------

function resultLine(seat, score) {
  const bid = bidText(score.bid).toLowerCase();
  if (score.bid === 'nil' || score.bid === 'double-nil') {
    return score.made
      ? `${verb(seat, 'made', 'made')} ${bid}: no tricks.`
      : `${verb(seat, 'failed', 'failed')} ${bid}, taking ${plural(score.tricks, 'trick')}.`;
  }
  return score.made
    ? `${verb(seat, 'made', 'made')} a bid of ${bid} with ${plural(score.tricks, 'trick')}.`
    : `${verb(seat, 'were', 'was')} set: bid ${bid}, took ${plural(score.tricks, 'trick')}.`;
}

function handSummary(result) {
  const body = [];
  const names = ['You', 'Computer'];
  body.push(el('p', { class: 'result-line', 'data-testid': 'hand-result' },
    `${resultLine(HUMAN, result.seats[HUMAN])} ${resultLine(COMPUTER, result.seats[COMPUTER])}`));
  const cell = (value, cls = 'num') => el('td', { class: cls }, value);
  const rows = [HUMAN, COMPUTER].map((seat) => {
    const s = result.seats[seat];
    return el('tr', { class: seat === HUMAN ? 'you' : null },
      el('td', {}, names[seat]),
      cell(bidText(s.bid)),
      cell(String(s.tricks)),
      cell(signed(s.contract), `num ${s.contract >= 0 ? 'plus' : 'minus'}`),
      cell(s.bags ? `+${s.bags}` : '0'),
      cell(s.penalties ? `−${100 * s.penalties}` : '—', s.penalties ? 'num minus' : 'num'),
      cell(signed(s.score), `num ${s.score > 0 ? 'plus' : s.score < 0 ? 'minus' : ''}`),
      cell(String(s.total)),
      cell(String(s.bags_total)));
  });
  body.push(el('table', { class: 'scores', 'data-testid': 'hand-scores' },
    el('thead', {}, el('tr', {}, ...['Player', 'Bid', 'Tricks', 'Bid points', 'Bags', 'Bag penalty', 'This hand', 'Total', 'Bags now']
      .map((h, k) => el('th', { class: k ? 'num' : null }, h)))),
    el('tbody', {}, ...rows)));
  const reasons = el('ul', { class: 'reasons', 'data-testid': 'hand-reasons' });
  [HUMAN, COMPUTER].forEach((seat) => {
    reasons.append(el('li', {}, `${names[seat]}: ${result.reasons[seat]}.`));
    const s = result.seats[seat];
    if (s.penalties) {
      reasons.append(el('li', { class: 'minus' },
        `${seat === HUMAN ? 'Your' : "The computer's"} bags reached 10${s.penalties > 1 ? ` ${s.penalties} times` : ''}: −${100 * s.penalties}, and 10 bags come off the count each time.`));
    }
  });
  body.push(reasons);
  return body;
}

async function showHandEnd(game, event) {
  const d = app.display;
  const result = event.result;
  d.totals = [...result.totals];
  d.bags = [...result.bags];
  d.toMove = null;
  renderTable();
  await table.handEnd(game, event, `Hand ${event.deal + 1}`, handSummary(result));
}

function finalResult(game) {
  const totals = game.view.totals;
  const winner = game.view.winner;
  const line = winner === HUMAN
    ? `You won ${totals[HUMAN]} to ${totals[COMPUTER]}.`
    : `The computer won ${totals[COMPUTER]} to ${totals[HUMAN]}.`;
  const rows = [HUMAN, COMPUTER].sort((a, b) => totals[b] - totals[a]).map((seat) => el('tr', { class: seat === HUMAN ? 'you' : null },
    el('td', {}, seat === winner ? 'Winner' : ''), el('td', {}, seat === HUMAN ? 'You' : 'Computer'),
    el('td', { class: 'num' }, String(totals[seat])), el('td', { class: 'num' }, String(game.view.bags[seat]))));
  const body = [
    el('p', { class: 'result-line', 'data-testid': 'final-line' }, line),
    el('p', {}, `Final margin: `, el('b', { 'data-testid': 'final-margin' }, signed(totals[HUMAN] - totals[COMPUTER])),
      ` after ${plural(game.view.results.length, 'hand')} (game to ${game.view.target}).`),
    el('table', { class: 'scores', 'data-testid': 'final-standings' },
      el('thead', {}, el('tr', {}, el('th', {}, ''), el('th', {}, 'Player'), el('th', { class: 'num' }, 'Score'), el('th', { class: 'num' }, 'Bags'))),
      el('tbody', {}, ...rows)),
  ];
  return { title: winner === HUMAN ? 'You win' : 'The computer wins', body };
}

function trickBody(trick) {
  return [
    el('p', {}, ...trick.cards.map((card, j) => el('span', { class: 'play' }, `${j ? 'then ' : ''}${who((trick.leader + j) % 2)} `, miniCards([card]), ' '))),
    el('p', {}, `${verb(trick.winner, 'took', 'took')} it.`),
  ];
}

function lastHandBody(previous) {
  const body = handSummary(previous.view.result);
  const view = previous.view;
  if (view.taken.length) body.push(el('p', {}, 'You took into your hand: ', miniCards(view.taken)));
  if (view.discarded.length) body.push(el('p', {}, 'You put on the discard pile: ', miniCards(view.discarded)));
  return body;
}

function scoresBody(game) {
  const results = game.view.results;
  const rows = results.map((r) => el('tr', {},
    el('td', {}, String(r.hand_number)),
    ...[HUMAN, COMPUTER].flatMap((seat) => {
      const s = r.seats[seat];
      return [
        el('td', { class: 'num' }, `${bidText(s.bid)} / ${s.tricks}`),
        el('td', { class: `num ${s.score > 0 ? 'plus' : s.score < 0 ? 'minus' : ''}` }, signed(s.score)),
        el('td', { class: 'num' }, String(s.total)),
      ];
    })));
  return [el('table', { class: 'scores' },
    el('thead', {}, el('tr', {}, el('th', {}, 'Hand'),
      ...['You: bid / tricks', 'You', 'Your total', 'Computer: bid / tricks', 'Computer', 'Its total'].map((h) => el('th', { class: 'num' }, h)))),
    el('tbody', {}, ...rows)),
  el('p', {}, `Bags now: you ${game.view.bags[HUMAN]}, the computer ${game.view.bags[COMPUTER]}. Game to ${game.view.target}.`)];
}

// --- Start -----------------------------------------------------------------------------------

export const { stop: stopSpades, setup: setupSpades } = table;

export function startSpades(game, options) {
  HUMAN = game.seat ?? 0;
  COMPUTER = 1 - HUMAN;
  table.start(game, options);
}

// A table with friends: the others' moves as they come (animated like an answer of the server),
// and whether the table is busy animating.
export const receiveSpades = (game) => table.receive(game);
export const spadesBusy = () => table.app.busy;
