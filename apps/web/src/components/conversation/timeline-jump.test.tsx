import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useInfiniteQuery } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { flattenPages, olderPageParam } from '../../lib/conversation/message-pages';
import { useJump } from '../../lib/conversation/use-jump';
import { renderInApp } from '../../test-render';
import { Timeline } from './timeline';

interface Msg {
  id: number;
  created_at: string;
}
const PAGE = 30;
/** A history of 300 messages (ids 1–300), answered as the server does: the latest page, `before`, and `around`. */
const all: Msg[] = Array.from({ length: 300 }, (_, i) => ({
  id: i + 1,
  created_at: new Date(Date.UTC(2026, 0, 5, 9, 0, i)).toISOString(),
}));
const server = {
  latest: vi.fn(async () => all.slice(-PAGE)),
  before: vi.fn(async (id: number) => all.filter((m) => m.id < id).slice(-PAGE)),
  around: vi.fn(async (id: number) => [
    ...all.filter((m) => m.id < id).slice(-PAGE / 2),
    ...all.filter((m) => m.id >= id).slice(0, PAGE / 2),
  ]),
};

function Conversation() {
  const history = useInfiniteQuery({
    queryKey: ['test-history'],
    queryFn: ({ pageParam }) => (pageParam ? server.before(pageParam) : server.latest()),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: olderPageParam(PAGE),
  });
  const jump = useJump({
    historyKey: ['test-history'],
    loaded: flattenPages(history.data),
    fetchAround: server.around,
    fetchBefore: server.before,
    pageSize: PAGE,
  });
  return (
    <Timeline
      history={jump.history ?? history}
      messages={jump.messages}
      pending={[]}
      renderMessage={(m) => (
        <li data-message-id={m.id} data-testid="message">
          message {m.id}
        </li>
      )}
      renderPending={() => null}
      focus={jump.focus}
      onBackToLatest={jump.away ? jump.backToLatest : undefined}
    />
  );
}

/** jsdom lays nothing out: the list is given 40 px per message in a 400 px window, and remembers where it is scrolled. */
function layOut(list: HTMLElement) {
  let top = 0;
  Object.defineProperties(list, {
    scrollHeight: { get: () => list.querySelectorAll('[data-testid="message"]').length * 40 },
    clientHeight: { get: () => 400 },
    scrollTop: { get: () => top, set: (v: number) => (top = Math.max(0, v)) },
  });
  return {
    toBottom: () => {
      top = list.scrollHeight - 400;
      fireEvent.scroll(list);
    },
    toTop: () => {
      top = 0;
      fireEvent.scroll(list);
    },
  };
}

const shown = () => screen.getAllByTestId('message').map((m) => Number(m.getAttribute('data-message-id')));

describe('a conversation opened at a message (?around=)', () => {
  it('loads the page around it, marks and focuses it, and loads newer pages down to the latest and older ones up', async () => {
    const router = createMemoryRouter([{ path: '/c', element: <Conversation /> }], { initialEntries: ['/c?around=100'] });
    renderInApp(<RouterProvider router={router} />);

    const target = await screen.findByText('message 100');
    expect(server.around).toHaveBeenCalledWith(100);
    await waitFor(() => expect(target).toHaveFocus());
    expect(target).toHaveAttribute('data-jumped');
    expect(shown()).toEqual(Array.from({ length: 30 }, (_, i) => 85 + i));
    expect(screen.getByRole('button', { name: 'Back to the latest messages' })).toBeVisible();

    const list = layOut(screen.getByTestId('message-list'));
    // Scrolling down: the messages after the newest shown, page by page, until the latest (300) is there.
    list.toBottom();
    await screen.findByText('message 128');
    expect(server.around).toHaveBeenLastCalledWith(114);
    for (let i = 0; i < 20 && !screen.queryByText('message 300'); i++) {
      const last = shown().at(-1)!;
      list.toBottom();
      await screen.findByText(`message ${Math.min(last + 1, 300)}`);
    }
    const calls = server.around.mock.calls.length;
    list.toBottom();
    expect(server.around).toHaveBeenCalledTimes(calls);
    // Scrolling up: older pages before the first shown.
    list.toTop();
    await screen.findByText('message 84');
    expect(server.before).toHaveBeenLastCalledWith(85);
    // In order, each once.
    expect(shown()).toEqual(Array.from({ length: 300 - 55 + 1 }, (_, i) => 55 + i));

    // Back to the latest: the history's own page, and the address no longer names the message.
    await userEvent.click(screen.getByRole('button', { name: 'Back to the latest messages' }));
    await waitFor(() => expect(shown()).toEqual(Array.from({ length: 30 }, (_, i) => 271 + i)));
    expect(router.state.location.search).toBe('');
  });
});
