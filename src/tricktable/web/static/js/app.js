// The home page: choose Sheepshead or Spades, start a new game or today's Daily, continue a
// game, set a nickname.  Each game's table lives in its own module.

import { api } from './api.js';
import { hooks, session, setState } from './common.js';
import { fillHouseOptions, houseOptionsBody, summarizeHouseOptions } from './house.js';
import { formatDay, t } from './i18n.js';
import './language-menu.js';
import './nickname-fields.js';
import { setupSheepshead, startSheepshead, stopSheepshead } from './sheepshead.js';
import { setupSpades, startSpades, stopSpades } from './spades.js';
import { $, el, toast } from './ui.js';
import { setupWelcome, showDaily } from './welcome.js';

// Each game's words are catalogue keys.
const GAMES = {
  sheepshead: {
    title: 'web.game.sheepshead',
    lede: 'web.lobby.sheepshead_lede',
    computers: 'web.lobby.computer_players',
    daily: 'web.lobby.sheepshead_daily',
    start: startSheepshead,
  },
  spades: {
    title: 'web.game.spades',
    lede: 'web.lobby.spades_lede',
    computers: 'web.lobby.computer_player',
    daily: 'web.lobby.spades_daily',
    start: startSpades,
  },
};

const PRESET_LABELS = {
  milwaukee: 'web.preset.milwaukee',
  pagat: 'web.preset.pagat',
  tavern: 'web.preset.tavern',
  'wisconsin-jd': 'web.preset.wisconsin_jd',
  standard: 'web.preset.standard',
  short: 'web.preset.short',
};
// What each table plays, under its name in the menu.
const PRESET_NOTES = {
  milwaukee: 'web.preset_note.milwaukee', pagat: 'web.preset_note.pagat', tavern: 'web.preset_note.tavern',
  'wisconsin-jd': 'web.preset_note.wisconsin_jd', standard: 'web.preset_note.standard', short: 'web.preset_note.short',
};
const DIFFICULTY_LABELS = { easy: 'web.difficulty.easy', normal: 'web.difficulty.normal', hard: 'web.difficulty.hard' };

// A choice's words: its message when it has one, else its name as the server sends it.
function label(labels, value) {
  return labels[value] ? t(labels[value]) : String(value);
}

const lobby = {
  game: null, // the game chosen on the home page
  target: new URLSearchParams(location.search).get('target'), // test-only, see testTarget()
};

function chosenGame() {
  const fromUrl = new URLSearchParams(location.search).get('game');
  const stored = localStorage.getItem('tricktable.game');
  for (const name of [fromUrl, stored]) {
    if (name && GAMES[name] && session.options.games[name]) return name;
  }
  return 'sheepshead';
}

function fillSelect(select, values, chosen, labels = {}) {
  select.replaceChildren(...values.map((value) => {
    const option = el('option', { value: String(value) }, label(labels, value));
    if (String(value) === String(chosen)) option.selected = true;
    return option;
  }));
}

function chooseGame(name) {
  lobby.game = name;
  localStorage.setItem('tricktable.game', name);
  const info = GAMES[name];
  const options = session.options.games[name];
  document.title = `Tricktable — ${t(info.title)}`;
  document.body.dataset.game = name;
  for (const choice of document.querySelectorAll('#game-choice [data-game]')) {
    const on = choice.dataset.game === name;
    choice.setAttribute('aria-checked', String(on));
    choice.tabIndex = on ? 0 : -1;
  }
  $('lobby-title').textContent = t(info.title);
  $('lobby-lede').textContent = t(info.lede);
  $('difficulty-label-text').textContent = t(info.computers);
  fillSelect($('preset'), options.presets, options.default_preset, PRESET_LABELS);
  presetChosen();
  fillSelect($('difficulty'), Object.keys(options.difficulties), options.default_difficulty, DIFFICULTY_LABELS);
  $('hands-label').hidden = options.hands.length === 0;
  if (options.hands.length) fillSelect($('hands'), options.hands, options.hands.includes(10) ? 10 : options.hands[0]);
  $('rules-link').href = `/rules?game=${name}`;
  // Sheepshead's lessons are the list; Spades has one lesson of its own.
  $('learn-link').href = name === 'sheepshead' ? '/learn' : `/learn?lesson=${name}`;
  $('leaderboard-link').href = `/leaderboard?game=${name}`;
  return refreshLobby();
}

// A table's house options (Sheepshead) fill New game's house rules, to change if wanted.
function presetChosen() {
  const note = PRESET_NOTES[$('preset').value];
  $('preset-note').textContent = note ? t(note) : '';
  const house = session.options.games[lobby.game].house_options || {};
  fillHouseOptions(house[$('preset').value] || null);
}

