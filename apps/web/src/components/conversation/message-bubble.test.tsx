import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@tribeverse/shared';
import { formatTime } from '../../lib/datetime';
import { resetPrivateMediaForTests } from '../../lib/media-access';
import { MessageBubble, type MessageActions } from './message-bubble';
import { aDirectMessage } from '../../lib/conversation/messages.test-support';

const HOUR = 3_600_000;
const message = (patch: Partial<ChatMessage> = {}) =>
  aDirectMessage(1, { text: 'see you soon', created_at: new Date().toISOString(), ...patch });
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

describe('MessageBubble held for review', () => {
  it("marks the sender's held message, and the mark goes once the released copy replaces it", () => {
    const held = message({ sender_id: 2, text: 'big giveaway', held: true });
    const { rerender } = bubble(held);
    expect(screen.getByRole('status')).toHaveTextContent('Held for review: only you see this message');
    expect(screen.getByText('big giveaway')).toBeInTheDocument();
    rerender(
      <ul>
        <MessageBubble message={{ ...held, held: undefined }} me={2} actions={actions} />
      </ul>,
    );
    expect(screen.queryByText(/Held for review/)).toBeNull();
    expect(screen.getByText('big giveaway')).toBeInTheDocument();
  });

  it('shows no mark on an ordinary message', () => {
    bubble(message({ sender_id: 2 }));
    expect(screen.queryByText(/Held for review/)).toBeNull();
  });
});

describe('MessageBubble quoting the message it replies to', () => {
  const reply = { id: 9, text: '', sender_id: 1, deleted: false, media_type: 'audio/webm' };
  it('says a voice note is one, and a photo a photo', () => {
    const { unmount } = bubble(message({ reply_to: { ...reply, voice: true } }));
    expect(screen.getByText('Voice message')).toBeInTheDocument();
    unmount();
    bubble(message({ reply_to: { ...reply, media_type: 'image/png' } }));
    expect(screen.getByText('Photo')).toBeInTheDocument();
  });
});

describe('MessageBubble swipe to reply', () => {
  const finger = { pointerType: 'touch', pointerId: 7, isPrimary: true };
  const swipe = (el: HTMLElement, toX: number, toY = 100) => {
    fireEvent.pointerDown(el, { ...finger, clientX: 200, clientY: 100 });
    fireEvent.pointerMove(el, { ...finger, clientX: 200 + toX / 2, clientY: 100 + (toY - 100) / 2 });
    fireEvent.pointerMove(el, { ...finger, clientX: 200 + toX, clientY: toY });
  };

  it('replies when a finger pulls the message far enough to the left, and the message follows the finger', () => {
    const onReply = vi.fn();
    render(
      <ul>
        <MessageBubble message={message()} me={2} actions={{ ...actions, onReply }} />
      </ul>,
    );
    const el = screen.getByTestId('message-bubble');
    swipe(el, -70);
    expect(el.style.transform).toBe('translateX(-70px)');
    expect(screen.getByTestId('swipe-reply-hint')).toBeInTheDocument();
    fireEvent.pointerUp(el, { ...finger, clientX: 130, clientY: 100 });
    expect(onReply).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
    expect(el.style.transform).toBe('');
    expect(screen.queryByTestId('swipe-reply-hint')).toBeNull();
  });

  it('does not reply to a short pull, a pull to the right, a scroll, a mouse drag or a deleted message', () => {
    const onReply = vi.fn();
    const { rerender } = render(
      <ul>
        <MessageBubble message={message()} me={2} actions={{ ...actions, onReply }} />
      </ul>,
    );
    const el = () => screen.getByTestId('message-bubble');
    swipe(el(), -30);
    fireEvent.pointerUp(el(), finger);
    swipe(el(), 80);
    fireEvent.pointerUp(el(), finger);
    // Mostly vertical: the list scrolling.
    swipe(el(), -60, 220);
    fireEvent.pointerUp(el(), finger);
    fireEvent.pointerDown(el(), { pointerType: 'mouse', pointerId: 1, isPrimary: true, clientX: 200, clientY: 100 });
    fireEvent.pointerMove(el(), { pointerType: 'mouse', pointerId: 1, isPrimary: true, clientX: 100, clientY: 100 });
    fireEvent.pointerUp(el(), { pointerType: 'mouse', pointerId: 1, isPrimary: true });
    rerender(
      <ul>
        <MessageBubble message={message({ deleted: true, text: '' })} me={2} actions={{ ...actions, onReply }} />
      </ul>,
    );
    swipe(el(), -70);
    fireEvent.pointerUp(el(), finger);
    expect(onReply).not.toHaveBeenCalled();
  });
});

describe('MessageBubble with a picture', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    resetPrivateMediaForTests();
  });

  it('asks once for the media cookie, then shows the pictures from their links', async () => {
    localStorage.setItem('USER_TOKEN', 'session-token');
    let answer: () => void = () => {};
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(() => new Promise<Response>((resolve) => (answer = () => resolve(new Response(null, { status: 204 })))));
    const picture = (id: number) =>
      message({
        id,
        _id: id,
        text: '',
        media_url: `/media/private/chat/${id}/${'a'.repeat(32)}.png`,
        media_type: 'image/png',
        file_name: `p${id}.png`,
      });
    render(
      <ul>
        <MessageBubble message={picture(1)} me={2} actions={actions} />
        <MessageBubble message={picture(2)} me={2} actions={actions} />
      </ul>,
    );
    // Until the browser holds the cookie, a fetch of the file would be refused: a placeholder stands in.
    expect(screen.getByRole('img', { name: 'p1.png' }).tagName).toBe('SPAN');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/api/media/access');
    expect(init).toMatchObject({ method: 'POST', headers: { authorization: 'Bearer session-token' } });
    await act(async () => answer());
    expect(screen.getByRole('img', { name: 'p1.png' })).toHaveAttribute('src', `/media/private/chat/1/${'a'.repeat(32)}.png`);
    expect(screen.getByRole('img', { name: 'p2.png' }).tagName).toBe('IMG');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('MessageBubble time', () => {
  it("shows the time with the app's one formatter, the same as community chat ('7:57 PM', not '7:57 pm')", () => {
    const sent = new Date(2026, 0, 5, 19, 57);
    bubble(message({ created_at: sent.toISOString() }));
    const time = screen.getByText(formatTime(sent));
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', sent.toISOString());
  });
});
