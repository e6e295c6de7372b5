// A table with friends: create one (/friends), sit at it by its invite link (/t/<invite>), watch
// the lobby fill, start, and play with the game's own table (sheepshead.js, spades.js) while the
// others' moves arrive live over a WebSocket (polling where WebSockets fail); quick phrases;
// rematch.  The seat token lives in this browser's localStorage, per table.

import { ApiError } from './api.js';
import { hooks, session } from './common.js';
import { receiveSheepshead, setupSheepshead, sheepsheadBusy, startSheepshead, stopSheepshead } from './sheepshead.js';
import { receiveSpades, setupSpades, spadesBusy, startSpades, stopSpades } from './spades.js';
import { $, NAMES, el, toast } from './ui.js';

const GAMES = {
  sheepshead: { start: startSheepshead, stop: stopSheepshead, receive: receiveSheepshead, busy: sheepsheadBusy, view: 'table-view' },
  spades: { start: startSpades, stop: stopSpades, receive: receiveSpades, busy: spadesBusy, view: 'spades-view' },
};
const SECTIONS = ['friends-new', 'friends-join', 'friends-lobby', 'table-extras'];
const PRESET_LABELS = {
  milwaukee: 'Milwaukee', pagat: 'Pagat', tavern: 'Tavern', 'wisconsin-jd': 'Wisconsin (J♦ partner)',
  standard: 'Standard (to 500)', short: 'Short (to 250)',
};
const INVITE = /^\/t\/([0-9A-Za-z_-]{16,64})\/?$/.exec(location.pathname);

const live = {
  invite: INVITE ? INVITE[1] : null,
  token: null,
  table: null, // the table as last heard (seats, state)
  gameId: null, // the game on the table now
  shown: 0, // the events of that game handed to the table so far
  said: null, // the number of the last quick phrase heard (null: none asked for yet)
  version: -1, // the version of that game the table shows (an older answer is dropped)
  pending: [], // live answers not yet handed to the table
  sending: false, // the player's own action is on its way
  socket: null,
  failures: 0,
  pollTimer: null,
  pumping: false,
  tableState: null, // the table's page state when the lobby was opened over it
};

const tokenKey = () => `tricktable.table.${live.invite}`;

function showOnly(...ids) {
  for (const id of SECTIONS) $(id).hidden = !ids.includes(id);
}

