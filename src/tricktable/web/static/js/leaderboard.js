// The leaderboard page: a day's Daily ranking, my statistics and my games.

import { api } from './api.js';
import { $, el, signed, toast } from './ui.js';

function percent(x) {
  return x === null || x === undefined ? '—' : `${Math.round(x * 100)}%`;
}

async function showDay(date) {
  const board = await api.leaderboard(date);
  const isToday = board.date === board.today;
  $('ranking-caption').textContent = isToday ? `Today's Daily (${board.date})` : `Daily of ${board.date}`;
  $('day-note').textContent = isToday ? 'Days change at midnight, US Central time.' : '';
  const days = new Map(board.days.map((d) => [d.date, d.players]));
  if (!days.has(board.today)) days.set(board.today, 0);
  const select = $('day');
  select.replaceChildren(...[...days.entries()].sort((a, b) => (a[0] < b[0] ? 1 : -1)).map(([day, players]) => {
    const option = el('option', { value: day }, `${day}${day === board.today ? ' (today)' : ''} — ${players} ${players === 1 ? 'player' : 'players'}`);
    if (day === board.date) option.selected = true;
    return option;
  }));
  const rows = board.entries.map((e) => el('tr', { class: e.you ? 'you' : null },
    el('td', { class: 'num' }, String(e.rank)),
    el('td', {}, e.name + (e.you ? ' (you)' : '')),
    el('td', { class: 'num' }, signed(e.score)),
    el('td', { class: 'num' }, e.place ? `${e.place} of 5` : '—')));
  $('ranking').querySelector('tbody').replaceChildren(...rows);
  $('ranking-empty').hidden = rows.length > 0;
}

async function showMe() {
  const stats = await api.stats();
  $('nickname').value = stats.nickname || '';
  const item = (label, value) => el('div', {}, el('dt', {}, label), el('dd', {}, value));
  $('stats').replaceChildren(
    item('Name', stats.name),
    item('Games finished', String(stats.games)),
    item('Average score', stats.average_score === null ? '—' : signed(stats.average_score)),
    item('Games won', String(stats.wins)),
    item('Pick rate', percent(stats.pick_rate)),
    item('Picker win rate', percent(stats.picker_win_rate)),
  );
  const rows = stats.history.map((g) => el('tr', {},
    el('td', {}, (g.created_at || '').slice(0, 10)),
    el('td', {}, g.mode === 'daily' ? `Daily ${g.daily_date}${g.ranked ? ' (ranked)' : ''}` : 'New game'),
    el('td', {}, g.preset || ''),
    el('td', {}, g.difficulty),
    el('td', { class: 'num' }, g.status === 'over' ? signed(g.score) : '—'),
    el('td', { class: 'num' }, g.place ? `${g.place} of 5` : '—'),
    el('td', {}, g.status === 'over' ? 'finished' : el('a', { href: `/#game=${g.id}` }, 'continue'))));
  $('history').querySelector('tbody').replaceChildren(...rows);
  $('history-empty').hidden = rows.length > 0;
}

async function init() {
  $('day').addEventListener('change', () => showDay($('day').value).catch((e) => toast(e.message, 'error')));
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
    await Promise.all([showDay(null), showMe()]);
  } catch (error) {
    toast(error.message, 'error');
  }
  document.body.dataset.state = 'ready';
}

init();
