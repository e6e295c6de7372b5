// Small helpers shared by the pages: elements, names, numbers, messages.

export const NAMES = ['You', 'West', 'Northwest', 'Northeast', 'East'];

export function seatName(seat) {
  return NAMES[seat] ?? `Seat ${seat}`;
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

export function signed(n) {
  if (n === null || n === undefined) return '—';
  return n > 0 ? `+${n}` : String(n);
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

export function toast(message, kind = 'info') {
  const box = $('toast');
  if (!box) return;
  box.textContent = message;
  box.className = `toast ${kind === 'error' ? 'error' : ''}`;
  box.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { box.hidden = true; }, kind === 'error' ? 5000 : 3500);
}
