// Nickname fields (input[data-graphemes]): their length counted as the server counts it, in
// characters as a reader sees them (grapheme clusters: "👩‍💻" is one), not in UTF-16 units as
// maxlength counts.  A field's maxlength is only the hard cap (the server's code points, each up
// to two units); typing past data-graphemes characters keeps the first ones, as maxlength would.

const segmenter = typeof Intl !== 'undefined' && Intl.Segmenter
  ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;

/** The characters of `text` as a reader sees them. */
export function graphemes(text) {
  return segmenter ? Array.from(segmenter.segment(text), (part) => part.segment) : Array.from(text);
}

for (const input of document.querySelectorAll('input[data-graphemes]')) {
  const most = Number(input.dataset.graphemes);
  input.addEventListener('input', () => {
    const seen = graphemes(input.value);
    if (seen.length > most) input.value = seen.slice(0, most).join('');
  });
}
