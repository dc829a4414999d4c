import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NextPageButton } from './load-more';

const pages = (over: Partial<{ hasNextPage: boolean; isFetchingNextPage: boolean }> = {}) => ({
  hasNextPage: true,
  isFetchingNextPage: false,
  fetchNextPage: vi.fn(),
  ...over,
});

describe('NextPageButton', () => {
  it('asks for the next page, says so while it loads, and is gone after the last page', async () => {
    const query = pages();
    const { rerender } = render(<NextPageButton query={query} label="Load more comments" className="" />);
    await userEvent.click(screen.getByRole('button', { name: 'Load more comments' }));
    expect(query.fetchNextPage).toHaveBeenCalledTimes(1);

    rerender(<NextPageButton query={pages({ isFetchingNextPage: true })} label="Load more comments" className="" />);
    expect(screen.getByRole('button', { name: 'Loading…' })).toBeDisabled();

    rerender(<NextPageButton query={pages({ hasNextPage: false })} label="Load more comments" className="" />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
