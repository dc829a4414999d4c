import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { noRetryClient, renderInApp } from '../../../test-render';
import { aCommunity } from '../test-fixtures';
import { CommunitiesPage } from './communities-page';

const mine = aCommunity({ id: 1, name: 'Lagos Hikers', my_role: 'owner' });
const other = aCommunity({ id: 2, name: 'Chess Club', visibility: 'private', paid: true, my_role: null, my_status: null });

function mockServer() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://x');
    if (url.pathname === '/api/communities') {
      const search = url.searchParams.get('search') ?? '';
      const all = [mine, other].filter((c) => c.name.toLowerCase().includes(search.toLowerCase()));
      return Response.json({ communities: all, next_cursor: null });
    }
    if (url.pathname === '/api/communities/unread') return Response.json({ total: 4, communities: [{ community_id: 1, unread: 4 }] });
    if (url.pathname === '/api/interests') return Response.json([{ id: 1, name: 'Sports', sub_interests: [{ name: 'Hiking' }] }]);
    return Response.json({ code: 'NOT_FOUND', msg: 'Not found' }, { status: 404 });
  });
}

const openPage = () =>
  renderInApp(
    <MemoryRouter>
      <CommunitiesPage />
    </MemoryRouter>,
    noRetryClient(),
  );

afterEach(() => vi.restoreAllMocks());

describe('/communities', () => {
  it("lists communities in the server's order (the member's own first) with their state, badges and unread count", async () => {
    mockServer();
    openPage();
    const cards = await screen.findAllByTestId('community-card');
    expect(cards.map((c) => within(c).getAllByText(/Lagos Hikers|Chess Club/)[0]!.textContent)).toEqual(['Lagos Hikers', 'Chess Club']);
    expect(within(cards[0]!).getByText('Owner')).toBeVisible();
    expect(within(cards[0]!).getByLabelText('4 unread')).toBeVisible();
    expect(within(cards[1]!).getByText('Paid membership')).toBeVisible();
    expect(within(cards[1]!).getByText('Private')).toBeVisible();
    expect(within(cards[1]!).getByRole('button', { name: 'Request to join Chess Club' })).toBeVisible();
  });

  it('searches by name and filters by an interest from the catalogue', async () => {
    const fetchMock = mockServer();
    openPage();
    await screen.findAllByTestId('community-card');
    await userEvent.type(screen.getByPlaceholderText('Search communities...'), 'chess');
    await vi.waitFor(() => expect(screen.getAllByTestId('community-card')).toHaveLength(1));
    await userEvent.selectOptions(screen.getByLabelText('Interest'), 'Hiking');
    await vi.waitFor(() => expect(fetchMock.mock.calls.map(([u]) => String(u))).toContain('/api/communities?search=chess&interest=Hiking'));
  });

  it('Create community opens the form in an in-app dialog', async () => {
    mockServer();
    openPage();
    await userEvent.click(screen.getByRole('button', { name: 'Create community' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create community' });
    expect(within(dialog).getByLabelText('Name')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create community' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Name the community');
  });
});
