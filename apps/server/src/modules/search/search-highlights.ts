/**
 * Snippets and highlights: a piece of plain text around the first match, and `[start, end)` offsets into it (string
 * positions) of the words that matched. Never markup: the client draws the marks, so nothing a member wrote is ever
 * read as HTML.
 */
export type Highlight = [number, number];

const SNIPPET_MAX = 180;
/** How much of the text before the first match a snippet keeps, so the match is read in its sentence. */
const LEAD = 50;
const ELLIPSIS = '…';

/** Letters the unaccent rules spell as other letters, not as a base letter and a mark (NFD cannot split these). */
const SPELLED: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i', ŀ: 'l' };

/** What the text search configuration makes of a word (unaccent, then lower case), for the scripts people type. */
export function fold(word: string): string {
  return word
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[ßæœøłđðþıŀ]/g, (c) => SPELLED[c]!);
}

/** The words a member's text splits into, with their positions: runs of letters and digits, as the parser splits them. */
function wordsOf(text: string): Array<{ word: string; start: number; end: number }> {
  return [...text.matchAll(/[\p{L}\p{N}\p{M}]+/gu)].map((m) => ({ word: m[0], start: m.index, end: m.index + m[0].length }));
}

/** The words of `text` that are among the matched words (`lexemes`, as the database made them from the query). */
export function wordHighlights(text: string, lexemes: string[]): Highlight[] {
  if (!lexemes.length) return [];
  const wanted = new Set(lexemes.map(fold));
  return wordsOf(text)
    .filter((w) => wanted.has(fold(w.word)))
    .map((w) => [w.start, w.end]);
}

/**
 * Where the query's words occur inside `text`, folded alike (a name found by a part of it: "ada" in "Adaline").
 * Each character is folded on its own so that a position in the folded text leads back to one in `text`.
 */
export function partHighlights(text: string, query: string): Highlight[] {
  const parts = wordsOf(query)
    .map((w) => fold(w.word))
    .filter(Boolean);
  if (!parts.length) return [];
  let folded = '';
  const origin: number[] = [];
  for (let i = 0; i < text.length;) {
    const char = String.fromCodePoint(text.codePointAt(i)!);
    const f = fold(char);
    for (let k = 0; k < f.length; k++) origin.push(i);
    folded += f;
    i += char.length;
  }
  origin.push(text.length);
  const marks: Highlight[] = [];
  for (const part of parts) {
    for (let at = folded.indexOf(part); at !== -1; at = folded.indexOf(part, at + part.length)) {
      const end = origin[at + part.length]!;
      marks.push([origin[at]!, end > origin[at]! ? end : origin[at]! + 1]);
    }
  }
  return merge(marks);
}

/** Sorted, with overlapping marks joined. */
function merge(marks: Highlight[]): Highlight[] {
  const sorted = [...marks].sort((a, b) => a[0] - b[0]);
  const out: Highlight[] = [];
  for (const [start, end] of sorted) {
    const last = out.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else out.push([start, end]);
  }
  return out;
}

/**
 * At most SNIPPET_MAX characters of `text` around its first highlight (from the start when none), cut at spaces, with
 * '…' where text was left out; the highlights moved to the snippet's positions (those outside it dropped).
 */
export function snippetOf(text: string, highlights: Highlight[]): { snippet: string; highlights: Highlight[] } {
  const flat = text.replace(/\s+/g, ' ');
  // Whitespace runs became one space: positions move by what was squeezed out before them.
  const shift = squeezeMap(text);
  const marks = highlights.map(([s, e]): Highlight => [shift(s), shift(e)]);
  if (flat.length <= SNIPPET_MAX) return { snippet: flat, highlights: marks };
  const first = marks[0]?.[0] ?? 0;
  let start = Math.max(0, first - LEAD);
  if (start > 0) {
    const space = flat.indexOf(' ', start);
    start = space !== -1 && space < first ? space + 1 : start;
  }
  let end = Math.min(flat.length, start + SNIPPET_MAX);
  if (end < flat.length) {
    const space = flat.lastIndexOf(' ', end);
    if (space > start + SNIPPET_MAX / 2) end = space;
  }
  const head = start > 0 ? ELLIPSIS : '';
  const snippet = head + flat.slice(start, end).trimEnd() + (end < flat.length ? ELLIPSIS : '');
  const body = end - start;
  return {
    snippet,
    highlights: marks
      .filter(([s, e]) => s >= start && e <= start + body)
      .map(([s, e]): Highlight => [s - start + head.length, e - start + head.length]),
  };
}

/** Position in `text` -> position once every whitespace run is one space. */
function squeezeMap(text: string) {
  const runs: Array<{ at: number; removed: number }> = [];
  let removed = 0;
  for (const m of text.matchAll(/\s{2,}|[\t\n\r\f\v]/g)) {
    removed += m[0].length - 1;
    runs.push({ at: m.index + m[0].length, removed });
  }
  return (position: number) => {
    let r = 0;
    for (const run of runs) if (run.at <= position) r = run.removed;
    return position - r;
  };
}

/**
 * The words of a websearch query a result matched because of: without `-word` and `-"a phrase"` (they must not be in
 * it) and without the `or` between alternatives.
 */
export function wantedText(text: string): string {
  const tokens = text.match(/-?"[^"]*"?|[^\s"]+/g) ?? [];
  return tokens.filter((t) => !t.startsWith('-') && t.toLowerCase() !== 'or').join(' ');
}
