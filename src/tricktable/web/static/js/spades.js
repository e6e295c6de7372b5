// The Spades table: you against the computer, or against a friend at a table with friends.  The
// draw (keep or reject the top card), double nil and its exchange, the bidding, the play, and
// the scores to the target.
// The client holds no rules: it draws the view and the legal actions the server sends and sends
// back the action the player chose; the server explains anything it refuses.  It never learns
// the opponent's cards, the stock, or what the opponent kept or discarded.

import { cardName, cardSvg, cardText } from './cards.js';
import { button, delay, session, yourName } from './common.js';
import { formatList, formatNumber, t, tParts } from './i18n.js';
import { learningToolbar, replayLink } from './review.js';
import { seatParts, showPlayed } from './seats.js';
import { bidPicker, playPrompt } from './spades-prompts.js';
import { finalResult, handSummary, lastHandBody, scoresBody, trickBody } from './spades-dialogs.js';
import { bidText, bidWord, opponent, person, said, setSides, who } from './spades-words.js';
import { createTable } from './table.js';
import { $, el, toast } from './ui.js';

// The player's seat and the other (spades-words.js holds them for the words too): a computer
// player, or at a table with friends perhaps a person (PEOPLE holds their nicknames).
let HUMAN = 0;
let OPPONENT = 1;
let BOTTOM = 0; // the seat drawn at the bottom: the player's, or seat 0 for a watcher (HUMAN -1)

// The table's life is shared (table.js).  `app.selected` holds the cards chosen for the
// double-nil exchange; `app.bid` the number on the bid picker.
const table = createTable({
  game: 'spades', view: 'spades-view', prefix: 'sp-',
  state: { bid: 3 },
  displayFrom, freshDeal, keepShown, drawTable, handCards, prompt: turnPrompt, onCard, animateEvent,
  waiting: () => opponent('web.spades.waiting_person', {},
    HUMAN < 0 && (app.display?.toMove === 0 || app.display?.toMove === 1) ? app.display.toMove : OPPONENT),
  finalLabel: t('web.spades.final_result'),
  final: (game) => finalResult(game, faceOf), dailyRanked: 'web.spades.daily_ranked',
  dailyUnranked: 'web.spades.daily_unranked', leaderboard: '/leaderboard?game=spades',
  lastTrick: trickBody, lastHand: (previous) => [...lastHandBody(previous, faceOf), replayLink(app.game)], scores: scoresBody,
  idleKeys: true, onKey, // no key works while the table animates
  seatElement: (seat) => $(`sp-seat-${seat}`), announce: announcement, tools: (app) => learningToolbar(app, 'sp-'), shortcuts: [
    ['K', 'web.keys.keep'], ['R', 'web.keys.reject'], ['D', 'web.keys.double_nil'],
    ['B', 'web.keys.bid'], ['N', 'web.keys.nil'], ['E', 'web.keys.exchange'],
  ],
});
const { app, legalSet, renderTable, renderHand, renderAll, send } = table;

// --- Words -----------------------------------------------------------------------------------

// A seat's portrait is drawn from its name; the player's from the nickname.
function faceOf(seat) {
  if (seat !== HUMAN) return who(seat);
  return (session.me && session.me.nickname) || who(seat);
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
    message: current ? '' : said(first, 'web.spades.new_hand_you_first', 'web.spades.new_hand_first', { number: deal + 1 }),
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
  // An item is a label and its value ("Game to 500"): the label's message, the value in bold.
  const item = (label, value, testid = null) => items.push(
    el('span', { class: 'item', 'data-testid': testid }, t(label), ' ', el('b', {}, value)));
  if (HUMAN < 0) items.push(el('span', { class: 'item watching', 'data-testid': 'watching' }, t('web.friends.watch_title')));
  item('web.spades.status_hand', formatNumber(d.handNumber));
  item('web.spades.status_target', formatNumber(game.view.target));
  item('web.spades.status_score', t('web.spades.score_pair', { yours: d.totals[BOTTOM], theirs: d.totals[1 - BOTTOM] }), 'running-score');
  if (drawing()) item('web.spades.status_stock', formatNumber(d.stockLeft));
  else item('web.spades.status_spades', t(d.spadesBroken ? 'web.spades.broken' : 'web.spades.not_broken'), 'spades-broken');
  const over = game.status === 'over' && !app.busy;
  if (over) items.push(el('span', { class: 'turn' }, t('web.table.game_over_status')));
  else if (d.toMove === HUMAN && !app.busy) items.push(el('span', { class: 'turn' }, t('web.table.your_turn')));
  else if (d.toMove !== HUMAN && (d.toMove === 0 || d.toMove === 1)) item('web.spades.status_turn', who(d.toMove));
  $('sp-status').replaceChildren(...items);
}

