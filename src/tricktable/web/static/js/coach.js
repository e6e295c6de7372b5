// A coached game at the table (Sheepshead and Spades): after each of my decisions the coach's
// line — whether it would have done otherwise, and why (the hint's evaluation of that decision,
// in the server's words) — shown above the prompt and read out by its own live region; and Undo,
// which takes back my last decision (the server replays the game from its seed): the button, or
// the key U.  Only a coached
// game shows either: a Daily, a New game without the coach and a table with friends never do.

import { request } from './api.js';
import { t } from './i18n.js';
import { $, toast } from './ui.js';

export const coachApi = {
  line: (id, index) => request('GET', `/api/games/${encodeURIComponent(id)}/coach` + (index === undefined ? '' : `?index=${index}`)),
  undo: (id, version) => request('POST', `/api/games/${encodeURIComponent(id)}/undo`, { version }),
};

// The coach of one table (`prefix` of its ids).  `table`: {app, receiveWhole(game), renderAll}.
export function createCoach(prefix, table) {
  const byId = (name) => $(prefix + name);
  let asked = 0; // counts the lines asked for: only the last one asked is shown
  let undoable = null; // false before my first decision (the server said so), else unknown or true

  function coached() {
    return Boolean(table.app.game && table.app.game.coached);
  }

  function say(text, { server = false, pending = false } = {}) {
    const line = byId('coach-line');
    line.textContent = text;
    line.classList.toggle('pending', pending);
    if (server) line.dataset.words = 'server';
    else delete line.dataset.words;
  }

  // The box and the Undo button as the game stands: shown in a coached game only; Undo only
  // while the game goes on and nothing animates.
  function render() {
    const box = byId('coach');
    if (!box) return;
    box.hidden = !coached();
    if (box.hidden) return;
    const game = table.app.game;
    byId('undo-button').disabled = !canUndo();
  }

  function canUndo() {
    const game = table.app.game;
    return coached() && !table.app.busy && game.status !== 'over' && undoable !== false;
  }

  // The line on my decision that was action number `index` of the game (my last one when
  // undefined), fetched while the computers' answer is being shown.
  async function fetchLine(index) {
    if (!coached()) return;
    const id = table.app.game.id;
    asked += 1;
    const mine = asked;
    say('…', { pending: true });
    try {
      const answer = await coachApi.line(id, index);
      if (mine !== asked || !table.app.game || table.app.game.id !== id) return;
      if (answer.coach) say(answer.coach.text, { server: true });
      else say(t('web.coach.waiting'));
      undoable = Boolean(answer.coach);
      render();
    } catch (error) {
      if (mine !== asked) return;
      say('');
      toast(error, 'error');
    }
  }

  // A table opened: the line on my last decision, if any.
  function started() {
    undoable = null;
    render();
    if (coached()) fetchLine();
  }

  // My action was sent from `version`: its line.
  function acted(version) {
    undoable = true;
    render();
    if (coached()) fetchLine(version);
  }

  async function undo() {
    const game = table.app.game;
    if (!canUndo()) return;
    asked += 1;
    let answer;
    try {
      answer = await coachApi.undo(game.id, game.version);
    } catch (error) {
      toast(error, 'error');
      if (error.code === 'nothing_to_undo') undoable = false;
      if (error.status === 409 && error.game) table.receiveWhole(error.game);
      return;
    }
    undoable = null; // the decision before, if any: the server says
    table.receiveWhole(answer);
    say(t('web.coach.undone'));
  }

  function setup() {
    const button = byId('undo-button');
    if (button) button.addEventListener('click', undo);
  }

  return { render, started, acted, setup, undo, canUndo };
}