async function refreshLobby() {
  const name = lobby.game;
  const info = GAMES[name];
  try {
    const [daily, games] = await Promise.all([api.daily(name), api.games()]);
    if (lobby.game !== name) return; // another game was chosen meanwhile
    showDaily(daily, t(info.daily));
    const playing = games.games.filter((g) => g.status === 'playing');
    $('continue-panel').hidden = playing.length === 0;
    $('continue-list').replaceChildren(...playing.slice(0, 8).map((g) => {
      const game = GAMES[g.game] ? t(GAMES[g.game].title) : g.game;
      const what = g.mode === 'daily'
        ? t('web.lobby.continue_daily', { game, date: formatDay(g.daily_date) })
        : t('web.lobby.continue_new', { game, preset: label(PRESET_LABELS, g.preset), difficulty: label(DIFFICULTY_LABELS, g.difficulty) })
          + (g.coached ? ` · ${t('web.coach.short')}` : '');
      return el('li', {}, el('span', {}, what), button(t('web.lobby.continue_button'), () => openGame(g.id)));
    }));
  } catch (error) {
    toast(error, 'error');
  }
}

function button(text, onClick) {
  const b = el('button', { type: 'button' }, text);
  b.addEventListener('click', onClick);
  return b;
}

function leaveTables() {
  stopSheepshead();
  stopSpades();
}

async function showLobby() {
  lobby.game = lobby.game || chosenGame();
  const query = new URLSearchParams();
  if (lobby.game && lobby.game !== 'sheepshead') query.set('game', lobby.game);
  if (lobby.target) query.set('target', lobby.target);
  const text = query.toString();
  history.replaceState(null, '', text ? `/?${text}` : '/');
  leaveTables();
  document.body.append($('toast')); // a table had taken the messages into its prompt
  $('lobby').hidden = false;
  setState('lobby');
  await chooseGame(lobby.game);
}

async function openGame(id) {
  try {
    startTable(await api.game(id));
  } catch (error) {
    toast(error, 'error');
    showLobby();
  }
}

function startTable(game, options = {}) {
  history.replaceState(null, '', `/#game=${game.id}`);
  $('lobby').hidden = true;
  leaveTables();
  const info = GAMES[game.game];
  if (!info) {
    toast(t('web.lobby.unknown_game', { game: game.game }), 'error');
    showLobby();
    return;
  }
  info.start(game, options);
}

// A test-only option: /?target=N starts Spades games to N points (the server must allow it).
function testTarget() {
  return lobby.target && session.options.test_options ? Number(lobby.target) : null;
}

async function startNewGame(event) {
  event.preventDefault();
  const options = session.options.games[lobby.game];
  const body = { game: lobby.game, preset: $('preset').value, difficulty: $('difficulty').value };
  if (options.hands.length) body.hands = Number($('hands').value);
  Object.assign(body, houseOptionsBody() || {});
  if ($('coached').checked) body.coached = true; // the coach's line after each decision, and Undo
  const target = lobby.game === 'spades' ? testTarget() : null;
  if (target) body.target = target;
  try {
    startTable(await api.newGame(body), { animate: true });
  } catch (error) {
    toast(error, 'error');
  }
}

async function startDaily() {
  try {
    const game = await api.startDaily(lobby.game);
    startTable(game, { animate: game.events.length > 0 });
  } catch (error) {
    toast(error, 'error');
  }
}

async function saveNickname(event) {
  event.preventDefault();
  try {
    session.me = await api.setNickname($('nickname').value);
    $('nickname').value = session.me.nickname || '';
    toast(t('web.lobby.saved', { name: session.me.name }));
  } catch (error) {
    toast(error, 'error');
  }
}

function onChoiceKey(event) {
  const choices = [...document.querySelectorAll('#game-choice [data-game]')];
  const index = choices.indexOf(document.activeElement);
  if (index < 0) return;
  let next = null;
  if (event.key === 'ArrowRight' || event.key === 'ArrowDown') next = (index + 1) % choices.length;
  if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') next = (index - 1 + choices.length) % choices.length;
  if (next === null) return;
  event.preventDefault();
  choices[next].focus();
  chooseGame(choices[next].dataset.game);
}

async function init() {
  hooks.lobby = showLobby;
  setupWelcome();
  setupSheepshead();
  setupSpades();
  $('new-game-form').addEventListener('submit', startNewGame);
  $('preset').addEventListener('change', presetChosen);
  $('house-options').addEventListener('change', summarizeHouseOptions);
  $('nickname-form').addEventListener('submit', saveNickname);
  $('daily-button').addEventListener('click', startDaily);
  for (const choice of document.querySelectorAll('#game-choice [data-game]')) {
    choice.addEventListener('click', () => chooseGame(choice.dataset.game));
  }
  $('game-choice').addEventListener('keydown', onChoiceKey);
  try {
    [session.me, session.options] = await Promise.all([api.me(), api.options()]);
  } catch (error) {
    toast(error, 'error');
    return;
  }
  $('nickname').value = session.me.nickname || '';
  const match = /game=([0-9a-f]+)/.exec(location.hash);
  if (match) {
    lobby.game = chosenGame();
    await openGame(match[1]);
  } else {
    await showLobby();
  }
}

init();