async function call(method, url, body) {
  const options = { method, headers: { Accept: 'application/json' }, credentials: 'same-origin' };
  if (live.token) options.headers['X-Seat-Token'] = live.token;
  if (body !== undefined) {
    options.headers['Content-Type'] = 'application/json';
    options.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(url, options);
  } catch (error) {
    throw new ApiError(0, { error: 'network', message: 'The server cannot be reached. Check your connection.' });
  }
  let data = null;
  try {
    data = await response.json();
  } catch (error) {
    data = null;
  }
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

// --- Creating and joining --------------------------------------------------------------------

function fillSelect(select, values, chosen, labels = {}) {
  select.replaceChildren(...values.map((value) => {
    const option = el('option', { value: String(value) }, labels[value] || String(value));
    if (String(value) === String(chosen)) option.selected = true;
    return option;
  }));
}

function chooseGame() {
  const game = $('table-game').value;
  const options = session.options.games[game];
  fillSelect($('table-preset'), options.presets, options.default_preset, PRESET_LABELS);
  fillSelect($('table-difficulty'), Object.keys(options.difficulties), options.default_difficulty,
    { easy: 'Easy', normal: 'Normal', hard: 'Hard' });
  $('table-hands-label').hidden = options.hands.length === 0;
  if (options.hands.length) fillSelect($('table-hands'), options.hands, options.hands[0]);
}

async function createTable(event) {
  event.preventDefault();
  const game = $('table-game').value;
  const body = { game, preset: $('table-preset').value, difficulty: $('table-difficulty').value, nickname: $('table-nickname').value };
  if (session.options.games[game].hands.length) body.hands = Number($('table-hands').value);
  if ($('table-timer').value) body.turn_seconds = Number($('table-timer').value);
  const target = new URLSearchParams(location.search).get('target'); // test-only, as on the home page
  if (game === 'spades' && target && session.options.test_options) body.target = Number(target);
  try {
    const made = await call('POST', '/api/tables', body);
    localStorage.setItem(`tricktable.table.${made.invite}`, made.token);
    location.assign(`/t/${made.invite}`);
  } catch (error) {
    toast(error.message, 'error');
  }
}

async function joinTable(event) {
  event.preventDefault();
  try {
    const joined = await call('POST', `/api/tables/${live.invite}/seats`, { nickname: $('join-nickname').value });
    live.token = joined.token;
    localStorage.setItem(tokenKey(), joined.token);
    onState(joined);
    connect();
  } catch (error) {
    toast(error.message, 'error');
  }
}

// --- The lobby -------------------------------------------------------------------------------

function seatItem(seat, you) {
  let tag = { open: 'Open: a computer plays it if nobody sits', computer: 'Computer player', human: 'Player' }[seat.kind];
  if (seat.host) tag += ' · host';
  if (seat.kind === 'human' && seat.away) tag += ' · away (a computer plays)';
  else if (seat.kind === 'human' && !seat.connected) tag += ' · not connected';
  return el('li', { 'data-kind': seat.kind, 'data-seat': seat.seat },
    el('b', {}, seat.kind === 'human' ? seat.nickname + (seat.seat === you ? ' (you)' : '') : seat.kind === 'open' ? 'Empty seat' : 'Computer'),
    el('span', { class: 'tag' }, tag));
}

function renderLobby() {
  const table = live.table;
  if (!table) return;
  const host = table.you === table.host_seat;
  $('lobby-table-title').textContent = `${table.game === 'spades' ? 'Spades' : 'Sheepshead'} with friends`;
  $('lobby-info').textContent = `${PRESET_LABELS[table.preset] || table.preset}` +
    (table.hands ? ` · ${table.hands} hands` : '') + ` · computers: ${table.difficulty}` +
    (table.turn_seconds ? ` · turn timer ${table.turn_seconds} s` : '');
  $('invite-link').value = `${location.origin}/t/${live.invite}`;
  $('lobby-seats').replaceChildren(...table.seats.map((seat) => seatItem(seat, table.you)));
  $('start-table').hidden = !(host && table.state === 'lobby');
  $('rematch-table').hidden = !(host && table.state === 'finished');
  $('back-to-table').hidden = !live.gameId;
  const waiting = { lobby: host ? 'Start when your friends are seated; empty seats become computer players.' : 'Waiting for the host to start.',
    playing: 'The game is on.', finished: host ? 'The game is over: start a rematch at the same seats?' : 'The game is over; the host can start a rematch.' };
  $('lobby-wait').textContent = waiting[table.state];
}

function showLobby() {
  const game = live.table && GAMES[live.table.game];
  if (game) $(game.view).hidden = true;
  showOnly('friends-lobby');
  if (document.body.dataset.state !== 'table-lobby') live.tableState = document.body.dataset.state;
  document.body.dataset.state = 'table-lobby';
  renderLobby();
}

function showTable() {
  const game = GAMES[live.table.game];
  showOnly('table-extras');
  $(game.view).hidden = false;
  $(game.view).after($('table-extras'));
  if (document.body.dataset.state === 'table-lobby') document.body.dataset.state = live.tableState || 'idle';
}

async function startOrRematch(path) {
  try {
    onState(await call('POST', `/api/tables/${live.invite}/${path}`));
  } catch (error) {
    toast(error.message, 'error');
    if (error.game) onState(error.game);
  }
}

// --- Live: the others' moves as they come ------------------------------------------------------

function seatNames(table) {
  return table.seats.map((seat) => (seat.seat === table.you ? 'You'
    : seat.kind === 'human' ? seat.nickname : `Computer ${seat.seat}`));
}

function onState(state) {
  live.table = state.table;
  if (!$('phrases').children.length) renderPhrases(state.table.phrases);
  for (const said of state.said || []) showPhrase(said); // said while this browser was away
  live.said = Math.max(live.said ?? 0, state.table.said);
  const game = state.game;
  if (!game) {
    if (!live.gameId) showLobby();
    else renderLobby();
    return;
  }
  NAMES.splice(0, NAMES.length, ...seatNames(state.table));
  if (game.id !== live.gameId) {
    const module = GAMES[game.game];
    live.gameId = game.id;
    live.shown = game.event_count;
    live.version = game.version;
    live.pending = [];
    document.body.dataset.me = String(game.seat);
    module.stop();
    showTable();
    module.start({ ...game, events: [] });
    return;
  }
  renderLobby();
  live.pending.push(game);
  pump();
}

// Several answers as one: every event not yet handed to the table, once, in order; the latest
// view.  Null when there is nothing new.
function merged(answers) {
  if (!answers.length) return null;
  const events = [];
  for (const answer of answers) {
    if (answer.id !== live.gameId) continue;
    for (const event of answer.events) {
      if (event.index === live.shown + events.length) events.push(event);
    }
  }
  const ours = answers.filter((a) => a.id === live.gameId);
  const latest = ours.reduce((a, b) => (b.version >= a.version ? b : a), ours[0]);
  if (!latest || (latest.version < live.version && !events.length)) return null;
  live.shown += events.length;
  live.version = Math.max(live.version, latest.version);
  return { ...latest, events };
}

async function pump() {
  const module = live.table && GAMES[live.table.game];
  if (live.pumping || live.sending || !module || module.busy() || !live.pending.length) return;
  live.pumping = true;
  try {
    const answer = merged(live.pending.splice(0));
    if (answer) await module.receive(answer);
  } finally {
    live.pumping = false;
  }
}

// The table's own send, for a table with friends: the action goes to the table; the answer the
// table animates is what the live connection brought (its events and the others' after it).
async function act(id, body) {
  live.sending = true;
  try {
    let answer;
    try {
      answer = await call('POST', `/api/tables/${live.invite}/actions`, body);
    } catch (error) {
      if (error.game && error.game.game) {
        live.pending.push(error.game.game);
        error.game = merged(live.pending.splice(0));
      }
      throw error;
    }
    const wanted = answer.game.version;
    const deadline = Date.now() + 2500;
    while (!live.pending.some((g) => g.id === live.gameId && g.version >= wanted) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    if (!live.pending.some((g) => g.version >= wanted)) live.pending.push(await poll());
    return merged(live.pending.splice(0)) || { ...answer.game, events: [] };
  } finally {
    live.sending = false;
  }
}

function status(text) {
  $('live-status').textContent = text;
}

function connect() {
  if (live.socket) return;
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const socket = new WebSocket(`${scheme}//${location.host}/api/tables/${live.invite}/live${resumeQuery()}`);
  live.socket = socket;
  socket.addEventListener('open', () => {
    socket.send(JSON.stringify({ token: live.token }));
    live.failures = 0;
    stopPolling();
    status('');
  });
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(event.data);
    if (message.type === 'state') onState(message);
    else if (message.type === 'phrase') showPhrase(message.said);
    else if (message.type === 'error') {
      toast(message.message, 'error');
      if (message.error === 'not_seated') forgetSeat();
    }
  });
  socket.addEventListener('close', () => {
    live.socket = null;
    if (!live.token) return;
    live.failures += 1;
    status('Reconnecting…');
    if (live.failures >= 3) startPolling();
    setTimeout(connect, Math.min(5000, 300 * live.failures));
  });
}

