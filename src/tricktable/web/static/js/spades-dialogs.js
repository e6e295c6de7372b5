// The Spades table's dialogs: the end of a hand (how each bid went and the scores first, the
// bags and the reasons folded away), the final result, the last trick, the last hand and the
// running scores.

import { miniCards } from './common.js';
import { formatNumber, t, tParts } from './i18n.js';
import { portrait } from './seats.js';
import { bidText, bidWord, opponent, pair, said, sides, who } from './spades-words.js';
import { el, serverWords, signed } from './ui.js';

const tone = (score) => (score > 0 ? 'plus' : score < 0 ? 'minus' : '');

// A player in a table's cell: the portrait, then the name.  (`face(seat)`: whose portrait.)
function named(seat, face) {
  return el('span', { class: 'who' }, portrait(face(seat), { you: seat === sides.human, small: true }),
    el('span', {}, who(seat)));
}

// How a seat's bid went, as a sentence: made or failed nil (or double nil), made or set.
function resultLine(seat, score) {
  const tricks = { count: score.tricks };
  if (score.bid === 'nil' || score.bid === 'double-nil') {
    const bid = { bid: bidWord(score.bid) };
    return score.made
      ? said(seat, 'web.spades.you_made_nil', 'web.spades.made_nil', bid)
      : said(seat, 'web.spades.you_failed_nil', 'web.spades.failed_nil', { ...bid, ...tricks });
  }
  const bid = { bid: score.bid };
  return score.made
    ? said(seat, 'web.spades.you_made', 'web.spades.made', { ...bid, ...tricks })
    : said(seat, 'web.spades.you_set', 'web.spades.set', { ...bid, ...tricks });
}

// The points behind each score, the bags, and the server's reasons: folded away.
function handDetails(result, face) {
  const [human, other] = pair(); // a watcher's: seats 0 and 1
  const cell = (value, cls = 'num') => el('td', { class: cls }, value);
  const rows = [human, other].map((seat) => {
    const s = result.seats[seat];
    return el('tr', { class: seat === sides.human ? 'you' : null },
      el('td', {}, named(seat, face)),
      cell(signed(s.contract), `num ${s.contract >= 0 ? 'plus' : 'minus'}`),
      cell(signed(s.bags)),
      cell(s.penalties ? signed(-100 * s.penalties) : '—', s.penalties ? 'num minus' : 'num'),
      cell(formatNumber(s.bags_total)));
  });
  const headings = ['web.spades.col_player', 'web.spades.col_bid_points', 'web.spades.col_bags',
    'web.spades.col_bag_penalty', 'web.spades.col_bags_now'];
  const reasons = el('ul', { class: 'reasons', 'data-testid': 'hand-reasons' });
  [human, other].forEach((seat) => {
    reasons.append(el('li', {}, ...tParts('web.spades.reason', { name: who(seat), reason: serverWords(result.reasons[seat]) })));
    const s = result.seats[seat];
    if (s.penalties) {
      const times = { count: s.penalties, points: signed(-100 * s.penalties) };
      reasons.append(el('li', { class: 'minus' },
        said(seat, 'web.spades.your_bag_penalty', 'web.spades.bag_penalty', times)));
    }
  });
  return el('details', { class: 'hand-details' }, el('summary', {}, t('web.table.hand_details')),
    el('table', { class: 'scores bag-details' },
      el('thead', {}, el('tr', {}, ...headings.map((h, k) => el('th', { class: k ? 'num' : null }, t(h))))),
      el('tbody', {}, ...rows)),
    reasons);
}

// The end of a hand: how each bid went, each player's bid, tricks, score for the hand and total,
// then the details.
export function handSummary(result, face) {
  const [human, other] = pair(); // a watcher's: seats 0 and 1
  const mine = sides.human < 0 ? 0 : result.seats[human].score - result.seats[other].score; // a watcher: neutral
  const rows = [human, other].map((seat) => {
    const s = result.seats[seat];
    return el('tr', { class: seat === sides.human ? 'you' : null },
      el('td', {}, named(seat, face)),
      el('td', { class: 'num' }, bidText(s.bid)),
      el('td', { class: 'num' }, formatNumber(s.tricks)),
      el('td', { class: `num change ${tone(s.score)}` }, signed(s.score)),
      el('td', { class: 'num total' }, formatNumber(s.total)));
  });
  const headings = ['web.spades.col_player', 'web.spades.col_bid', 'web.spades.col_tricks', 'web.spades.col_this_hand',
    'web.spades.col_total'];
  return [
    el('p', { class: `result-line banner ${mine > 0 ? 'won' : mine < 0 ? 'lost' : ''}`, 'data-testid': 'hand-result' },
      `${resultLine(human, result.seats[human])} ${resultLine(other, result.seats[other])}`),
    el('table', { class: 'scores hand-scores', 'data-testid': 'hand-scores' },
      el('thead', {}, el('tr', {}, ...headings.map((h, k) => el('th', { class: k ? 'num' : null }, t(h))))),
      el('tbody', {}, ...rows)),
    handDetails(result, face),
  ];
}

