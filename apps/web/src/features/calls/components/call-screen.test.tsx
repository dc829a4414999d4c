import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { idleCall, type CallEngine, type CallView } from '../stores/call-engine';
import { CallScreen } from './call-screen';

const peer = { id: 7, name: 'Ada Lovelace', username: 'ada', avatar: null };
const engine = () =>
  ({ toggleMute: vi.fn(), toggleCamera: vi.fn(), hangUp: vi.fn(), dismiss: vi.fn(), snapshot: () => idleCall }) as unknown as CallEngine &
    Record<'toggleMute' | 'toggleCamera' | 'hangUp' | 'dismiss', ReturnType<typeof vi.fn>>;

describe('the call screen', () => {
  it('is a dialog with focus on hang-up, and its toggles say what pressing them does', async () => {
    const e = engine();
    const view: CallView = { ...idleCall, phase: 'active', peer, media: 'video', muted: true, since: Date.now() - 65_000 };
    render(<CallScreen view={view} engine={e} />);
    expect(screen.getByRole('dialog', { name: 'Call with Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hang up' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent(/^1:0[5-6]$/);
    expect(screen.getByRole('button', { name: 'Unmute' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Turn camera off' }));
    expect(e.toggleCamera).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: 'Hang up' }));
    expect(e.hangUp).toHaveBeenCalledOnce();
  });

  it('says it is reconnecting instead of the time talked while the connection is away, and still hangs up', async () => {
    const e = engine();
    const view: CallView = { ...idleCall, phase: 'active', peer, media: 'audio', since: Date.now() - 65_000, reconnecting: true };
    const { rerender } = render(<CallScreen view={view} engine={e} />);
    expect(screen.getByRole('status')).toHaveTextContent('Reconnecting…');
    await userEvent.click(screen.getByRole('button', { name: 'Hang up' }));
    expect(e.hangUp).toHaveBeenCalledOnce();
    rerender(<CallScreen view={{ ...view, reconnecting: false }} engine={e} />);
    expect(screen.getByRole('status')).toHaveTextContent(/^1:0[5-6]$/);
  });

  it('has no camera control in a voice call', () => {
    render(<CallScreen view={{ ...idleCall, phase: 'outgoing', peer, media: 'audio' }} engine={engine()} />);
    expect(screen.getByRole('status')).toHaveTextContent('Calling…');
    expect(screen.queryByRole('button', { name: /^Turn camera/ })).toBeNull();
  });

  it('says how a call ended, or why it never went through, with a way to close', async () => {
    const e = engine();
    const { rerender } = render(<CallScreen view={{ ...idleCall, phase: 'over', peer, ending: 'declined' }} engine={e} />);
    expect(screen.getByRole('status')).toHaveTextContent('Declined');
    rerender(
      <CallScreen view={{ ...idleCall, phase: 'over', peer, ending: 'busy', problem: 'This member is in another call.' }} engine={e} />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('This member is in another call.');
    expect(screen.queryByRole('button', { name: 'Hang up' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(e.dismiss).toHaveBeenCalledOnce();
  });
});
