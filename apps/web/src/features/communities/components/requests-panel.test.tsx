import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { liveSocketForFile } from '../../../lib/live-socket.test-support';
import type { AppSocket } from '../../../lib/socket';
import { toast } from '../../../lib/toast';
import { noRetryClient, renderInApp } from '../../../test-render';
import { RequestsPanel } from './requests-panel';

// A real socket.io server and client on loopback; only the app's lookup of its one socket is pointed at this client.
const live = vi.hoisted(() => ({ socket: null as AppSocket | null }));
vi.mock('../../../lib/socket-provider', () => ({ useSocket: () => live.socket }));

const loop = liveSocketForFile(live);
afterEach(() => vi.restoreAllMocks());

const dee = { id: 9, name: 'Dee Park', username: 'dee', avatar: null };

describe('requests to join', () => {
  it('asks again when the server says the requests changed, for this community only', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(Response.json({ requests: [] }))
      .mockResolvedValueOnce(Response.json({ requests: [{ user: dee, requested_at: '2026-11-20T10:00:00.000Z' }] }));
    renderInApp(<RequestsPanel communityId={5} />, noRetryClient());
    expect(await screen.findByText('No requests waiting.')).toBeVisible();

    // Events arrive in order: the other community's changes nothing here; this one's brings Dee's request in.
    loop.room().emit('community:requests:changed', { community_id: 6 });
    loop.room().emit('community:requests:changed', { community_id: 5 });
    expect(await screen.findByRole('button', { name: 'Approve Dee Park' })).toBeVisible();
    expect(screen.queryByText('No requests waiting.')).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock).toHaveBeenLastCalledWith('/api/communities/5/requests', expect.anything());
  });

  it("says when each member asked the way the member's locale writes it", async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB']);
    const requested_at = new Date(2026, 10, 20, 19, 57).toISOString();
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json({ requests: [{ user: dee, requested_at }] }));
    renderInApp(<RequestsPanel communityId={7} />, noRetryClient());
    expect(await screen.findByText('asked 20 Nov 2026, 19:57')).toBeVisible();
  });

  it('approves or declines a request, and says why when the server refuses', async () => {
    const calls: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const call = `${init?.method ?? 'GET'} ${String(input)}`;
      calls.push(call);
      if (call.endsWith('/decline')) return Response.json({ code: 'FORBIDDEN', msg: 'Only admins decide' }, { status: 403 });
      if (call.endsWith('/approve')) return Response.json({});
      return Response.json({ requests: [{ user: dee, requested_at: '2026-11-20T10:00:00.000Z' }] });
    });
    const refused = vi.spyOn(toast, 'error');
    renderInApp(<RequestsPanel communityId={5} />, noRetryClient());
    await userEvent.click(await screen.findByRole('button', { name: 'Decline Dee Park' }));
    await waitFor(() => expect(refused).toHaveBeenCalledWith('Only admins decide'));
    await userEvent.click(screen.getByRole('button', { name: 'Approve Dee Park' }));
    await waitFor(() => expect(calls).toContain('POST /api/communities/5/requests/9/approve'));
    expect(calls).toContain('POST /api/communities/5/requests/9/decline');
  });
});
