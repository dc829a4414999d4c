import { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { patchPost } from '../api/cache';
import { renderFeedList } from './post-list.test-support';
import { testPost } from '../api/test-posts';

const post = testPost(7, {
  post: 'Like me',
  date_post_created: '2025-03-01T10:00:00.000Z',
  author: { id: 3, username: 'ada', full_name: null, avatar: null },
});

afterEach(() => vi.unstubAllGlobals());

const renderFeed = (qc: QueryClient) => renderFeedList(qc, async () => ({ posts: [post], next_cursor: null }));

describe('Like', () => {
  it("waits for one call before the next, and a late answer never puts back an older count than a 'post:liked' event", async () => {
    let answer!: (body: unknown) => void;
    const calls: string[] = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      // The card asks for its post's poll as it first shows: answered at once (none), apart from the likes.
      if (url.startsWith('/api/polls')) return Promise.resolve(Response.json({ polls: [] }));
      calls.push(`${init.method} ${url}`);
      return new Promise((resolve) => {
        answer = (body) => resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));
      });
    });
    const qc = new QueryClient();
    renderFeed(qc);
    const like = await screen.findByRole('button', { name: /^Like/ });
    await userEvent.click(like);
    // At once: my heart and one more like, and the button waits for the server.
    expect(like).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('likes-count')).toHaveTextContent(/^1$/);
    expect(like).toBeDisabled();
    await userEvent.click(like);
    expect(calls).toEqual(['POST /api/posts/7/like']);

    // Another member's like is counted by the server and announced before my answer comes back with its older count.
    act(() => patchPost(qc, 7, { likes_count: 2 }));
    await act(async () => answer({ likes_count: 1, liked_by_me: true }));
    await waitFor(() => expect(like).toBeEnabled());
    expect(screen.getByTestId('likes-count')).toHaveTextContent(/^2$/);
    expect(like).toHaveAttribute('aria-pressed', 'true');
  });
});
