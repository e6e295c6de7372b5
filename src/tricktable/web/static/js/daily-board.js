// The leaderboard page's Daily extras: where my attempt stands (ranked or, if not, where it would
// have placed), the day's score distribution, game records of past days, and the commitments
// and revealed seeds that prove the deals were fixed in advance.

import { request } from './api.js';
import { $, el, signed } from './ui.js';

function histogram(board) {
  const { bins, players } = board.distribution;
  if (!players) return [];
  const most = Math.max(...bins.map((b) => b.count));
  const mine = board.you ? board.you.score : null;
  const bars = bins.map((b) => {
    const bar = el('div', {
      class: mine !== null && mine >= b.low && mine <= b.high ? 'bar mine' : 'bar',
      title: `${signed(b.low)} to ${signed(b.high)}: ${b.count} ${b.count === 1 ? 'player' : 'players'}`,
    });
    bar.style.height = `${Math.round((100 * b.count) / most)}%`; // CSSOM: allowed by a strict CSP
    return bar;
  });
  return [
    el('div', { class: 'histogram', role: 'img', 'aria-label': `Scores of ${players} ranked players` }, ...bars),
    el('div', { class: 'histogram-scale muted' }, el('span', {}, signed(bins[0].low)), el('span', {}, signed(bins[bins.length - 1].high))),
  ];
}

function standing(you) {
  if (!you) return null;
  const where = `rank ${you.rank} of ${you.of}`;
  const beat = you.percentile === null ? '' : `, better than ${you.percentile}% of the other players`;
  return el('p', { 'data-testid': 'my-standing' }, you.ranked
    ? `You scored ${signed(you.score)}: ${where}${beat}.`
    : `Your unranked attempt scored ${signed(you.score)}: it would have placed ${where}${beat}.`);
}

// The unranked attempt of mine, placed among the ranked rows (not counted in the ranking).
function unrankedRow(board, info, rows) {
  const you = board.you;
  if (!you || you.ranked) return;
  const entry = { rank: you.rank, name: 'Your attempt', score: you.score, you: false, place: null, won: false, totals: null, daily_wins: 0 };
  const cells = info.row(entry);
  cells[0] = `(${you.rank})`;
  cells[1] = 'You (unranked)';
  const row = el('tr', { class: 'you unranked' }, ...cells.map((value, k) => el('td', { class: k !== 1 ? 'num' : null }, value)));
  const tbody = $('ranking').querySelector('tbody');
  const before = rows[you.rank - 1];
  if (before) tbody.insertBefore(row, before);
  else tbody.append(row);
}

function recordLinks(board, rows) {
  board.entries.forEach((entry, k) => {
    if (!entry.record || !rows[k]) return;
    rows[k].children[1].append(' ', el('a', { href: entry.record, class: 'record-link', title: 'The game record: replay it with tricktable replay' }, 'record'));
  });
}

async function fairness(board, game) {
  const box = $('fairness');
  const day = board.fairness;
  const parts = [el('h3', {}, 'Fair deals')];
  if (day.revealed) {
    parts.push(el('p', {}, `The seed of ${day.date} was committed in advance and is now revealed. Check it, and see every deal, with:`),
      el('pre', { 'data-testid': 'verify-command' }, `tricktable verify-daily --game ${game} --date ${day.date} --seed ${day.seed} --commitment ${day.commitment}`));
  } else {
    parts.push(el('p', {}, `The deals of ${day.date} were fixed in advance: the SHA-256 of the day's seed is`),
      el('p', {}, el('code', { 'data-testid': 'commitment' }, day.commitment)),
      el('p', { class: 'muted' }, `The seed is revealed when the day ends (midnight US Central, ${new Date(day.reveal_at).toLocaleString()}).`));
  }
  const ahead = await request('GET', `/api/daily/commitments?game=${encodeURIComponent(game)}`);
  parts.push(el('details', {}, el('summary', {}, 'Commitments for the coming days'),
    el('ul', {}, ...ahead.commitments.map((c) => el('li', {}, `${c.date}: `, el('code', {}, c.commitment))))));
  box.replaceChildren(...parts);
}

export async function showDailyExtras(board, game, info, rows) {
  recordLinks(board, rows);
  unrankedRow(board, info, rows);
  $('distribution').replaceChildren(...histogram(board), ...[standing(board.you)].filter(Boolean));
  await fairness(board, game);
}