// What the opponent is, under its name: a computer player and its level (a person: nothing).
function opponentKind(seat) {
  if (person(seat) !== null) return null;
  const level = DIFFICULTY[app.game.difficulty];
  return el('div', { class: 'line kind' },
    level ? t('web.spades.computer_level', { level: t(level) }) : t('web.spades.computer'));
}

const DIFFICULTY = { easy: 'web.difficulty.easy', normal: 'web.difficulty.normal', hard: 'web.difficulty.hard' };

function renderSeat(seat) {
  const d = app.display;
  const box = $(`sp-seat-${seat}`);
  const badges = [];
  if (d.first === seat) badges.push(['dealer', t('web.spades.badge_draws_first')]);
  if (d.first !== seat && d.stockLeft === 0) badges.push(['dealer', t('web.spades.badge_leads_first')]);
  if (d.doubleNil[seat]) badges.push(['picker', t('web.spades.double_nil')]);
  const count = d.counts[seat];
  box.replaceChildren(...seatParts({
    name: seat === HUMAN ? yourName() : who(seat),
    face: faceOf(seat),
    you: seat === HUMAN,
    lines: [
      seat === HUMAN ? null : opponentKind(seat),
      el('div', { class: 'line' },
        el('span', { class: 'count', 'data-testid': `card-count-${seat}` }, t('web.table.cards', { count })),
        ' · ', ...tParts('web.spades.seat_bid', { bid: el('b', { 'data-testid': `bid-${seat}` }, bidText(d.bids[seat])) }),
        ' · ', ...tParts('web.spades.seat_tricks', { tricks: el('b', { 'data-testid': `tricks-${seat}` }, formatNumber(d.tricksWon[seat])) })),
      el('div', { class: 'line' },
        ...tParts('web.spades.seat_score', { score: el('b', { 'data-testid': `total-${seat}` }, formatNumber(d.totals[seat])) }),
        ' · ', ...tParts('web.spades.seat_bags', { bags: el('b', { 'data-testid': `bags-${seat}` }, formatNumber(d.bags[seat])) })),
    ].filter(Boolean),
    badges,
    cards: seat === HUMAN ? null : count,
    cardsLabel: t('web.table.cards', { count }),
    bubble: d.bubbles[seat] ? el('div', { class: 'bubble' }, d.bubbles[seat]) : null,
  }));
  const over = app.game.status === 'over' && !app.busy;
  box.classList.toggle('to-move', d.toMove === seat && !over);
  box.classList.toggle('you', seat === HUMAN);
  box.setAttribute('aria-label', t('web.spades.seat_label', {
    name: who(seat), cards: t('web.table.cards', { count }), bid: bidText(d.bids[seat]),
    tricks: t('web.spades.tricks', { count: d.tricksWon[seat] }), score: d.totals[seat],
    bags: t('web.spades.bags', { count: d.bags[seat] }),
  }));
}

function pile(label, count, testid) {
  const card = el('div', { class: 'pile-card' });
  card.innerHTML = count > 0 ? cardSvg(null) : '';
  return [card, el('div', { class: 'pile-label', 'data-testid': testid }, t(label, { count }))];
}

