import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { outbox, outboxKey, usePendingMessages, type PendingMessage } from './outbox';

const pending = (client_id: string, patch: Partial<PendingMessage> = {}): PendingMessage => ({
  client_id,
  peer_id: 7,
  text: `text ${client_id}`,
  status: 'sending',
  created_at: '2026-01-05T09:05:00Z',
  ...patch,
});

afterEach(() => {
  outbox.load(null);
  localStorage.clear();
});

describe('chat outbox', () => {
  it('survives a reload: what was on its way comes back waiting for the connection, with its client_id', () => {
    outbox.load(1);
    outbox.add(pending('a'));
    outbox.add(pending('b', { status: 'failed', retryable: false, error: 'You cannot message this member.' }));

    // A reload: the module state is gone, the stored copy is read again.
    outbox.load(null);
    expect(outbox.all()).toEqual([]);
    outbox.load(1);
    expect(outbox.all()).toEqual([
      expect.objectContaining({ client_id: 'a', status: 'failed', retryable: true, error: 'Not sent yet: waiting for the connection' }),
      expect.objectContaining({ client_id: 'b', status: 'failed', retryable: false, error: 'You cannot message this member.' }),
    ]);
  });

  it('where IndexedDB is missing (here; some private windows) a message with a file is not kept over a reload, text ones are', () => {
    // A browser journey (chat-outbox) shows the file kept where IndexedDB is there.
    expect(typeof indexedDB).toBe('undefined');
    outbox.load(1);
    outbox.add(pending('text'));
    outbox.add(pending('picture', { file: new File(['x'], 'x.png') }));
    outbox.load(null);
    outbox.load(1);
    expect(outbox.all().map((p) => p.client_id)).toEqual(['text']);
  });

  it("keeps each member's outbox apart and forgets a message once it is stored", () => {
    outbox.load(1);
    outbox.add(pending('a'));
    outbox.load(2);
    expect(outbox.all()).toEqual([]);
    outbox.load(1);
    outbox.remove('a');
    expect(localStorage.getItem(`${outboxKey(1)}:a`)).toBeNull();
    outbox.load(null);
    outbox.load(1);
    expect(outbox.all()).toEqual([]);
  });

  it('never overwrites what another tab of the same member keeps waiting', () => {
    outbox.load(1);
    outbox.add(pending('mine'));
    // Another tab, loaded before, sends a message of its own: it writes only its own key.
    const other = pending('theirs', { created_at: '2026-01-05T09:06:00Z' });
    localStorage.setItem(`${outboxKey(1)}:theirs`, JSON.stringify(other));
    // This tab's message is stored and a new one waits: the other tab's message is still kept.
    outbox.remove('mine');
    outbox.add(pending('next', { created_at: '2026-01-05T09:07:00Z' }));
    outbox.load(null);
    outbox.load(1);
    expect(outbox.all().map((p) => p.client_id)).toEqual(['theirs', 'next']);
  });

  it('carries over an outbox saved as one list by an earlier version', () => {
    localStorage.setItem(outboxKey(1), JSON.stringify([pending('old', { status: 'failed', retryable: true, error: 'Not sent' })]));
    outbox.load(1);
    expect(outbox.all()).toEqual([expect.objectContaining({ client_id: 'old', status: 'failed' })]);
    expect(localStorage.getItem(outboxKey(1))).toBeNull();
    outbox.remove('old');
    outbox.load(null);
    outbox.load(1);
    expect(outbox.all()).toEqual([]);
  });

  it('keeps a group message over a reload, shown in its group only, never in a direct chat of the same number', () => {
    outbox.load(1);
    outbox.add(pending('to-group', { peer_id: undefined, group_id: 7 }));
    outbox.add(pending('to-peer'));
    outbox.load(null);
    outbox.load(1);
    expect(outbox.all()).toEqual([
      expect.objectContaining({ client_id: 'to-group', group_id: 7, status: 'failed', retryable: true }),
      expect.objectContaining({ client_id: 'to-peer', peer_id: 7 }),
    ]);
    const inGroup = renderHook(() => usePendingMessages({ group_id: 7 })).result.current;
    const inDirect = renderHook(() => usePendingMessages({ peer_id: 7 })).result.current;
    expect(inGroup.map((p) => p.client_id)).toEqual(['to-group']);
    expect(inDirect.map((p) => p.client_id)).toEqual(['to-peer']);
  });
});
