// The table's toolbar: everything but the question of the moment (hint, replay, last trick,
// last hand, scores, speed, settings, keys, leaving).  On a wide screen it is a rail beside the
// felt; on a phone a sheet that the menu button slides up from the bottom (a disclosure: the
// button says whether it is open, Escape or a tap outside closes it, and focus comes back).

import { el } from './ui.js';

const SVG = 'http://www.w3.org/2000/svg';

// Line icons in a 24 x 24 box, drawn with the button's colour.
const ICONS = {
  hint: 'M9 18h6M10 21h4M12 3a6 6 0 0 0-4 10.5c.8.8 1 1.5 1 2.5h6c0-1 .2-1.7 1-2.5A6 6 0 0 0 12 3z',
  replay: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM10 8.5l5.5 3.5-5.5 3.5z',
  why: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14M12 17h.01',
  trick: 'M9 3h10v14H9zM5 7v14h10',
  hand: 'M12 7v5l3 2M3.5 12a8.5 8.5 0 1 0 2.6-6.1M3 4v4.5h4.5',
  scores: 'M5 20V11M12 20V4M19 20v-7M3 20h18',
  speed: 'M12 14l4.5-4.5M3.5 18a9.5 9.5 0 1 1 17 0',
  settings: 'M4 7h9M17 7h3M4 12h3M11 12h9M4 17h11M19 17h1M15 5v4M9 10v4M17 15v4',
  keys: 'M3 7h18v10H3zM7 10.5h.01M11 10.5h.01M15 10.5h.01M8 14h8',
  leave: 'M14 4h5v16h-5M10 8l-4 4 4 4M6 12h10',
};

export function icon(name) {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('class', 'tool-icon');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  const path = document.createElementNS(SVG, 'path');
  path.setAttribute('d', ICONS[name]);
  svg.append(path);
  return svg;
}

// A tool's button: its icon and its words.
export function toolButton(id, iconName, label, onClick) {
  const node = el('button', { type: 'button', id, class: 'tool' }, icon(iconName), el('span', {}, label));
  node.addEventListener('click', onClick);
  return node;
}

// A button made elsewhere (the hint, the replay) dressed as a tool.
export function asTool(node, iconName) {
  node.classList.add('tool');
  const words = el('span', {}, node.textContent);
  node.replaceChildren(icon(iconName), words);
  return node;
}

// The toolbar of a table (`prefix` of its ids) and its menu button on a phone.
export function setupToolbar(prefix, tools) {
  const bar = document.getElementById(`${prefix}toolbar`);
  const more = document.getElementById(`${prefix}more-button`);
  const backdrop = document.getElementById(`${prefix}sheet-backdrop`);
  bar.replaceChildren(...tools);

  const isOpen = () => bar.classList.contains('open');
  function close({ focus = true } = {}) {
    if (!isOpen()) return;
    bar.classList.remove('open');
    backdrop.hidden = true;
    more.setAttribute('aria-expanded', 'false');
    if (focus && getComputedStyle(more).display !== 'none') more.focus({ preventScroll: true });
  }
  function open() {
    bar.classList.add('open');
    backdrop.hidden = false;
    more.setAttribute('aria-expanded', 'true');
    const first = bar.querySelector('button, select');
    if (first) first.focus({ preventScroll: true });
  }
  more.addEventListener('click', () => (isOpen() ? close() : open()));
  backdrop.addEventListener('click', () => close());
  // A tool used closes the sheet first (its dialog then opens over the table, not the sheet);
  // so does a speed chosen.
  bar.addEventListener('click', (event) => {
    if (event.target.closest('button')) close({ focus: false });
  });
  bar.addEventListener('change', () => close());
  bar.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && isOpen()) {
      event.preventDefault();
      event.stopPropagation();
      close();
    }
  });
  return { isOpen, close };
}
