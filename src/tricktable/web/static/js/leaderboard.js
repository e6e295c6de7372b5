// The leaderboard page: a day's Daily ranking (Sheepshead or Spades), my statistics and my games.

import { api } from './api.js';
import { showDailyExtras } from './daily-board.js';
import { formatDay, formatNumber, formatPercent, t } from './i18n.js';
import './language-menu.js';
import './nickname-fields.js';
import { $, el, signed, toast } from './ui.js';

const PRESET_LABELS = {
  milwaukee: 'web.preset.milwaukee', pagat: 'web.preset.pagat', tavern: 'web.preset.tavern',
  'wisconsin-jd': 'web.preset.wisconsin_jd', standard: 'web.preset.standard', short: 'web.preset.short',
};
const DIFFICULTY_LABELS = { easy: 'web.difficulty.easy', normal: 'web.difficulty.normal', hard: 'web.difficulty.hard' };

function label(labels, value) {
  return labels[value] ? t(labels[value]) : String(value ?? '');
}

function you(entry) {
  return entry.you ? t('web.board.name_you', { name: entry.name }) : entry.name;
}

function placeOf(place) {
  return place ? t('web.board.place_of', { place, seats: 5 }) : '—';
}

// Each game's columns and words; the words are catalogue keys.
const GAMES = {
  sheepshead: {
    title: 'web.board.title_sheepshead',
    today: 'web.board.caption_today_sheepshead',
    past: 'web.board.caption_past_sheepshead',
    note: 'web.board.note_sheepshead',
    columns: ['web.board.col_rank', 'web.board.col_player', 'web.board.col_score', 'web.board.col_place'],
    row: (e) => [formatNumber(e.rank), you(e), signed(e.score), placeOf(e.place)],
    stats: (s) => [
      ['web.board.stat_games', formatNumber(s.games)],
      ['web.board.stat_average_score', s.average_score === null ? '—' : signed(s.average_score)],
      ['web.board.stat_wins', formatNumber(s.wins)],
      ['web.board.stat_pick_rate', formatPercent(s.pick_rate)],
      ['web.board.stat_picker_wins', formatPercent(s.picker_win_rate)],
    ],
    historyColumns: ['web.board.col_started', 'web.board.col_game', 'web.board.col_table', 'web.board.col_opponents',
      'web.board.col_score', 'web.board.col_place', 'web.board.col_status'],
    historyCells: (g) => [g.status === 'over' ? signed(g.score) : '—', placeOf(g.place)],
  },
  spades: {
    title: 'web.board.title_spades',
    today: 'web.board.caption_today_spades',
    past: 'web.board.caption_past_spades',
    note: 'web.board.note_spades',
    columns: ['web.board.col_rank', 'web.board.col_player', 'web.board.col_margin', 'web.board.col_result',
      'web.board.col_final_score', 'web.board.col_daily_wins'],
    row: (e) => [formatNumber(e.rank), you(e), signed(e.score), t(e.won ? 'web.board.won' : 'web.board.lost'),
      e.totals ? t('web.board.score_pair', { yours: e.totals[0], theirs: e.totals[1] }) : '—', formatNumber(e.daily_wins)],
    stats: (s) => [
      ['web.board.stat_games', formatNumber(s.games)],
      ['web.board.stat_wins', formatNumber(s.wins)],
      ['web.board.stat_average_margin', s.average_score === null ? '—' : signed(s.average_score)],
      ['web.board.stat_bids_made', formatPercent(s.contract_rate)],
      ['web.board.stat_nils_made', s.nils ? t('web.board.of', { part: s.nils_made, whole: s.nils }) : '—'],
      ['web.board.stat_bags', formatNumber(s.bags)],
    ],
    historyColumns: ['web.board.col_started', 'web.board.col_game', 'web.board.col_table', 'web.board.col_computer',
      'web.board.col_margin', 'web.board.col_result', 'web.board.col_status'],
    historyCells: (g) => [g.status === 'over' ? signed(g.score) : '—',
      g.place ? t(g.place === 1 ? 'web.board.won' : 'web.board.lost') : '—'],
  },
};

const page = { game: 'sheepshead', today: null };

// A column's short name on a phone, where the long one would not fit its column.
const SHORT = { 'web.board.col_rank': () => '#', 'web.board.col_place': () => t('web.board.col_place_short') };

function head(table, columns, numeric) {
  table.querySelector('thead').replaceChildren(el('tr', {}, ...columns.map((c, k) =>
    el('th', { scope: 'col', class: numeric(k) ? 'num' : null }, ...columnName(c)))));
}

function columnName(key) {
  if (!SHORT[key]) return [t(key)];
  return [el('span', { class: 'name-long' }, t(key)), el('span', { class: 'name-short', 'aria-hidden': 'true' }, SHORT[key]())];
}