// Where the table resumes: after the events shown of the game on it, the phrases heard.
function resumeQuery() {
  const query = new URLSearchParams();
  if (live.gameId) {
    query.set('after', live.shown);
    query.set('game', live.gameId);
  }
  if (live.said !== null) query.set('said', live.said);
  const text = query.toString();
  return text ? `?${text}` : '';
}

async function poll() {
  const state = await call('GET', `/api/tables/${live.invite}${resumeQuery()}`);
  live.table = state.table;
  for (const said of state.said || []) showPhrase(said);
  live.said = Math.max(live.said ?? 0, state.table.said);
  return state.game;
}

function startPolling() {
  if (live.pollTimer) return;
  status('Live connection lost: checking for moves every 2 s.');
  live.pollTimer = setInterval(async () => {
    try {
      onState(await call('GET', `/api/tables/${live.invite}${resumeQuery()}`));
    } catch (error) {
      status(error.message);
    }
  }, 2000);
}

function stopPolling() {
  if (live.pollTimer) clearInterval(live.pollTimer);
  live.pollTimer = null;
}

function forgetSeat() {
  live.token = null;
  localStorage.removeItem(tokenKey());
  if (live.socket) live.socket.close();
  showJoin();
}

// --- Quick phrases ---------------------------------------------------------------------------

