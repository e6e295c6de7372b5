// A win celebrated: confetti falling over the final dialog, once, for a moment.  Nothing at all
// for a player who asked the system for less motion.  The pieces are placed by a seeded
// generator (the same fall every time) through CSS custom properties; their colours are the
// design tokens' (table.css: .confetti i:nth-child).

import { el } from './ui.js';

const PIECES = 36;

function generator(seed) {
  let a = seed;
  return () => {
    a = (Math.imul(a, 1664525) + 1013904223) >>> 0;
    return a / 4294967296;
  };
}

// The confetti for the final dialog (null under reduced motion).
export function confetti() {
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return null;
  const random = generator(7);
  const box = el('div', { class: 'confetti', 'aria-hidden': 'true' });
  for (let k = 0; k < PIECES; k += 1) {
    const piece = el('i');
    piece.style.setProperty('--x', `${Math.round(random() * 100)}%`);
    piece.style.setProperty('--drift', `${Math.round((random() - 0.5) * 160)}px`);
    piece.style.setProperty('--turn', `${Math.round(random() * 720 - 360)}deg`);
    piece.style.setProperty('--delay', `${Math.round(random() * 600)}ms`);
    piece.style.setProperty('--fall', `${1600 + Math.round(random() * 1200)}ms`);
    box.append(piece);
  }
  return box;
}
