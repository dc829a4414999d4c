import { QueryClient, QueryClientProvider, useInfiniteQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Post } from '@tribeverse/shared';
import { AuthProvider } from '../../../lib/auth';
import { ApiError } from '../../../lib/api-client';
import { PostList } from './post-list';

const post: Post = {
  _id: 7,
  post_id: 7,
  username: null,
  post: 'Hello #world',
  images: [],
  thumbnails: [],
  date_post_created: '2025-03-01T10:00:00.000Z',
  edited_at: null,
  content_warning: 'Spoilers',
  hashtags: ['world'],
  author: { id: 3, username: null, full_name: null, avatar: null },
  likes_count: 2,
  comments_count: 1,
  shares_count: 0,
  shared_post: null,
  liked_by_me: false,
  shared_by_me: false,
  is_mine: false,
};

function List({ load, errorText }: { load: () => Promise<Post[]>; errorText?: (e: Error) => string }) {
  const query = useInfiniteQuery({ queryKey: ['posts', 'list', 'test'], queryFn: load, initialPageParam: 1, getNextPageParam: () => undefined, retry: false });
  return <PostList query={query} errorText={errorText} />;
}

function renderList(load: () => Promise<Post[]>, errorText?: (e: Error) => string) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <AuthProvider>
          <List load={load} errorText={errorText} />
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
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

  it("shows the server's message in red after 'Error: ', or the caller's own text", async () => {
    renderList(async () => Promise.reject(new ApiError(500, 'INTERNAL', 'Something went wrong on our side.')));
    const error = await screen.findByText('Error: Something went wrong on our side.');
    expect(error).toHaveClass('text-red-400');
  });

  it("lets the profile tab say 'Could not load posts'", async () => {
    renderList(async () => Promise.reject(new Error('boom')), () => 'Could not load posts');
    expect(await screen.findByText('Could not load posts')).toHaveClass('text-red-400');
  });
});
