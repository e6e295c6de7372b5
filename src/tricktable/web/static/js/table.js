// The life of a table, the same for every game: opening and leaving it, sending the player's
// action and animating the server's answer event by event, the hand as card buttons, the prompt
// while nothing is asked, a trick won (held in view at the instant speed), the toolbar (last
// trick, last hand, scores, speed, settings, keys, leaving: tools.js), the keyboard, the end of
// a hand and the final dialog (a win celebrated).  createTable(spec) returns the table
// ({app, start, stop, setup, send, render…}); the spec says what is the game's own:
//
//   game, view, prefix     the body's data-game, the table's section id, the prefix of its ids
//   state                  the game's own fields of the table's state (`app`)
//   displayFrom(game)      the display model of an answer; freshDeal(display, game, deal) clears
//                          it for a new deal during an animation; keepShown(display, shown),
//                          optional, carries something of the animated display into the next
//   drawTable()            status, seats and the cards on the table
//   handCards()            the hand: [{code, classes, label, note, pressed}] (a note is shown
//                          under its card: "blind")
//   prompt(legal)          {text, buttons} when the player has something to do
//   onCard(code, legal)    a card tapped when the player has something to do
//   animateEvent(event, game)
//   clearChoices()         optional: clears the game's own choices (the table clears `selected`)
//   waiting, finalLabel    the prompt while the others play (or a function giving it); the
//                          button to the final dialog
//   final(game)            {title, body, won} of the final dialog; dailyRanked, dailyUnranked: the
//                          messages of its Daily line ({date}); leaderboard: its leaderboard link
//   lastTrick(trick), lastHand(previous), scores(game): the bodies of the toolbar's dialogs
//   idleKeys, onKey(event, legal): keys only while nothing animates; the game's own keys
//   shortcuts              [[key, message key of what it does]] for the `?` help
//   seatElement(seat)      a seat's box on the table (where its cards come from and go to)
//   announce(event)        optional: the words a screen reader hears for an event (or null)
//   tools(app)             optional: the game's own toolbar buttons (put first), [button, icon]
//
// The table gives the spec trickShown(): the trick to draw (the one being played, else the one
// held in view after it was won) and its winner.

import { api } from './api.js';
import { cardSvg } from './cards.js';
import {
  SPEEDS, button, delay, dialog, focusCardByNumber, handKeys, hooks, setSpeed, setState,
} from './common.js';
import { confetti } from './celebrate.js';
import { gatherTo } from './motion.js';
import { formatDay, t } from './i18n.js';
import { SPEED_LABELS, helpBody, settingsBody } from './preferences.js';
import { onSettingsChange, settings } from './settings.js';
import { playSound } from './sound.js';
import { createCoach } from './coach.js';
import { asTool, icon, setupToolbar, toolButton } from './tools.js';
import { $, announce, el, toast } from './ui.js';
import { shareBlock } from './share.js';

// At the instant speed nothing moves: a won trick is held in view this long when more cards
// follow before the player's turn, else until the next card falls.
const HOLD_MS = 900;

