// A table with friends: create one (/friends), sit at it by its invite link (/t/<invite>), watch
// the lobby fill, start, and play with the game's own table (sheepshead.js, spades.js) while the
// others' moves arrive live over a WebSocket (polling where WebSockets fail); quick phrases;
// rematch.  The seat token lives in this browser's localStorage, per table.

import { ApiError, request } from './api.js';
import { hooks, session } from './common.js';
import { formatList, t } from './i18n.js';
import './language-menu.js';
import './nickname-fields.js';
import { dealStart, flatStep, showFlatStep, showReplay, stepCount } from './replay.js';
import { tableReviewApi } from './review.js';
import { receiveSheepshead, setupSheepshead, sheepsheadBusy, startSheepshead, stopSheepshead } from './sheepshead.js';
import { receiveSpades, setupSpades, spadesBusy, startSpades, stopSpades } from './spades.js';
import { $, NAMES, PEOPLE, SHORT_NAMES, el, showError, toast } from './ui.js';

const GAMES = {
  sheepshead: { start: startSheepshead, stop: stopSheepshead, receive: receiveSheepshead, busy: sheepsheadBusy, view: 'table-view' },
  spades: { start: startSpades, stop: stopSpades, receive: receiveSpades, busy: spadesBusy, view: 'spades-view' },
};
const SECTIONS = ['friends-new', 'friends-join', 'friends-lobby', 'table-extras'];
const PRESET_LABELS = {
  milwaukee: 'web.preset.milwaukee', pagat: 'web.preset.pagat', tavern: 'web.preset.tavern',
  'wisconsin-jd': 'web.preset.wisconsin_jd', standard: 'web.preset.standard', short: 'web.preset.short',
};
// What each table plays, under its name in the menu.
const PRESET_NOTES = {
  milwaukee: 'web.preset_note.milwaukee', pagat: 'web.preset_note.pagat', tavern: 'web.preset_note.tavern',
  'wisconsin-jd': 'web.preset_note.wisconsin_jd', standard: 'web.preset_note.standard', short: 'web.preset_note.short',
};
const DIFFICULTY_LABELS = { easy: 'web.difficulty.easy', normal: 'web.difficulty.normal', hard: 'web.difficulty.hard' };
const TITLES = { sheepshead: 'web.friends.title_sheepshead', spades: 'web.friends.title_spades' };
const GAME_NAMES = { sheepshead: 'web.game.sheepshead', spades: 'web.game.spades' };
// The quick phrases by id: each browser shows them in its own player's language.
const PHRASES = {
  nice: 'web.phrase.nice', sorry: 'web.phrase.sorry', thanks: 'web.phrase.thanks', oops: 'web.phrase.oops',
  wow: 'web.phrase.wow', hurry: 'web.phrase.hurry', brb: 'web.phrase.brb', gg: 'web.phrase.gg',
};

// A choice's words: its message when it has one, else its name as the server sends it.
function label(labels, value) {
  return labels[value] ? t(labels[value]) : String(value);
}
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
  busy: 0, // the seconds the server asked to wait before connecting again (its database is down)
  pollTimer: null,
  pumping: false,
  tableState: null, // the table's page state when the lobby was opened over it
  watching: false, // this browser watches the table (no seat: the public view, no hand)
};

const tokenKey = () => `tricktable.table.${live.invite}`;

function showOnly(...ids) {
  for (const id of SECTIONS) $(id).hidden = !ids.includes(id);
}

/** A request to the API carrying this browser's seat token (when it has one). */
function call(method, url, body) {
  return request(method, url, body, live.token ? { 'X-Seat-Token': live.token } : {});
}

// --- Creating and joining --------------------------------------------------------------------

function fillSelect(select, values, chosen, labels = {}) {
  select.replaceChildren(...values.map((value) => {
    const option = el('option', { value: String(value) }, label(labels, value));
    if (String(value) === String(chosen)) option.selected = true;
    return option;
  }));
}

function chooseGame() {
  const game = $('table-game').value;
  const options = session.options.games[game];
  fillSelect($('table-preset'), options.presets, options.default_preset, PRESET_LABELS);
  presetChosen();
  fillSelect($('table-difficulty'), Object.keys(options.difficulties), options.default_difficulty, DIFFICULTY_LABELS);
  $('table-hands-label').hidden = options.hands.length === 0;
  if (options.hands.length) fillSelect($('table-hands'), options.hands, options.hands[0]);
}

