import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@tribeverse/shared';
import { storeSession } from '../../../lib/storage';
import { renderInApp } from '../../../test-render';
import { testPost } from '../api/test-posts';
import { PostNowWidget } from './post-now-widget';

const mine = testPost(11, { post: 'My own sunrise', author: { id: 1, username: 'ann', full_name: 'Ann', avatar: null } });
const theirs = testPost(12, { post: 'Bob at the lake', author: { id: 2, username: 'bob', full_name: 'Bob', avatar: null } });

afterEach(() => vi.restoreAllMocks());

describe("the 'Post Now' card", () => {
  it('lists the member’s own latest posts, not the feed beside it', async () => {
    storeSession('token', { id: 1, email: 'ann@example.com', username: 'ann', full_name: 'Ann' } as User);
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      const posts = url.searchParams.get('author') === 'ann' ? [mine] : [theirs, mine];
      return Response.json({ posts, next_cursor: null });
    });
    renderInApp(
      <MemoryRouter>
        <PostNowWidget onOpenComposer={() => {}} />
      </MemoryRouter>,
    );
    const card = screen.getByRole('region', { name: 'Post Now' });
    expect(await within(card).findByText('My own sunrise')).toBeInTheDocument();
    expect(within(card).queryByText('Bob at the lake')).toBeNull();
    expect(within(card).getByRole('heading', { name: 'Post Now' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(expect.stringContaining('author=ann'), expect.anything());
  });
});
