import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { idleCall, type CallView } from '../stores/call-engine';
import { IncomingCall } from './incoming-call';

const view: CallView = {
  ...idleCall,
  phase: 'incoming',
  peer: { id: 7, name: 'Ada Lovelace', username: 'ada', avatar: null },
  media: 'video',
};

describe('an incoming call', () => {
  it('is an alert dialog named after the caller, with focus on Accept, answered from the keyboard', async () => {
    const onAccept = vi.fn();
    const onDecline = vi.fn();
    render(<IncomingCall view={view} onAccept={onAccept} onDecline={onDecline} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Ada Lovelace is calling' });
    expect(dialog).toHaveAccessibleDescription('Video call');
    expect(screen.getByRole('button', { name: 'Accept' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onAccept).toHaveBeenCalledOnce();
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Decline' })).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(onDecline).toHaveBeenCalledOnce();
  });

  it('gives focus back to where it was once it goes', () => {
    const before = document.createElement('button');
    document.body.append(before);
    before.focus();
    const { unmount } = render(<IncomingCall view={view} onAccept={() => {}} onDecline={() => {}} />);
    expect(before).not.toHaveFocus();
    unmount();
    expect(before).toHaveFocus();
    before.remove();
  });
});
