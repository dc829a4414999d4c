import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@tribeverse/shared';
import { MessageBubble, type MessageActions } from './message-bubble';

const HOUR = 3_600_000;
const message = (patch: Partial<ChatMessage> = {}): ChatMessage => ({
  id: 1,
  _id: 1,
  text: 'see you soon',
  media_url: null,
  media_type: null,
  file_name: null,
  sender_id: 1,
  receiver_id: 2,
  client_id: null,
  created_at: new Date().toISOString(),
  edited_at: null,
  deleted: false,
  reply_to: null,
  reactions: [],
  read_at: null,
  expires_at: null,
  ...patch,
});
const actions: MessageActions = { onReply: vi.fn(), onEdit: vi.fn(), onDelete: vi.fn(), onReact: vi.fn() };
const bubble = (m: ChatMessage) =>
  render(
    <ul>
      <MessageBubble message={m} me={2} actions={actions} />
    </ul>,
  );

afterEach(() => vi.useRealTimers());

describe('MessageBubble with an auto-delete timer', () => {
  it('shows no timer on a message without one', () => {
    bubble(message());
    expect(screen.getByText('see you soon')).toBeInTheDocument();
    expect(screen.queryByLabelText(/Deleted in/)).toBeNull();
  });

  it('shows the remaining time, counts down, and leaves the screen when the time is up', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    bubble(message({ expires_at: new Date(Date.now() + 2 * HOUR).toISOString() }));
    expect(screen.getByLabelText('Deleted in 2h')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(HOUR + 60_000));
    expect(screen.getByLabelText('Deleted in 59m')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(HOUR));
    expect(screen.queryByText('see you soon')).toBeNull();
  });

  it('hides a message the cleanup has cleared, rather than showing "Message deleted"', () => {
    bubble(message({ text: '', deleted: true, expires_at: new Date(Date.now() - 1000).toISOString() }));
    expect(screen.queryByText('Message deleted')).toBeNull();
    expect(screen.queryAllByTestId('message')).toHaveLength(0);
  });
});
