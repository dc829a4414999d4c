import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast';
import { serveFetch } from '../../../test-fetch';
import { renderRoutes } from '../../../test-render';
import { NotificationLink } from './notification-item';
import { describeNotification } from './notification-target';
import { note } from './notification.test-support';

afterEach(() => vi.restoreAllMocks());

const removed = note({ kind: 'content_removed', payload: { target_kind: 'post', reason: 'Spam link', action_id: 12 } });

describe('moderation notices', () => {
  it('say what was removed and why, and what came of an appeal', () => {
    expect(describeNotification(removed)).toBe('The moderators removed your post: Spam link');
    const accepted = note({ kind: 'appeal_decided', payload: { appeal_id: 3, accepted: true, action: 'remove_content', note: null } });
    expect(describeNotification(accepted)).toBe('The moderators accepted your appeal of the removal: it is back');
    const kept = note({ kind: 'appeal_decided', payload: { appeal_id: 3, accepted: false, action: 'suspend', note: 'Rule 2' } });
    expect(describeNotification(kept)).toBe('The moderators kept the suspension you appealed. Rule 2');
  });

  it('offer to appeal a removal from beside the notice, and send the appeal with its action', async () => {
    const calls = serveFetch({
      'POST /api/appeals': [
        [201, { id: 3, action: 'remove_content', status: 'open', text: 'a joke', decision_note: null, created_at: '', decided_at: null }],
      ],
    });
    const thanks = vi.spyOn(toast, 'success').mockImplementation(() => {});
    renderRoutes([{ path: '/', element: <NotificationLink n={removed} onFollow={() => {}} /> }], '/');
    await userEvent.click(await screen.findByRole('button', { name: 'Appeal' }));
    await screen.findByRole('dialog', { name: 'Appeal the removal of your post' });
    await userEvent.type(screen.getByLabelText('Why should this be reversed?'), 'a joke');
    await userEvent.click(screen.getByRole('button', { name: 'Send appeal' }));
    await vi.waitFor(() => expect(thanks).toHaveBeenCalled());
    expect(calls.find((c) => c.path === '/api/appeals')?.body).toEqual({ action_id: 12, text: 'a joke' });
  });

  it('offer no appeal for a notice from before appeals', async () => {
    const old = note({ kind: 'content_removed', payload: { target_kind: 'comment', reason: null } });
    renderRoutes([{ path: '/', element: <NotificationLink n={old} onFollow={() => {}} /> }], '/');
    expect(await screen.findByText('The moderators removed your comment')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Appeal' })).toBeNull();
  });
});
