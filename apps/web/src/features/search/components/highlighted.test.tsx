import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Highlighted } from './highlighted';

const marks = (container: HTMLElement) => [...container.querySelectorAll('mark')].map((m) => m.textContent);

describe('a snippet with its matches marked', () => {
  it('marks each [start, end) range, in order, and keeps the rest as it is', () => {
    const { container } = render(
      <Highlighted
        text="café crème, encore du café"
        highlights={[
          [22, 26],
          [0, 4],
        ]}
      />,
    );
    expect(container.textContent).toBe('café crème, encore du café');
    expect(marks(container)).toEqual(['café', 'café']);
  });

  it('shows markup in a snippet as the text it is', () => {
    const { container } = render(<Highlighted text={'<img src=x onerror="alert(1)"> trail'} highlights={[[31, 36]]} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('<img src=x onerror="alert(1)"> trail');
    expect(marks(container)).toEqual(['trail']);
  });

  it('tolerates overlapping ranges and ranges past the end', () => {
    const { container } = render(
      <Highlighted
        text="abcdef"
        highlights={[
          [1, 4],
          [2, 5],
          [5, 99],
          [9, 12],
        ]}
      />,
    );
    expect(container.textContent).toBe('abcdef');
    expect(marks(container)).toEqual(['bcd', 'e', 'f']);
  });
});
