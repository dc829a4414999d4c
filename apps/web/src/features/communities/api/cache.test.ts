import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { aMessage } from '../test-fixtures';
import { setUnread, upsertCommunityMessage } from './cache';
import type { CommunityMessagePages } from './get-messages';
import { communityKeys } from './keys';
import type { CommunityUnread } from './types';

const withHistory = (pages: ReturnType<typeof aMessage>[][]) => {
  const qc = new QueryClient();
  qc.setQueryData<CommunityMessagePages>(communityKeys.channelMessages(5, 1), { pages, pageParams: pages.map(() => undefined) });
  return qc;
};
const ids = (qc: QueryClient) =>
  qc.getQueryData<CommunityMessagePages>(communityKeys.channelMessages(5, 1))!.pages.map((p) => p.map((m) => m.id));

describe('community message cache', () => {
  it('a message arriving twice (the ack and the broadcast) is listed once, in id order', () => {
    const qc = withHistory([[aMessage({ id: 1 }), aMessage({ id: 3 })]]);
    upsertCommunityMessage(qc, aMessage({ id: 2 }));
    upsertCommunityMessage(qc, aMessage({ id: 2 }));
    expect(ids(qc)).toEqual([[1, 2, 3]]);
  });

  it('an edit replaces the message where it is, also in an older page', () => {
    const qc = withHistory([[aMessage({ id: 40 })], [aMessage({ id: 10, text: 'old' })]]);
    upsertCommunityMessage(qc, aMessage({ id: 10, text: 'new', edited_at: '2026-01-02T11:00:00Z' }));
    const older = qc.getQueryData<CommunityMessagePages>(communityKeys.channelMessages(5, 1))!.pages[1]!;
    expect(older.map((m) => m.text)).toEqual(['new']);
    expect(ids(qc)).toEqual([[40], [10]]);
  });

  it("another community's message does not touch this history", () => {
    const qc = withHistory([[aMessage({ id: 1 })]]);
    upsertCommunityMessage(qc, aMessage({ id: 2, community_id: 6 }));
    expect(ids(qc)).toEqual([[1]]);
  });

  it('a read sets that community and the total, leaving the others', () => {
    const qc = new QueryClient();
    qc.setQueryData<CommunityUnread>(communityKeys.unread, {
      total: 5,
      communities: [
        { community_id: 5, unread: 3 },
        { community_id: 6, unread: 2 },
      ],
    });
    setUnread(qc, 5, 0, 2);
    const after = qc.getQueryData<CommunityUnread>(communityKeys.unread)!;
    expect(after.total).toBe(2);
    expect(after.communities).toEqual(
      expect.arrayContaining([
        { community_id: 5, unread: 0 },
        { community_id: 6, unread: 2 },
      ]),
    );
  });
});
