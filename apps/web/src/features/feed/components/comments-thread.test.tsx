import { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Comment } from '@tribeverse/shared';
import { serveFetch } from '../../../test-fetch';
import { renderInApp } from '../../../test-render';
import { appendComment } from '../api/comments';
import { testPost } from '../api/test-posts';
import { CommentsThread } from './comments-thread';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

const me = { id: 7, username: 'me' };
const comment = (id: number, author: { id: number; username: string }, over: Partial<Comment> = {}): Comment => ({
  id,
  post_id: 5,
  text: `comment ${id}`,
  created_at: '2026-11-29T10:00:00.000Z',
  author: { ...author, full_name: null, avatar: null },
  ...over,
});

describe('CommentsThread', () => {
  it("marks one's own comment held for review, and no other; released, the mark comes off live", async () => {
    localStorage.setItem('USER_TOKEN', 'token');
    localStorage.setItem('USER_AUTH', JSON.stringify(me));
    const held = comment(1, me, { text: 'a giveaway', held: true });
    serveFetch({ '/api/posts/5/comments': [[200, { comments: [held, comment(2, { id: 3, username: 'bo' })], next_cursor: null }]] });
    const qc = new QueryClient();
    renderInApp(
      <MemoryRouter>
        <CommentsThread post={testPost(5, { author: { id: 1, username: 'ada', full_name: null, avatar: null } })} />
      </MemoryRouter>,
      qc,
    );

    const [mine, other] = (await screen.findAllByRole('listitem')) as [HTMLElement, HTMLElement];
    expect(within(mine).getByRole('status')).toHaveTextContent('Held for review: only you see this comment');
    expect(within(other).queryByText(/Held for review/)).toBeNull();

    // The moderator's release reaches the thread as a new comment, without the mark.
    act(() => appendComment(qc, { ...held, held: undefined }, 2));
    await waitFor(() => expect(within(screen.getAllByRole('listitem')[0]!).queryByText(/Held for review/)).toBeNull());
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });
});
