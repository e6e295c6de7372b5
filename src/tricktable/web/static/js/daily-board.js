// The leaderboard page's Daily extras: where my attempt stands (ranked or, if not, where it would
// have placed), the day's score distribution, game records of past days, and the commitments
// and revealed seeds that prove the deals were fixed in advance.

import { request } from './api.js';
import { formatDay, formatMoment, formatPercent, t, tParts } from './i18n.js';
import { $, el, signed } from './ui.js';

function histogram(board) {
  const { bins, players } = board.distribution;
  if (!players) return [];
  const most = Math.max(...bins.map((b) => b.count));
  const mine = board.you ? board.you.score : null;
  const bars = bins.map((b) => {
    const bar = el('div', {
      class: mine !== null && mine >= b.low && mine <= b.high ? 'bar mine' : 'bar',
      title: t('web.board.bin', { low: signed(b.low), high: signed(b.high), count: b.count }),
    });
    bar.style.height = `${Math.round((100 * b.count) / most)}%`; // CSSOM: allowed by a strict CSP
    return bar;
  });
  return [
    el('div', { class: 'histogram', role: 'img', 'aria-label': t('web.board.histogram', { count: players }) }, ...bars),
    el('div', { class: 'histogram-scale muted' }, el('span', {}, signed(bins[0].low)), el('span', {}, signed(bins[bins.length - 1].high))),
  ];
}

function standing(you) {
  if (!you) return null;
  const params = { score: signed(you.score), rank: you.rank, of: you.of, percent: formatPercent(you.percentile / 100) };
  let key;
  if (you.ranked) key = you.percentile === null ? 'web.board.standing' : 'web.board.standing_better';
  else key = you.percentile === null ? 'web.board.standing_unranked' : 'web.board.standing_unranked_better';
  return el('p', { 'data-testid': 'my-standing' }, t(key, params));
}

// The unranked attempt of mine, placed among the ranked rows (not counted in the ranking).
function unrankedRow(board, info, rows) {
  const you = board.you;
  if (!you || you.ranked) return;
  const entry = { rank: you.rank, name: '', score: you.score, you: false, place: null, won: false, totals: null, daily_wins: 0 };
  const cells = info.row(entry);
  cells[0] = t('web.board.unranked_rank', { rank: you.rank });
  cells[1] = t('web.board.you_unranked');
  const row = el('tr', { class: 'you unranked' }, ...cells.map((value, k) => el('td', { class: k !== 1 ? 'num' : null }, value)));
  const tbody = $('ranking').querySelector('tbody');
  const before = rows[you.rank - 1];
  if (before) tbody.insertBefore(row, before);
  else tbody.append(row);
}

function recordLinks(board, rows) {
  board.entries.forEach((entry, k) => {
    if (!entry.record || !rows[k]) return;
    rows[k].children[1].append(' ', el('a', { href: entry.record, class: 'record-link', title: t('web.board.record_title') }, t('web.board.record')));
  });
}

async function fairness(board, game) {
  const box = $('fairness');
  const day = board.fairness;
  const date = formatDay(day.date);
  const parts = [el('h2', {}, t('web.board.fair_deals'))];
  if (day.revealed) {
    parts.push(el('p', {}, t('web.board.revealed', { date })),
      el('pre', { 'data-testid': 'verify-command' }, `tricktable verify-daily --game ${game} --date ${day.date} --seed ${day.seed} --commitment ${day.commitment}`));
  } else if (day.commitment) {
    parts.push(el('p', {}, t('web.board.committed', { date })),
      el('p', {}, el('code', { 'data-testid': 'commitment' }, day.commitment)),
      el('p', { class: 'muted' }, t('web.board.reveal_at', { moment: formatMoment(day.reveal_at) })));
  }
  const ahead = await request('GET', `/api/daily/commitments?game=${encodeURIComponent(game)}`);
  parts.push(el('details', {}, el('summary', {}, t('web.board.coming_days')),
    el('ul', {}, ...ahead.commitments.map((c) => el('li', {},
      ...tParts('web.board.commitment_of', { date: formatDay(c.date), commitment: el('code', {}, c.commitment) }))))));
  box.replaceChildren(...parts);
}

export async function showDailyExtras(board, game, info, rows) {
  recordLinks(board, rows);
  unrankedRow(board, info, rows);
  $('distribution').replaceChildren(...histogram(board), ...[standing(board.you)].filter(Boolean));
  await fairness(board, game);
}
