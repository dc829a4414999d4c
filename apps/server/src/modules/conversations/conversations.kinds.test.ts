import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ChatMessage, ConversationMessage } from '@tribeverse/shared';
import { useTestApp, type Member } from '../../../test/support/harness.ts';
import { conversationMembers, conversations, messages } from '../../db/schema/index.ts';
import { ConversationSendRepository } from './conversations-send.repository.ts';
import { directTo as direct, draftTo, inGroup } from './conversations.test-support.ts';

// Direct chats, groups and channels share one send statement and one set of message actions: what each kind's
// rule lets through there, and that a message of one kind is never reached through another kind's calls.
const t = useTestApp();

const groupUrl = (id: number, rest = '') => `/api/chat/groups/${id}${rest}`;

async function createGroup(creator: Member, others: Member[]): Promise<{ id: number }> {
  const res = await t.as(creator).post('/api/chat/groups', { name: 'Weekend trip', member_ids: others.map((o) => o.id) });
  expect(res.statusCode).toBe(201);
  return res.json();
}

async function sendToGroup(who: Member, groupId: number, text: string): Promise<ConversationMessage> {
  const res = await t.as(who).post(groupUrl(groupId, '/send'), { text });
  expect(res.statusCode).toBe(201);
  return (res.json() as { message: ConversationMessage }).message;
}

async function sendDirect(from: Member, to: Member, text: string): Promise<ChatMessage> {
  const res = await t.as(from).post('/api/chat/send', { peer_id: to.id, text });
  expect(res.statusCode).toBe(201);
  return (res.json() as { message: ChatMessage }).message;
}

describe('one send statement for every kind', () => {
  it('stores direct and group drafts of one batch each in its place, and no reply crosses from one to the other', async () => {
    const [ada, ben] = await t.members(2);
    const [conversation] = await t.db.insert(conversations).values({ kind: 'group', name: 'Trip' }).returning();
    const groupId = conversation!.id;
    await t.db.insert(conversationMembers).values([ada!, ben!].map((m) => ({ conversationId: groupId, userId: m.id })));
    const repo = new ConversationSendRepository(t.db);

    const outcomes = await repo.storeBatch([
      draftTo(direct(ben!.id), ada!.id, 'to ben'),
      draftTo(inGroup(groupId), ada!.id, 'to the group'),
      draftTo(direct(2147483000), ben!.id, 'to nobody'),
      // A group's id named as a direct chat's receiver, and a person's id as a group's, are nothing.
      draftTo(direct(groupId + 1_000_000), ben!.id, 'to a group as a person'),
      draftTo(inGroup(ada!.id + 1_000_000), ben!.id, 'to a person as a group'),
    ]);
    expect(outcomes.map((o) => o.verdict)).toEqual(['created', 'created', 'missing', 'missing', 'missing']);
    const [toBen, toGroup] = outcomes.map((o) => (o.verdict === 'created' ? o.row.id : 0));
    const stored = await t.db
      .select()
      .from(messages)
      .where(inArray(messages.id, [toBen!, toGroup!]));
    expect(stored.map((m) => [m.text, m.receiverId, m.conversationId]).sort()).toEqual([
      ['to ben', ben!.id, null],
      ['to the group', null, groupId],
    ]);

    const replies = await repo.storeBatch([
      draftTo(direct(ada!.id), ben!.id, 'a direct reply to a group message', { replyToId: toGroup! }),
      draftTo(inGroup(groupId), ben!.id, 'a group reply to a direct message', { replyToId: toBen! }),
      draftTo(direct(ada!.id), ben!.id, 'a direct reply in its own chat', { replyToId: toBen! }),
    ]);
    expect(replies.map((o) => o.verdict)).toEqual(['reply-missing', 'reply-missing', 'created']);
  });
});

describe('message actions of the core, by kind', () => {
  it('in a direct chat: only the sender edits or deletes, either person pins and reacts', async () => {
    const [ada, ben] = await t.members(2);
    const message = await sendDirect(ada!, ben!, 'meet at 8');
    const url = `/api/chat/messages/${message.id}`;

    expect((await t.as(ben!).patch(url, { text: 'meet at 9' })).statusCode).toBe(403);
    expect((await t.as(ben!).delete(url)).statusCode).toBe(403);
    const pinned = await t.as(ben!).put(`${url}/pin`, { pinned: true });
    expect(pinned.statusCode).toBe(200);
    expect(pinned.json()).toMatchObject({ id: message.id, text: 'meet at 8', pinned: true, receiver_id: ben!.id });
    const reacted = await t.as(ben!).put(`${url}/reactions/1f44d`);
    expect(reacted.statusCode).toBe(200);
    expect((reacted.json() as ChatMessage).reactions).toEqual([{ emoji: '1f44d', count: 1, user_ids: [ben!.id] }]);

    const edited = await t.as(ada!).patch(url, { text: 'meet at 9' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ text: 'meet at 9', pinned: true, read_at: null });
    expect(edited.json()).not.toHaveProperty('sender');
  });

  it("never reaches a group's message through a direct chat's calls, nor a direct message through a group's", async () => {
    const [ada, ben, cy] = await t.members(3);
    const group = await createGroup(ada!, [ben!, cy!]);
    const inGroupMessage = await sendToGroup(ada!, group.id, 'group plans');
    const directMessage = await sendDirect(ada!, ben!, 'just us');

    const directUrl = `/api/chat/messages/${inGroupMessage.id}`;
    expect((await t.as(ada!).patch(directUrl, { text: 'changed' })).statusCode).toBe(404);
    expect((await t.as(ada!).delete(directUrl)).statusCode).toBe(404);
    expect((await t.as(ada!).put(`${directUrl}/pin`, { pinned: true })).statusCode).toBe(404);
    expect((await t.as(ben!).delete(`${directUrl}/for-me`)).statusCode).toBe(404);

    const groupMessageUrl = groupUrl(group.id, `/messages/${directMessage.id}`);
    expect((await t.as(ada!).patch(groupMessageUrl, { text: 'changed' })).statusCode).toBe(404);
    expect((await t.as(ada!).put(`${groupMessageUrl}/pin`, { pinned: true })).statusCode).toBe(404);

    const [groupRow, directRow] = await Promise.all(
      [inGroupMessage.id, directMessage.id].map(async (id) => (await t.db.select().from(messages).where(eq(messages.id, id)))[0]!),
    );
    expect([groupRow!.text, groupRow!.pinnedAt, directRow!.text, directRow!.pinnedAt]).toEqual(['group plans', null, 'just us', null]);
  });

  it('in a group: a message pinned again keeps its place among the pins', async () => {
    const [ada, ben, cy] = await t.members(3);
    const group = await createGroup(ada!, [ben!, cy!]);
    const first = await sendToGroup(ada!, group.id, 'meet at 8');
    const second = await sendToGroup(ben!, group.id, 'address: 1 Main St');
    const pin = (id: number) => t.as(ada!).put(groupUrl(group.id, `/messages/${id}/pin`), { pinned: true });
    const pins = async () => ((await t.as(cy!).get(groupUrl(group.id, '/pins'))).json().pins as ConversationMessage[]).map((m) => m.text);

    expect((await pin(first.id)).statusCode).toBe(200);
    expect((await pin(second.id)).statusCode).toBe(200);
    expect(await pins()).toEqual(['address: 1 Main St', 'meet at 8']);
    expect((await pin(first.id)).json()).toMatchObject({ id: first.id, pinned: true });
    expect(await pins()).toEqual(['address: 1 Main St', 'meet at 8']);
  });
});
