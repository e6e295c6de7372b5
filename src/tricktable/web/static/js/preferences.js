// The bodies of two toolbar dialogs: the settings (kept in this browser) and the keys; and the
// theme's menu, which the lobby has too.

import { t } from './i18n.js';
import { CARD_SIZES, HAND_ORDERS, SPEEDS, THEMES, changeSetting, settings } from './settings.js';
import { el } from './ui.js';

const SIZE_LABELS = { small: 'web.settings.small', medium: 'web.settings.medium', large: 'web.settings.large' };

// The speeds' names (the table's toolbar has them too).
export const SPEED_LABELS = {
  slow: 'web.settings.slow', normal: 'web.settings.normal', fast: 'web.settings.fast', instant: 'web.settings.instant',
};

function choice(id, label, values, labels, name) {
  const select = el('select', { id }, ...Object.keys(values).map((value) =>
    el('option', { value }, t(labels[value]))));
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
  return [
    el('div', { class: 'settings stack' },
      choice('setting-speed', t('web.settings.speed'), SPEEDS, SPEED_LABELS, 'speed'),
      toggle('setting-sound', t('web.settings.sound'), 'sound', t('web.settings.sound_note')),
      toggle('setting-four-colour', t('web.settings.four_colour'), 'fourColour', t('web.settings.four_colour_note')),
      choice('setting-card-size', t('web.settings.card_size'), CARD_SIZES, SIZE_LABELS, 'cardSize'),
      choice('setting-hand-order', t('web.settings.hand_order'), HAND_ORDERS, HAND_ORDERS, 'handOrder'),
      choice('setting-theme', t('web.settings.theme'), THEMES, THEMES, 'theme')),
    el('p', { class: 'muted' }, t('web.settings.kept')),
  ];
}

// A select already on the page (the lobby's) made the theme's menu.
export function themeMenu(select) {
  select.value = settings.theme;
  select.addEventListener('change', () => changeSetting('theme', select.value));
}

// The keys: those of every table, then the game's own ([key, message key] pairs).  The letter
// keys are the same in every language (P picks, N passes…): the help says what each does.
export function helpBody(shortcuts) {
  const rows = [
    ['1 – 9', 'web.keys.number'],
    [t('web.keys.arrow_keys'), 'web.keys.arrows'],
    [t('web.keys.enter_space'), 'web.keys.press'],
    ...shortcuts,
    ['?', 'web.keys.help'],
    [t('web.keys.escape_key'), 'web.keys.escape'],
  ];
  return [el('table', { class: 'scores keys' },
    el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, t('web.keys.key')), el('th', { scope: 'col' }, t('web.keys.does')))),
    el('tbody', {}, ...rows.map(([key, does]) => el('tr', {}, el('td', {}, el('kbd', {}, key)), el('td', {}, t(does))))))];
}
