// The replay page: a finished hand (or every finished hand of a game) stepped through trick by
// trick with the buttons or the arrow keys, every card face up, each computer play's reason and
// the review's marks on my decisions.  The server sends only hands that are over, and others'
// games only once their Daily's day has ended.  Sheepshead and Spades (whose deals carry no
// blind, and whose seats the server names).

import { miniCards } from './common.js';
import { formatDay, t, tParts } from './i18n.js';
import './language-menu.js';
import { $, el, seatName, serverWords, showError, signed, toast } from './ui.js';
import { MARK_SIGNS, actionWords, awaitReview, decisionLine, markWord, reviewApi, tableReviewApi } from './review.js';

const state = { replay: null, deal: 0, step: 0 };
// `#table=INVITE`: my seat's replay and review of a friends' table's finished game (its last,
// or `?game=ID`), by my seat's token; else `?game=ID`, a game of my own or a past Daily.  The
// invite rides in the fragment, which no browser sends: never in a server's log.
const params = new URLSearchParams(window.location.search);
const invite = new URLSearchParams(window.location.hash.slice(1)).get('table');
const api = invite ? tableReviewApi(invite) : reviewApi;

// A seat's name as its table showed it: you, the players' nicknames, and at a friends' table
// each computer by its seat number ("Computer 2"), as tables.js names them.
function seatLabel(seat) {
  if (!state.replay) return seatName(seat);
  if (seat === state.replay.seat) return t(state.replay.mine ? 'web.seat.you' : 'web.replay.the_player');
  if (state.replay.computers?.includes(seat)) return t('web.friends.computer_seat', { seat });
  return state.replay.seat_names?.[seat] ?? seatName(seat);
}

// The hand picker and Previous/Next, only while there is something to step through.
function showControls(shown) {
  $('replay-deal').closest('.replay-pick').hidden = !shown;
  $('replay-prev').closest('.replay-controls').hidden = !shown;
}

// Every seat's cards before trick `step` (step 0: after the deal, with the blind and the bury).
function handsAt(deal, step) {
  const hands = deal.hands.map((cards) => [...cards]);
  if (step > 0 && deal.blind && deal.picker !== null) {
    hands[deal.picker] = [...hands[deal.picker], ...deal.blind].filter((c) => !deal.buried.includes(c));
  }
  for (const trick of deal.tricks.slice(0, Math.max(0, step - 1))) {
    for (const play of trick.plays) hands[play.seat] = hands[play.seat].filter((c) => c !== play.card);
  }
  return hands;
}

// A judged decision's line, with the review's note when it marks what a hint recommended.
function fullLine(decision) {
  return decision.note ? `${decisionLine(decision)} — ${decision.note}` : decisionLine(decision);
}

function markBadge(decision) {
  if (!decision || !decision.mark) return null;
  return el('span', { class: `mark mark-${decision.mark}`, 'data-testid': 'review-mark', title: fullLine(decision) },
    t('web.review.badge', { sign: MARK_SIGNS[decision.mark], mark: markWord(decision.mark), action: actionWords(decision.best) }));
}

function decisionAt(deal, index) {
  return deal.decisions.find((d) => d.index === index) || null;
}

function drawHands(deal, step) {
  const hands = handsAt(deal, step);
  return el('div', { class: 'replay-hands' }, ...hands.map((cards, seat) => el('div', { class: `replay-seat${seat === state.replay.seat ? ' you' : ''}`, 'data-seat': seat },
    el('h2', {}, seatLabel(seat),
      seat === deal.picker ? el('span', { class: 'tag' }, t('web.replay.tag_picker')) : null,
      seat === deal.partner ? el('span', { class: 'tag' }, t('web.replay.tag_partner')) : null,
      seat === deal.dealer ? el('span', { class: 'tag' }, t('web.replay.tag_dealer')) : null),
    miniCards(cards))));
}

function drawBidding(deal) {
  const rows = deal.bidding.map((step) => el('li', {},
    t('web.replay.step', { name: seatLabel(step.seat), action: actionWords(step.action) }),
    step.card ? el('span', {}, ' ', miniCards([step.card])) : null,
    step.reason ? el('span', { class: 'reason' }, ' — ', serverWords(step.reason)) : null,
    markBadge(decisionAt(deal, step.index))));
  if (!deal.blind) return [el('ol', { class: 'replay-plays' }, ...rows)];
  const blind = deal.buried.length
    ? tParts('web.replay.blind_buried', { blind: miniCards(deal.blind), buried: miniCards(deal.buried) })
    : tParts('web.replay.blind', { blind: miniCards(deal.blind) });
  return [el('p', {}, ...blind), el('ol', { class: 'replay-plays' }, ...rows)];
}

