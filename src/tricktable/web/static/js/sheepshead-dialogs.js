// The Sheepshead table's dialogs: the end of a hand (the result and the scores first, the
// tricks folded away), the final standings, the last trick, the last hand and the running
// scores.  `seats` tells who is who: {human, name(seat), face(seat)}.

import { cardText } from './cards.js';
import { miniCards } from './common.js';
import { formatNumber, language, t, tParts } from './i18n.js';
import { portrait } from './seats.js';
import { replayLink } from './review.js';
import { el, NAMES, SHORT_NAMES, serverWords, signed } from './ui.js';

// A player in a table's cell: the portrait, then the name.
export function who(seats, seat) {
  return el('span', { class: 'who' }, portrait(seats.face(seat), { you: seat === seats.human, small: true }),
    el('span', {}, seats.name(seat)));
}

const tone = (score) => (score > 0 ? 'plus' : score < 0 ? 'minus' : '');

// "Your team", "West's team (yours)", "East": whose the hand's result is.  A picker alone is
// named alone: the server's reason already says "alone".
function pickerSide(seats, result) {
  const name = seats.name(result.picker);
  if (result.alone) return name;
  if (result.picker === seats.human) return t('web.sheepshead.side_your_team');
  return t(result.partner === seats.human ? 'web.sheepshead.side_team_yours' : 'web.sheepshead.side_team', { name });
}

// The server's reason for a result, as a sentence of its own (it is in the player's language).
function sentence(text) {
  const lang = language() === 'en-XA' ? 'en' : language();
  return tParts('web.sheepshead.sentence', { text: serverWords(text.charAt(0).toLocaleUpperCase(lang) + text.slice(1)) });
}

// The hand's result in words: ours around the server's reason (parts: strings and nodes).
function resultLine(seats, result) {
  const reason = serverWords(result.reason);
  if (result.kind === 'leaster') {
    const winner = result.leaster_winner;
    if (winner === null) return tParts('web.sheepshead.leaster_nobody', { reason });
    return tParts(winner === seats.human ? 'web.sheepshead.leaster_you_win' : 'web.sheepshead.leaster_wins',
      { name: seats.name(winner), reason });
  }
  if (result.kind === 'passed-out') return sentence(result.reason);
  return tParts('web.sheepshead.result', { side: pickerSide(seats, result), reason });
}

// A trick's cards in play order, each after its player's name.
function trickPlays(seats, trick) {
  return trick.cards.map((card, j) => el('span', { class: 'play' }, `${seats.name((trick.leader + j) % 5)} `, miniCards([card]), ' '));
}

// What happened in the hand, beyond its result: who picked and called, the points, the bury,
// every trick.
function handDetails(seats, previous, result) {
  const view = previous ? previous.view : null;
  const parts = [];
  if (result.kind === 'picked') {
    const whoPicked = [t('web.sheepshead.summary_picker', { name: seats.name(result.picker) })];
    if (result.alone) whoPicked.push(t('web.sheepshead.summary_alone'));
    else if (result.called) {
      whoPicked.push(t('web.sheepshead.summary_called', { card: cardText(result.called) }),
        t('web.sheepshead.summary_partner', { name: result.partner === null ? t('web.sheepshead.nobody') : seats.name(result.partner) }));
    }
    parts.push(el('p', {}, whoPicked.join(' · ')));
    const points = el('b', { 'data-testid': 'picker-points' }, t('web.sheepshead.points', { count: result.picker_team_points }));
    parts.push(el('p', {}, ...tParts('web.sheepshead.team_points', { points, count: result.picker_team_tricks })));
  }
  if (view && view.buried) parts.push(el('p', {}, ...tParts('web.sheepshead.buried', { cards: miniCards(view.buried) })));
  if (view && view.unknown_card) parts.push(el('p', {}, ...tParts('web.sheepshead.unknown_card_was', { card: miniCards([view.unknown_card]) })));
  if (view && view.tricks.length) {
    const rows = view.tricks.map((trick, k) => el('tr', {},
      el('td', {}, formatNumber(k + 1)),
      el('td', {}, ...trickPlays(seats, trick)),
      el('td', {}, seats.name(trick.winner)),
      el('td', { class: 'num' }, trick.points === null ? '?' : formatNumber(trick.points))));
    parts.push(el('table', { class: 'scores tricks' },
      el('thead', {}, el('tr', {}, el('th', {}, '#'), el('th', {}, t('web.sheepshead.col_cards')),
        el('th', {}, t('web.sheepshead.col_won_by')), el('th', { class: 'num' }, t('web.sheepshead.col_points')))),
      el('tbody', {}, ...rows)));
  }
  if (!parts.length) return null;
  return el('details', { class: 'hand-details' }, el('summary', {}, t('web.table.hand_details')), ...parts);
}

