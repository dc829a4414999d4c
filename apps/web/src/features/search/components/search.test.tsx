import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../test-render';
import type { SearchConversation, SearchResponse as Page, SearchResult } from '@tribeverse/shared';
import { HeaderSearch } from './header-search';
import { SearchPage } from './search-page';

afterEach(() => vi.unstubAllGlobals());

const sender = { id: 2, username: 'ben', name: 'Ben Ray', avatar: null };
const message = (id: number, text: string, conversation: SearchConversation): SearchResult => ({
  type: 'message',
  item: { id, sender, created_at: '2026-01-05T09:00:00Z', media_type: null, file_name: null, conversation },
  snippet: text,
  highlights: [[text.indexOf('trail'), text.indexOf('trail') + 5]],
});
const community = { id: 12, name: 'Annapurna hikers', description: 'Walks', image: null, visibility: 'public' } as Extract<
  SearchResult,
  { type: 'community' }
>['item'];

/** The server's answers by `type`, with the requests it was asked. */
function fakeServer(answers: Partial<Record<string, Page | ((url: URL) => Page)>>) {
  const asked: URL[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://x');
    if (url.pathname !== '/api/search') return Response.json({ code: 'NOT_FOUND', msg: 'no' }, { status: 404 });
    asked.push(url);
    const answer = answers[url.searchParams.get('type') ?? ''] ?? { results: [], next_cursor: null };
    return Response.json(typeof answer === 'function' ? answer(url) : answer);
  });
  return { asked, last: () => asked[asked.length - 1]! };
}

/** Where the app is now, as the address bar would say. */
function Address() {
  const { pathname, search } = useLocation();
  return <output aria-label="address">{pathname + search}</output>;
}

function open(at = '/home') {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <HeaderSearch />
            <Address />
            <Outlet />
          </>
        ),
        children: [
          { path: '/home', element: <p>Home</p> },
          { path: '/search', element: <SearchPage /> },
          { path: '*', element: <p>Elsewhere</p> },
        ],
      },
    ],
    { initialEntries: [at] },
  );
  renderInApp(<RouterProvider router={router} />);
  return router;
}
const address = () => screen.getByRole('status', { name: 'address' }).textContent;
const headerBox = () => screen.getAllByRole('searchbox')[0]!;