function renderBoard() {
  const d = app.display;
  const showDraw = drawing();
  $('sp-draw').hidden = !showDraw;
  $('sp-trick').hidden = showDraw;
  if (showDraw) {
    $('sp-stock').replaceChildren(...pile('web.spades.pile_stock', d.stockLeft, 'stock-count'));
    $('sp-pile').replaceChildren(...pile('web.spades.pile_discards', d.pile, 'discard-count'));
    const top = $('sp-top');
    const shown = d.flash ? d.flash.card : d.top;
    if (shown) {
      const face = el('div', {
        class: `pile-card${d.flash ? ' flash' : ''}`, role: 'img', 'data-card': shown,
        'data-testid': d.flash ? 'next-card' : 'top-card', 'aria-label': cardName(shown),
      });
      face.innerHTML = cardSvg(shown);
      top.replaceChildren(face, el('div', { class: 'pile-label' }, d.flash ? d.flash.note : t('web.spades.top_card')));
    } else {
      const looking = d.toMove !== HUMAN && (d.toMove === 0 || d.toMove === 1) ? opponent('web.spades.looks', {}, d.toMove) : '';
      top.replaceChildren(el('div', { class: 'pile-card empty' }), el('div', { class: 'pile-label' }, looking));
    }
  } else {
    const { trick, winner } = table.trickShown();
    for (const seat of [BOTTOM, 1 - BOTTOM]) {
      showPlayed(document.querySelector(`#sp-trick .slot-${seat}`), trick.find((p) => p.seat === seat), winner === seat,
        (card) => t('web.table.played_by', { name: who(seat), card: cardName(card) }),
        { name: faceOf(seat), you: seat === HUMAN }, seat === HUMAN ? $('sp-hand') : $(`sp-seat-${seat}`));
    }
  }
  $('sp-message').textContent = showDraw ? d.message : table.trickShown().message;
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
      label: d.fresh.has(code) ? t('web.spades.card_new', { card: cardName(code) }) : cardName(code),
      pressed: selecting ? String(app.selected.includes(code)) : null,
    };
  });
}

// What the player is asked when it is its turn (the table says the rest: busy, waiting, over).
function turnPrompt(legal) {
  const d = app.display;
  if (legal.includes('keep')) {
    const card = cardText(d.top);
    const buttons = [
      button(t('web.spades.keep', { card }), () => send('keep'), { primary: true, testid: 'keep-button' }),
      button(t('web.spades.reject', { card }), () => send('reject'), { testid: 'reject-button' }),
    ];
    if (legal.includes('double-nil')) {
      buttons.push(button(t('web.spades.double_nil'), () => send('double-nil'), { testid: 'double-nil-button' }));
    }
    // Two sentences: the question, then the offer of double nil while it stands.
    const text = t('web.spades.keep_prompt', { card })
      + (legal.includes('double-nil') ? ` ${t('web.spades.double_nil_offer')}` : '');
    return { text, buttons };
  }
  if (exchanging()) {
    const upTo = app.game.view.exchange.up_to;
    return {
      text: app.selected.length
        ? t('web.spades.exchange_these', { cards: formatList(app.selected.map(cardText)), count: app.selected.length })
        : t('web.spades.exchange_prompt', { count: upTo }),
      buttons: [button(t('web.spades.exchange'), () => send(['exchange', ...app.selected].join(' ')), { primary: true, testid: 'exchange-button' })],
    };
  }
  if (legal.some((a) => a.startsWith('bid '))) {
    const theirs = d.bids[OPPONENT];
    let second = t('web.spades.you_bid_first');
    if (theirs === 'nil' || theirs === 'double-nil') {
      second = opponent('web.spades.bid_word_named', { bid: bidWord(theirs) });
    } else if (theirs !== null) {
      second = opponent('web.spades.bid_named', { count: theirs });
    }
    return { text: `${t('web.spades.bid_prompt')} ${second}`, buttons: bidPicker(legal, app, send) };
  }
  if (legal.some((a) => a.startsWith('play '))) return { text: playPrompt(legal, app.display), buttons: [] };
  return { text: '', buttons: [] };
}

function drawTable() {
  renderStatus();
  renderSeat(1 - BOTTOM);
  renderSeat(BOTTOM);
  renderBoard();
}

// --- Playing ---------------------------------------------------------------------------------