function presetChosen() {
  const note = PRESET_NOTES[$('table-preset').value];
  $('table-preset-note').textContent = note ? t(note) : '';
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
    toast(error, 'error');
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
    toast(error, 'error');
  }
}

// --- The lobby -------------------------------------------------------------------------------

const SEAT_KINDS = { open: 'web.friends.seat_open', computer: 'web.friends.seat_computer', human: 'web.friends.seat_player' };

function seatItem(seat, you, host) {
  const tags = [t(SEAT_KINDS[seat.kind])];
  if (seat.host) tags.push(t('web.friends.seat_host'));
  if (seat.kind === 'human' && seat.away) tags.push(t('web.friends.seat_away'));
  else if (seat.kind === 'human' && !seat.connected) tags.push(t('web.friends.seat_not_connected'));
  let name = t(seat.kind === 'open' ? 'web.friends.empty_seat' : 'web.friends.computer');
  if (seat.kind === 'human') name = seat.seat === you ? t('web.friends.nickname_you', { nickname: seat.nickname }) : seat.nickname;
  const item = el('li', { 'data-kind': seat.kind, 'data-seat': seat.seat, 'data-away': seat.kind === 'human' && seat.away ? 'true' : null },
    el('b', {}, name), el('span', { class: 'tag' }, tags.join(' · ')));
  if (host && seat.kind === 'human' && seat.seat !== you) {
    const remove = el('button', { type: 'button', class: 'remove-seat', 'aria-label': t('web.friends.remove_label', { nickname: seat.nickname }) },
      t('web.friends.remove'));
    remove.addEventListener('click', () => removePlayer(seat.seat));
    item.append(' ', remove);
  }
  return item;
}

// The host takes a player off the table (a computer plays the seat once the game has started).
async function removePlayer(seat) {
  try {
    onState(await call('POST', `/api/tables/${live.invite}/remove`, { seat }));
  } catch (error) {
    toast(error, 'error');
  }
}

// Get up from the table: the seat opens (or a computer plays it); this browser forgets it.
async function leaveTable() {
  try {
    const left = await call('POST', `/api/tables/${live.invite}/leave`);
    forgetSeat();
    toast(t('web.friends.left'));
    if (!left.table) location.assign('/friends'); // the last one out: the table is closed
  } catch (error) {
    toast(error, 'error');
  }
}

function renderLobby() {
  const table = live.table;
  if (!table) return;
  const host = table.you === table.host_seat;
  $('lobby-table-title').textContent = label(TITLES, table.game);
  const info = [label(PRESET_LABELS, table.preset)];
  if (table.hands) info.push(t('web.friends.info_hands', { count: table.hands }));
  info.push(t('web.friends.info_computers', { level: label(DIFFICULTY_LABELS, table.difficulty) }));
  if (table.turn_seconds) info.push(t('web.friends.info_timer', { seconds: table.turn_seconds }));
  if (table.helpers) info.push(t('web.friends.info_hints'));
  $('helpers-label').hidden = !(host && table.game === 'sheepshead');
  $('table-helpers').checked = Boolean(table.helpers);
  $('table-helpers').disabled = table.state === 'playing';
  $('lobby-info').textContent = info.join(' · ');
  $('invite-link').value = `${location.origin}/t/${live.invite}`;
  $('lobby-seats').replaceChildren(...table.seats.map((seat) => seatItem(seat, table.you, host)));
  $('leave-table').hidden = table.you === null || table.you === undefined;
  $('seat-link-button').hidden = $('leave-table').hidden;
  $('start-table').hidden = !(host && table.state === 'lobby');
  $('rematch-table').hidden = !(host && table.state === 'finished');
  $('back-to-table').hidden = !live.gameId;
  $('after-game').hidden = !(table.state === 'finished' && table.you !== null && table.you !== undefined);
  $('review-seat').href = reviewHref();
  const waiting = {
    lobby: host ? 'web.friends.wait_lobby_host' : 'web.friends.wait_lobby',
    playing: 'web.friends.wait_playing',
    finished: host ? 'web.friends.wait_finished_host' : 'web.friends.wait_finished',
  };
  if (live.watching) waiting.lobby = 'web.friends.wait_watching';
  $('lobby-wait').textContent = waiting[table.state] ? t(waiting[table.state]) : '';
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
  // How many watch: a chip in the table's head beside the status, in view on a phone (below the
  // table it was below the fold); a watcher's own longer line stays under the table.
  if (!live.watching) $(game.view).querySelector('.table-head .status').after($('watch-status'));
  if (document.body.dataset.state === 'table-lobby') document.body.dataset.state = live.tableState || 'idle';
}