async function showDay(date) {
  const info = GAMES[page.game];
  const board = await api.leaderboard(date, page.game);
  const isToday = board.date === board.today;
  page.today = board.today;
  $('ranking').classList.toggle('spades', page.game === 'spades');
  $('board-title').textContent = t(info.title);
  $('ranking-caption').textContent = t(isToday ? info.today : info.past, { date: formatDay(board.date) });
  $('day-note').textContent = isToday ? t('web.board.day_note') : '';
  $('ranking-note').textContent = t(info.note);
  const days = new Map(board.days.map((d) => [d.date, d.players]));
  if (!days.has(board.today)) days.set(board.today, 0);
  const select = $('day');
  select.replaceChildren(...[...days.entries()].sort((a, b) => (a[0] < b[0] ? 1 : -1)).map(([day, players]) => {
    const key = day === board.today ? 'web.board.day_option_today' : 'web.board.day_option';
    const option = el('option', { value: day }, t(key, { day: formatDay(day), count: players }));
    if (day === board.date) option.selected = true;
    return option;
  }));
  head($('ranking'), info.columns, (k) => k !== 1);
  const rows = board.entries.map((e) => el('tr', { class: e.you ? 'you' : null },
    ...info.row(e).map((value, k) => el('td', { class: k !== 1 ? 'num' : null }, value,
      // Once the day has ended, every ranked game of the board can be watched.
      k === 1 && e.replay && page.game === 'sheepshead' ? ' ' : null,
      k === 1 && e.replay && page.game === 'sheepshead' ? el('a', { href: e.replay, class: 'watch' }, t('web.board.watch')) : null))));
  $('ranking').querySelector('tbody').replaceChildren(...rows);
  $('ranking-empty').hidden = rows.length > 0;
  await showDailyExtras(board, page.game, info, rows);
}

async function showMe() {
  const info = GAMES[page.game];
  const stats = await api.stats(page.game);
  $('nickname').value = stats.nickname || '';
  const item = (name, value) => el('div', {}, el('dt', {}, t(name)), el('dd', {}, value));
  const streak = stats.daily_streak;
  $('stats').replaceChildren(item('web.board.stat_name', stats.name), ...info.stats(stats).map(([name, value]) => item(name, value)),
    item('web.board.stat_streak', t('web.board.streak', { count: streak.current, best: streak.best })));
  head($('history'), info.historyColumns, (k) => k === 4 || k === 5);
  const rows = stats.history.map((g) => {
    let mode = t('web.board.history_new');
    if (g.mode === 'daily') mode = t(g.ranked ? 'web.board.history_daily_ranked' : 'web.board.history_daily', { date: formatDay(g.daily_date) });
    // A Daily is shown face up once its day has ended: today's would only be refused.
    const hidden = g.mode === 'daily' && (!page.today || g.daily_date >= page.today);
    const replay = page.game === 'sheepshead' && !hidden
      ? el('a', { href: `/replay?game=${g.id}`, class: 'watch' }, t('web.board.replay')) : null;
    return el('tr', {},
      el('td', {}, formatDay((g.created_at || '').slice(0, 10))),
      el('td', {}, mode),
      el('td', {}, g.preset ? label(PRESET_LABELS, g.preset) : ''),
      el('td', {}, label(DIFFICULTY_LABELS, g.difficulty)),
      ...info.historyCells(g).map((value) => el('td', { class: 'num' }, value)),
      el('td', {}, g.status === 'over' ? t('web.board.finished') : el('a', { href: `/#game=${g.id}` }, t('web.board.continue')),
        replay ? ' ' : null, replay));
  });
  $('history').querySelector('tbody').replaceChildren(...rows);
  $('history-empty').hidden = rows.length > 0;
}

async function showGame(game, date = null) {
  page.game = GAMES[game] ? game : 'sheepshead';
  $('game').value = page.game;
  document.title = `${t(GAMES[page.game].title)} — Tricktable`;
  history.replaceState(null, '', page.game === 'sheepshead' ? '/leaderboard' : `/leaderboard?game=${page.game}`);
  await showDay(date); // first: it says which day is today (today's Daily has no replay yet)
  await showMe();
}

async function init() {
  $('day').addEventListener('change', () => showDay($('day').value).catch((e) => toast(e, 'error')));
  $('game').addEventListener('change', () => showGame($('game').value).catch((e) => toast(e, 'error')));
  $('nickname-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    try {
      await api.setNickname($('nickname').value);
      await Promise.all([showDay($('day').value), showMe()]);
      toast(t('web.board.nickname_saved'));
    } catch (error) {
      toast(error, 'error');
    }
  });
  try {
    await showGame(new URLSearchParams(location.search).get('game') || 'sheepshead');
  } catch (error) {
    toast(error, 'error');
  }
  document.body.dataset.state = 'ready';
}

init();
