// The faces at the table: a small portrait drawn as SVG for each player, its look (colours,
// hair, glasses, beard) chosen from the player's name by a seeded generator, so a name always
// has the same face; and the computer players' names, the same in every language.

const SVG = 'http://www.w3.org/2000/svg';

// The computer players of a Sheepshead table by seat (1 to 4), and Spades' one; message keys
// whose words are the same in every language (the pseudo-language accents them).
export const COMPUTER_NAMES = ['web.computer.ada', 'web.computer.bruno', 'web.computer.cleo', 'web.computer.emil'];
export const SPADES_COMPUTER = 'web.computer.juno';

// The portraits' palettes: art, like the cards' pictures, not the page's colours.
const BACKGROUNDS = ['#f4b183', '#9cc5e8', '#c5a3e0', '#a8d5a2', '#f2d16b', '#f29e9e', '#8fd3cf', '#d7c2a0'];
const SKINS = ['#f6d3b3', '#eab98f', '#d39a6a', '#a8704a', '#7a4e33', '#f1c7a1'];
const HAIRS = ['#2b2118', '#5b3a22', '#a0522d', '#d9a441', '#d8d2c4', '#1c1c1c', '#9c3030'];
const SHIRTS = ['#2f5d8a', '#8a2f4b', '#3d7a3d', '#6b4c9a', '#c7772b', '#37474f', '#00838f'];

// FNV-1a of the name, then mulberry32: the same name, the same draws, in every browser.
function seeded(text) {
  let h = 2166136261;
  for (const ch of text) {
    h ^= ch.codePointAt(0);
    h = Math.imul(h, 16777619);
  }
  let a = h >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return Math.floor((((x ^ (x >>> 14)) >>> 0) / 4294967296) * n);
  };
}

const HAIR_BACK = {
  long: 'M13.5 23C12 11 18 8 24 8s12 3 10.5 15l1.5 10h-5V21H17v12h-5z',
};
const HAIR_FRONT = {
  short: 'M15 20.5C14.5 12 19.5 9.5 24 9.5s9.5 2.5 9 11c-2-4.5-5-6-9-6s-7 1.5-9 6z',
  long: 'M15 20c0-7 4-10.5 9-10.5s9 3.5 9 10.5c-3-3-6-5-11-5.5-3 1.5-5 3-7 5.5z',
  parted: 'M15 21c-1-9 5-12 11-11.5 5 .5 8 4.5 7 11.5-3-5-8-7.5-13-5-2 1-4 2.5-5 5z',
  bun: 'M15 20.5C14.5 12 19.5 9.5 24 9.5s9.5 2.5 9 11c-2-4.5-5-6-9-6s-7 1.5-9 6zM24 2.5a4.5 4.5 0 1 1 0 9 4.5 4.5 0 0 1 0-9z',
  curly: 'M12.5 17a4 4 0 0 1 6-5.5 4.5 4.5 0 0 1 11 0 4 4 0 0 1 6 5.5 3.5 3.5 0 0 1-2 4c-1.5-4-5-6.5-9.5-6.5S16 17 14.5 21a3.5 3.5 0 0 1-2-4z',
  side: 'M14.5 22c-.5-3 0-5 1.5-6.5l1 5zM33.5 22c.5-3 0-5-1.5-6.5l-1 5z',
};
const STYLES = Object.keys(HAIR_FRONT);

// A portrait of the player called `name` (any string: a computer's name, a nickname).
export function avatarSvg(name, { you = false } = {}) {
  const draw = seeded(String(name));
  const background = BACKGROUNDS[draw(BACKGROUNDS.length)];
  const skin = SKINS[draw(SKINS.length)];
  const hair = HAIRS[draw(HAIRS.length)];
  const shirt = SHIRTS[draw(SHIRTS.length)];
  const style = STYLES[draw(STYLES.length)];
  const beard = style !== 'long' && style !== 'bun' && draw(4) === 0;
  const glasses = draw(4) === 0;
  const smile = draw(3);
  const parts = [
    `<circle cx="24" cy="24" r="24" fill="${background}"/>`,
    `<path d="M10.7 44C12 36 18 33 24 33s12 3 13.3 11a24 24 0 0 1-26.6 0z" fill="${shirt}"/>`,
    HAIR_BACK[style] ? `<path d="${HAIR_BACK[style]}" fill="${hair}"/>` : '',
    `<rect x="20.5" y="26" width="7" height="8" rx="2" fill="${skin}"/>`,
    `<ellipse cx="24" cy="21" rx="9" ry="10" fill="${skin}"/>`,
    beard ? `<path d="M15.5 22c0 8 4 11.5 8.5 11.5s8.5-3.5 8.5-11.5c-2 4-5 5.5-8.5 5.5s-6.5-1.5-8.5-5.5z" fill="${hair}"/>` : '',
    `<path d="${HAIR_FRONT[style]}" fill="${hair}"/>`,
    '<circle cx="20.5" cy="21.5" r="1.3" fill="#222"/><circle cx="27.5" cy="21.5" r="1.3" fill="#222"/>',
    smile === 0 ? '<path d="M21 26q3 2.5 6 0" fill="none" stroke="#6b2a2a" stroke-width="1.3" stroke-linecap="round"/>'
      : smile === 1 ? '<path d="M21.5 26.2h5" fill="none" stroke="#6b2a2a" stroke-width="1.3" stroke-linecap="round"/>'
        : '<path d="M20.8 25.6q3.2 3.4 6.4 0z" fill="#8a2b2b"/>',
    glasses ? '<g fill="none" stroke="#222" stroke-width="1"><circle cx="20.5" cy="21.5" r="3"/><circle cx="27.5" cy="21.5" r="3"/><path d="M23.5 21.5h1"/></g>' : '',
  ];
  return `<svg xmlns="${SVG}" viewBox="0 0 48 48" class="avatar-svg${you ? ' you' : ''}" aria-hidden="true" focusable="false">${parts.join('')}</svg>`;
}
