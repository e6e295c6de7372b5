// Learn to play: the lessons of GET /api/learn/{lesson}.  The server replays the moves made so
// far through the game's engine and answers the lesson up to its next decision; this script
// holds no rules: it shows what it is sent, sends the choice back, and checks an answer against
// the one the engine gave.  Lessons finished (and moves made) are kept in this browser.
import { cardName, cardSvg } from './cards.js';
import './language-menu.js';

const root = document.getElementById('learn');
const words = root.dataset;
const listView = document.getElementById('learn-list');
const lessonView = document.getElementById('learn-lesson');
const title = document.getElementById('lesson-title');
const story = document.getElementById('learn-story');
const table = document.getElementById('learn-table');
const prompt = document.getElementById('learn-prompt');
const feedback = document.getElementById('learn-feedback');
const hand = document.getElementById('learn-hand');
const board = document.getElementById('learn-board');
const ORDER = [...document.querySelectorAll('[data-lesson]')].map((a) => a.dataset.lesson);
const DONE_KEY = 'tricktable.learn.done';

const lesson = {
  id: null, moves: [], shown: 0, answered: new Set(), data: null, chosen: [], focusCard: null, focusAction: null,
};

function storedDone() {
  try {
    const list = JSON.parse(localStorage.getItem(DONE_KEY) || '[]');
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

function markDone(id) {
  const done = new Set(storedDone());
  done.add(id);
  try {
    localStorage.setItem(DONE_KEY, JSON.stringify([...done]));
    localStorage.removeItem(`tricktable.learn.moves.${id}`);
  } catch { /* private mode: progress is not kept */ }
}

function saveMoves() {
  try {
    localStorage.setItem(`tricktable.learn.moves.${lesson.id}`, JSON.stringify(lesson.moves));
  } catch { /* private mode */ }
}

function savedMoves(id) {
  try {
    const moves = JSON.parse(localStorage.getItem(`tricktable.learn.moves.${id}`) || '[]');
    return Array.isArray(moves) ? moves.filter((m) => typeof m === 'string') : [];
  } catch {
    return [];
  }
}

function node(tag, className, text) {
  const element = document.createElement(tag);
  if (className) element.className = className;
  if (text !== undefined) element.textContent = text;
  return element;
}

function showList() {
  const done = new Set(storedDone());
  for (const link of document.querySelectorAll('[data-lesson]')) {
    const finished = done.has(link.dataset.lesson);
    link.classList.toggle('done', finished);
    let mark = link.querySelector('.learn-done');
    if (finished && !mark) {
      mark = node('span', 'learn-done', `✓ ${words.done}`);
      link.append(mark);
    }
  }
  listView.hidden = false;
  lessonView.hidden = true;
}

async function fetchLesson() {
  root.dataset.busy = 'true';
  const query = encodeURIComponent(lesson.moves.join(','));
  const answer = await fetch(`/api/learn/${encodeURIComponent(lesson.id)}?moves=${query}`,
    { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  const body = await answer.json();
  if (!answer.ok) throw new Error(body.message || String(answer.status));
  return body;
}

async function open(id, { fresh = false } = {}) {
  lesson.id = id;
  lesson.moves = fresh ? [] : savedMoves(id);
  lesson.shown = 0;
  lesson.answered = new Set();
  story.replaceChildren();
  feedback.textContent = '';
  listView.hidden = true;
  lessonView.hidden = false;
  let data;
  try {
    data = await fetchLesson();
  } catch {
    lesson.moves = [];
    data = await fetchLesson();
  }
  title.textContent = data.title;
  document.title = `${data.title} — Tricktable`;
  title.focus();
  render(data);
}

async function move(text) {
  lesson.focusCard = document.activeElement?.dataset?.card || null;
  lesson.focusAction = document.activeElement?.dataset?.action || null;
  lesson.moves.push(text);
  let data;
  try {
    data = await fetchLesson();
  } catch (error) {
    lesson.moves.pop();
    feedback.textContent = error.message;
    root.dataset.busy = 'false';
    return;
  }
  if (data.pending.refused) {
    lesson.moves.pop();
    feedback.textContent = data.pending.refused;
  } else {
    feedback.textContent = '';
    saveMoves();
  }
  render(data);
}

function render(data) {
  root.dataset.busy = 'false';
  lesson.data = data;
  lesson.chosen = [];
  drawTable(data.table);
  // The story so far, up to the first question not yet answered.
  while (lesson.shown < data.items.length) {
    const index = lesson.shown;
    const item = data.items[index];
    if (item.kind === 'ask' && !lesson.answered.has(index)) {
      drawHand(data.hand, null);
      drawQuestion(item, index);
      board.scrollIntoView({ block: 'nearest' });
      return;
    }
    if (item.kind !== 'ask') story.append(node('li', `learn-${item.kind}`, item.text));
    lesson.shown += 1;
  }
  if (data.pending.kind === 'done') {
    drawHand(data.hand, null);
    drawRecap(data.pending.recap);
  } else {
    drawHand(data.hand, data.pending);
    drawAct(data.pending);
  }
  keepFocus();
  board.scrollIntoView({ block: 'nearest' });
}

// The button pressed is often redrawn: the keyboard stays on it when it is still there (a
// refused card or choice: the next one is a Tab away), else moves to the next thing to do (the
// recap's first link, a choice, the first card that may be played).
function keepFocus() {
  if (lessonView.contains(document.activeElement)) return;
  const same = (lesson.focusCard && hand.querySelector(`button[data-card="${lesson.focusCard}"]:not([disabled])`))
    || (lesson.focusAction && prompt.querySelector(`button[data-action="${CSS.escape(lesson.focusAction)}"]`));
  const next = same || prompt.querySelector('a, button:not([disabled])')
    || hand.querySelector('button:not([disabled])');
  if (next) next.focus({ preventScroll: true });
}

function drawTable(cards) {
  table.replaceChildren(...cards.map((played) => {
    const item = node('li', 'learn-played');
    const face = node('span', 'learn-face');
    face.innerHTML = cardSvg(played.card);
    item.append(face, node('span', 'learn-name', played.name));
    item.setAttribute('aria-label', `${played.name}: ${cardName(played.card)}`);
    return item;
  }));
}

function cardButton(code) {
  const button = node('button', 'learn-card');
  button.type = 'button';
  button.innerHTML = cardSvg(code);
  button.setAttribute('aria-label', cardName(code));
  button.dataset.card = code;
  return button;
}

function drawHand(cards, pending) {
  const playing = pending && pending.kinds.includes('play');
  const burying = pending && pending.kinds.includes('bury');
  hand.replaceChildren(...cards.map((code) => {
    const button = cardButton(code);
    if (playing) {
      button.addEventListener('click', () => move(`play ${code}`));
    } else if (burying) {
      button.setAttribute('aria-pressed', 'false');
      button.addEventListener('click', () => toggleBury(button, code));
    } else {
      button.disabled = true;
    }
    return button;
  }));
}

function toggleBury(button, code) {
  const chosen = lesson.chosen;
  const at = chosen.indexOf(code);
  if (at >= 0) chosen.splice(at, 1);
  else if (chosen.length < 2) chosen.push(code);
  button.setAttribute('aria-pressed', String(chosen.includes(code)));
  const bury = document.getElementById('learn-bury');
  if (bury) bury.disabled = chosen.length !== 2;
}

function drawAct(pending) {
  const parts = [node('p', 'learn-ask', pending.prompt)];
  if (pending.kinds.includes('bury')) {
    const bury = node('button', 'primary', words.bury);
    bury.type = 'button';
    bury.id = 'learn-bury';
    bury.disabled = true;
    bury.addEventListener('click', () => move(`bury ${lesson.chosen.join(' ')}`));
    parts.push(bury);
  }
  const row = node('div', 'learn-choices');
  for (const choice of pending.choices) {
    const button = node('button', '', choice.label);
    button.type = 'button';
    button.dataset.action = choice.action;
    // A bid's button shows its number; its name says what it does ("Bid 4 tricks").
    if (choice.name) button.setAttribute('aria-label', choice.name);
    button.addEventListener('click', () => move(choice.action));
    row.append(button);
  }
  if (pending.choices.length) parts.push(row);
  prompt.replaceChildren(...parts);
}

function drawQuestion(item, index) {
  const row = node('div', 'learn-choices learn-options');
  item.options.forEach((option, at) => {
    const isCard = item.options.every((o) => /^[0-9AKQJ]+[CSHD]$/.test(o));
    const button = isCard ? cardButton(option) : node('button', 'learn-number', item.labels[at]);
    button.type = 'button';
    button.addEventListener('click', () => {
      if (button.getAttribute('aria-disabled') === 'true') return;
      if (option === item.answer) {
        feedback.textContent = item.right;
        story.append(node('li', 'learn-right', `${item.question} ${item.right}`));
        lesson.answered.add(index);
        lesson.shown = index + 1;
        render(lesson.data);
      } else {
        feedback.textContent = item.wrong;
        // Struck out but still focusable: the keyboard stays where it was.
        button.setAttribute('aria-disabled', 'true');
      }
    });
    row.append(button);
  });
  prompt.replaceChildren(node('p', 'learn-ask', item.question), row);
  row.querySelector('button').focus();
}

function drawRecap(recap) {
  markDone(lesson.id);
  const box = node('div', 'learn-recap');
  box.append(node('h2', '', words.recap), node('p', '', recap));
  const row = node('div', 'learn-choices');
  const next = ORDER[ORDER.indexOf(lesson.id) + 1];
  if (next) {
    const link = node('a', 'button-link primary', words.next);
    link.href = `/learn?lesson=${next}`;
    link.id = 'learn-next';
    link.addEventListener('click', (event) => { event.preventDefault(); go(next); });
    row.append(link);
  }
  const again = node('button', '', words.again);
  again.type = 'button';
  again.addEventListener('click', () => open(lesson.id, { fresh: true }));
  const back = node('a', 'button-link', words.back);
  back.href = '/learn';
  row.append(again, back);
  box.append(row);
  prompt.replaceChildren(box);
}

function go(id) {
  history.pushState({ lesson: id }, '', id ? `/learn?lesson=${id}` : '/learn');
  if (id) open(id);
  else showList();
}

for (const link of document.querySelectorAll('[data-lesson]')) {
  link.addEventListener('click', (event) => { event.preventDefault(); go(link.dataset.lesson); });
}
document.getElementById('learn-back').addEventListener('click', (event) => {
  event.preventDefault();
  go(null);
});
window.addEventListener('popstate', () => start());

function start() {
  const id = new URLSearchParams(location.search).get('lesson');
  if (id && ORDER.includes(id)) open(id);
  else showList();
}

start();
root.dataset.ready = 'true';
