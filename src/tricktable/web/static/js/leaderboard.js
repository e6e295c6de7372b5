// The leaderboard page: a day's Daily ranking (Sheepshead or Spades), my statistics and my games.

import { api } from './api.js';
import { showDailyExtras } from './daily-board.js';
import { $, el, signed, toast } from './ui.js';

const GAMES = {
  sheepshead: {
    title: 'Sheepshead',
    note: 'Ranked by score at the end of the ten hands.',
    columns: ['Rank', 'Player', 'Score', 'Place at the table'],
    row: (e) => [String(e.rank), e.name + (e.you ? ' (you)' : ''), signed(e.score), e.place ? `${e.place} of 5` : '—'],
    stats: (s) => [
      ['Games finished', String(s.games)],
      ['Average score', s.average_score === null ? '—' : signed(s.average_score)],
      ['Games won', String(s.wins)],
      ['Pick rate', percent(s.pick_rate)],
      ['Picker win rate', percent(s.picker_win_rate)],
    ],
    historyColumns: ['Started', 'Game', 'Table', 'Opponents', 'Score', 'Place', ''],
    historyCells: (g) => [g.status === 'over' ? signed(g.score) : '—', g.place ? `${g.place} of 5` : '—'],
  },
  spades: {
    title: 'Spades',
    note: 'Ranked by final margin: your score minus the computer\'s. Daily wins counts every ranked Spades Daily a player has won.',
    columns: ['Rank', 'Player', 'Margin', 'Result', 'Final score', 'Daily wins'],
    row: (e) => [String(e.rank), e.name + (e.you ? ' (you)' : ''), signed(e.score), e.won ? 'Won' : 'Lost',
      e.totals ? `${e.totals[0]} – ${e.totals[1]}` : '—', String(e.daily_wins)],
    stats: (s) => [
      ['Games finished', String(s.games)],
      ['Games won', String(s.wins)],
      ['Average margin', s.average_score === null ? '—' : signed(s.average_score)],
      ['Bids made', percent(s.contract_rate)],
      ['Nils made', s.nils ? `${s.nils_made} of ${s.nils}` : '—'],
      ['Bags taken', String(s.bags)],
    ],
    historyColumns: ['Started', 'Game', 'Table', 'Computer', 'Margin', 'Result', ''],
    historyCells: (g) => [g.status === 'over' ? signed(g.score) : '—', g.place ? (g.place === 1 ? 'Won' : 'Lost') : '—'],
  },
};

const page = { game: 'sheepshead' };

function percent(x) {
  return x === null || x === undefined ? '—' : `${Math.round(x * 100)}%`;
}

function head(table, columns, numeric) {
  table.querySelector('thead').replaceChildren(el('tr', {}, ...columns.map((c, k) =>
    el('th', { scope: 'col', class: numeric(k) ? 'num' : null }, c))));
}

async function showDay(date) {
  const info = GAMES[page.game];
  const board = await api.leaderboard(date, page.game);
  const isToday = board.date === board.today;
  $('board-title').textContent = `${info.title} Daily leaderboard`;
  $('ranking-caption').textContent = isToday ? `Today's ${info.title} Daily (${board.date})` : `${info.title} Daily of ${board.date}`;
  $('day-note').textContent = isToday ? 'Days change at midnight, US Central time.' : '';
  $('ranking-note').textContent = info.note;
  const days = new Map(board.days.map((d) => [d.date, d.players]));
  if (!days.has(board.today)) days.set(board.today, 0);
  const select = $('day');
  select.replaceChildren(...[...days.entries()].sort((a, b) => (a[0] < b[0] ? 1 : -1)).map(([day, players]) => {
    const option = el('option', { value: day }, `${day}${day === board.today ? ' (today)' : ''} — ${players} ${players === 1 ? 'player' : 'players'}`);
    if (day === board.date) option.selected = true;
    return option;
  }));
  head($('ranking'), info.columns, (k) => k !== 1);
  const rows = board.entries.map((e) => el('tr', { class: e.you ? 'you' : null },
    ...info.row(e).map((value, k) => el('td', { class: k !== 1 ? 'num' : null }, value,
      // Once the day has ended, every ranked game of the board can be watched.
      k === 1 && e.replay && page.game === 'sheepshead' ? el('a', { href: e.replay, class: 'watch' }, ' watch') : null))));
  $('ranking').querySelector('tbody').replaceChildren(...rows);
  $('ranking-empty').hidden = rows.length > 0;
  await showDailyExtras(board, page.game, info, rows);
}

async function showMe() {
  const info = GAMES[page.game];
  const stats = await api.stats(page.game);
  $('nickname').value = stats.nickname || '';
  const item = (label, value) => el('div', {}, el('dt', {}, label), el('dd', {}, value));
  const streak = stats.daily_streak;
  $('stats').replaceChildren(item('Name', stats.name), ...info.stats(stats).map(([label, value]) => item(label, value)),
    item('Daily streak', `${streak.current} ${streak.current === 1 ? 'day' : 'days'} (best ${streak.best})`));
  head($('history'), info.historyColumns, (k) => k === 4 || k === 5);
  const rows = stats.history.map((g) => el('tr', {},
    el('td', {}, (g.created_at || '').slice(0, 10)),
    el('td', {}, g.mode === 'daily' ? `Daily ${g.daily_date}${g.ranked ? ' (ranked)' : ''}` : 'New game'),
    el('td', {}, g.preset || ''),
    el('td', {}, g.difficulty),
    ...info.historyCells(g).map((value) => el('td', { class: 'num' }, value)),
    el('td', {}, g.status === 'over' ? 'finished' : el('a', { href: `/#game=${g.id}` }, 'continue'),
      page.game === 'sheepshead' ? el('a', { href: `/replay?game=${g.id}`, class: 'watch' }, ' replay') : null)));
  $('history').querySelector('tbody').replaceChildren(...rows);
  $('history-empty').hidden = rows.length > 0;
}

async function showGame(game, date = null) {
  page.game = GAMES[game] ? game : 'sheepshead';
  $('game').value = page.game;
  document.title = `${GAMES[page.game].title} leaderboard — Tricktable`;
  history.replaceState(null, '', page.game === 'sheepshead' ? '/leaderboard' : `/leaderboard?game=${page.game}`);
  await Promise.all([showDay(date), showMe()]);
}

async function init() {
  $('day').addEventListener('change', () => showDay($('day').value).catch((e) => toast(e.message, 'error')));
  $('game').addEventListener('change', () => showGame($('game').value).catch((e) => toast(e.message, 'error')));
  $('nickname-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    try {
      await api.setNickname($('nickname').value);
      await Promise.all([showDay($('day').value), showMe()]);
      toast('Nickname saved.');
    } catch (error) {
      toast(error.message, 'error');
    }
  });
  try {
    await showGame(new URLSearchParams(location.search).get('game') || 'sheepshead');
  } catch (error) {
    toast(error.message, 'error');
  }
  document.body.dataset.state = 'ready';
}

init();
