// Learning from the computer at the table and on the replay page: a hint now (New games only),
// the review of my decisions (computed by the server's workers; we poll its progress) and the
// marks it gives.

import { request } from './api.js';
import { cardText } from './cards.js';
import { dialog } from './common.js';
import { el, toast } from './ui.js';

export const reviewApi = {
  hint: (id) => request('POST', `/api/games/${encodeURIComponent(id)}/hint`),
  review: (id) => request('GET', `/api/games/${encodeURIComponent(id)}/review`),
  startReview: (id) => request('POST', `/api/games/${encodeURIComponent(id)}/review`),
  replay: (id) => request('GET', `/api/games/${encodeURIComponent(id)}/replay`),
};

// An action's words with suit symbols: "play QC" → "Q♣", "bury 7H 8D" → "bury 7♥ 8♦".
export function actionWords(action) {
  const words = action.split(' ');
  if (words[0] === 'play') return cardText(words[1]);
  return words.map((w, k) => (k > 0 && /^(10|[2-9JQKA])[CDHS]$/.test(w) ? cardText(w) : w)).join(' ');
}

const DAILY_REPLAY = 'The Daily\'s hands can be replayed and reviewed once its day ends (midnight US Central): everybody plays the same deals until then.';

export const MARK_SIGNS = { blunder: '??', mistake: '?', inaccuracy: '?!' };

// One judged decision as a line: what was played, its mark and the better option.
export function decisionLine(decision) {
  const chosen = actionWords(decision.chosen);
  if (!decision.judged) return `${chosen}: not judged (the review's budget was spent)`;
  if (!decision.mark) return `${chosen}: good`;
  return `${chosen} ${MARK_SIGNS[decision.mark]} ${decision.mark}: ${decision.loss.toFixed(2)} points worse than ${actionWords(decision.best)}`;
}

function pointsText(value) {
  return `${value > 0 ? '+' : ''}${value.toFixed(2)}`;
}

async function showHint(app) {
  const game = app.game;
  if (!game || app.busy || !game.legal_actions.length) {
    toast('A hint is for when it is your turn.');
    return;
  }
  if (game.mode === 'daily') {
    toast('The Daily is played without help: hints are for New games.');
    return;
  }
  let answer;
  try {
    answer = await reviewApi.hint(game.id);
  } catch (error) {
    toast(error.message, 'error');
    return;
  }
  const { hint } = answer;
  const body = [
    el('p', { class: 'result-line', 'data-testid': 'hint-action' }, `The computer would ${actionWords(hint.action) === hint.action ? hint.action : `play ${actionWords(hint.action)}`}.`),
    el('p', { 'data-testid': 'hint-reason' }, `Why: ${hint.reason}.`),
  ];
  if (hint.options.length) {
    body.push(el('table', { class: 'scores' },
      el('thead', {}, el('tr', {}, el('th', {}, 'Option'), el('th', { class: 'num' }, 'Expected points'))),
      el('tbody', {}, ...hint.options.map((o) => el('tr', {}, el('td', {}, actionWords(o.action)), el('td', { class: 'num' }, pointsText(o.expected)))))));
  }
  body.push(el('p', { class: 'muted' }, `This game is marked as played with hints (${answer.hints_used} so far).`));
  await dialog('Hint', body, [{ label: 'Close', primary: true, value: true }]);
}

// The toolbar's own buttons at a Sheepshead table: Hint, and Replay (the finished hands with
// their review).
export function learningTools(app) {
  const hint = el('button', { type: 'button', id: 'hint-button' }, 'Hint');
  hint.addEventListener('click', () => showHint(app));
  const replay = el('button', { type: 'button', id: 'replay-button' }, 'Replay & review');
  replay.addEventListener('click', () => {
    if (!app.game) return;
    if (app.game.mode === 'daily') {
      toast(DAILY_REPLAY);
      return;
    }
    if (!(app.game.view.results || []).length) {
      toast('No hand has finished yet: replays start with the first finished hand.');
      return;
    }
    window.location.assign(`/replay?game=${encodeURIComponent(app.game.id)}`);
  });
  return [hint, replay];
}

// A finished hand's way to its replay: every card, each computer play's reason, the review.
export function replayLink(game) {
  if (game.mode === 'daily') return el('p', { class: 'muted' }, DAILY_REPLAY);
  return el('p', {}, el('a', { href: `/replay?game=${encodeURIComponent(game.id)}`, 'data-testid': 'replay-link' },
    'Replay it: every card, why each computer played what it did, and the review of your decisions'));
}

// Wait for the review to be computed, telling `onProgress(review)` each time it moves on.
export async function awaitReview(id, onProgress, { start = true, every = 700 } = {}) {
  let review = start ? await reviewApi.startReview(id) : await reviewApi.review(id);
  onProgress(review);
  while (review.status === 'running') {
    await new Promise((resolve) => { setTimeout(resolve, every); });
    review = await reviewApi.review(id);
    onProgress(review);
  }
  return review;
}
