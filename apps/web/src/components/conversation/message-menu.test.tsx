import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@tribeverse/shared';
import { MessageBubble, type MessageActions } from './message-bubble';
import { aDirectMessage } from '../../lib/conversation/messages.test-support';

/** A direct message from the peer (1) to member 2. */
const message = (patch: Partial<ChatMessage> = {}) => aDirectMessage(7, { text: 'meet at 8', ...patch });

const actions = (patch: Partial<MessageActions<ChatMessage>> = {}): MessageActions<ChatMessage> => ({
  onReply: vi.fn(),
  onEdit: vi.fn(),
  onDelete: vi.fn(),
  onReact: vi.fn(),
  onPin: vi.fn(),
  canPin: () => true,
  onForward: vi.fn(),
  ...patch,
});

function show(m: ChatMessage, a: MessageActions<ChatMessage>) {
  render(
    <ul>
      <MessageBubble message={m} me={2} actions={a} />
    </ul>,
  );
}
async function openMenu() {
  await userEvent.click(screen.getByRole('button', { name: 'Message actions' }));
  return within(await screen.findByRole('menu', { name: 'Message actions' }));
}

describe('the message menu: pins and forwarding', () => {
  it('offers Pin, and pins the message', async () => {
    const a = actions();
    show(message(), a);
    await userEvent.click((await openMenu()).getByRole('menuitem', { name: 'Pin' }));
    expect(a.onPin).toHaveBeenCalledWith(expect.objectContaining({ id: 7 }), true);
  });

  it('offers Unpin on a pinned message, by keyboard too', async () => {
    const a = actions();
    show(message({ pinned: true }), a);
    const menu = await openMenu();
    expect(menu.queryByRole('menuitem', { name: 'Pin' })).toBeNull();
    menu.getByRole('menuitem', { name: 'Unpin' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(a.onPin).toHaveBeenCalledWith(expect.objectContaining({ id: 7 }), false);
  });

  it('offers no pin where the member may not pin (a group member who is not an admin)', async () => {
    show(message(), actions({ canPin: () => false }));
    const menu = await openMenu();
    expect(menu.queryByRole('menuitem', { name: /pin/i })).toBeNull();
    expect(menu.getByRole('menuitem', { name: 'Forward…' })).toBeInTheDocument();
  });

  it('offers Forward…, which opens the dialog for this message', async () => {
    const a = actions();
    show(message(), a);
    await userEvent.click((await openMenu()).getByRole('menuitem', { name: 'Forward…' }));
    expect(a.onForward).toHaveBeenCalledWith(expect.objectContaining({ id: 7, text: 'meet at 8' }));
  });

  it('offers neither on a deleted message', async () => {
    show(message({ deleted: true, text: '' }), actions());
    const menu = await openMenu();
    expect(menu.queryByRole('menuitem', { name: /pin|forward/i })).toBeNull();
  });

  it('says whose a forwarded message was, above its text', () => {
    show(message({ forwarded_from: { id: 5, name: 'Cy Ward', username: 'cy', avatar: null } }), actions());
    const bubble = screen.getByTestId('message-bubble');
    expect(within(bubble).getByText('Forwarded from Cy Ward')).toBeInTheDocument();
    expect(bubble.textContent).toMatch(/^Forwarded from Cy Ward.*meet at 8/);
  });
});
