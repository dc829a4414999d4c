import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../test-render';
import type { CommunityMember } from '../api/types';
import { aCommunity } from '../test-fixtures';
import { canManage, MemberActionsDialog } from './member-actions-dialog';

const bob: CommunityMember = {
  id: 2,
  name: 'Bob Stone',
  username: 'bob',
  avatar: null,
  role: 'member',
  description: null,
  joined_at: '2026-01-01T00:00:00Z',
  timeout_until: null,
  online: true,
};
const admin = aCommunity({
  my_role: 'admin',
  my_rights: ['post', 'manage_roles', 'timeout_member', 'remove_member', 'ban_member', 'remove_message'],
});
const moderator = aCommunity({ my_role: 'moderator', my_rights: ['post', 'timeout_member', 'remove_message', 'review_reports'] });

afterEach(() => vi.restoreAllMocks());

describe('managing a member', () => {
  it('is offered only over those ranked below oneself', () => {
    expect(canManage(admin, bob)).toBe(true);
    expect(canManage(admin, { ...bob, role: 'admin' })).toBe(false);
    expect(canManage(moderator, { ...bob, role: 'moderator' })).toBe(false);
    expect(canManage(aCommunity(), bob)).toBe(false);
  });

  it('an admin may make admins and moderators (rights they hold) but never an owner', () => {
    renderInApp(<MemberActionsDialog community={admin} member={bob} onClose={vi.fn()} />);
    const role = screen.getByLabelText('Role');
    expect(
      within(role)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Admin', 'Moderator', 'Member']);
  });

  it('a moderator sees the time-out only; a ban asks first, then is sent', async () => {
    const first = renderInApp(<MemberActionsDialog community={moderator} member={bob} onClose={vi.fn()} />);
    expect(screen.queryByLabelText('Role')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ban' })).toBeNull();
    expect(screen.getByRole('button', { name: '1 hour' })).toBeVisible();
    first.unmount();

    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(null, { status: 204 }));
    const onClose = vi.fn();
    renderInApp(<MemberActionsDialog community={admin} member={bob} onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Ban' }));
    const confirm = screen.getByRole('group', { name: 'Confirm' });
    expect(confirm).toHaveTextContent('cannot join or ask to join again');
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Ban' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetchMock).toHaveBeenCalledWith('/api/communities/5/members/2?ban=true', expect.objectContaining({ method: 'DELETE' }));
  });

  it("says until when a timed-out member cannot write, the way the member's locale writes it", () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB']);
    const nextYear = new Date().getFullYear() + 1;
    const until = new Date(nextYear, 0, 5, 19, 57);
    renderInApp(<MemberActionsDialog community={moderator} member={{ ...bob, timeout_until: until.toISOString() }} onClose={vi.fn()} />);
    expect(screen.getByText(`Time out (cannot write until then): until 5 Jan ${nextYear}, 19:57`)).toBeVisible();
  });
});
