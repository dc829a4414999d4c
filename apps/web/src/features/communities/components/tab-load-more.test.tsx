import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TabLoadMore } from './tab-load-more';

describe("a tab's Load more", () => {
  it('loads the next page when there is one, and is absent on the overview or after the last page', async () => {
    const fetchNextPage = vi.fn();
    const { rerender } = render(<TabLoadMore pages={{ hasNextPage: true, fetchNextPage }} limit={undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(fetchNextPage).toHaveBeenCalledTimes(1);

    rerender(<TabLoadMore pages={{ hasNextPage: true, fetchNextPage }} limit={3} />);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    rerender(<TabLoadMore pages={{ hasNextPage: false, fetchNextPage }} limit={undefined} />);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });
});
