import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../test-render';
import { InviteMemberForm } from './invite-member-form';

afterEach(() => vi.restoreAllMocks());

describe('invite a member', () => {
  it('sends the user name as typed without the @, says who was invited, and shows why not', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(Response.json({ community_id: 5, user_id: 9, status: 'invited' }, { status: 201 }))
      .mockResolvedValueOnce(Response.json({ code: 'CONFLICT', msg: 'They are already a member.' }, { status: 409 }));
    renderInApp(<InviteMemberForm communityId={5} />);

    await userEvent.type(screen.getByLabelText('User name'), '@dee');
    await userEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByRole('status')).toHaveTextContent('@dee is invited and has been told.');
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/communities/5/invitations',
      expect.objectContaining({ method: 'POST', body: '{"username":"dee"}' }),
    );
    expect(screen.getByLabelText('User name')).toHaveValue('');

    await userEvent.type(screen.getByLabelText('User name'), 'bob');
    await userEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('They are already a member.');
  });
});
