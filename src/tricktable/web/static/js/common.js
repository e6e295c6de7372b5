// What the tables share: the animation speed, the page state, buttons, dialogs, small cards,
// the player's name, keyboard moves through a hand, and the way back to the lobby.  (A table's
// life is in table.js, its seats and played cards in seats.js.)

import { cardName, cardSvg } from './cards.js';
import { t } from './i18n.js';
import { SPEEDS, changeSetting, settings } from './settings.js';
import { $, el } from './ui.js';

export { SPEEDS };

export const session = {
  me: null, // my identity and nickname
  options: null, // the games the server offers
};

// Set by the lobby: how a table goes back to it; a table with friends sends its actions its own
// way (`act(id, body)`, answering like api.act).
export const hooks = { lobby: () => {}, act: null, final: null };

export function setSpeed(speed) {
  changeSetting('speed', speed);
  for (const select of document.querySelectorAll('select.speed-select')) select.value = speed;
}

export function setState(state) {
  document.body.dataset.state = state;
}

export function delay(factor = 1) {
  const ms = (SPEEDS[settings.speed] ?? 650) * factor;
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function button(label, onClick, { primary = false, disabled = false, testid = null, ariaLabel = null } = {}) {
  const b = el('button', { type: 'button', class: primary ? 'primary' : null, 'data-testid': testid, 'aria-label': ariaLabel }, label);
  b.disabled = disabled;
  b.addEventListener('click', onClick);
  return b;
}

export function dialog(title, body, buttons) {
  const box = $('dialog');
  $('dialog-title').textContent = title;
  $('dialog-body').replaceChildren(...body);
  return new Promise((resolve) => {
    // A close event may arrive after the next dialog has opened: only a closed box counts.
    const onClose = () => {
      if (box.open) return;
      box.removeEventListener('close', onClose);
      resolve(null);
    };
    const made = buttons.map(({ label, primary, value, href }) => {
      if (href) return el('a', { href, class: `button-link${primary ? ' primary' : ''}` }, label);
      return button(label, () => {
        box.removeEventListener('close', onClose);
        box.close();
        resolve(value);
      }, { primary });
    });
    $('dialog-buttons').replaceChildren(...made);
    box.addEventListener('close', onClose);
    if (!box.open) box.showModal();
    $('dialog-body').scrollTop = 0; // a dialog opens at its top, its title and result in view
    const first = made.find((b) => b.tagName === 'BUTTON');
    if (first) first.focus({ preventScroll: true });
  });
}

export function miniCards(codes, label = '?') {
  const span = el('span', { class: 'cards-inline' });
  for (const code of codes) {
    const mini = el('span', { class: 'mini', role: 'img', 'aria-label': cardName(code), 'data-card': code || 'unknown' });
    mini.innerHTML = cardSvg(code, { label });
    span.append(mini);
  }
  return span;
}

// The human's seat: "You", with the nickname when there is one.
export function yourName() {
  const nickname = session.me && session.me.nickname;
  return nickname ? t('web.seat.you_nickname', { nickname }) : t('web.seat.you');
}

// --- Keyboard: arrows move through the cards of a hand, 1-9 jump to a card -------------------

export function handKeys(container) {
  container.addEventListener('keydown', (event) => {
    const cards = [...container.querySelectorAll('button.card')];
    if (!cards.length) return;
    const index = cards.indexOf(document.activeElement);
    let next = null;
    if (event.key === 'ArrowRight') next = (index + 1) % cards.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + cards.length) % cards.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = cards.length - 1;
    if (next !== null) {
      event.preventDefault();
      cards.forEach((c, k) => c.setAttribute('tabindex', k === next ? '0' : '-1'));
      cards[next].focus();
    }
  });
}

export function focusCardByNumber(container, key) {
  if (!/^[1-9]$/.test(key)) return false;
  const cards = [...container.querySelectorAll('button.card')];
  const card = cards[Number(key) - 1];
  if (!card) return false;
  cards.forEach((c) => c.setAttribute('tabindex', c === card ? '0' : '-1'));
  card.focus();
  return true;
}