// The end of a hand: the result, each player's score for the hand and total, then the details.
export function handSummary(seats, previous, result, totalsAfter) {
  const scores = result.scores;
  const mine = scores[seats.human];
  const rows = [0, 1, 2, 3, 4].map((seat) => el('tr', { class: seat === seats.human ? 'you' : null },
    el('td', {}, who(seats, seat)),
    el('td', { class: 'num' }, formatNumber(result.points_by_seat[seat])),
    el('td', { class: `num change ${tone(scores[seat])}` }, signed(scores[seat])),
    el('td', { class: 'num total' }, signed(totalsAfter[seat]))));
  return [
    el('p', { class: `result-line banner ${mine > 0 ? 'won' : mine < 0 ? 'lost' : ''}`, 'data-testid': 'hand-result' },
      ...resultLine(seats, result)),
    el('table', { class: 'scores hand-scores', 'data-testid': 'hand-scores' },
      el('thead', {}, el('tr', {}, el('th', {}, t('web.sheepshead.col_player')),
        el('th', { class: 'num' }, t('web.sheepshead.col_card_points')),
        el('th', { class: 'num' }, t('web.sheepshead.col_this_hand')), el('th', { class: 'num' }, t('web.sheepshead.col_total')))),
      el('tbody', {}, ...rows)),
    handDetails(seats, previous, result),
  ].filter(Boolean);
}

// "You finished 2nd with +3.": a message per place, so each language writes its own ordinals.
const FINISHED = {
  1: 'web.sheepshead.finished_1', 2: 'web.sheepshead.finished_2', 3: 'web.sheepshead.finished_3',
  4: 'web.sheepshead.finished_4', 5: 'web.sheepshead.finished_5',
};

export function finalStandings(seats, game) {
  const totals = game.view.totals;
  const order = [0, 1, 2, 3, 4].sort((a, b) => totals[b] - totals[a] || a - b);
  const placeOf = (seat) => 1 + totals.filter((total) => total > totals[seat]).length;
  const place = placeOf(seats.human);
  const rows = order.map((seat) => el('tr', { class: seat === seats.human ? 'you' : null },
    el('td', {}, formatNumber(placeOf(seat))), el('td', {}, who(seats, seat)), el('td', { class: 'num' }, signed(totals[seat]))));
  const watching = seats.human < 0; // a watcher has no place of its own: the standings alone
  const body = [
    watching ? null : el('p', { class: `result-line banner ${place === 1 ? 'won' : ''}`, 'data-testid': 'final-line', 'data-place': place },
      t(FINISHED[place], { score: signed(totals[seats.human]) })),
    el('table', { class: 'scores', 'data-testid': 'final-standings' },
      el('thead', {}, el('tr', {}, el('th', {}, t('web.sheepshead.col_place')), el('th', {}, t('web.sheepshead.col_player')),
        el('th', { class: 'num' }, t('web.sheepshead.col_score')))),
      el('tbody', {}, ...rows)),
  ].filter(Boolean);
  return { title: t('web.sheepshead.final_standings'), body, won: !watching && place === 1 };
}

export function trickBody(seats, trick, took) {
  return [el('p', {}, ...trickPlays(seats, trick)), el('p', {}, took)];
}

export function lastHandBody(seats, game, previous) {
  const totals = [0, 0, 0, 0, 0];
  for (const r of game.view.results) r.scores.forEach((score, seat) => { totals[seat] += score; });
  return [...handSummary(seats, previous, previous.view.result, totals), replayLink(game)];
}

// A seat's column heading: its name, shortened on a phone; a screen reader hears it whole.
function seatHeading(seat) {
  return el('span', {}, el('span', { class: 'name-long' }, NAMES[seat]),
    el('span', { class: 'name-short', 'aria-hidden': 'true' }, SHORT_NAMES[seat]));
}

// The running scores: a row per hand, its reason in a last column; on a phone, where seven
// columns do not fit whole words, the reason takes a row of its own under the hand's scores
// (style.css shows one or the other).
export function scoresBody(game) {
  const results = game.view.results;
  let hand = 0;
  const rows = results.flatMap((r) => {
    if (r.kind !== 'passed-out') hand += 1;
    return [
      el('tr', {}, el('td', {}, r.kind === 'passed-out' ? t('web.sheepshead.redeal') : formatNumber(hand)),
        ...r.scores.map((score) => el('td', { class: `num ${tone(score)}` }, signed(score))),
        el('td', { class: 'why' }, serverWords(r.reason))),
      el('tr', { class: 'why-row' }, el('td', { colspan: NAMES.length + 1 }, serverWords(r.reason))),
    ];
  });
  return [el('table', { class: 'scores running' },
    el('thead', {}, el('tr', {}, el('th', {}, t('web.sheepshead.col_hand')),
      ...NAMES.map((_, seat) => el('th', { class: 'num' }, seatHeading(seat))), el('th', { class: 'why' }, t('web.sheepshead.col_why')))),
    el('tbody', {}, ...rows),
    el('tfoot', {}, el('tr', {}, el('th', {}, t('web.sheepshead.col_total')),
      ...game.view.totals.map((total) => el('th', { class: 'num' }, signed(total))), el('th', { class: 'why' }, ''))))];
}