export function finalResult(game, face) {
  const { human, opponent: other } = sides;
  const totals = game.view.totals;
  const watching = human < 0; // a watcher: both seats are others, the winner by the game's word
  const winner = watching ? game.view.winner : game.view.winner === human ? human : other;
  const seats = watching ? [0, 1] : [human, other];
  const score = { winner: formatNumber(totals[winner]), loser: formatNumber(totals[1 - winner]) };
  const line = said(winner, 'web.spades.you_won', 'web.spades.won', score);
  const rows = seats.sort((a, b) => totals[b] - totals[a]).map((seat) => el('tr', { class: seat === sides.human ? 'you' : null },
    el('td', {}, seat === winner ? t('web.spades.winner') : ''), el('td', {}, named(seat, face)),
    el('td', { class: 'num' }, formatNumber(totals[seat])), el('td', { class: 'num' }, formatNumber(game.view.bags[seat]))));
  const margin = el('b', { 'data-testid': 'final-margin' },
    watching ? formatNumber(totals[winner] - totals[1 - winner]) : signed(totals[human] - totals[other]));
  const body = [
    el('p', { class: `result-line banner ${watching ? '' : winner === human ? 'won' : 'lost'}`, 'data-testid': 'final-line',
      'data-winner': winner === human ? 'you' : 'opponent' }, line),
    el('p', {}, ...tParts('web.spades.final_margin', { margin, count: game.view.results.length, target: game.view.target })),
    el('table', { class: 'scores', 'data-testid': 'final-standings' },
      el('thead', {}, el('tr', {}, el('th', {}, ''), el('th', {}, t('web.spades.col_player')),
        el('th', { class: 'num' }, t('web.spades.col_score')), el('th', { class: 'num' }, t('web.spades.col_bags')))),
      el('tbody', {}, ...rows)),
  ];
  const title = said(winner, 'web.spades.you_win_title', 'web.spades.wins_title');
  return { title, body, won: winner === human };
}

export function trickBody(trick) {
  const plays = trick.cards.map((card, j) => el('span', { class: 'play' },
    ...tParts(j ? 'web.spades.then_played' : 'web.spades.played', { name: who((trick.leader + j) % 2), card: miniCards([card]) }), ' '));
  return [
    el('p', {}, ...plays),
    el('p', {}, said(trick.winner, 'web.spades.you_took_it', 'web.spades.took_it')),
  ];
}

export function lastHandBody(previous, face) {
  const body = handSummary(previous.view.result, face);
  const view = previous.view;
  if (view.taken.length) body.push(el('p', {}, ...tParts('web.spades.you_took_cards', { cards: miniCards(view.taken) })));
  if (view.discarded.length) body.push(el('p', {}, ...tParts('web.spades.you_discarded', { cards: miniCards(view.discarded) })));
  return body;
}

// The running scores: a row per hand with each player's bid and tricks and the hand's score,
// under the players' names; the totals at the foot (five columns: whole words fit a phone).
export function scoresBody(game) {
  const [human, other] = pair(); // a watcher's: seats 0 and 1
  const results = game.view.results;
  const rows = results.map((r) => el('tr', {},
    el('td', {}, formatNumber(r.hand_number)),
    ...[human, other].flatMap((seat) => {
      const s = r.seats[seat];
      return [
        el('td', { class: 'num' }, t('web.spades.bid_and_tricks', { bid: bidText(s.bid), tricks: s.tricks })),
        el('td', { class: `num ${tone(s.score)}` }, signed(s.score)),
      ];
    })));
  const bidTricks = t('web.spades.bid_and_tricks', { bid: t('web.spades.col_bid'), tricks: t('web.spades.col_tricks') });
  const players = [human, other];
  const bags = { yours: game.view.bags[human], theirs: game.view.bags[other], target: game.view.target };
  return [el('table', { class: 'scores spades-running' },
    el('thead', {},
      el('tr', {}, el('th', { rowspan: 2, scope: 'col' }, t('web.spades.col_hand')),
        ...players.map((seat) => el('th', { colspan: 2, scope: 'colgroup', class: 'player' }, who(seat)))),
      el('tr', {}, ...players.flatMap(() => [el('th', { class: 'num', scope: 'col' }, bidTricks),
        el('th', { class: 'num', scope: 'col' }, t('web.spades.col_this_hand'))]))),
    el('tbody', {}, ...rows),
    el('tfoot', {}, el('tr', {}, el('th', { scope: 'row' }, t('web.spades.col_total')),
      ...players.map((seat) => el('th', { colspan: 2, class: 'num' }, formatNumber(game.view.totals[seat])))))),
  el('p', {}, opponent('web.spades.bags_now', bags))];
}
