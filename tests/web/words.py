"""What the language tests read off a page: its visible words, whether they come from a
language's catalogue, and whether anything overflows or is clipped."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from functools import cache
from typing import Any

from tricktable.i18n import PSEUDO_LANGUAGE, catalogue
from tricktable.i18n.catalogues import locales_dir
from tricktable.web.words import BROWSER_DOMAINS

WORD = re.compile(r"[^\W\d_]+")
"""A word: a run of letters (any script, accents too)."""


def words(text: str) -> set[str]:
    """The words of ``text``, lower case; a single letter is a card's rank or a key ("A♥",
    "P"), the same in every language, and is not counted; nor is anything in a token with a
    digit (a hash, a seed, a card like "10♦")."""
    return {word.lower() for token in text.split() if not any(c.isdigit() for c in token)
            for word in WORD.findall(token) if len(word) > 1}


def _texts(template: Any) -> Iterable[str]:
    return [template] if isinstance(template, str) else list(template.values())


@cache
def own_words(language: str) -> frozenset[str]:
    """Every word a language's own catalogue files hold (no English fallback), placeholders
    left out; the pseudo-language's are the accented English of the browser's catalogue."""
    if language == PSEUDO_LANGUAGE:
        templates = list(catalogue(PSEUDO_LANGUAGE, BROWSER_DOMAINS).values())
    else:
        templates = []
        for path in (locales_dir() / language).glob("*.json"):
            templates += json.loads(path.read_text(encoding="utf-8")).values()
    found: set[str] = set()
    for template in templates:
        for text in _texts(template):
            found |= words(re.sub(r"\{[a-z_][a-z0-9_]*\}", " ", text))
    return frozenset(found)


def english_leftovers(text: str, language: str) -> set[str]:
    """The words of ``text`` that only the English catalogues have: words a player of
    ``language`` would read as untranslated."""
    return words(text) & (own_words("en") - own_words(language))


VISIBLE_WORDS = """() => {
  // Every word a player sees (and hears: labels and screen-reader text), but not the words the
  // server wrote ([data-words]), the brand, the language menu (languages by their own names),
  // commands and codes (pre, code) or the drawings of the cards (svg).
  const skip = 'script, style, svg, pre, code, .brand, .language-menu, [data-words], title';
  const shown = (e) => e.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest(skip) || !node.textContent.trim()) continue;
    if (parent.tagName === 'OPTION' ? !shown(parent.closest('select')) : !shown(parent)) continue;
    out.push(node.textContent.trim());
  }
  for (const e of document.querySelectorAll('[aria-label], [title], [placeholder], [data-note]')) {
    if (e.closest(skip) || !shown(e)) continue;
    for (const name of ['aria-label', 'title', 'placeholder', 'data-note']) {
      if (e.getAttribute(name)) out.push(e.getAttribute(name));
    }
  }
  return out;
}"""


LAYOUT_PROBLEMS = """(width) => {
  // Nothing wider than the screen, no control whose words do not fit it: a text that overflows
  // its box (scrollWidth > clientWidth), a select too narrow for its chosen option, anything
  // running off the side.  Content in a box that scrolls on purpose (a wide table) may scroll;
  // the dialog's body, the toolbar, the status line and the top bar may not.
  const problems = [];
  const doc = document.documentElement;
  if (doc.scrollWidth > width + 1) problems.push(`the page is ${doc.scrollWidth} px wide`);
  const shown = (e) => e.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })
    && e.getClientRects().length > 0;
  const name = (e) => {
    const cls = typeof e.className === 'string' && e.className.trim()
      ? '.' + e.className.trim().split(/\\s+/).join('.') : '';
    const words = (e.textContent || e.value || '').trim().slice(0, 50);
    return `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}${cls} "${words}"`;
  };
  const scrolls = (e) => /(auto|scroll)/.test(getComputedStyle(e).overflowX);
  const inScroller = (e) => {
    for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) {
      if (scrolls(p)) return true;
    }
    return false;
  };
  const canvas = document.createElement('canvas').getContext('2d');
  // Words are judged where they are: an element with text of its own, or a control.  (A row of
  // card backs or the cards of a trick may overlap their box by design: they hold no words.)
  // (An input's value scrolls inside it: a long link is no clipped word.)
  const worded = (e) => e.matches('button, a, select, summary, label')
    || [...e.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim());
  for (const e of document.querySelectorAll('body *')) {
    if (e.closest('svg, .sr-only, .name-long, script, style') || !shown(e)) continue;
    const box = e.getBoundingClientRect();
    if (box.width > 0 && !inScroller(e) && (box.right > width + 1 || box.left < -1)) {
      const side = `${Math.round(box.left)} to ${Math.round(box.right)}`;
      problems.push(`${name(e)} runs off the side (${side})`);
    }
    const style = getComputedStyle(e);
    if (worded(e) && e.tagName !== 'INPUT' && e.clientWidth > 0 && !scrolls(e)
        && e.scrollWidth > e.clientWidth + 1) {
      problems.push(`${name(e)} clips its words (${e.scrollWidth} px in ${e.clientWidth})`);
    }
    if (e.tagName === 'SELECT' && e.selectedIndex >= 0) {
      // The chosen option's words, its padding and the arrow must fit.
      const chosen = e.options[e.selectedIndex].text;
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const need = Math.round(canvas.measureText(chosen).width
        + parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) + 16);
      if (need > e.clientWidth + 1) {
        problems.push(`${name(e)} is too narrow for "${chosen}" (${need} px in ${e.clientWidth})`);
      }
    }
  }
  const bars = '#dialog-body, .toolbar, .status, .topbar, .prompt, .buttons';
  for (const e of document.querySelectorAll(bars)) {
    if (shown(e) && e.scrollWidth > e.clientWidth + 1) {
      problems.push(`${name(e)} scrolls sideways (${e.scrollWidth} px in ${e.clientWidth})`);
    }
  }
  return problems;
}"""


INTL_WORDS = """() => {
  // Words the browser's own locale data writes (months, AM/PM, time zones, "and" of a list): in the
  // pseudo-language they are English, as the Intl of the page's 'en' locale writes them.
  const out = [];
  for (let m = 0; m < 12; m += 1) {
    const day = new Date(Date.UTC(2030, m, 14, 12));
    for (const month of ['short', 'long']) {
      out.push(new Intl.DateTimeFormat('en', { month, timeZone: 'UTC' }).format(day));
    }
  }
  const time = new Intl.DateTimeFormat('en', { timeStyle: 'short' });
  out.push(time.format(new Date(2030, 0, 1, 9)), time.format(new Date(2030, 0, 1, 21)));
  for (const month of [0, 6]) {  // the time zone's name, in winter and in summer ("CST", "UTC")
    const zone = new Intl.DateTimeFormat('en', { timeZoneName: 'short' })
      .formatToParts(new Date(2030, month, 1)).find((part) => part.type === 'timeZoneName');
    if (zone) out.push(zone.value);
  }
  out.push(new Intl.ListFormat('en', { type: 'conjunction' }).format(['x', 'y']));
  return out;
}"""