export function createTable(spec) {
  const app = {
    game: null, // the last answer of the server that the table shows
    display: null, // what the table shows (moves ahead event by event while animating)
    busy: false,
    selected: [], // cards chosen (to bury, to exchange), in order
    previousHand: null, // the last finished hand (sent when a hand ends or on a load)
    asked: '', // the prompt's question the focus last followed ('' while nothing is asked)
    table: 0, // counts tables opened: an animation of a table that was left stops
    held: null, // {trick, winner, message}: a won trick kept in view (instant speed)
    coming: [], // the events of the answer being animated that are still to come
    ...spec.state,
  };
  const byId = (name) => $(spec.prefix + name);
  // A coached game's line after each of my decisions, and Undo (coach.js).
  const coach = createCoach(spec.prefix, { app, receiveWhole: (game) => receiveWhole(game), renderAll: () => renderAll() });

  function clearChoices() {
    app.selected = [];
    if (spec.clearChoices) spec.clearChoices();
  }

  function legalSet(prefix) {
    const legal = app.busy || !app.game ? [] : app.game.legal_actions;
    return new Set(legal.filter((a) => a.startsWith(prefix)).map((a) => a.split(' ').pop()));
  }

  // --- Rendering ---------------------------------------------------------------------------

  function renderTable() {
    if (!app.game || !app.display) return; // the table was left during an animation
    spec.drawTable();
  }

  // The trick to draw: the one being played, else a won one held in view, with its winner.
  function trickShown() {
    const d = app.display;
    if (d.trick.length || !app.held) return { trick: d.trick, winner: d.winner, message: d.message };
    return { trick: app.held.trick, winner: app.held.winner, message: d.message || app.held.message };
  }

  // The hand as card buttons, numbered in the order shown (the player's hand order); a card that
  // may not be played now is aria-disabled, described by the engine's reason.
  function renderHand() {
    if (!app.game || !app.display) return;
    const container = byId('hand');
    const cardButtons = [...container.querySelectorAll('button.card')];
    const hadFocus = cardButtons.indexOf(document.activeElement);
    const cards = spec.handCards();
    if (settings.handOrder === 'low-first') cards.reverse();
    const reasons = (!app.busy && app.game.unplayable) || {};
    const why = [];
    const buttons = cards.map(({ code, classes, label, note, pressed }, index) => {
      const blocked = classes.includes('dim');
      let describedBy = null;
      if (blocked) {
        describedBy = `${spec.prefix}why-${index}`;
        // The server's reason, in the player's language (else ours).
        why.push(el('span', { id: describedBy, class: 'sr-only', 'data-words': reasons[code] ? 'server' : null },
          reasons[code] || t('web.table.not_playable')));
      }
      const b = el('button', {
        type: 'button', class: classes.join(' '), 'data-card': code, 'aria-label': t('web.table.card_numbered', { number: index + 1, card: label }),
        'aria-pressed': pressed, 'aria-disabled': blocked ? 'true' : null, 'aria-describedby': describedBy,
        'data-note': note || null,
        tabindex: index === Math.max(hadFocus, 0) ? '0' : '-1',
      });
      b.innerHTML = cardSvg(code);
      b.addEventListener('click', () => onCard(code));
      return b;
    });
    container.style.setProperty('--n', String(Math.max(buttons.length, 1)));
    container.replaceChildren(...buttons, ...why);
    if (hadFocus >= 0 && buttons.length) buttons[Math.min(hadFocus, buttons.length - 1)].focus();
  }

  function renderPrompt() {
    const game = app.game;
    const legal = game.legal_actions;
    let text = '';
    let buttons = [];
    if (app.busy) {
      text = '…';
    } else if (game.status === 'over') {
      text = t('web.table.game_over');
      buttons = [button(spec.finalLabel, showFinal, { primary: true })];
    } else if (!legal.length) {
      text = typeof spec.waiting === 'function' ? spec.waiting() : spec.waiting;
    } else {
      ({ text, buttons } = spec.prompt(legal));
    }
    byId('prompt-text').textContent = text;
    byId('prompt-buttons').replaceChildren(...buttons);
    byId('prompt').classList.toggle('asking', !app.busy && game.status !== 'over' && legal.length > 0);
    followPrompt(text, legal);
  }

  // Focus follows the prompt: when the player is asked something new, the focus goes to the
  // first thing to answer with (the prompt's main button, else the first card that may be
  // chosen, else another button or the first card), and the question is announced; a turn's
  // start sounds if sound is on.
  function followPrompt(text, legal) {
    const asked = !app.busy && legal.length > 0 && app.game.status !== 'over';
    if (!asked) {
      app.asked = '';
      return;
    }
    if (text === app.asked) return;
    const firstQuestion = !app.asked;
    app.asked = text;
    if (firstQuestion) playSound('turn');
    const active = document.activeElement;
    if (active && active.closest && active.closest(`#${spec.view} .prompt input`)) return;
    const target = byId('prompt-buttons').querySelector('button.primary:not([disabled])')
      || byId('hand').querySelector('button.card.legal')
      || byId('prompt-buttons').querySelector('button:not([disabled])')
      || byId('hand').querySelector('button.card');
    if (target) {
      byId('hand').querySelectorAll('button.card').forEach((c) => c.setAttribute('tabindex', c === target ? '0' : '-1'));
      target.focus({ preventScroll: true });
    }
    announce(text);
  }

  function renderAll() {
    if (!app.game || !app.display) return;
    renderTable();
    renderHand();
    renderPrompt();
    setState(app.busy ? 'busy' : (app.game.status === 'over' ? 'over' : 'idle'));
    document.body.dataset.phase = app.game.view.hand.phase;
    coach.render();
  }

  // --- Playing -----------------------------------------------------------------------------

  async function send(action) {
    if (app.busy) return;
    const opened = app.table;
    app.busy = true;
    tools.close({ focus: false });
    renderAll();
    let answer;
    try {
      answer = await (hooks.act || api.act)(app.game.id, { action, version: app.game.version, since: app.game.event_count });
    } catch (error) {
      if (app.table !== opened) return;
      app.busy = false;
      if (error.status === 409 && error.game) {
        toast(error);
        clearChoices();
        await receive(error.game);
        return;
      }
      toast(error, 'error');
      renderAll();
      return;
    }
    if (app.table !== opened) return; // the player left this table meanwhile
    clearChoices();
    coach.acted(app.game.version);
    await receive(answer);
  }

  // A whole game (an undo's answer): shown as it is, without animating.
  function receiveWhole(game) {
    if (!app.game) return;
    clearChoices();
    app.held = null;
    app.coming = [];
    app.previousHand = game.previous_hand;
    app.game = game;
    app.display = spec.displayFrom(game);
    app.busy = false;
    app.asked = ''; // the question is asked afresh: focus and words follow it
    renderAll();
  }

  function onCard(code) {
    if (app.busy || !app.game || app.game.status === 'over') return;
    const legal = app.game.legal_actions;
    if (!legal.length) {
      toast(t('web.table.wait_turn'));
      return;
    }
    spec.onCard(code, legal);
  }

  async function receive(game) {
    const opened = app.table;
    app.busy = true;
    if (game.previous_hand) app.previousHand = game.previous_hand;
    if (!app.display || app.display.deal === undefined) app.display = spec.displayFrom(game);
    setState('busy');
    for (const [k, event] of game.events.entries()) {
      app.coming = game.events.slice(k + 1);
      if (event.deal !== app.display.deal) {
        app.held = null;
        spec.freshDeal(app.display, game, event.deal);
        renderTable();
        renderHand();
      }
      if (event.type === 'CardPlayed') {
        app.held = null;
        playSound('card');
      }
      const words = spec.announce ? spec.announce(event) : null;
      if (words) announce(words);
      await spec.animateEvent(event, game);
      if (app.table !== opened) return; // the player left this table meanwhile
    }
    app.coming = [];
    const shown = app.display;
    app.game = game;
    app.display = spec.displayFrom(game);
    if (spec.keepShown) spec.keepShown(app.display, shown);
    app.busy = false;
    renderAll();
    if (game.status === 'over') await showFinal();
  }

  // A trick won: its cards stay a moment with the winner's marked, then go to the winner, who
  // leads.  At the instant speed they stay: a moment when more cards follow at once, else until
  // the next card falls, so that the cards played after the player's are seen.  (`tricks` is
  // the display's count of tricks by seat.)
  async function trickWon(seat, message, pause, tricks) {
    const d = app.display;
    d.winner = seat;
    d.toMove = null;
    d.message = message;
    renderTable();
    if (settings.speed !== 'instant') {
      await delay(pause);
    } else if (app.coming.some((e) => e.type === 'CardPlayed' && e.deal === d.deal)) {
      await new Promise((resolve) => { setTimeout(resolve, HOLD_MS); });
    } else {
      app.held = { trick: d.trick, winner: seat, message };
    }
    playSound('trick');
    if (!app.held) await gatherTo([...byId('trick').querySelectorAll('.played')], spec.seatElement(seat));
    d.trick = [];
    d.winner = null;
    d.message = '';
    tricks[seat] += 1;
    d.toMove = seat;
    renderTable();
  }

  // --- Dialogs -----------------------------------------------------------------------------

  // A dialog of the table, of a kind its style knows ('hand-end', 'final', 'won'…); the kind
  // goes with the dialog when it closes.
  function tableDialog(kind, title, body, buttons) {
    const box = $('dialog');
    const token = {};
    box.dataset.kind = kind;
    box.kindToken = token;
    box.addEventListener('close', () => {
      if (box.kindToken === token) delete box.dataset.kind;
    }, { once: true });
    return dialog(title, body, buttons);
  }

  // The end of a hand: its summary, until the player goes on.
  async function handEnd(game, event, title, body) {
    const last = game.status === 'over' && event.deal === game.deal;
    setState('hand-end');
    await tableDialog('hand-end', title, body, [
      { label: last ? spec.finalLabel : t('web.table.next_hand'), primary: true, value: true },
    ]);
    setState('busy');
  }

  // The end of the game: the standings, a celebration when the player won, what next.
  async function showFinal() {
    const game = app.game;
    const { title, body, won } = spec.final(game);
    if (game.mode === 'daily') {
      body.push(el('p', {}, t(game.ranked ? spec.dailyRanked : spec.dailyUnranked, { date: formatDay(game.daily_date) })));
      body.push(shareBlock(game));
    }
    if (won) body.unshift(confetti());
    setState('final');
    const own = hooks.final && hooks.final(game); // a table with friends: its own ways on
    const choice = await tableDialog(won ? 'final won' : 'final', title, body.filter(Boolean), own ? own.buttons : [
      { label: t('web.table.leaderboard'), href: spec.leaderboard },
      { label: t('web.table.new_game'), primary: true, value: 'lobby' },
    ]);
    if (own) {
      setState('over');
      own.chosen(choice);
    } else if (choice === 'lobby') hooks.lobby();
    else setState('over');
  }

  function closeButton() {
    return { label: t('web.table.close'), primary: true, value: true };
  }

  function showLastTrick() {
    if (!app.game) return;
    const tricks = app.game.view.hand.tricks;
    if (!tricks.length) {
      toast(t('web.table.no_trick_yet'));
      return;
    }
    tableDialog('trick', t('web.table.trick_title', { number: tricks.length }), spec.lastTrick(tricks[tricks.length - 1]), [closeButton()]);
  }

  function showLastHand() {
    const previous = app.previousHand;
    if (!app.game || !previous) {
      toast(t('web.table.no_hand_yet'));
      return;
    }
    tableDialog('hand-end', t('web.table.hand_title', { number: previous.hand_number }), spec.lastHand(previous), [closeButton()]);
  }

  function showScores() {
    if (!app.game) return;
    tableDialog('scores', t('web.table.running_scores'), spec.scores(app.game), [closeButton()]);
  }

  function showSettings() {
    tableDialog('settings', t('web.table.settings'), settingsBody(), [{ label: t('web.table.done'), primary: true, value: true }]);
  }

  function showHelp() {
    const undo = app.game && app.game.coached ? [['U', 'web.coach.undo_label']] : [];
    tableDialog('keys', t('web.table.keys'), helpBody([...(spec.shortcuts || []), ...undo]), [closeButton()]);
  }

  // --- Start -------------------------------------------------------------------------------

  function start(game, { animate = false } = {}) {
    app.table += 1;
    $(spec.view).hidden = false;
    byId('prompt').prepend($('toast')); // messages show in the prompt, covering nothing
    document.body.dataset.game = spec.game;
    clearChoices();
    app.held = null;
    app.previousHand = game.previous_hand;
    if (animate && game.events.length) {
      app.display = spec.displayFrom(game);
      spec.freshDeal(app.display, game, game.events[0].deal);
      app.game = { ...game, legal_actions: [] };
      app.busy = true;
      renderAll();
      receive(game);
    } else {
      app.game = game;
      app.display = spec.displayFrom(game);
      app.busy = false;
      renderAll();
      if (game.status === 'over') showFinal();
    }
    coach.started();
  }

  function stop() {
    app.table += 1;
    app.busy = false;
    app.held = null;
    tools.close({ focus: false });
    $(spec.view).hidden = true;
    app.game = null;
    app.display = null;
    coach.render();
  }

  let tools = { isOpen: () => false, close: () => {} };

  function setup() {
    const speed = el('select', { id: `${spec.prefix}speed`, class: 'speed-select' },
      ...Object.keys(SPEEDS).map((name) => el('option', { value: name }, t(SPEED_LABELS[name]))));
    speed.value = settings.speed;
    speed.addEventListener('change', () => setSpeed(speed.value));
    const tool = (name, iconName, label, onClick) => toolButton(spec.prefix + name, iconName, label, onClick);
    const own = spec.tools ? spec.tools(app).map(([node, iconName]) => asTool(node, iconName)) : [];
    tools = setupToolbar(spec.prefix, [
      ...own,
      tool('last-trick-button', 'trick', t('web.table.last_trick'), showLastTrick),
      tool('last-hand-button', 'hand', t('web.table.last_hand'), showLastHand),
      tool('scores-button', 'scores', t('web.table.scores'), showScores),
      el('label', { class: 'tool speed' }, icon('speed'), el('span', {}, t('web.table.speed')), speed),
      tool('settings-button', 'settings', t('web.table.settings'), showSettings),
      tool('help-button', 'keys', t('web.table.keys_button'), showHelp),
      tool('menu-button', 'leave', t('web.table.leave'), () => hooks.lobby()),
    ]);
    byId('help-button').setAttribute('aria-keyshortcuts', '?');
    onSettingsChange((name) => {
      if (name === 'speed') speed.value = settings.speed;
      if (!$(spec.view).hidden && app.game && app.display && !app.busy) renderAll();
      else if (!$(spec.view).hidden && app.display) { renderTable(); renderHand(); }
    });
    handKeys(byId('hand'));
    coach.setup();
    document.addEventListener('keydown', (event) => {
      if ($(spec.view).hidden || $('dialog').open || tools.isOpen()) return;
      if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
      if (event.key === '?') {
        event.preventDefault();
        showHelp();
        return;
      }
      if (spec.idleKeys && (app.busy || !app.game)) return;
      if (focusCardByNumber(byId('hand'), event.key)) {
        event.preventDefault();
        return;
      }
      if (event.key.toLowerCase() === 'u' && !event.ctrlKey && !event.metaKey && !event.altKey
          && coach.canUndo()) {
        event.preventDefault();
        coach.undo();
        return;
      }
      if (spec.onKey) spec.onKey(event, app.game.legal_actions);
    });
  }

  return {
    app, legalSet, renderTable, renderHand, renderAll, send, receive, trickWon, trickShown, handEnd, start, stop, setup,
  };
}
