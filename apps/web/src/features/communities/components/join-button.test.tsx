import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../test-render';
import { aCommunity } from '../test-fixtures';
import { JoinButton } from './join-button';

afterEach(() => vi.restoreAllMocks());

describe('join button', () => {
  it('a public community is joined at once', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ community_id: 5, status: 'member' }));
    renderInApp(<JoinButton community={aCommunity({ my_status: null, my_role: null })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Join Lagos Hikers' }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/communities/5/join', expect.objectContaining({ method: 'POST' })));
  });

  it('a private community asks to join; a pending request reads Requested and can be withdrawn', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ community_id: 5, status: null }));
    const first = renderInApp(<JoinButton community={aCommunity({ visibility: 'private', my_status: null, my_role: null })} />);
    expect(screen.getByRole('button', { name: 'Request to join Lagos Hikers' })).toHaveTextContent('Request to join');
    first.unmount();
    renderInApp(<JoinButton community={aCommunity({ visibility: 'private', my_status: 'requested', my_role: null })} />);
    const requested = screen.getByRole('button', { name: /withdraw your request/ });
    expect(requested).toHaveTextContent('Requested');
    await userEvent.click(requested);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/communities/5/leave', expect.objectContaining({ method: 'POST' })));
  });

  it('an invitation is accepted by joining, or declined, with no request even to a private community', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ community_id: 5, status: 'member' }));
    renderInApp(<JoinButton community={aCommunity({ visibility: 'private', my_status: 'invited', my_role: null })} />);
    const invitation = screen.getByRole('group', { name: 'Invitation to join Lagos Hikers' });
    expect(invitation).toHaveTextContent('You are invited');
    expect(screen.queryByRole('button', { name: /Request to join/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/communities/5/join', expect.objectContaining({ method: 'POST' })));
    await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/communities/5/leave', expect.objectContaining({ method: 'POST' })));
  });

  it('members see no button, and the banned are told instead of offered one', () => {
    const member = renderInApp(<JoinButton community={aCommunity()} />);
    expect(screen.queryByRole('button')).toBeNull();
    member.unmount();
    renderInApp(<JoinButton community={aCommunity({ my_status: 'banned', my_role: null })} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('You are banned from this community')).toBeVisible();
  });
});
