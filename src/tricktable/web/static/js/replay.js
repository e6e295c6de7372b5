// The replay page: a finished hand (or every finished hand of a game) stepped through trick by
// trick with the buttons or the arrow keys, every card face up, each computer play's reason and
// the review's marks on my decisions.  The server sends only hands that are over, and others'
// games only once their Daily's day has ended.

import { miniCards } from './common.js';
import { $, el, seatName, signed, toast } from './ui.js';
import { MARK_SIGNS, actionWords, awaitReview, decisionLine, reviewApi } from './review.js';

const state = { replay: null, deal: 0, step: 0 };

function seatLabel(seat) {
  if (!state.replay) return seatName(seat);
  if (seat === state.replay.seat) return state.replay.mine ? 'You' : 'The player';
  return seatName(seat);
}

// Every seat's cards before trick `step` (step 0: after the deal, with the blind and the bury).
function handsAt(deal, step) {
  const hands = deal.hands.map((cards) => [...cards]);
  if (step > 0 && deal.picker !== null) {
    hands[deal.picker] = [...hands[deal.picker], ...deal.blind].filter((c) => !deal.buried.includes(c));
  }
  for (const trick of deal.tricks.slice(0, Math.max(0, step - 1))) {
    for (const play of trick.plays) hands[play.seat] = hands[play.seat].filter((c) => c !== play.card);
  }
  return hands;
}

function markBadge(decision) {
  if (!decision || !decision.mark) return null;
  return el('span', { class: `mark mark-${decision.mark}`, 'data-testid': 'review-mark', title: decisionLine(decision) },
    `${MARK_SIGNS[decision.mark]} ${decision.mark}: better ${actionWords(decision.best)}`);
}

function decisionAt(deal, index) {
  return deal.decisions.find((d) => d.index === index) || null;
}

function drawHands(deal, step) {
  const hands = handsAt(deal, step);
  return el('div', { class: 'replay-hands' }, ...hands.map((cards, seat) => el('div', { class: `replay-seat${seat === state.replay.seat ? ' you' : ''}`, 'data-seat': seat },
    el('h3', {}, seatLabel(seat),
      seat === deal.picker ? el('span', { class: 'tag' }, 'picker') : null,
      seat === deal.partner ? el('span', { class: 'tag' }, 'partner') : null,
      seat === deal.dealer ? el('span', { class: 'tag' }, 'dealer') : null),
    miniCards(cards))));
}

function drawBidding(deal) {
  const rows = deal.bidding.map((step) => el('li', {},
    `${seatLabel(step.seat)}: ${step.label}`,
    step.reason ? el('span', { class: 'reason' }, ` — ${step.reason}`) : null,
    markBadge(decisionAt(deal, step.index))));
  return [
    el('p', {}, 'The blind: ', miniCards(deal.blind), deal.buried.length ? ' · buried: ' : '', deal.buried.length ? miniCards(deal.buried) : ''),
    el('ol', { class: 'replay-plays' }, ...rows),
  ];
}

function drawTrick(deal, trick, number) {
  const rows = trick.plays.map((play) => el('li', { class: play.seat === trick.winner ? 'winner' : null },
    `${seatLabel(play.seat)}: `, miniCards([play.card]),
    play.reason ? el('span', { class: 'reason' }, ` ${play.reason}`) : null,
    markBadge(decisionAt(deal, play.index))));
  return [
    el('ol', { class: 'replay-plays', 'data-testid': 'replay-trick' }, ...rows),
    el('p', { class: 'result-line' }, `${seatLabel(trick.winner)} took trick ${number} (${trick.points} points).`),
  ];
}

function draw() {
  const board = $('replay-board');
  const deal = state.replay.deals[state.deal];
  if (!deal) {
    board.replaceChildren(el('p', { class: 'muted' }, 'No hand of this game has finished yet.'));
    $('replay-step').textContent = '';
    return;
  }
  const last = deal.tricks.length;
  const step = Math.min(state.step, last + 1);
  const parts = [drawHands(deal, Math.min(step, last))];
  let label;
  if (step === 0) {
    label = 'The deal and the bidding';
    parts.push(...drawBidding(deal));
  } else if (step <= last) {
    label = `Trick ${step} of ${last}`;
    parts.push(...drawTrick(deal, deal.tricks[step - 1], step));
  } else {
    label = 'The result';
    parts.push(el('p', { class: 'result-line', 'data-testid': 'replay-result' }, `${deal.summary}.`),
      el('p', {}, ...deal.scores.map((s, seat) => el('span', { class: 'play' }, `${seatLabel(seat)} ${signed(s)} `))));
  }
  board.replaceChildren(...parts);
  $('replay-step').textContent = `Hand ${deal.hand_number}: ${label}`;
  $('replay-prev').disabled = state.deal === 0 && step === 0;
  $('replay-next').disabled = state.deal === state.replay.deals.length - 1 && step === last + 1;
  $('replay-deal').value = String(state.deal);
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
  const hinted = review.hints_used ? ` Hints used in this game: ${review.hints_used}.` : '';
  status.textContent = {
    waiting: 'There is nothing to review yet: a New game\'s hands are reviewed as they finish, a Daily once it is over.',
    partial: `${review.reviewed} of ${review.deals} hands reviewed.`,
    running: `Reviewing… ${review.reviewed} of ${review.deals} hands.`,
    done: `Reviewed: ${counts.blunder} blunders, ${counts.mistake} mistakes, ${counts.inaccuracy} inaccuracies.`,
  }[review.status] + hinted;
  $('review-list').replaceChildren(...review.decisions.filter((d) => d.mark).map((d) => el('li', { class: `mark-${d.mark}` },
    `Hand ${handNumberOf(d.deal)}, ${d.trick === null ? d.phase : `trick ${d.trick + 1}`}: ${decisionLine(d)}`)));
}

function handNumberOf(dealIndex) {
  const deal = state.replay.deals.find((d) => d.deal === dealIndex);
  return deal ? deal.hand_number : dealIndex + 1;
}

async function reload() {
  const id = new URLSearchParams(window.location.search).get('game');
  state.replay = await reviewApi.replay(id);
  const select = $('replay-deal');
  select.replaceChildren(...state.replay.deals.map((d, k) => el('option', { value: String(k) }, `Hand ${d.hand_number}${d.kind === 'passed-out' ? ' (thrown in)' : ''}`)));
  draw();
}

async function main() {
  const id = new URLSearchParams(window.location.search).get('game');
  if (!id) {
    $('replay-note').textContent = 'Open a replay from a game (its Replay button) or the leaderboard.';
    return;
  }
  try {
    await reload();
  } catch (error) {
    $('replay-note').textContent = error.message;
    $('replay-review').hidden = true;
    return;
  }
  const replay = state.replay;
  $('replay-title').textContent = replay.mine ? 'Replay of your game' : `Replay: the ${replay.daily_date} Daily`;
  $('replay-note').textContent = replay.status === 'over' ? 'Every card face up.' : 'The finished hands of a game in progress, every card face up.';
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
      await awaitReview(id, showReview);
      await reload();
    } catch (error) {
      toast(error.message, 'error');
    }
  });
  showReview(await reviewApi.review(id));
}

main();