function drawTrick(deal, trick, number) {
  const rows = trick.plays.map((play) => el('li', { class: play.seat === trick.winner ? 'winner' : null },
    ...tParts('web.replay.play', { name: seatLabel(play.seat), card: miniCards([play.card]) }),
    play.reason ? el('span', { class: 'reason' }, ' ', serverWords(play.reason)) : null,
    markBadge(decisionAt(deal, play.index))));
  return [
    el('ol', { class: 'replay-plays', 'data-testid': 'replay-trick' }, ...rows),
    el('p', { class: 'result-line' }, trick.points === null
      ? t('web.replay.took_trick_spades', { name: seatLabel(trick.winner), number })
      : t('web.replay.took_trick', { name: seatLabel(trick.winner), number, count: trick.points })),
  ];
}

function draw() {
  const board = $('replay-board');
  const deal = state.replay.deals[state.deal];
  showControls(Boolean(deal));
  if (!deal) {
    board.replaceChildren(el('p', { class: 'muted' }, t('web.replay.none_finished')));
    $('replay-step').textContent = '';
    return;
  }
  const last = deal.tricks.length;
  const step = Math.min(state.step, last + 1);
  // The step first (on a phone it is what the buttons change), then every hand.
  const now = [];
  let label;
  if (step === 0) {
    label = t('web.replay.step_deal', { hand: deal.hand_number });
    now.push(...drawBidding(deal));
  } else if (step <= last) {
    label = t('web.replay.step_trick', { hand: deal.hand_number, number: step, total: last });
    now.push(...drawTrick(deal, deal.tricks[step - 1], step));
  } else {
    label = t('web.replay.step_result', { hand: deal.hand_number });
    const sentences = Array.isArray(deal.summary) ? deal.summary : [deal.summary];
    now.push(el('p', { class: 'result-line', 'data-testid': 'replay-result' },
      ...sentences.flatMap((text) => [...tParts('web.sheepshead.sentence', { text: serverWords(text) }), ' '])),
      el('p', {}, ...deal.scores.map((s, seat) => el('span', { class: 'play' }, t('web.replay.score', { name: seatLabel(seat), score: signed(s) }), ' '))));
  }
  board.replaceChildren(el('div', { class: 'replay-now' }, ...now), drawHands(deal, Math.min(step, last)));
  $('replay-step').textContent = label;
  $('replay-prev').disabled = state.deal === 0 && step === 0;
  $('replay-next').disabled = state.deal === state.replay.deals.length - 1 && step === last + 1;
  $('replay-deal').value = String(state.deal);
}

// A step counted through every deal (each deal's start, its tricks, its result), as a table
// replaying a game together counts them.
export function flatStep() {
  const deals = state.replay.deals;
  let flat = state.step;
  for (let k = 0; k < state.deal; k += 1) flat += deals[k].tricks.length + 2;
  return flat;
}

export function stepCount() {
  return state.replay.deals.reduce((sum, deal) => sum + deal.tricks.length + 2, 0);
}

// Replay together (tables.js): draw the table's replay in the elements of the same ids.
export function showReplay(replay) {
  state.replay = replay;
  fillDeals();
}

export function showFlatStep(flat) {
  const deals = state.replay.deals;
  let left = Math.max(0, flat);
  let deal = 0;
  while (deal < deals.length - 1 && left >= deals[deal].tricks.length + 2) {
    left -= deals[deal].tricks.length + 2;
    deal += 1;
  }
  state.deal = deal;
  state.step = deals.length ? Math.min(left, deals[deal].tricks.length + 1) : 0;
  draw();
}

// The first step of deal number `dealIndex` (of the replay's list).
export function dealStart(dealIndex) {
  let flat = 0;
  for (let k = 0; k < dealIndex; k += 1) flat += state.replay.deals[k].tricks.length + 2;
  return flat;
}

function fillDeals() {
  $('replay-deal').replaceChildren(...state.replay.deals.map((d, k) => el('option', { value: String(k) },
    t(d.kind === 'passed-out' ? 'web.replay.option_thrown_in' : 'web.replay.option', { number: d.hand_number }))));
}

function move(delta) {
  const deals = state.replay.deals;
  const deal = deals[state.deal];
  if (!deal) return;
  const next = state.step + delta;
  if (next > deal.tricks.length + 1) {
    if (state.deal < deals.length - 1) { state.deal += 1; state.step = 0; }
  } else if (next < 0) {
    if (state.deal > 0) { state.deal -= 1; state.step = deals[state.deal].tricks.length + 1; }
  } else {
    state.step = next;
  }
  draw();
}

