import { InfiniteQueryObserver, QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@tribeverse/shared';
import { clearUnreadUpTo, markMineRead, reloadChat, upsertMessage } from './cache';
import { flattenPages, type MessagePages } from './get-messages';
import { chatKeys } from './keys';
import { aDirectMessage } from '../../../lib/conversation/messages.test-support';

const message = (id: number, patch: Partial<ChatMessage> = {}) =>
  aDirectMessage(id, { text: `m${id}`, created_at: new Date().toISOString(), ...patch });

describe('chat cache', () => {
  it('appends a new message once, however often it arrives (ack and message:new)', () => {
    const qc = new QueryClient();
    qc.setQueryData<MessagePages>(chatKeys.messages(2), {
      pages: [
        [message(3), message(4)],
        [message(1), message(2)],
      ],
      pageParams: [undefined, 3],
    });
    upsertMessage(qc, 1, message(5));
    upsertMessage(qc, 1, message(5));
    upsertMessage(qc, 1, message(2, { text: 'edited' }));
    const all = flattenPages(qc.getQueryData<MessagePages>(chatKeys.messages(2)));
    expect(all.map((m) => m.id)).toEqual([1, 2, 3, 4, 5]);
    expect(all[1]!.text).toBe('edited');
  });

  it('marks my messages read up to the receipt', () => {
    const qc = new QueryClient();
    qc.setQueryData<MessagePages>(chatKeys.messages(2), {
      pages: [[message(1), message(2, { sender_id: 2, receiver_id: 1 }), message(3)]],
      pageParams: [undefined],
    });
    markMineRead(qc, 2, 2, '2026-01-01T00:00:00Z');
    const all = flattenPages(qc.getQueryData<MessagePages>(chatKeys.messages(2)));
    expect(all.map((m) => m.read_at)).toEqual(['2026-01-01T00:00:00Z', null, null]);
  });
});

/**
 * The open conversation's history as shown on screen (an observed query), whose first load left before a message
 * was stored and answers, without it, only once released. `store` puts the message in the database.
 */
function historyWithSlowFirstLoad() {
  const qc = new QueryClient();
  const key = chatKeys.messages(2);
  let stored: ChatMessage[] = [];
  let release!: () => void;
  const first = new Promise<void>((resolve) => (release = resolve));
  let loads = 0;
  const observer = new QueryObserver(qc, {
    queryKey: key,
    queryFn: async () => {
      loads += 1;
      const snapshot = [...stored];
      if (loads === 1) await first;
      return snapshot;
    },
  });
  const stop = observer.subscribe(() => {});
  return {
    qc,
    release,
    stop,
    firstLoadStarted: () => vi.waitFor(() => expect(loads).toBe(1)),
    store: (m: ChatMessage) => void (stored = [m]),
    shows: (id: number) => vi.waitFor(() => expect(qc.getQueryData<ChatMessage[]>(key)).toEqual([expect.objectContaining({ id })])),
  };
}

describe('a message stored before the history has loaded', () => {
  it('is not lost: the history is asked again and holds it', async () => {
    const history = historyWithSlowFirstLoad();
    history.store(message(5));
    upsertMessage(history.qc, 1, message(5));
    history.release();
    await history.shows(5);
    history.stop();
  });
});

describe('a message sent while this member was not connected yet', () => {
  it('is shown once the socket connects, even when the first load of the history left before it was stored', async () => {
    const history = historyWithSlowFirstLoad();
    await history.firstLoadStarted();
    // Stored while the socket was still connecting: its message:new reached nobody here.
    history.store(message(5));
    const reloaded = reloadChat(history.qc);
    history.release();
    await reloaded;
    await history.shows(5);
    history.stop();
  });
});

/**
 * The open conversation's history, shaped as the app keeps it (pages of messages), loaded once; then a reload (a
 * reconnect's catch-up) leaves with what `serverHolds` answers at that moment, and is held until `finish`.
 */
async function reloadHeldOpen(qc: QueryClient, key: readonly unknown[], serverHolds: () => ChatMessage[]) {
  let release!: () => void;
  const slow = new Promise<void>((resolve) => (release = resolve));
  let loads = 0;
  const observer = new InfiniteQueryObserver(qc, {
    queryKey: key,
    staleTime: Infinity,
    initialPageParam: undefined as number | undefined,
    getNextPageParam: () => undefined,
    queryFn: async () => {
      loads += 1;
      const snapshot = serverHolds();
      if (loads === 2) await slow;
      return snapshot;
    },
  });
  const stop = observer.subscribe(() => {});
  await vi.waitFor(() => expect(qc.getQueryData(key)).toBeDefined());
  void qc.invalidateQueries({ queryKey: key });
  await vi.waitFor(() => expect(loads).toBe(2));
  return {
    /** The held reload answers; whatever it set off settles. */
    finish: async () => {
      release();
      await vi.waitFor(() => expect(qc.getQueryState(key)?.fetchStatus).toBe('idle'));
      await new Promise((resolve) => setTimeout(resolve, 20));
    },
    stop,
  };
}

describe('a message stored while the history is being reloaded', () => {
  it('is not wiped by the reload that left before it was stored', async () => {
    const qc = new QueryClient();
    const key = chatKeys.messages(2);
    let stored: ChatMessage[] = [];
    const shown = () => flattenPages(qc.getQueryData<MessagePages>(key)).map((m) => m.id);
    const reload = await reloadHeldOpen(qc, key, () => [...stored]);
    stored = [message(5)];
    upsertMessage(qc, 1, message(5));
    expect(shown()).toEqual([5]);
    await reload.finish();
    expect(shown()).toEqual([5]);
    reload.stop();
  });
});

describe('a read receipt that arrives while the history is being reloaded', () => {
  it('is not undone by the reload that left before the read was stored', async () => {
    const qc = new QueryClient();
    const key = chatKeys.messages(2);
    let readAt: string | null = null;
    const ticks = () => flattenPages(qc.getQueryData<MessagePages>(key)).map((m) => m.read_at);
    const reload = await reloadHeldOpen(qc, key, () => [message(5, { read_at: readAt })]);
    readAt = '2026-01-01T00:00:00Z';
    markMineRead(qc, 2, 5, readAt);
    expect(ticks()).toEqual([readAt]);
    await reload.finish();
    expect(ticks()).toEqual([readAt]);
    reload.stop();
  });
});

describe('a conversation read in another tab', () => {
  const list = (unread: number, lastId: number) => ({
    conversations: [
      {
        peer: { id: 2, name: 'Bob', username: null, avatar: null, online: false, last_seen: null },
        last_message: { id: lastId, text: 'x', sender_id: 2, media_type: null, deleted: false },
        unread,
        updated_at: '2026-01-05T09:05:00Z',
        blocked: false,
      },
    ],
  });

  it('clears the badge only when nothing newer than the read arrived since', () => {
    const qc = new QueryClient();
    qc.setQueryData(chatKeys.conversations, list(3, 12));
    expect(clearUnreadUpTo(qc, 2, 10)).toBe(false);
    expect(qc.getQueryData<ReturnType<typeof list>>(chatKeys.conversations)!.conversations[0]!.unread).toBe(3);
    expect(clearUnreadUpTo(qc, 2, 12)).toBe(true);
    expect(qc.getQueryData<ReturnType<typeof list>>(chatKeys.conversations)!.conversations[0]!.unread).toBe(0);
  });
});