let phraseTimer = null;
let phrasesShown = []; // the last few phrases, shown together for a moment

// A phrase once, in the order said (each is numbered; one heard already is not shown again).
function showPhrase(said) {
  if (live.said !== null && said.number <= live.said) return;
  live.said = said.number;
  const who = live.table && said.seat === live.table.you ? 'You' : said.nickname;
  phrasesShown = [...phrasesShown, `${who}: ${said.text}`].slice(-3);
  $('said').textContent = phrasesShown.join(' · ');
  clearTimeout(phraseTimer);
  phraseTimer = setTimeout(() => { phrasesShown = []; $('said').textContent = ''; }, 5000);
}

function renderPhrases(phrases) {
  $('phrases').replaceChildren(...phrases.map(({ id, text }) => {
    const b = el('button', { type: 'button', 'data-phrase': id }, text);
    b.addEventListener('click', () => call('POST', `/api/tables/${live.invite}/phrases`, { phrase: id })
      .catch((error) => toast(error.message, 'error')));
    return b;
  }), (() => {
    const b = el('button', { type: 'button', id: 'seats-button' }, 'Seats');
    b.addEventListener('click', showLobby);
    return b;
  })());
}

// --- Start -----------------------------------------------------------------------------------

async function showJoin() {
  showOnly('friends-join');
  document.body.dataset.state = 'table-join';
  try {
    const { table } = await call('GET', `/api/tables/${live.invite}`);
    const taken = table.seats.filter((s) => s.kind === 'human').map((s) => s.nickname);
    $('join-info').textContent = `${table.game === 'spades' ? 'Spades' : 'Sheepshead'} with ${taken.join(', ')}.` +
      (table.state === 'lobby' ? ' Choose a nickname and sit down.' : ' This table has started: only its players can come back to it.');
    $('join-nickname').value = (session.me && session.me.nickname) || '';
  } catch (error) {
    $('join-info').textContent = error.message;
    $('join-form').hidden = true;
  }
}

async function init() {
  setupSheepshead();
  setupSpades();
  hooks.lobby = showLobby;
  hooks.act = act;
  setInterval(pump, 120);
  $('new-table-form').addEventListener('submit', createTable);
  $('join-form').addEventListener('submit', joinTable);
  $('table-game').addEventListener('change', chooseGame);
  $('start-table').addEventListener('click', () => startOrRematch('start'));
  $('rematch-table').addEventListener('click', () => startOrRematch('rematch'));
  $('back-to-table').addEventListener('click', showTable);
  $('copy-invite').addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText($('invite-link').value);
      toast('Invite link copied.');
    } catch (error) {
      $('invite-link').select();
      toast('Select the link and copy it.');
    }
  });
  try {
    [session.me, session.options] = await Promise.all([call('GET', '/api/me'), call('GET', '/api/options')]);
  } catch (error) {
    toast(error.message, 'error');
    return;
  }
  if (!live.invite) {
    showOnly('friends-new');
    document.body.dataset.state = 'table-new';
    $('table-nickname').value = session.me.nickname || '';
    chooseGame();
    return;
  }
  live.token = localStorage.getItem(tokenKey());
  if (!live.token) {
    await showJoin();
    return;
  }
  try {
    onState(await call('GET', `/api/tables/${live.invite}`));
  } catch (error) {
    if (error.status === 403) {
      forgetSeat();
      return;
    }
    toast(error.message, 'error');
    return;
  }
  connect();
}

init();