async function startOrRematch(path) {
  try {
    onState(await call('POST', `/api/tables/${live.invite}/${path}`));
  } catch (error) {
    toast(error, 'error');
    if (error.game) onState(error.game);
  }
}

// --- Live: the others' moves as they come ------------------------------------------------------

// The seats' names at the table: you, the others' nicknames, the computers by seat number.
function seatNames(table) {
  return table.seats.map((seat) => (seat.seat === table.you ? t('web.seat.you')
    : seat.kind === 'human' ? seat.nickname : t('web.friends.computer_seat', { seat: seat.seat })));
}

function shortNames(table) {
  return table.seats.map((seat) => (seat.seat === table.you ? t('web.seat.you_short')
    : seat.kind === 'human' ? seat.nickname.slice(0, 3) : t('web.friends.computer_short', { seat: seat.seat })));
}

// Who is a person: the tables name them where they would name a computer player.
function notePeople(table) {
  for (const key of Object.keys(PEOPLE)) delete PEOPLE[key];
  for (const seat of table.seats) {
    if (seat.kind === 'human' && seat.seat !== table.you) PEOPLE[seat.seat] = seat.nickname;
  }
}

// --- Presence and talk at the seats ------------------------------------------------------------
// The card table draws each seat's insides; tables.js only sets the seat box's data attributes
// (data-presence, data-note, data-said), which tables.css shows at the seat.

const takeover = {}; // seat -> when (Date.now()) a computer takes over a reconnecting player
const clock = { seat: null, at: null }; // the turn timer: whose turn, and when it runs out
const baseTitle = document.title;
let myTurn = false;

// The game as last heard: the turn timer, and the tab's title (and the opt-in sound) on my turn.
function noteTurn(game) {
  const over = game.status === 'over' || game.to_move === null || game.to_move === undefined;
  clock.seat = over ? null : game.to_move;
  clock.at = over || game.turn_ends_in === null || game.turn_ends_in === undefined ? null
    : Date.now() + game.turn_ends_in * 1000;
  const mine = !over && game.to_move === game.seat;
  if (mine && !myTurn && localStorage.getItem('tricktable.turnSound') === 'on') chime();
  myTurn = mine;
  document.title = mine ? `${t('web.friends.title_your_turn')} · ${baseTitle}` : baseTitle;
}

function chime() {
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 660;
    gain.gain.setValueAtTime(0.08, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.35);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.35);
    tone.addEventListener('ended', () => audio.close());
  } catch (error) {
    // No sound where the browser has none to give.
  }
}

function seatBoxes(seat) {
  return document.querySelectorAll(`#table .seat[data-seat="${seat}"], #sp-seat-${seat}`);
}

function presenceNote(seat, playing) {
  if (seat.kind !== 'human' || seat.seat === live.table.you) return '';
  if (seat.presence === 'reconnecting') {
    const seconds = Math.max(0, Math.ceil(((takeover[seat.seat] || Date.now()) - Date.now()) / 1000));
    return t('web.friends.presence_reconnecting', { seconds });
  }
  if (seat.presence === 'away') return playing ? t('web.friends.computer_for', { nickname: seat.nickname }) : t('web.friends.seat_away');
  return '';
}

// The turn timer at the seat whose turn it is (a person's: a computer does not wait).
function clockNote(seat) {
  if (!clock.at || clock.seat !== seat.seat || seat.kind !== 'human') return '';
  const seconds = Math.max(0, Math.ceil((clock.at - Date.now()) / 1000));
  return t('web.friends.turn_clock', { seconds });
}

function markSeats() {
  const table = live.table;
  if (!table) return;
  const playing = table.state === 'playing';
  for (const seat of table.seats) {
    const note = presenceNote(seat, playing) || (playing ? clockNote(seat) : '');
    for (const box of seatBoxes(seat.seat)) {
      if (seat.kind === 'human' && seat.seat !== table.you) box.dataset.presence = seat.presence;
      else delete box.dataset.presence;
      if (note) box.dataset.note = note;
      else delete box.dataset.note;
    }
  }
}