describe('search', () => {
  it('searches messages as one types in the header box, marks what matched, and opens a result at its message', async () => {
    const { last } = fakeServer({
      messages: {
        results: [
          message(41, 'the north trail is muddy', { kind: 'group', id: 7, name: 'Hikers' }),
          message(42, 'trail run at 8', { kind: 'channel', id: 3, name: 'general', community_id: 9 }),
        ],
        next_cursor: null,
      },
    });
    open();
    await userEvent.type(headerBox(), 'trail');
    await waitFor(() => expect(address()).toBe('/search?q=trail'));
    const results = await screen.findByRole('list', { name: 'Messages found' });
    expect(last().searchParams.get('q')).toBe('trail');
    expect(last().searchParams.get('type')).toBe('messages');
    const first = within(results).getAllByRole('link')[0]!;
    expect(first).toHaveTextContent('Group: Hikers');
    expect(first).toHaveTextContent('Ben Ray');
    expect(within(first).getByText('trail', { selector: 'mark' })).toBeVisible();
    expect(first).toHaveAttribute('href', '/scan-chat/private/group/7?around=41');
    expect(within(results).getAllByRole('link')[1]).toHaveAttribute('href', '/scan-chat/community/9/3?around=42');

    // The keyboard: Down from the box to the results, through them, Up back to the box; Enter opens one.
    await userEvent.keyboard('{ArrowDown}');
    expect(first).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(within(results).getAllByRole('link')[1]).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(headerBox()).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(address()).toBe('/scan-chat/private/group/7?around=41'));
    // Leaving the search screen empties the header box.
    expect(headerBox()).toHaveValue('');
  });

  it("says 'No results for …' when nothing matches, and Ctrl+K brings the box back from anywhere", async () => {
    fakeServer({});
    open('/search?q=zzz%20qq');
    expect(await screen.findByText('No results for “zzz qq”.')).toBeVisible();
    await userEvent.click(screen.getByRole('heading', { name: 'Search' }));
    await userEvent.keyboard('{Control>}k{/Control}');
    expect(headerBox()).toHaveFocus();
    // Escape empties the box, then leaves it.
    await userEvent.keyboard('{Escape}');
    expect(headerBox()).toHaveValue('');
    await userEvent.keyboard('{Escape}');
    expect(headerBox()).not.toHaveFocus();
  });

  it('people, communities and posts each have their tab, and lead to the profile, the community and the post', async () => {
    const person = { id: 5, username: 'ann.lee', name: 'Ann Lee', avatar: null };
    const post = { id: 77, author: person, created_at: '2026-01-05T09:00:00Z', image_count: 0, shared_post_id: null };
    fakeServer({
      people: { results: [{ type: 'person', item: person, snippet: 'Ann Lee @ann.lee', highlights: [[0, 3]] }], next_cursor: null },
      communities: {
        results: [{ type: 'community', item: community, snippet: 'Annapurna hikers', highlights: [[0, 3]] }],
        next_cursor: null,
      },
      posts: { results: [{ type: 'post', item: post, snippet: 'ann says hi', highlights: [[0, 3]] }], next_cursor: null },
    });
    open('/search?q=ann');
    await userEvent.click(screen.getByRole('tab', { name: 'People' }));
    expect(await screen.findByRole('link', { name: /Ann Lee @ann\.lee/ })).toHaveAttribute('href', '/u/ann.lee');
    expect(address()).toBe('/search?q=ann&type=people');
    await userEvent.click(screen.getByRole('tab', { name: 'Communities' }));
    expect(await screen.findByRole('link', { name: /Annapurna hikers/ })).toHaveAttribute('href', '/communities/12');
    await userEvent.click(screen.getByRole('tab', { name: 'Posts' }));
    expect(await screen.findByRole('link', { name: /ann says hi/ })).toHaveAttribute('href', '/home?author=ann.lee#post-77');
  });

  it('the filter chips write their words into the box, and words typed in the box show on the chips', async () => {
    const { last } = fakeServer({});
    open('/search?q=trail%20from:ben');
    await screen.findByText('No results for “trail from:ben”.');
    expect(screen.getByRole('textbox', { name: 'From' })).toHaveValue('ben');
    await userEvent.click(screen.getByRole('button', { name: 'With a picture' }));
    await waitFor(() => expect(headerBox()).toHaveValue('trail from:ben has:image'));
    expect(screen.getByRole('button', { name: 'With a picture' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(last().searchParams.get('q')).toBe('trail from:ben has:image'));

    // One kind of file at a time: a picture is a file too.
    await userEvent.click(screen.getByRole('button', { name: 'With a file' }));
    await waitFor(() => expect(headerBox()).toHaveValue('trail from:ben has:file'));
    expect(screen.getByRole('button', { name: 'With a picture' })).toHaveAttribute('aria-pressed', 'false');

    await userEvent.type(screen.getByRole('textbox', { name: 'In' }), '@ann{Enter}');
    await waitFor(() => expect(headerBox()).toHaveValue('trail from:ben has:file in:@ann'));
    await userEvent.clear(screen.getByRole('textbox', { name: 'From' }));
    await userEvent.tab();
    await waitFor(() => expect(headerBox()).toHaveValue('trail has:file in:@ann'));
  });

  it("a message's button narrows the search to its conversation", async () => {
    const { last } = fakeServer({
      messages: {
        results: [
          message(41, 'the north trail', { kind: 'group', id: 7, name: 'Hikers' }),
          message(43, 'trail?', { kind: 'direct', id: 2, name: 'Ben Ray' }),
        ],
        next_cursor: null,
      },
    });
    open('/search?q=trail');
    await userEvent.click(await screen.findByRole('button', { name: 'Search only in Hikers' }));
    await waitFor(() => expect(headerBox()).toHaveValue('trail in:group:7'));
    expect(last().searchParams.get('q')).toBe('trail in:group:7');
    // Narrowed: no more such buttons. A direct chat is named by the other person's user name.
    await waitFor(() => expect(screen.queryByRole('button', { name: /Search only in/ })).toBeNull());
    // The chip names the group, and takes the narrowing back.
    expect(screen.getByRole('group', { name: 'Filter messages' })).toHaveTextContent('In Hikers');
    await userEvent.click(screen.getByRole('button', { name: 'Search everywhere, not only in Hikers' }));
    await waitFor(() => expect(headerBox()).toHaveValue('trail'));
    await userEvent.click(await screen.findByRole('button', { name: 'Search only in Ben Ray' }));
    await waitFor(() => expect(headerBox()).toHaveValue('trail in:@ben'));
  });

  it('pages as the list scrolls: the next page starts at the cursor the server gave', async () => {
    let reveal: () => void = () => {};
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private readonly callback: IntersectionObserverCallback) {}
        observe() {
          reveal = () => this.callback([{ isIntersecting: true } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
        }
        disconnect() {}
      },
    );
    const page = (from: number, next: string | null): Page => ({
      results: Array.from({ length: 3 }, (_, i) => message(from + i, `trail ${from + i}`, { kind: 'direct', id: 2, name: 'Ben Ray' })),
      next_cursor: next,
    });
    const { asked } = fakeServer({ messages: (url: URL) => (url.searchParams.get('before') === 'c1' ? page(4, null) : page(1, 'c1')) });
    open('/search?q=trail');
    const list = await screen.findByRole('list', { name: 'Messages found' });
    expect(within(list).getAllByRole('link')).toHaveLength(3);
    expect(within(list).getAllByRole('link')[0]).toHaveAttribute('href', '/scan-chat/private/2?around=1');
    act(() => reveal());
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(6));
    expect(asked.map((u) => u.searchParams.get('before'))).toEqual([null, 'c1']);
    expect(screen.queryByRole('button', { name: /More results/ })).toBeNull();
  });
});
