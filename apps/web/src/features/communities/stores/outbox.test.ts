import { afterEach, describe, expect, it } from 'vitest';
import { communityOutbox, communityOutboxKey } from './outbox';

afterEach(() => communityOutbox.load(null));

const pending = (client_id: string, community_id = 5) => ({
  client_id,
  community_id,
  text: `text ${client_id}`,
  status: 'sending' as const,
  created_at: '2026-01-01T00:00:00Z',
});

describe('community outbox', () => {
  it('keeps unsent messages across a reload, to be sent again with the same client id', () => {
    communityOutbox.load(1);
    communityOutbox.add(pending('a'));
    expect(JSON.parse(localStorage.getItem(`${communityOutboxKey(1)}:a`)!)).toMatchObject({ client_id: 'a', community_id: 5 });
    communityOutbox.load(null);
    communityOutbox.load(1);
    expect(communityOutbox.all()).toEqual([expect.objectContaining({ client_id: 'a', status: 'failed', retryable: true })]);
  });

  it('another member on this device never sees them', () => {
    communityOutbox.load(1);
    communityOutbox.add(pending('a'));
    communityOutbox.load(2);
    expect(communityOutbox.all()).toEqual([]);
  });

  it('leaving a community drops what waited for it, and only that', () => {
    communityOutbox.load(1);
    communityOutbox.add(pending('a', 5));
    communityOutbox.add(pending('b', 6));
    communityOutbox.dropCommunity(5);
    expect(communityOutbox.all().map((p) => p.client_id)).toEqual(['b']);
  });
});