function notePresence(table) {
  for (const seat of table.seats) {
    if (seat.presence === 'reconnecting') takeover[seat.seat] = Date.now() + seat.takeover_in * 1000;
    else delete takeover[seat.seat];
  }
}

const bubbleTimers = {};

// A quick phrase at the speaker's seat for a few seconds.
function sayAtSeat(seat, text) {
  for (const box of seatBoxes(seat)) box.dataset.said = text;
  clearTimeout(bubbleTimers[seat]);
  bubbleTimers[seat] = setTimeout(() => {
    for (const box of seatBoxes(seat)) delete box.dataset.said;
  }, 6000);
}

// Watching: a line saying so; for the players, how many watch (when anyone does).  Only the live
// feed counts them: a table from an HTTP answer (no `watchers`) keeps the count shown.
function markWatchers(table) {
  if (!live.watching && table.watchers === undefined) return;
  const count = table.watchers || 0;
  const text = live.watching ? t('web.friends.watching') : count ? t('web.friends.watchers', { count }) : '';
  $('watch-status').textContent = text;
  $('watch-status').hidden = !text;
}

function onState(state) {
  live.table = state.table;
  markWatchers(state.table);
  notePresence(state.table);
  markSeats();
  if (!$('phrases').children.length) renderPhrases(state.table.phrases);
  markHelpers();
  for (const said of state.said || []) showPhrase(said); // said while this browser was away
  live.said = Math.max(live.said ?? 0, state.table.said);
  const game = state.game;
  if (!game) {
    if (!live.gameId) showLobby();
    else renderLobby();
    return;
  }
  noteTurn(game);
  markSeats();
  NAMES.splice(0, NAMES.length, ...seatNames(state.table));
  SHORT_NAMES.splice(0, SHORT_NAMES.length, ...shortNames(state.table));
  notePeople(state.table);
  if (game.id !== live.gameId) {
    const module = GAMES[game.game];
    live.gameId = game.id;
    live.shown = game.event_count;
    live.version = game.version;
    live.pending = [];
    document.body.dataset.me = String(game.seat ?? 0); // a watcher sees seat 0 at the bottom
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
  // A finished game sent again (someone came or went): nothing to show, no final dialog again
  // over the replay a player is looking at.
  if (!events.length && latest.status === 'over' && latest.version === live.version) return null;
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
  delete $('live-status').dataset.words;
}

function connect() {
  if (live.socket) return;
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const socket = new WebSocket(`${scheme}//${location.host}/api/tables/${live.invite}/live${resumeQuery()}`);
  live.socket = socket;
  socket.addEventListener('open', () => {
    socket.send(JSON.stringify(live.watching ? { watch: true } : { token: live.token }));
    live.failures = 0;
    stopPolling();
    status('');
  });
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(event.data);
    if (message.type === 'state') onState(message);
    else if (message.type === 'phrase') showPhrase(message.said);
    else if (message.type === 'replay') followReplay(message);
    else if (message.type === 'error' && message.error === 'unavailable') {
      // The server cannot read the table just now: say so and connect again later (the close).
      live.busy = message.retry_after || 5;
      status(message.message);
    } else if (message.type === 'error') {
      toast({ message: message.message, server: true }, 'error');
      if (message.error === 'not_seated') forgetSeat();
      if (live.watching && message.error !== 'watching') live.watching = false; // the table is gone: stop
    }
  });
  socket.addEventListener('close', () => {
    live.socket = null;
    if (!live.token && !live.watching) return;
    live.failures += 1;
    const wait = Math.max(live.busy * 1000, Math.min(5000, 300 * live.failures));
    if (!live.busy) status(t('web.friends.reconnecting'));
    live.busy = 0;
    if (live.failures >= 3) startPolling();
    setTimeout(connect, wait);
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

// The table's state as this browser may see it: its seat's, or a watcher's.
function stateUrl() {
  return `/api/tables/${live.invite}${live.watching ? '/watch' : ''}${resumeQuery()}`;
}

async function poll() {
  const state = await call('GET', stateUrl());
  live.table = state.table;
  notePresence(state.table);
  markSeats();
  for (const said of state.said || []) showPhrase(said);
  live.said = Math.max(live.said ?? 0, state.table.said);
  return state.game;
}

function startPolling() {
  if (live.pollTimer) return;
  status(t('web.friends.polling'));
  live.pollTimer = setInterval(async () => {
    try {
      onState(await call('GET', stateUrl()));
    } catch (error) {
      showError($('live-status'), error);
    }
  }, 2000);
}

function stopPolling() {
  if (live.pollTimer) clearInterval(live.pollTimer);
  live.pollTimer = null;
}

function forgetSeat() {
  const game = live.table && GAMES[live.table.game];
  if (game && live.gameId) {
    game.stop();
    $(game.view).hidden = true;
  }
  live.gameId = null;
  live.token = null;
  localStorage.removeItem(tokenKey());
  if (live.socket) live.socket.close();
  showJoin();
}

// --- Quick phrases ---------------------------------------------------------------------------

let phraseTimer = null;
let phrasesShown = []; // the last few phrases, shown together for a moment

function phraseText(id, text) {
  return PHRASES[id] ? t(PHRASES[id]) : text;
}

// A phrase once, in the order said (each is numbered; one heard already is not shown again).
function showPhrase(said) {
  if (live.said !== null && said.number <= live.said) return;
  live.said = said.number;
  const who = live.table && said.seat === live.table.you ? t('web.seat.you') : said.nickname;
  const text = phraseText(said.phrase, said.text);
  const line = t('web.friends.said', { name: who, text });
  sayAtSeat(said.seat, text);
  phrasesShown = [...phrasesShown, line].slice(-5); // a short history, newest last
  $('said').textContent = phrasesShown.join(' · ');
  clearTimeout(phraseTimer);
  phraseTimer = setTimeout(() => { phrasesShown = phrasesShown.slice(-1); $('said').textContent = phrasesShown.join(''); }, 30000);
}

function soundToggle() {
  const box = el('input', { type: 'checkbox', id: 'turn-sound' });
  box.checked = localStorage.getItem('tricktable.turnSound') === 'on';
  box.addEventListener('change', () => {
    localStorage.setItem('tricktable.turnSound', box.checked ? 'on' : 'off');
    if (box.checked) chime();
  });
  return el('label', { class: 'turn-sound' }, box, ' ', t('web.friends.turn_sound'));
}

function renderPhrases(phrases) {
  $('phrases').replaceChildren(...(live.watching ? [] : [soundToggle()]), ...(live.watching ? [] : phrases).map(({ id, text }) => {
    const b = el('button', { type: 'button', 'data-phrase': id }, phraseText(id, text));
    b.addEventListener('click', () => call('POST', `/api/tables/${live.invite}/phrases`, { phrase: id })
      .catch((error) => toast(error, 'error')));
    return b;
  }), (() => {
    const b = el('button', { type: 'button', id: 'seats-button' }, t('web.friends.seats'));
    b.addEventListener('click', showLobby);
    return b;
  })());
}

// --- Hints at a table that offers them ----------------------------------------------------------

async function setHelpers() {
  try {
    onState(await call('POST', `/api/tables/${live.invite}/settings`, { helpers: $('table-helpers').checked }));
  } catch (error) {
    toast(error, 'error');
    if (error.game) onState(error.game);
  }
}

async function tableHint() {
  try {
    const { hint } = await call('POST', `/api/tables/${live.invite}/hint`);
    toast(`${t('web.hint.title')}: ${hint.label}. ${hint.reason || ''}`);
  } catch (error) {
    toast(error, 'error');
  }
}

// The table's Hint button: there only when the host offers hints at this table.
function markHelpers() {
  const shown = Boolean(live.table && live.table.helpers && live.table.game === 'sheepshead');
  let button = document.getElementById('table-hint');
  if (shown && !button) {
    button = el('button', { type: 'button', id: 'table-hint' }, t('web.hint.button'));
    button.addEventListener('click', tableHint);
    $('phrases').prepend(button);
  } else if (!shown && button) button.remove();
}

// --- Taking my seat to another device -----------------------------------------------------------
// The code rides in the link's fragment (never sent to the server, so never in a log) and goes
// to the server in a request body; using it moves the seat once.

async function makeSeatLink() {
  try {
    const { code } = await call('POST', `/api/tables/${live.invite}/seat-link`);
    $('seat-link').value = `${location.origin}/t/${live.invite}#seat=${code}`;
    $('seat-link').hidden = false;
    $('seat-link').select();
    try {
      await navigator.clipboard.writeText($('seat-link').value);
      toast(t('web.friends.seat_link_copied'));
    } catch (error) {
      toast(t('web.friends.copy_by_hand'));
    }
  } catch (error) {
    toast(error, 'error');
  }
}

async function takeSeatFromLink() {
  const code = new URLSearchParams(location.hash.slice(1)).get('seat');
  if (!code) return false;
  history.replaceState(null, '', location.pathname + location.search); // the code leaves the URL
  try {
    const moved = await call('POST', `/api/tables/${live.invite}/seat-move`, { code });
    live.token = moved.token;
    localStorage.setItem(tokenKey(), moved.token);
    return true;
  } catch (error) {
    toast(error, 'error');
    return false;
  }
}

// --- After the game: my seat's replay and review; replaying the game together ---------------
// My seat's replay and review open on the replay page; replaying together happens here, in a
// dialog every seat's screen opens and moves with: whoever presses Next or Previous moves the
// table's step (the server tells every connection), the game over and every card face up.

const together = { replay: null, game: null, loading: null, sending: Promise.resolve() };

function reviewHref() {
  return `/replay#table=${encodeURIComponent(live.invite)}`; // never sent: no invite in a log
}

async function togetherReplay(game) {
  if (together.replay && (!game || together.game === game)) return together.replay;
  if (!together.loading) {
    together.loading = tableReviewApi(live.invite).replay(game).finally(() => { together.loading = null; });
  }
  const replay = await together.loading;
  together.replay = replay;
  together.game = replay.game_id;
  showReplay(replay);
  return replay;
}

function openTogether() {
  const box = $('together');
  if (!box.open) box.showModal();
}

// A step told over the live connection (or answered to my own move): every seated screen
// follows (a watcher has no seat to open the replay with).
async function followReplay({ game, step }) {
  if (live.watching) return;
  try {
    await togetherReplay(game);
    openTogether();
    showFlatStep(step);
  } catch (error) {
    toast(error, 'error');
  }
}

// My move shows at once; the moves go to the server one after another, in the order made (the
// last the server hears is the last I made), and the others hear each over the live connection.
function moveTogether(step) {
  const last = stepCount() - 1;
  const wanted = Math.max(0, Math.min(last, step));
  showFlatStep(wanted);
  together.sending = together.sending.then(() => tableReviewApi(live.invite).step(together.game, wanted))
    .catch((error) => toast(error, 'error'));
  return together.sending;
}

async function startTogether() {
  if (together.game !== live.gameId) together.replay = null; // a rematch has been played since
  try {
    const replay = await togetherReplay(null);
    openTogether();
    showFlatStep(replay.together);
    await moveTogether(replay.together); // the others' screens open at this step too
    $('replay-next').focus();
  } catch (error) {
    toast(error, 'error');
  }
}

function setupTogether() {
  $('replay-prev').addEventListener('click', () => moveTogether(flatStep() - 1));
  $('replay-next').addEventListener('click', () => moveTogether(flatStep() + 1));
  $('replay-deal').addEventListener('change', (event) => moveTogether(dealStart(Number(event.target.value))));
  $('together-close').addEventListener('click', () => $('together').close());
  $('together-table').addEventListener('click', startTogether);
}

// --- Start -----------------------------------------------------------------------------------

async function showJoin() {
  // The form and the watch offer wait for the table's state: whether one may sit is not known yet.
  $('join-form').hidden = true;
  $('watch-offer').hidden = true;
  showOnly('friends-join');
  document.body.dataset.state = 'table-join';
  try {
    const { table } = await call('GET', `/api/tables/${live.invite}`);
    const taken = table.seats.filter((s) => s.kind === 'human').map((s) => s.nickname);
    const open = table.state === 'lobby' && table.seats.some((s) => s.kind === 'open');
    // Two sentences: who is at the table, then whether one may sit down (asked only if so).
    const at = t('web.friends.join_with', { game: label(GAME_NAMES, table.game), names: formatList(taken) });
    let next = 'web.friends.join_choose';
    if (table.state !== 'lobby') next = 'web.friends.join_started';
    else if (!open) next = 'web.friends.join_full';
    $('join-info').textContent = `${at} ${t(next)}`;
    $('join-info').dataset.table = open ? 'open' : table.state === 'lobby' ? 'full' : 'started';
    $('join-form').hidden = !open;
    $('watch-offer').hidden = false; // anyone with the invite may watch, open, full or started
    if (!$('join-nickname').value) $('join-nickname').value = (session.me && session.me.nickname) || '';
  } catch (error) {
    showError($('join-info'), error);
    $('join-form').hidden = true;
    $('watch-offer').hidden = true;
  }
}

// Watch the table: its public view, live (the cards played, never a hand); the address keeps
// #watch, so a reload watches again.
async function watchTable() {
  live.watching = true;
  live.token = null;
  document.body.dataset.watching = 'true';
  if (location.hash !== '#watch') history.replaceState(null, '', `${location.pathname}#watch`);
  $('phrases').replaceChildren(); // drawn again without the phrases (a watcher says nothing)
  try {
    onState(await call('GET', stateUrl()));
  } catch (error) {
    toast(error, 'error');
    return;
  }
  connect();
}

// The game's end at a table: my seat's replay and review, replaying the game together; the host
// starts a rematch at the same seats; anyone may leave or stay at the table (friends' games are
// not ranked: no leaderboard, no "new game" alone).
function finalChoices() {
  if (live.watching) {
    return {
      buttons: [{ label: t('web.friends.stop_watching'), value: 'stop' },
        { label: t('web.friends.keep_watching'), primary: true, value: 'stay' }],
      chosen(choice) {
        if (choice === 'stop') location.assign('/');
        else showLobby();
      },
    };
  }
  const host = live.table && live.table.you === live.table.host_seat;
  const buttons = [
    { label: t('web.friends.review_seat'), href: reviewHref() },
    { label: t('web.friends.together'), value: 'together' },
    { label: t('web.friends.leave'), value: 'leave' },
  ];
  if (host) buttons.push({ label: t('web.friends.rematch'), primary: true, value: 'rematch' });
  else buttons.push({ label: t('web.friends.stay'), primary: true, value: 'stay' });
  return {
    buttons,
    chosen(choice) {
      if (choice === 'rematch') startOrRematch('rematch');
      else if (choice === 'leave') leaveTable();
      else if (choice === 'together') { showLobby(); startTogether(); } else showLobby();
    },
  };
}

async function init() {
  setupSheepshead();
  setupSpades();
  hooks.lobby = showLobby;
  hooks.act = act;
  hooks.final = finalChoices;
  document.body.dataset.friends = 'true'; // tables.css: no hint or replay offered that would be refused
  setInterval(pump, 120);
  setInterval(markSeats, 500); // the countdowns, and the marks again after the table redraws
  $('new-table-form').addEventListener('submit', createTable);
  $('join-form').addEventListener('submit', joinTable);
  $('watch-button').addEventListener('click', watchTable);
  $('table-game').addEventListener('change', chooseGame);
  $('table-preset').addEventListener('change', presetChosen);
  $('start-table').addEventListener('click', () => startOrRematch('start'));
  $('rematch-table').addEventListener('click', () => startOrRematch('rematch'));
  $('back-to-table').addEventListener('click', showTable);
  $('table-helpers').addEventListener('change', setHelpers);
  $('seat-link-button').addEventListener('click', makeSeatLink);
  setupTogether();
  const leave = el('button', { id: 'leave-table', type: 'button', hidden: true }, t('web.friends.leave'));
  leave.addEventListener('click', leaveTable);
  $('back-to-table').after(' ', leave);
  $('copy-invite').addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText($('invite-link').value);
      toast(t('web.friends.copied'));
    } catch (error) {
      $('invite-link').select();
      toast(t('web.friends.copy_by_hand'));
    }
  });
  try {
    [session.me, session.options] = await Promise.all([call('GET', '/api/me'), call('GET', '/api/options')]);
  } catch (error) {
    toast(error, 'error');
    return;
  }
  if (!live.invite) {
    showOnly('friends-new');
    document.body.dataset.state = 'table-new';
    $('table-nickname').value = session.me.nickname || '';
    chooseGame();
    return;
  }
  await takeSeatFromLink();
  live.token = localStorage.getItem(tokenKey());
  if (!live.token) {
    if (location.hash === '#watch') await watchTable();
    else await showJoin();
    return;
  }
  try {
    onState(await call('GET', `/api/tables/${live.invite}`));
  } catch (error) {
    if (error.status === 403) {
      forgetSeat();
      return;
    }
    toast(error, 'error');
    return;
  }
  connect();
}

init();
