import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useUnreadTitle } from './use-unread-title';

describe('the tab title', () => {
  it('counts what is unread, caps at 99+, and goes back to the plain name when read or left', () => {
    const { rerender, unmount } = renderHook(({ n }) => useUnreadTitle(n), { initialProps: { n: 3 } });
    expect(document.title).toBe('(3) Tribeverse');
    rerender({ n: 150 });
    expect(document.title).toBe('(99+) Tribeverse');
    rerender({ n: 0 });
    expect(document.title).toBe('Tribeverse');
    rerender({ n: 1 });
    unmount();
    expect(document.title).toBe('Tribeverse');
  });
});
