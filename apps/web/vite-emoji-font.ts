import type { Plugin } from 'vite';

/** The stylesheet of the emoji font (see src/main.tsx): one @font-face per slice, each with its unicode-range. */
const EMOJI_CSS = /[\\/]@infolektuell[\\/]noto-color-emoji[\\/]index\.css(\?.*)?$/;

/**
 * Characters the emoji font has but that are text: digits, '#' and '*' (keycap bases), © and ®, and general
 * punctuation, letterlike symbols (™, ℹ) and arrows (↔, ↩). The joiner U+200D and the keycap mark U+20E3 stay: a
 * ZWJ sequence (a family, a rainbow flag) or a keycap only forms inside the emoji font.
 */
const TEXT: [number, number][] = [
  [0x0000, 0x00ff],
  [0x2000, 0x200c],
  [0x200e, 0x20e2],
  [0x20e4, 0x21ff],
];

type Range = [number, number];

function parse(list: string): Range[] {
  return list
    .split(',')
    .map((part) => part.trim().replace(/^u\+/i, ''))
    .filter(Boolean)
    .map((part) => {
      const [from, to = from] = part.split('-');
      return [parseInt(from!, 16), parseInt(to!, 16)] as Range;
    });
}

const hex = (n: number) => n.toString(16);

/** `list` (a CSS unicode-range value) less the text characters, in the same syntax; '' when nothing is left. */
export function withoutText(list: string): string {
  let ranges = parse(list);
  for (const [cutFrom, cutTo] of TEXT) {
    ranges = ranges.flatMap(([from, to]): Range[] => {
      if (to < cutFrom || from > cutTo) return [[from, to]];
      const kept: Range[] = [];
      if (from < cutFrom) kept.push([from, cutFrom - 1]);
      if (to > cutTo) kept.push([cutTo + 1, to]);
      return kept;
    });
  }
  return ranges.map(([from, to]) => (from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`)).join(', ');
}

/**
 * The emoji font stands first in the app's font stack (src/index.css), so that an emoji is drawn from it before any
 * text font is asked: a text font with its own black-and-white emoji (DejaVu Sans has 😀) would otherwise win, and
 * Chromium drew the first text that made it fetch a slice with the text font's empty box, for good, when a text font
 * came first. First in the stack, the font must not claim text, or every digit would be drawn by it (and fetch a
 * slice): this takes the text characters out of its slices' ranges.
 */
export function emojiFontRanges(): Plugin {
  return {
    name: 'tribeverse-emoji-font-ranges',
    enforce: 'pre',
    transform(code, id) {
      if (!EMOJI_CSS.test(id)) return null;
      let faces = 0;
      const out = code.replace(/unicode-range:([^;]+);/g, (_, list: string) => {
        faces++;
        return `unicode-range: ${withoutText(list)};`;
      });
      // A slice that claims nothing must not become a face without a range (which would claim everything).
      if (faces === 0 || /unicode-range:\s*;/.test(out)) this.error(`emoji font stylesheet not understood: ${id}`);
      return { code: out, map: null };
    },
  };
}
