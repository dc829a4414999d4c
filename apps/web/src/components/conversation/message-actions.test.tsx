import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ConversationMessage } from '@tribeverse/shared';
import { MessageBubble, type MessageActions } from './message-bubble';
import { aConversationMessage } from '../../lib/conversation/messages.test-support';

/** A channel message by Bob (2), seen by member 9. */
const message = (patch: Partial<ConversationMessage> = {}) =>
  aConversationMessage(1, {
    text: 'the north trail is closed',
    sender_id: 2,
    sender: { id: 2, name: 'Bob Stone', username: 'bob', avatar: null },
    created_at: '2026-01-02T10:00:00Z',
    ...patch,
  });

const base = (): MessageActions<ConversationMessage> => ({ onReply: vi.fn(), onEdit: vi.fn(), onDelete: vi.fn(), onReact: vi.fn() });

function show(m: ConversationMessage, actions: MessageActions<ConversationMessage>, me = 9, onAuthor?: () => void) {
  render(
    <ul>
      <MessageBubble message={m} me={me} actions={actions} author={{ name: 'Bob Stone', avatar: null, first: true, onOpen: onAuthor }} />
    </ul>,
  );
}

async function openMenu() {
  await userEvent.click(screen.getByRole('button', { name: 'Message actions' }));
  return within(await screen.findByRole('menu', { name: 'Message actions' }));
}

const items = (menu: ReturnType<typeof within>) => menu.getAllByRole('menuitem').map((i: HTMLElement) => i.textContent);

describe('message actions beyond a direct chat', () => {
  it("offers Report on another member's message", async () => {
    const actions = { ...base(), onReport: vi.fn() };
    show(message(), actions);
    const menu = await openMenu();
    await userEvent.click(menu.getByRole('menuitem', { name: 'Report…' }));
    expect(actions.onReport).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
  });

  it("offers no Report on one's own message", async () => {
    show(message({ sender_id: 9 }), { ...base(), onReport: vi.fn() });
    const menu = await openMenu();
    expect(menu.queryByRole('menuitem', { name: 'Report…' })).toBeNull();
  });

  it('offers Pin to those who may pin, and Unpin on a pinned message', async () => {
    const actions = { ...base(), onPin: vi.fn(), canPin: () => true };
    show(message({ pinned: true }), actions);
    const menu = await openMenu();
    await userEvent.click(menu.getByRole('menuitem', { name: 'Unpin' }));
    expect(actions.onPin).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }), false);
  });

  it('says Remove… where a moderator takes down what another member wrote', async () => {
    const actions = { ...base(), canDelete: () => true, deleteLabel: () => 'Remove…' };
    show(message(), actions);
    const menu = await openMenu();
    expect(menu.queryByRole('menuitem', { name: 'Delete…' })).toBeNull();
    await userEvent.click(menu.getByRole('menuitem', { name: 'Remove…' }));
    expect(actions.onDelete).toHaveBeenCalled();
  });

  it('where the member cannot write (an announcements channel) there is no Reply, no Edit and no swipe to reply', async () => {
    const { onReply: _reply, onEdit: _edit, ...rest } = base();
    show(message({ sender_id: 9 }), rest);
    const menu = await openMenu();
    expect(items(menu)).toEqual(['Copy text', 'Delete…']);
  });

  it('a right click (a long press on a phone) opens the same menu', async () => {
    show(message(), base());
    fireEvent.contextMenu(screen.getByTestId('message-bubble'));
    expect(await screen.findByRole('menu', { name: 'Message actions' })).toBeVisible();
  });

  it("the sender's avatar is a button about them where the conversation offers one", async () => {
    const onAuthor = vi.fn();
    show(message(), base(), 9, onAuthor);
    await userEvent.click(screen.getByRole('button', { name: 'Bob Stone: actions' }));
    expect(onAuthor).toHaveBeenCalled();
  });

  it('the menu button is reached by Tab from the message before it, then opens with Enter', async () => {
    show(message(), base());
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Message actions' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('menu', { name: 'Message actions' })).toBeVisible();
  });
});