function showReview(review) {
  const status = $('review-status');
  const bar = $('review-progress');
  const start = $('review-start');
  start.hidden = !state.replay.mine || review.status === 'done' || review.status === 'waiting';
  bar.hidden = review.status !== 'running';
  bar.value = review.progress;
  const counts = review.counts;
  const progress = { reviewed: review.reviewed, count: review.deals };
  const words = {
    waiting: t('web.review.waiting'),
    partial: t('web.review.partial', progress),
    running: t('web.review.running', progress),
    done: t('web.review.done', {
      blunders: t('web.review.blunders', { count: counts.blunder }),
      mistakes: t('web.review.mistakes', { count: counts.mistake }),
      inaccuracies: t('web.review.inaccuracies', { count: counts.inaccuracy }),
    }),
  }[review.status];
  // Two sentences: how far the review is, then whether hints were used (or the coach, which
  // marks the game the same way).
  const marks = [words];
  if (review.hints_used) marks.push(t('web.review.hints_used', { count: review.hints_used }));
  if (review.coached) marks.push(t('web.coach.marked'));
  status.textContent = marks.join(' ');
  $('review-list').replaceChildren(...review.decisions.filter((d) => d.mark).map((d) => el('li', { class: `mark-${d.mark}` },
    jumpLink(d, d.trick === null
      ? t('web.review.line_phase', { hand: handNumberOf(d.deal), phase: phaseWord(d.phase), line: fullLine(d) })
      : t('web.review.line_trick', { hand: handNumberOf(d.deal), trick: d.trick + 1, line: fullLine(d) })))));
}

// A review entry is a link to its step: its hand's bidding, or its trick.
function jumpLink(decision, words) {
  const link = el('a', { href: '#replay-board', 'data-testid': 'review-jump' }, words);
  link.addEventListener('click', (event) => {
    event.preventDefault();
    const deal = state.replay.deals.findIndex((d) => d.deal === decision.deal);
    if (deal < 0) return;
    state.deal = deal;
    state.step = decision.trick === null ? 0 : decision.trick + 1;
    draw();
    $('replay-title').scrollIntoView({ block: 'start' });
    $('replay-next').focus({ preventScroll: true });
  });
  return link;
}

const PHASES = {
  pick: 'web.review.phase_pick', bury: 'web.review.phase_bury', call: 'web.review.phase_call',
  crack: 'web.review.phase_crack', recrack: 'web.review.phase_recrack', blitz: 'web.review.phase_blitz',
  bid: 'web.review.phase_bid',
};

function phaseWord(phase) {
  return PHASES[phase] ? t(PHASES[phase]) : phase;
}

function handNumberOf(dealIndex) {
  const deal = state.replay.deals.find((d) => d.deal === dealIndex);
  return deal ? deal.hand_number : dealIndex + 1;
}

async function reload() {
  state.replay = await api.replay(params.get('game'));
  fillDeals();
  draw();
}

async function main() {
  const id = params.get('game');
  if (!id && !invite) {
    $('replay-note').textContent = t('web.replay.how_to_open');
    return;
  }
  if (invite) {
    const back = el('a', { href: `/t/${encodeURIComponent(invite)}`, class: 'button-link', id: 'replay-back' }, t('web.friends.back_to_table'));
    $('replay-note').after(back);
  }
  try {
    await reload();
  } catch (error) {
    showError($('replay-note'), error);
    $('replay-review').hidden = true;
    return;
  }
  const replay = state.replay;
  if (replay.table) $('replay-title').textContent = t('web.replay.title_seat');
  else $('replay-title').textContent = replay.mine ? t('web.replay.title_mine') : t('web.replay.title_daily', { date: formatDay(replay.daily_date) });
  $('replay-note').textContent = t(replay.status === 'over' ? 'web.replay.note_over' : 'web.replay.note_playing');
  $('replay-prev').addEventListener('click', () => move(-1));
  $('replay-next').addEventListener('click', () => move(1));
  $('replay-deal').addEventListener('change', (event) => { state.deal = Number(event.target.value); state.step = 0; draw(); });
  document.addEventListener('keydown', (event) => {
    if (event.target instanceof HTMLSelectElement || event.target instanceof HTMLInputElement) return;
    if (event.key === 'ArrowRight') { event.preventDefault(); move(1); }
    if (event.key === 'ArrowLeft') { event.preventDefault(); move(-1); }
  });
  $('review-start').addEventListener('click', async () => {
    $('review-start').hidden = true;
    try {
      await awaitReview(id, showReview, { api });
      await reload();
    } catch (error) {
      toast(error, 'error');
    }
  });
  showReview(await api.review(id));
}

if (document.querySelector('.replay-page')) main();
