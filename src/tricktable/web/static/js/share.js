// After a Daily: the Share button, which copies a spoiler-free text (date, score, rank of N,
// one emoji a hand) as Wordle does.  The text is also shown, so it can be copied by hand.  The
// server writes it in the player's language.

import { request } from './api.js';
import { t } from './i18n.js';
import { el, toast } from './ui.js';

export function shareBlock(game) {
  const text = el('pre', { class: 'share-text', 'data-testid': 'share-text', 'data-words': 'server', hidden: true });
  const button = el('button', { type: 'button', class: 'share-button', disabled: true, 'data-testid': 'share-button' }, t('web.share.button'));
  request('GET', `/api/games/${encodeURIComponent(game.id)}/share`).then((shared) => {
    text.textContent = shared.text;
    text.hidden = false;
    button.disabled = false;
  }).catch((error) => toast(error, 'error'));
  button.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(text.textContent);
      toast(t('web.share.copied'));
    } catch (error) {
      const range = document.createRange();
      range.selectNodeContents(text);
      getSelection().removeAllRanges();
      getSelection().addRange(range);
      toast(t('web.share.copy_by_hand'));
    }
  });
  return el('div', { class: 'share' }, button, text);
}
