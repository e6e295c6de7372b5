"""Finding words broken across two lines on a page: the script the browser tests run in it.

A word is a run of letters and digits; a line may break at a space, a hyphen or a slash, never
inside a word.  Hashes, seeds and other long runs with digits in them may wrap (they are codes,
not words), and so may what is hidden from sight (screen-reader text)."""

from __future__ import annotations

SPLIT_WORDS = """() => {
  const skip = 'script, style, svg, select, option, .sr-only, .name-long, [hidden]';
  const shown = (e) => e.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
  const name = (e) => {
    const cls = typeof e.className === 'string' && e.className.trim()
      ? '.' + e.className.trim().split(/\\s+/).join('.') : '';
    return `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}${cls}`;
  };
  const code = (word) => word.length >= 12 && /\\d/.test(word);
  const found = [];
  const range = document.createRange();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest(skip) || !shown(parent)) continue;
    for (const match of node.textContent.matchAll(/[\\p{L}\\p{N}\\p{M}]{2,}/gu)) {
      const word = match[0];
      if (code(word)) continue;
      range.setStart(node, match.index);
      range.setEnd(node, match.index + word.length);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0.5 && r.height > 0.5);
      if (rects.length < 2) continue;
      const top = rects[0];
      if (rects.some((r) => r.top >= top.bottom - top.height / 2)) {
        const line = (parent.closest('p, li, td, th, dd, dt, h1, h2, h3, label, button, a, span')
          || parent).textContent.trim().replace(/\\s+/g, ' ').slice(0, 60);
        found.push(`"${word}" in ${name(parent)} ("${line}")`);
      }
    }
  }
  return [...new Set(found)];
}"""
"""A script for ``page.evaluate``: every word shown on two lines, with where it is."""
