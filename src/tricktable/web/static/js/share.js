// After a Daily: the Share button, which copies a spoiler-free text (date, score, rank of N,
// one emoji a hand) as Wordle does.  The text is also shown, so it can be copied by hand.

import { request } from './api.js';
import { el, toast } from './ui.js';

export function shareBlock(game) {
  const text = el('pre', { class: 'share-text', 'data-testid': 'share-text', hidden: true });
  const button = el('button', { type: 'button', class: 'share-button', disabled: true }, 'Share');
  request('GET', `/api/games/${encodeURIComponent(game.id)}/share`).then((shared) => {
    text.textContent = shared.text;
    text.hidden = false;
    button.disabled = false;
  }).catch((error) => toast(error.message, 'error'));
  button.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(text.textContent);
      toast('Result copied: paste it anywhere.');
    } catch (error) {
      const range = document.createRange();
      range.selectNodeContents(text);
      getSelection().removeAllRanges();
      getSelection().addRange(range);
      toast('Copy the selected text to share it.');
    }
  });
  return el('div', { class: 'share' }, button, text);
}
