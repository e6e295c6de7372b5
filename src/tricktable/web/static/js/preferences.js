// The bodies of two toolbar dialogs: the settings (kept in this browser) and the keys.

import { CARD_SIZES, HAND_ORDERS, SPEEDS, changeSetting, settings } from './settings.js';
import { el } from './ui.js';

const SIZE_LABELS = { small: 'Small', medium: 'Medium', large: 'Large' };

function choice(id, label, values, labels, name) {
  const select = el('select', { id }, ...Object.keys(values).map((value) =>
    el('option', { value }, labels[value] || value)));
  select.value = settings[name];
  select.addEventListener('change', () => changeSetting(name, select.value));
  return el('label', { class: 'setting' }, label, select);
}

function toggle(id, label, name, note) {
  const box = el('input', { type: 'checkbox', id });
  box.checked = settings[name];
  box.addEventListener('change', () => changeSetting(name, box.checked));
  return el('label', { class: 'setting toggle' }, box, el('span', {}, label, note ? el('small', { class: 'muted' }, ` ${note}`) : null));
}

export function settingsBody() {
  const speeds = Object.fromEntries(Object.keys(SPEEDS).map((name) => [name, name[0].toUpperCase() + name.slice(1)]));
  return [
    el('div', { class: 'settings stack' },
      choice('setting-speed', 'Speed of the other players', SPEEDS, speeds, 'speed'),
      toggle('setting-sound', 'Sounds', 'sound', '(a card, a trick, your turn)'),
      toggle('setting-four-colour', 'Four-colour deck', 'fourColour', '(green clubs, blue diamonds)'),
      choice('setting-card-size', 'Card size', CARD_SIZES, SIZE_LABELS, 'cardSize'),
      choice('setting-hand-order', 'Hand order', HAND_ORDERS, HAND_ORDERS, 'handOrder')),
    el('p', { class: 'muted' }, 'Settings are kept in this browser.'),
  ];
}

// The keys: those of every table, then the game's own.
export function helpBody(shortcuts) {
  const rows = [
    ['1 – 9', 'Go to that card of your hand (then Enter plays or chooses it)'],
    ['← →, Home, End', 'Move through your hand'],
    ['Enter or Space', 'Press the focused card or button'],
    ...shortcuts,
    ['?', 'These keys'],
    ['Esc', 'Close a dialog'],
  ];
  return [el('table', { class: 'scores keys' },
    el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Key'), el('th', { scope: 'col' }, 'What it does'))),
    el('tbody', {}, ...rows.map(([key, does]) => el('tr', {}, el('td', {}, el('kbd', {}, key)), el('td', {}, does)))))];
}
