// Learning from the computer at the table and on the replay page: a hint now (New games only),
// what the computers' plays of the hand in progress say (public words only), the review of my
// decisions (computed by the server's workers; we poll its progress) and the marks it gives.
// The server's reasons are shown as they come (in the player's language); the actions and marks
// are worded here.  Sheepshead and Spades alike.

import { request } from './api.js';
import { cardText } from './cards.js';
import { dialog } from './common.js';
import { formatNumber, t, tParts } from './i18n.js';
import { el, serverWords, toast } from './ui.js';

export const reviewApi = {
  hint: (id) => request('POST', `/api/games/${encodeURIComponent(id)}/hint`),
  review: (id) => request('GET', `/api/games/${encodeURIComponent(id)}/review`),
  startReview: (id) => request('POST', `/api/games/${encodeURIComponent(id)}/review`),
  replay: (id) => request('GET', `/api/games/${encodeURIComponent(id)}/replay`),
  reasons: (id) => request('GET', `/api/games/${encodeURIComponent(id)}/reasons`),
};

// The same for my seat at a friends' table (by invite; my seat's token from this browser's
// localStorage, sent in a header as everywhere at a table): the table's last game, or `game`.
export function tableReviewApi(invite) {
  const base = `/api/tables/${encodeURIComponent(invite)}`;
  const headers = () => ({ 'X-Seat-Token': localStorage.getItem(`tricktable.table.${invite}`) || '' });
  const query = (id) => (id ? `?game=${encodeURIComponent(id)}` : '');
  return {
    review: (id) => request('GET', `${base}/review${query(id)}`, undefined, headers()),
    startReview: (id) => request('POST', `${base}/review${query(id)}`, undefined, headers()),
    replay: (id) => request('GET', `${base}/replay${query(id)}`, undefined, headers()),
    step: (id, step) => request('POST', `${base}/replay-step`, { step, ...(id ? { game: id } : {}) }, headers()),
  };
}

const CARD = /^(10|[2-9JQKA])[CDHS]$/;

// The actions in words, by the action's first word; the cards are shown with suit symbols.
const ACTIONS = {
  keep: 'action.keep', reject: 'action.reject', 'double-nil': 'action.double-nil', exchange: 'action.exchange',
  pick: 'web.action.pick', pass: 'web.action.pass', alone: 'web.action.alone', bury: 'web.action.bury',
  call: 'web.action.call', crack: 'web.action.crack', recrack: 'web.action.recrack', blitz: 'web.action.blitz',
};

// An action in words with suit symbols: "play QC" → "Q♣", "bury 7H 8D" → "bury 7♥ 8♦",
// "call AH unknown 7C" → "call A♥ (unknown card 7♣)".
export function actionWords(action) {
  const [verb, ...rest] = action.split(' ');
  if (verb === 'play') return cardText(rest[0]);
  if (verb === 'bid') return rest[0] === '0' || rest[0] === 'nil' ? t('action.bid_nil') : t('action.bid', { tricks: formatNumber(Number(rest[0])) });
  const unknown = rest.indexOf('unknown');
  if (verb === 'call' && unknown > 0) {
    return t('web.action.call_unknown', { card: cardText(rest[0]), unknown: cardText(rest[unknown + 1]) });
  }
  const cards = rest.filter((word) => CARD.test(word)).map(cardText).join(' ');
  return ACTIONS[verb] ? t(ACTIONS[verb], { cards, card: cards }) : action;
}

const MARKS = { blunder: 'web.review.blunder', mistake: 'web.review.mistake', inaccuracy: 'web.review.inaccuracy' };

export const MARK_SIGNS = { blunder: '??', mistake: '?', inaccuracy: '?!' };

// A review mark in words: "blunder".
export function markWord(mark) {
  return MARKS[mark] ? t(MARKS[mark]) : mark;
}

function points(value, sign = false) {
  return formatNumber(value, { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: sign ? 'exceptZero' : 'auto' });
}

// One judged decision as a line: what was played, its mark and the better option.
export function decisionLine(decision) {
  const chosen = actionWords(decision.chosen);
  if (!decision.judged) return t('web.review.not_judged', { action: chosen });
  if (!decision.mark) return t('web.review.good', { action: chosen });
  return t('web.review.worse', {
    action: chosen, sign: MARK_SIGNS[decision.mark], mark: markWord(decision.mark),
    loss: points(decision.loss), best: actionWords(decision.best),
  });
}

// The options of one evaluation, best first: expected points, the ± of the gap to the best
// (from the same deals) and ≈ where the best does not clearly beat an option.
export function optionsTable(options, chosen, close) {
  const best = options[0]?.action;
  return el('table', { class: 'scores', 'data-testid': 'hint-options' },
    el('thead', {}, el('tr', {}, el('th', {}, t('web.hint.option')), el('th', { class: 'num' }, t('web.hint.expected')), el('th', {}, ''))),
    el('tbody', {}, ...options.map((o) => {
      const error = o.action !== best && o.error !== null && o.error !== undefined ? ` ± ${points(o.error)}` : '';
      const equal = close && o.about_equal ? t('web.hint.about_equal') : '';
      const name = o.action === chosen ? el('strong', {}, actionWords(o.action)) : actionWords(o.action);
      return el('tr', {}, el('td', {}, name), el('td', { class: 'num' }, `${points(o.expected, true)}${error}`), el('td', {}, equal));
    })));
}

