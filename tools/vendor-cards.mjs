// Vendors the court-card pictures of the deck the table draws, from the npm package
// @letele/playing-cards 0.1.0 (CC0-1.0: Adrian Kennard's public-domain card designs, as React
// components).  Run once, by hand, when the pictures change; the table itself needs no Node.js:
//
//   npm pack @letele/playing-cards@0.1.0 && tar xzf letele-playing-cards-0.1.0.tgz
//   node tools/vendor-cards.mjs package/dist/index.esm.js src/tricktable/web/static/cards
//
// Each court card (JC … KS) becomes one small SVG of its double-headed picture only: no frame,
// corner index or suit emblem (the table draws those, large enough to read at 44 px), its ids
// shortened and its path numbers rounded to tenths of the picture's 1300 × 2000 grid.

import fs from 'node:fs';
import path from 'node:path';

const [source, target] = process.argv.slice(2);
if (!source || !target) {
  console.error('usage: node tools/vendor-cards.mjs PACKAGE/dist/index.esm.js OUTPUT_DIRECTORY');
  process.exit(2);
}

// The package's components call React.createElement; this one writes SVG markup instead.
const CAMEL = new Set(['viewBox', 'preserveAspectRatio', 'patternUnits', 'gradientUnits',
  'gradientTransform', 'patternTransform']);
const attribute = (name) => (CAMEL.has(name) ? name
  : { className: 'class', xlinkHref: 'href' }[name] ?? name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`));
const React = {
  createElement(tag, props, ...children) {
    const attrs = Object.entries(props ?? {})
      .filter(([name, value]) => value !== undefined && value !== null
        && !['title', 'titleId', 'aria-labelledby', 'xmlnsXlink', 'className'].includes(name))
      .map(([name, value]) => ` ${attribute(name)}="${String(value).replace(/"/g, '&quot;')}"`).join('');
    return { tag, attrs, children: children.flat().filter((c) => c !== null && c !== undefined && c !== false) };
  },
};
let code = fs.readFileSync(source, 'utf8').replace(/^import .*$/gm, '');
code = code.replace(/export \{([^}]*)\};?/s, (_, names) => `return {${names.replace(/(\w+) as (\w+)/g, '$2: $1')}};`);
const deck = new Function('React', '_extends', code)(React, Object.assign);

// A number to a tenth of a unit, without a needless zero ("0.5" → ".5", "-0.5" → "-.5").
function rounded(text) {
  const value = Math.round(Number(text) * 10) / 10;
  return String(value === 0 ? 0 : value).replace(/^(-?)0\./, '$1.');
}

// Path data with its numbers rounded: commands and their arguments, arc flags kept as they are.
const ARGS = { m: 2, l: 2, h: 1, v: 1, c: 6, s: 4, q: 4, t: 2, a: 7, z: 0 };
function roundPath(d) {
  const out = [];
  let k = 0;
  let command = null;
  const number = /^[\s,]*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)/;
  const flag = /^[\s,]*([01])/;
  while (k < d.length) {
    const rest = d.slice(k);
    const letter = /^[\s,]*([a-zA-Z])/.exec(rest);
    if (letter) {
      command = letter[1];
      out.push(command);
      k += letter[0].length;
      if (command.toLowerCase() === 'z') continue;
    }
    const count = ARGS[command.toLowerCase()];
    const args = [];
    for (let j = 0; j < count; j += 1) {
      const isFlag = command.toLowerCase() === 'a' && (j === 3 || j === 4);
      const match = (isFlag ? flag : number).exec(d.slice(k));
      if (!match) throw new Error(`bad path data near ${d.slice(k, k + 30)}`);
      k += match[0].length;
      args.push(isFlag ? match[1] : rounded(match[1]));
    }
    const group = args.join(' ').replace(/ -/g, '-');
    const joined = /[\d.]$/.test(out[out.length - 1]) && !group.startsWith('-');
    out.push(joined ? ` ${group}` : group);
    if (/^[\s,]*$/.test(d.slice(k))) break;
  }
  return out.join('').replace(/([a-zA-Z]) /g, '$1');
}

function write(node, prefix) {
  if (typeof node === 'string') return node;
  let attrs = node.attrs.replaceAll(prefix, '');
  if (node.tag === 'path') attrs = attrs.replace(/ d="([^"]*)"/, (_, d) => ` d="${roundPath(d)}"`);
  return `<${node.tag}${attrs}>${node.children.map((c) => write(c, prefix)).join('')}</${node.tag}>`;
}

const RANKS = { j: 'J', q: 'Q', k: 'K' };
fs.mkdirSync(target, { recursive: true });
for (const [name, component] of Object.entries(deck)) {
  const match = /^([CDHS])([jqk])$/.exec(name);
  if (!match) continue;
  const card = component({});
  const prefix = `${match[1]}-${RANKS[match[2]]}_svg__`;
  const defs = card.children.find((c) => c.tag === 'defs');
  // The picture: the symbols drawn in the picture's frame, each twice (the second turned).
  const picture = card.children.filter((c) => c.tag === 'use' && / width="164.8"/.test(c.attrs));
  const used = new Set();
  const uses = (node) => {
    if (typeof node === 'string') return;
    const ref = / href="#([^"]+)"/.exec(node.attrs);
    if (ref) used.add(ref[1]);
    node.children.forEach(uses);
  };
  picture.forEach(uses);
  defs.children.filter((s) => used.has(/ id="([^"]+)"/.exec(s.attrs)[1])).forEach(uses);
  const symbols = defs.children.filter((s) => used.has(/ id="([^"]+)"/.exec(s.attrs)[1]));
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="-82.4 -130.4 164.8 260.8" preserveAspectRatio="none">'
    + `<defs>${symbols.map((s) => write(s, prefix)).join('')}</defs>`
    + picture.map((u) => write(u, prefix)).join('') + '</svg>\n';
  const file = path.join(target, `${RANKS[match[2]]}${match[1]}.svg`);
  fs.writeFileSync(file, svg);
  console.log(file, svg.length);
}
