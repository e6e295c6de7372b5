// Motion that says what happened: a card slides from its player to the table, a trick slides to
// its winner, a seat that picks or is revealed as the partner pulses.  Transforms only, through
// the Web Animations API, and none at all for a player who prefers reduced motion.

import { SPEEDS, motionAllowed, settings } from './settings.js';

function centre(node) {
  const box = node.getBoundingClientRect();
  return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
}

function duration(factor) {
  return Math.max(120, (SPEEDS[settings.speed] ?? 650) * factor);
}

// A card just laid on the table slides there from `origin` (its player's seat or hand).
export function slideIn(card, origin) {
  if (!motionAllowed() || !origin) return null;
  const from = centre(origin);
  const to = centre(card);
  return card.animate([
    { transform: `translate(${from.x - to.x}px, ${from.y - to.y}px) scale(0.6)`, opacity: 0.4 },
    { transform: 'none', opacity: 1 },
  ], { duration: duration(0.45), easing: 'cubic-bezier(.2,.7,.3,1)' });
}

// The cards of a won trick slide to the winner's seat; resolves when they are there.
export async function gatherTo(cards, target) {
  if (!motionAllowed() || !target || !cards.length) return;
  const to = centre(target);
  const moves = cards.map((card) => {
    const from = centre(card);
    return card.animate([
      { transform: 'none', opacity: 1 },
      { transform: `translate(${to.x - from.x}px, ${to.y - from.y}px) scale(0.35)`, opacity: 0 },
    ], { duration: duration(0.5), easing: 'ease-in', fill: 'forwards' });
  });
  await Promise.all(moves.map((move) => move.finished.catch(() => null)));
}

// A seat that picked, or a partner revealed: a short pulse of its box.
export function pulse(node) {
  if (!motionAllowed() || !node) return;
  node.animate([
    { transform: 'scale(1)', boxShadow: '0 0 0 0 rgba(242,193,78,0)' },
    { transform: 'scale(1.06)', boxShadow: '0 0 0 8px rgba(242,193,78,0.55)' },
    { transform: 'scale(1)', boxShadow: '0 0 0 0 rgba(242,193,78,0)' },
  ], { duration: duration(0.9), easing: 'ease-in-out' });
}