// What the computers' plays of the hand in progress say, in words from what every seat knows.
async function showReasons(app) {
  if (!app.game) return;
  let answer;
  try {
    answer = await reviewApi.reasons(app.game.id);
  } catch (error) {
    toast(error, 'error');
    return;
  }
  // A move nobody saw (a bury, a draw) is told by its reason alone.
  const lines = answer.reasons.map((r) => el('li', {}, ...(r.action
    ? tParts('web.reasons.line', { seat: r.seat_name, action: actionWords(r.action), reason: serverWords(r.reason) })
    : tParts('web.replay.step', { name: r.seat_name, action: serverWords(r.reason) }))));
  const body = [el('p', { class: 'muted' }, t('web.reasons.intro'))];
  body.push(lines.length ? el('ol', { 'data-testid': 'reasons-list' }, ...lines) : el('p', {}, t('web.reasons.none')));
  await dialog(t('web.reasons.title'), body, [{ label: t('web.table.close'), primary: true, value: true }]);
}

async function showHint(app) {
  const game = app.game;
  if (!game || app.busy || !game.legal_actions.length) {
    toast(t('web.hint.not_your_turn'));
    return;
  }
  if (game.mode === 'daily') {
    toast(t('web.hint.not_daily'));
    return;
  }
  let answer;
  try {
    answer = await reviewApi.hint(game.id);
  } catch (error) {
    toast(error, 'error');
    return;
  }
  const { hint } = answer;
  const would = hint.action.startsWith('play ')
    ? t('web.hint.would_play', { card: actionWords(hint.action) })
    : t('web.hint.would', { action: actionWords(hint.action) });
  const body = [
    el('p', { class: 'result-line', 'data-testid': 'hint-action' }, would),
    el('p', { 'data-testid': 'hint-reason' }, ...tParts('web.hint.why', { reason: serverWords(hint.reason) })),
  ];
  if (hint.options.length) {
    body.push(optionsTable(hint.options, hint.action, hint.close));
    body.push(el('p', { class: 'muted' }, t('web.hint.deals', { count: hint.samples })));
    if (hint.close) body.push(el('p', { 'data-testid': 'hint-close' }, t('web.hint.close')));
  }
  body.push(el('p', { class: 'muted' }, t('web.hint.marked', { count: answer.hints_used })));
  await dialog(t('web.hint.title'), body, [{ label: t('web.table.close'), primary: true, value: true }]);
}

// The toolbar's own buttons at a table: Hint, Why? (the computers' plays in public words), and
// Replay (the finished hands with their review).  `prefix`: the table's prefix of its ids.
export function learningTools(app, prefix = '') {
  const hint = el('button', { type: 'button', id: `${prefix}hint-button` }, t('web.hint.button'));
  hint.addEventListener('click', () => showHint(app));
  const why = el('button', { type: 'button', id: `${prefix}reasons-button` }, t('web.reasons.button'));
  why.addEventListener('click', () => showReasons(app));
  const replay = el('button', { type: 'button', id: `${prefix}replay-button` }, t('web.review.replay_button'));
  replay.addEventListener('click', () => {
    if (!app.game) return;
    if (app.game.mode === 'daily') {
      toast(t('web.review.daily_later'));
      return;
    }
    if (!(app.game.view.results || []).length) {
      toast(t('web.review.nothing_yet'));
      return;
    }
    window.location.assign(`/replay?game=${encodeURIComponent(app.game.id)}`);
  });
  return [hint, why, replay];
}

// The same buttons as a table's toolbar takes them: each with its icon's name.
export function learningToolbar(app, prefix = '') {
  const [hint, why, replay] = learningTools(app, prefix);
  return [[hint, 'hint'], [why, 'why'], [replay, 'replay']];
}

// A finished hand's way to its replay: every card, each computer play's reason, the review.
export function replayLink(game) {
  if (game.mode === 'daily') return el('p', { class: 'muted' }, t('web.review.daily_later'));
  return el('p', {}, el('a', { href: `/replay?game=${encodeURIComponent(game.id)}`, 'data-testid': 'replay-link' },
    t('web.review.replay_link')));
}

// Wait for the review to be computed, telling `onProgress(review)` each time it moves on.
export async function awaitReview(id, onProgress, { start = true, every = 700, api = reviewApi } = {}) {
  let review = start ? await api.startReview(id) : await api.review(id);
  onProgress(review);
  while (review.status === 'running') {
    await new Promise((resolve) => { setTimeout(resolve, every); });
    review = await api.review(id);
    onProgress(review);
  }
  return review;
}
