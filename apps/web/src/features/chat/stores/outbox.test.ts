import { afterEach, describe, expect, it } from 'vitest';
import { outbox, outboxKey, type PendingMessage } from './outbox';

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
    outbox.add(pending('c', { file: new File(['x'], 'x.txt') }));

    // A reload: the module state is gone, the stored copy is read again.
    outbox.load(null);
    expect(outbox.all()).toEqual([]);
    outbox.load(1);
    expect(outbox.all()).toEqual([
      expect.objectContaining({ client_id: 'a', status: 'failed', retryable: true, error: 'Not sent yet: waiting for the connection' }),
      expect.objectContaining({ client_id: 'b', status: 'failed', retryable: false, error: 'You cannot message this member.' }),
    ]);
  });

  it("keeps each member's outbox apart and forgets a message once it is stored", () => {
    outbox.load(1);
    outbox.add(pending('a'));
    outbox.load(2);
    expect(outbox.all()).toEqual([]);
    outbox.load(1);
    outbox.remove('a');
    expect(localStorage.getItem(outboxKey(1))).toBeNull();
  });
});
