import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ConversationMessage } from '@tribeverse/shared';
import { PinnedBar } from './pinned-bar';
import { aConversationMessage } from '../../lib/conversation/messages.test-support';

const pin = (id: number, patch: Partial<ConversationMessage> = {}) =>
  aConversationMessage(id, { text: `pin ${id}`, pinned: true, group_id: 5, ...patch });
const authorOf = (m: ConversationMessage) => m.sender.name ?? 'User';

describe('the pinned bar', () => {
  it('shows nothing when nothing is pinned', () => {
    const { container } = render(<PinnedBar pins={[]} onJump={vi.fn()} authorOf={authorOf} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('shows the latest pin, and a tap (or Enter) jumps to it', async () => {
    const onJump = vi.fn();
    render(<PinnedBar pins={[pin(9, { text: 'meet at 8' })]} onJump={onJump} authorOf={authorOf} />);
    const bar = screen.getByRole('region', { name: 'Pinned messages' });
    const latest = within(bar).getByRole('button', { name: /Pinned message\s*meet at 8/ });
    await userEvent.click(latest);
    expect(onJump).toHaveBeenCalledWith(expect.objectContaining({ id: 9 }));
    latest.focus();
    await userEvent.keyboard('{Enter}');
    expect(onJump).toHaveBeenCalledTimes(2);
    // One pin: no list to open.
    expect(within(bar).queryByRole('button', { name: /All/ })).toBeNull();
  });

  it('says what a pinned file is when it has no text', () => {
    render(<PinnedBar pins={[pin(9, { text: '', media_type: 'image/png' })]} onJump={vi.fn()} authorOf={authorOf} />);
    expect(screen.getByRole('button', { name: /Pinned message\s*Photo/ })).toBeInTheDocument();
  });

  it('lists every pin, newest first, and jumps to the one picked', async () => {
    const onJump = vi.fn();
    const pins = [pin(12, { text: 'newest' }), pin(3, { text: 'oldest', sender: { id: 2, name: 'Ben', username: 'ben', avatar: null } })];
    render(<PinnedBar pins={pins} onJump={onJump} authorOf={authorOf} />);
    expect(screen.getByRole('button', { name: /latest of 2\)\s*newest/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'All 2 pinned messages' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pinned messages' });
    const items = within(dialog).getAllByRole('button', { name: /newest|oldest/ });
    expect(items.map((b) => b.textContent)).toEqual(['Adanewest', 'Benoldest']);
    await userEvent.click(items[1]!);
    expect(onJump).toHaveBeenCalledWith(expect.objectContaining({ id: 3 }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
