import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serveFetch } from '../../../test-fetch';
import { renderInApp } from '../../../test-render';
import { testPost } from '../api/test-posts';
import { PostCard } from './post-card';

afterEach(() => vi.restoreAllMocks());

describe('PostCard', () => {
  it("shows the preview of a text-only post's first link", async () => {
    const calls = serveFetch({
      '/api/link-preview': [
        [200, { url: 'https://news.example/a', title: 'A story', description: null, image: null, site_name: 'news.example' }],
      ],
    });
    renderInApp(
      <MemoryRouter>
        <PostCard post={testPost(8, { post: 'worth a read https://news.example/a' })} />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('link', { name: /A story/ })).toHaveAttribute('href', 'https://news.example/a');
    expect(calls.filter((c) => c.path === '/api/link-preview')).toHaveLength(1);
  });

  it("marks its author's post held for review, and no other", () => {
    renderInApp(
      <MemoryRouter>
        <PostCard post={testPost(9, { post: 'big giveaway', held: true, is_mine: true })} />
        <PostCard post={testPost(10, { post: 'an ordinary post', is_mine: true })} />
      </MemoryRouter>,
    );
    const [held, ordinary] = screen.getAllByRole('article');
    expect(within(held!).getByRole('status')).toHaveTextContent('Held for review: only you see this post');
    expect(within(ordinary!).queryByText(/Held for review/)).toBeNull();
  });

  it("counts a shared post's likes, comments and shares in words with a space and the right plural", () => {
    const original = testPost(3, { likes_count: 1, comments_count: 0, shares_count: 2 });
    renderInApp(
      <MemoryRouter>
        <PostCard post={testPost(7, { shared_post: original })} />
      </MemoryRouter>,
    );
    const shared = within(screen.getByLabelText('Shared post'));
    // What a screen reader reads for each figure (the icon stands for the word on screen).
    const figure = (text: string) => shared.getByText((_, el) => el?.tagName === 'SPAN' && el.textContent?.trim() === text);
    expect(figure('1 like')).toBeInTheDocument();
    expect(figure('0 comments')).toBeInTheDocument();
    expect(figure('2 shares')).toBeInTheDocument();
  });
});
