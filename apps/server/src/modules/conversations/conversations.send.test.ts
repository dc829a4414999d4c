import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/harness.ts';
import { directMember } from '../../../test/support/direct-member.ts';
import { communities, communityMembers, conversationMembers, conversations, messages } from '../../db/schema/index.ts';
import { eq } from 'drizzle-orm';
import { ConversationSendRepository, type ConversationDraft } from './conversations-send.repository.ts';
import { draftTo, inGroup } from './conversations.test-support.ts';

// The core's send statement on its own, on a real database: what it stores, what it refuses and why. The kinds'
// calls (groups in chat, channels in communities) are tested through their HTTP and socket contracts.
const t = useTestApp();
const member = () => directMember(t.instance);

const draft = (senderId: number, conversationId: number, text: string, extra: Partial<ConversationDraft> = {}) =>
  draftTo(inGroup(conversationId), senderId, text, extra);

async function group(memberIds: number[]) {
  const [conversation] = await t.db.insert(conversations).values({ kind: 'group', name: 'Trip' }).returning();
  await t.db.insert(conversationMembers).values(memberIds.map((userId) => ({ conversationId: conversation!.id, userId })));
  return conversation!.id;
}

async function channel(ownerId: number, kind: 'text' | 'announcements' = 'text') {
  const [community] = await t.db.insert(communities).values({ ownerId, name: 'Club', visibility: 'public' }).returning();
  await t.db.insert(communityMembers).values({ communityId: community!.id, userId: ownerId, state: 'member', role: 'owner' });
  const [conversation] = await t.db
    .insert(conversations)
    .values({ kind: 'channel', communityId: community!.id, name: 'general', channelKind: kind })
    .returning();
  return { communityId: community!.id, channelId: conversation!.id };
}

describe('the conversation send statement', () => {
  it('stores a batch from several senders in order, and finds a retry by its client id', async () => {
    const [a, b, c] = [await member(), await member(), await member()];
    const id = await group([a.id, b.id, c.id]);
    const repo = new ConversationSendRepository(t.db);
    const first = draft(a.id, id, 'one');
    const outcomes = await repo.storeBatch([first, draft(b.id, id, 'two'), draft(c.id, id, 'three'), { ...first }]);
    expect(outcomes.map((o) => o.verdict)).toEqual(['created', 'created', 'created', 'stored']);
    const created = outcomes.flatMap((o) => (o.verdict === 'created' ? [o.row.id] : []));
    expect(created).toEqual([...created].sort((x, y) => x - y));
    const again = await repo.storeBatch([{ ...first }]);
    expect(again).toEqual([{ verdict: 'stored', messageId: created[0] }]);
    const stored = await t.db.select().from(messages).where(eq(messages.conversationId, id));
    expect(stored.map((m) => m.text).sort()).toEqual(['one', 'three', 'two']);
    expect(stored.every((m) => m.receiverId === null)).toBe(true);
  });

  it('refuses someone who is not, or no longer, in the group, and a reply from before their history', async () => {
    const [a, b, outsider] = [await member(), await member(), await member()];
    const id = await group([a.id, b.id]);
    const repo = new ConversationSendRepository(t.db);
    const [early] = await repo.storeBatch([draft(a.id, id, 'before b joined')]);
    if (early!.verdict !== 'created') throw new Error('not stored');
    await t.db.update(conversationMembers).set({ historyFrom: early!.row.id }).where(eq(conversationMembers.userId, b.id));
    const [replyToEarly, fromOutsider, toNowhere] = await repo.storeBatch([
      draft(b.id, id, 'replying', { replyToId: early!.row.id }),
      draft(outsider.id, id, 'hello?'),
      draft(a.id, 2147483000, 'lost'),
    ]);
    expect([replyToEarly!.verdict, fromOutsider!.verdict, toNowhere!.verdict]).toEqual(['reply-missing', 'missing', 'missing']);

    await t.db.update(conversationMembers).set({ state: 'left' }).where(eq(conversationMembers.userId, b.id));
    expect((await repo.storeBatch([draft(b.id, id, 'after leaving')]))[0]!.verdict).toBe('missing');
  });

  it("checks a channel against the community: members only, time-outs, and announcements' moderators", async () => {
    const [owner, member1, outsider] = [await member(), await member(), await member()];
    const news = await channel(owner.id, 'announcements');
    await t.db.insert(communityMembers).values({ communityId: news.communityId, userId: member1.id, state: 'member' });
    const repo = new ConversationSendRepository(t.db);
    const verdicts = async () =>
      (
        await repo.storeBatch([
          draft(owner.id, news.channelId, 'news', { kind: 'channel' }),
          draft(member1.id, news.channelId, 'me too', { kind: 'channel' }),
          draft(outsider.id, news.channelId, 'hi', { kind: 'channel' }),
        ])
      ).map((o) => o.verdict);
    expect(await verdicts()).toEqual(['created', 'announcements', 'missing']);

    const chat = await channel(owner.id);
    await t.db
      .insert(communityMembers)
      .values({ communityId: chat.communityId, userId: member1.id, state: 'member', timeoutUntil: new Date(Date.now() + 60_000) });
    const [timedOut] = await repo.storeBatch([draft(member1.id, chat.channelId, 'let me talk', { kind: 'channel' })]);
    expect(timedOut!.verdict).toBe('timed-out');
  });

  it('finds a conversation only as the kind the caller named: a channel is no group, a group no channel', async () => {
    const [owner, friend] = [await member(), await member()];
    const chat = await channel(owner.id);
    const groupId = await group([owner.id, friend.id]);
    const repo = new ConversationSendRepository(t.db);
    const outcomes = await repo.storeBatch([
      draft(owner.id, chat.channelId, 'channel as a group'),
      draft(owner.id, groupId, 'group as a channel', { kind: 'channel' }),
      draft(owner.id, chat.channelId, 'channel as a channel', { kind: 'channel' }),
    ]);
    expect(outcomes.map((o) => o.verdict)).toEqual(['missing', 'missing', 'created']);
  });
});
