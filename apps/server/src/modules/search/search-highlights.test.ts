import { describe, expect, it } from 'vitest';
import { fold, partHighlights, snippetOf, wantedText, wordHighlights, type Highlight } from './search-highlights.ts';

const parts = (text: string, marks: Highlight[]) => marks.map(([s, e]) => text.slice(s, e));

describe('highlights', () => {
  it('folds words as the search configuration does', () => {
    expect(['Café', 'ÜBER', 'Straße', 'Ærø', 'naïve', 'Łódź'].map(fold)).toEqual(['cafe', 'uber', 'strasse', 'aero', 'naive', 'lodz']);
  });

  it('marks whole words only, at string positions past emoji and surrogate pairs', () => {
    const text = '😀😀 café, CAFE and cafeteria 𝒳 café';
    const marks = wordHighlights(text, ['cafe']);
    expect(parts(text, marks)).toEqual(['café', 'CAFE', 'café']);
    expect(marks[0]).toEqual([5, 9]);
  });

  it('marks parts of names, however the letters are written', () => {
    expect(parts('Zoë Adaline @ada_z', partHighlights('Zoë Adaline @ada_z', 'ADA'))).toEqual(['Ada', 'ada']);
    expect(parts('Große Straße', partHighlights('Große Straße', 'strasse'))).toEqual(['Straße']);
    expect(parts('Zoë', partHighlights('Zoë', 'zoe'))).toEqual(['Zoë']);
  });

  it('keeps the query words a result matched because of, not the excluded ones', () => {
    expect(wantedText('cafe -tea "hot chocolate" -"cold milk" or juice')).toBe('cafe "hot chocolate" juice');
  });

  it('cuts a snippet around the first match and moves the marks with it', () => {
    const text = `${'a '.repeat(200)}needle ${'b '.repeat(200)}`;
    const { snippet, highlights } = snippetOf(text, wordHighlights(text, ['needle']));
    expect(snippet.length).toBeLessThanOrEqual(182);
    expect(parts(snippet, highlights)).toEqual(['needle']);
    expect(snippet.startsWith('…') && snippet.endsWith('…')).toBe(true);
  });

  it('squeezes line breaks and runs of spaces, marks still in place', () => {
    const text = 'first line\n\n\nsecond   needle\tend';
    const { snippet, highlights } = snippetOf(text, wordHighlights(text, ['needle', 'first']));
    expect(snippet).toBe('first line second needle end');
    expect(parts(snippet, highlights)).toEqual(['first', 'needle']);
  });
});
