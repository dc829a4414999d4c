import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../test-render';
import { toast } from '../../../lib/toast';
import { InvitedList } from './invited-list';

vi.mock('../../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

afterEach(() => vi.restoreAllMocks());

const dee = { id: 9, name: 'Dee Park', username: 'dee', avatar: null, invited_at: '2026-11-20T10:00:00.000Z' };

describe('invitations not answered yet', () => {
  it('lists who is invited and withdraws an invitation, after which the list is read again', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(Response.json({ invited: [dee] }))
      .mockResolvedValueOnce(new Response(null, { status: 204 }))
      .mockResolvedValueOnce(Response.json({ invited: [] }));
    renderInApp(<InvitedList communityId={5} />);

    const list = await screen.findByRole('list', { name: 'Invited members' });
    expect(list).toHaveTextContent('Dee Park');
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw the invitation of Dee Park' }));
    expect(fetchMock).toHaveBeenCalledWith('/api/communities/5/invitations/9', expect.objectContaining({ method: 'DELETE' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('The invitation of Dee Park is withdrawn.'));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Invited members' })).not.toBeInTheDocument());
    expect(fetchMock).toHaveBeenLastCalledWith('/api/communities/5/invitations', expect.anything());
  });

  it('shows nothing while nobody is waiting to answer', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json({ invited: [] }));
    const { container } = renderInApp(<InvitedList communityId={5} />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(container.querySelector('section')).toBeNull();
  });

  it("says since when each is invited the way the member's locale writes a day", async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB']);
    const invited_at = new Date(2026, 10, 20, 19, 57).toISOString();
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json({ invited: [{ ...dee, invited_at }] }));
    renderInApp(<InvitedList communityId={5} />);
    expect(await screen.findByRole('list', { name: 'Invited members' })).toHaveTextContent('invited 20 Nov 2026');
  });
});
