import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Highlighted } from './highlighted';

/** Shows the snippet: what it reads as, and the parts it marks, in order. */
function show(text: string, highlights: Array<[number, number]>) {
  const { container } = render(<Highlighted text={text} highlights={highlights} />);
  return { container, text: container.textContent, marks: [...container.querySelectorAll('mark')].map((m) => m.textContent) };
}

describe('a snippet with its matches marked', () => {
  it('marks each [start, end) range, in order, and keeps the rest as it is', () => {
    const shown = show('café crème, encore du café', [
      [22, 26],
      [0, 4],
    ]);
    expect(shown.text).toBe('café crème, encore du café');
    expect(shown.marks).toEqual(['café', 'café']);
  });

  it('shows markup in a snippet as the text it is', () => {
    const shown = show('<img src=x onerror="alert(1)"> trail', [[31, 36]]);
    expect(shown.container.querySelector('img')).toBeNull();
    expect(shown.text).toBe('<img src=x onerror="alert(1)"> trail');
    expect(shown.marks).toEqual(['trail']);
  });

  it('tolerates overlapping ranges and ranges past the end', () => {
    const shown = show('abcdef', [
      [1, 4],
      [2, 5],
      [5, 99],
      [9, 12],
    ]);
    expect(shown.text).toBe('abcdef');
    expect(shown.marks).toEqual(['bcd', 'e', 'f']);
  });
});
