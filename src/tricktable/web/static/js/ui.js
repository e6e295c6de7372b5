// Small helpers shared by the pages: elements, seat names, numbers, messages.

import { COMPUTER_NAMES } from './avatars.js';
import { formatSigned, t } from './i18n.js';

// The seats of the Sheepshead table, you at the bottom, then the computer players clockwise,
// each with a name of its own (short: it fits a phone's seat whole).  A table with friends puts
// the players' nicknames in their place (tables.js).
export const NAMES = [t('web.seat.you'), ...COMPUTER_NAMES.map((key) => t(key))];

// The same, short, for a narrow column on a phone.
export const SHORT_NAMES = [t('web.seat.you_short'), ...COMPUTER_NAMES.map((key) => t(key))];

// The nicknames of the other people at a table with friends, by seat (tables.js fills it): the
// tables name a person where they would name a computer player.
export const PEOPLE = {};

export function seatName(seat) {
  return NAMES[seat] ?? t('web.seat.number', { seat });
}

export function $(id) {
  return document.getElementById(id);
}

// el('button', {class: 'x', 'data-card': 'QC'}, 'text', child, ...): null attributes are left out.
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined && value !== false) node.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined) continue;
    node.append(typeof child === 'string' || typeof child === 'number' ? document.createTextNode(String(child)) : child);
  }
  return node;
}

// A score with its sign, in the page's language ("+3", "−3", "0"; a dash when unknown).
export const signed = formatSigned;

// Words the server wrote (a reason, an error's message), already in the player's language: shown
// as they come, marked as the server's (data-words="server").
export function serverWords(text) {
  return el('span', { 'data-words': 'server' }, text);
}

// A node showing an error: its message, marked as the server's when the server wrote it.
export function showError(node, error) {
  node.textContent = error.message;
  if (error.server) node.dataset.words = 'server';
  else delete node.dataset.words;
}

// Words for a screen reader only: each card played, each trick's winner, each new question.
export function announce(text) {
  const region = $('announcer');
  if (!region || !text) return;
  // A repeated sentence must still be heard: the region is emptied, then filled.
  region.textContent = '';
  setTimeout(() => { region.textContent = text; }, 30);
}

let toastTimer = null;

// A message for a moment: words of ours, or an error (its message; the server's own words, in the
// player's language, are marked as the server's: data-words="server").
export function toast(message, kind = 'info') {
  const box = $('toast');
  if (!box) return;
  const error = message && typeof message === 'object';
  box.textContent = error ? message.message : message;
  if (error && message.server) box.dataset.words = 'server';
  else delete box.dataset.words;
  box.className = `toast ${kind === 'error' ? 'error' : ''}`;
  box.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { box.hidden = true; }, kind === 'error' ? 5000 : 3500);
}
