import { QueryClient, useInfiniteQuery } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Post } from '@tribeverse/shared';
import { ApiError } from '../../../lib/api-client';
import { dropPost } from '../api/cache';
import { PostList } from './post-list';
import { renderFeedList } from './post-list.test-support';
import { renderInApp } from '../../../test-render';
import { testPost } from '../api/test-posts';

const post = testPost(7, {
  username: null,
  post: 'Hello #world',
  date_post_created: '2025-03-01T10:00:00.000Z',
  content_warning: 'Spoilers',
  hashtags: ['world'],
  author: { id: 3, username: null, full_name: null, avatar: null },
  likes_count: 2,
  comments_count: 1,
});

function List({ load, errorText }: { load: () => Promise<Post[]>; errorText?: (e: Error) => string }) {
  const query = useInfiniteQuery({
    queryKey: ['posts', 'list', 'test'],
    queryFn: async () => ({ posts: await load(), next_cursor: null }),
    initialPageParam: 1,
    getNextPageParam: () => undefined,
    retry: false,
  });
  return <PostList query={query} errorText={errorText} />;
}

function renderList(load: () => Promise<Post[]>, errorText?: (e: Error) => string) {
  renderInApp(
    <MemoryRouter>
      <List load={load} errorText={errorText} />
    </MemoryRouter>,
  );
}

describe('PostList states', () => {
  it("shows 'Loading posts…' first, then the posts", async () => {
    renderList(async () => [post]);
    expect(screen.getByText('Loading posts…')).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Post by Unknown' })).toBeInTheDocument();
    expect(screen.getByText('Unknown')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Like, 2 likes' })).toBeInTheDocument();
    // Behind its content warning until shown.
    expect(screen.queryByText(/Hello/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Show post' }));
    expect(await screen.findByRole('link', { name: '#world' })).toBeInTheDocument();
  });

  it("shows 'No posts yet.' for an empty feed", async () => {
    renderList(async () => []);
    expect(await screen.findByText('No posts yet.')).toBeInTheDocument();
  });

  it("shows the server's message as an alert after 'Error: ', with Retry that asks again", async () => {
    let calls = 0;
    renderList(async () => {
      calls += 1;
      if (calls === 1) throw new ApiError(500, 'INTERNAL', 'Something went wrong on our side.');
      return [];
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error: Something went wrong on our side.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(calls).toBe(2);
  });

  it("lets the profile tab say 'Could not load posts'", async () => {
    renderList(
      async () => Promise.reject(new Error('boom')),
      () => 'Could not load posts',
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load posts Retry');
  });
});

describe('PostList paging', () => {
  it('keeps offering older posts after the last loaded one is deleted, until the server says the end is reached', async () => {
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    const numbered = (id: number): Post => ({ ...post, _id: id, post_id: id, content_warning: null, post: `post number ${id}` });
    // The server's pages: 10 posts then 2 older ones; the cursor says where the first page ended.
    const serverPages: Record<string, { posts: Post[]; next_cursor: string | null }> = {
      first: { posts: Array.from({ length: 10 }, (_, i) => numbered(12 - i)), next_cursor: 'after-3' },
      'after-3': { posts: [numbered(2), numbered(1)], next_cursor: null },
    };
    const qc = new QueryClient();
    renderFeedList(qc, async (cursor) => serverPages[cursor ?? 'first']!);
    expect(await screen.findByText('post number 3')).toBeInTheDocument();
    // Someone deletes the last post of the loaded page (a live post:deleted): the page is now 9 long.
    act(() => dropPost(qc, 3));
    await waitFor(() => expect(screen.queryByText('post number 3')).toBeNull());
    expect(screen.queryByText('You are all caught up.')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Load more posts' }));
    expect(await screen.findByText('post number 1')).toBeInTheDocument();
    expect(screen.getByText('You are all caught up.')).toBeInTheDocument();
    vi.unstubAllGlobals();
  });
});