function onCard(code, legal) {
  if (exchanging()) {
    const upTo = app.game.view.exchange.up_to;
    if (app.selected.includes(code)) app.selected = app.selected.filter((c) => c !== code);
    else if (app.selected.length < upTo) app.selected = [...app.selected, code];
    else toast(t('web.spades.exchange_at_most', { count: upTo }));
    renderAll();
    return;
  }
  if (legal.some((a) => a.startsWith('play '))) {
    send(`play ${code}`); // the server answers with the reason if the card may not be played
    return;
  }
  toast(t(legal.includes('keep') ? 'web.spades.first_keep' : 'web.spades.first_bid'));
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

// "You bid 3.", "Juno bids nil.", "Ann bids 4."
function bidSaid(seat, tricks) {
  if (tricks === 0) return said(seat, 'web.spades.you_bid_nil', 'web.spades.bids_nil');
  return said(seat, 'web.spades.you_bid', 'web.spades.bids', { count: tricks });
}

function trickSaid(seat) {
  return said(seat, 'web.spades.you_take', 'web.spades.takes');
}

// What a screen reader hears as the cards fall.
function announcement(event) {
  if (event.type === 'CardPlayed') {
    return said(event.seat, 'web.spades.you_play', 'web.spades.plays', { card: cardName(event.card) });
  }
  if (event.type === 'TrickWon') return trickSaid(event.seat);
  if (event.type === 'BidMade') return bidSaid(event.seat, event.tricks);
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
    d.bubbles[event.seat] = t('web.spades.bubble_draws');
    d.message = opponent('web.spades.draws', {}, event.seat);
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
    d.message = t('web.spades.you_keep', { card: cardText(event.taken) });
  } else {
    d.pile += 1;
    d.message = t('web.spades.you_reject', { card: cardText(event.discarded) });
  }
  renderTable();
  renderHand();
  await delay(0.5);
  d.stockLeft -= 1;
  d.flash = event.kept
    ? { card: event.discarded, note: t('web.spades.next_to_discards') }
    : { card: event.taken, note: t('web.spades.next_to_hand') };
  d.message = event.kept
    ? t('web.spades.next_discarded', { card: cardText(event.discarded) })
    : t('web.spades.next_joins', { card: cardText(event.taken) });
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
      d.bubbles[event.seat] = t('web.spades.bubble_double_nil');
      d.message = said(event.seat, 'web.spades.you_double_nil', 'web.spades.double_nil_named');
      renderTable();
      await delay(1.4);
      break;
    case 'Exchanged':
      if (event.seat === HUMAN) {
        d.hand = sortCards([...d.hand.filter((c) => !event.given.includes(c)), ...event.received]);
        d.fresh = new Set(event.received);
        d.message = event.swapped
          ? t('web.spades.you_exchanged', { given: event.given.map(cardText).join(' '), received: event.received.map(cardText).join(' ') })
          : t('web.spades.you_keep_hand');
        renderHand();
      } else {
        d.message = event.swapped
          ? opponent('web.spades.exchanged', { count: event.swapped }, event.seat)
          : opponent('web.spades.keeps_hand', {}, event.seat);
      }
      renderTable();
      await delay(1.4);
      break;
    case 'BidMade':
      d.bids[event.seat] = event.tricks === 0 ? 'nil' : event.tricks;
      d.bubbles[event.seat] = event.tricks === 0 ? t('web.spades.nil') : t('web.spades.bubble_bids', { count: event.tricks });
      d.message = bidSaid(event.seat, event.tricks);
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
      d.message = t('web.spades.now_broken');
      renderTable();
      await delay(0.7);
      break;
    case 'TrickWon':
      await table.trickWon(event.seat, trickSaid(event.seat), 1.2, d.tricksWon);
      break;
    case 'HandScored':
      if (app.game) await showHandEnd(game, event);
      break;
    default:
      break;
  }
}

// --- Dialogs ---------------------------------------------------------------------------------

async function showHandEnd(game, event) {
  const d = app.display;
  const result = event.result;
  d.totals = [...result.totals];
  d.bags = [...result.bags];
  d.toMove = null;
  renderTable();
  await table.handEnd(game, event, t('web.table.hand_title', { number: event.deal + 1 }), handSummary(result, faceOf));
}

// --- Start -----------------------------------------------------------------------------------

export const { stop: stopSpades, setup: setupSpades } = table;

export function startSpades(game, options) {
  HUMAN = game.watching ? -1 : game.seat ?? 0; // a watcher is no seat: both are others
  BOTTOM = Math.max(HUMAN, 0);
  OPPONENT = 1 - BOTTOM;
  setSides(HUMAN, OPPONENT);
  table.start(game, options);
}

// A table with friends: the others' moves as they come (animated like an answer of the server),
// and whether the table is busy animating.
export const receiveSpades = (game) => table.receive(game);
export const spadesBusy = () => table.app.busy;
