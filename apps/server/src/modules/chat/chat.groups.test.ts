import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/harness.ts';
import { block, createGroup, groupsOf, groupUrl, historyOf, roles, sendToGroup } from './chat-groups.test-support.ts';

const t = useTestApp();

describe('creating a group', () => {
  it('makes the creator its admin, lists its members, and opens with a "created" line', async () => {
    const [ada, ben, cy] = await t.members(3);
    const res = await t.as(ada).post('/api/chat/groups', { name: '  Book club ', member_ids: [ben.id, cy.id] });
    expect(res.statusCode).toBe(201);
    const group = res.json();
    expect(group).toMatchObject({ name: 'Book club', avatar: null, my_role: 'admin', created_at: expect.any(String) });
    expect(roles(group)).toEqual({ [ada.id]: 'admin', [ben.id]: 'member', [cy.id]: 'member' });
    expect(group.members.find((m: { id: number }) => m.id === ben.id)).toMatchObject({ username: ben.username });

    const asBen = await t.as(ben).get(groupUrl(group.id));
    expect(asBen.statusCode).toBe(200);
    expect(asBen.json()).toMatchObject({ id: group.id, my_role: 'member' });
    const history = await historyOf(t, cy, group.id);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ group_id: group.id, sender_id: ada.id, text: '', system: { event: 'created', actor_id: ada.id } });
  });

  it('refuses fewer than two others, more than 99, the creator twice, someone unknown, and bad names', async () => {
    const [ada, ben, cy] = await t.members(3);
    const tooMany = Array.from({ length: 100 }, (_, i) => 1_000_000 + i);
    for (const body of [
      { name: 'Pair', member_ids: [ben.id] },
      { name: 'Pair', member_ids: [ben.id, ben.id] },
      { name: 'Me too', member_ids: [ben.id, ada.id] },
      { name: 'Crowd', member_ids: tooMany },
      { name: '   ', member_ids: [ben.id, cy.id] },
      { name: 'x'.repeat(65), member_ids: [ben.id, cy.id] },
      { member_ids: [ben.id, cy.id] },
      { name: 'Ids', member_ids: ['two', cy.id] },
    ]) {
      const res = await t.as(ada).post('/api/chat/groups', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json()).toMatchObject({ code: expect.any(String), msg: expect.any(String) });
    }
    const unknown = await t.as(ada).post('/api/chat/groups', { name: 'Ghosts', member_ids: [ben.id, 2_000_000_000] });
    expect(unknown.statusCode).toBe(404);
    expect(await groupsOf(t, ada)).toEqual([]);
    expect((await t.as(null).post('/api/chat/groups', { name: 'Anon', member_ids: [ben.id, cy.id] })).statusCode).toBe(401);
  });

  it('takes only people the creator may message: no block either way, and their "who may message me"', async () => {
    const [ada, ben, cy, dee] = await t.members(4);
    await block(t, ben, ada);
    const blockedByBen = await t.as(ada).post('/api/chat/groups', { name: 'G', member_ids: [ben.id, cy.id] });
    expect(blockedByBen.statusCode).toBe(403);
    expect(blockedByBen.json().code).toBe('BLOCKED');
    await block(t, ada, cy);
    expect((await t.as(ada).post('/api/chat/groups', { name: 'G', member_ids: [cy.id, dee.id] })).json().code).toBe('BLOCKED');

    expect((await t.as(dee).patch('/api/settings', { message_permission: 'following' })).statusCode).toBe(200);
    const [eve, fay] = await t.members(2);
    const restricted = await t.as(eve).post('/api/chat/groups', { name: 'G', member_ids: [dee.id, fay.id] });
    expect(restricted.statusCode).toBe(403);
    expect(restricted.json().code).toBe('MESSAGES_RESTRICTED');
    expect((await t.as(dee).post(`/api/users/${eve.id}/follow`)).statusCode).toBeLessThan(300);
    expect((await t.as(eve).post('/api/chat/groups', { name: 'G', member_ids: [dee.id, fay.id] })).statusCode).toBe(201);
  });
});

describe('who sees a group', () => {
  it('answers 404 to anyone outside it, for every call', async () => {
    const [ada, ben, cy, outsider] = await t.members(4);
    const group = await createGroup(t, ada, [ben, cy]);
    const message = await sendToGroup(t, ada, group.id, 'members only');
    const as = t.as(outsider);
    for (const res of [
      await as.get(groupUrl(group.id)),
      await as.get(groupUrl(group.id, '/messages')),
      await as.get(groupUrl(group.id, '/pins')),
      await as.get(groupUrl(group.id, '/reads')),
      await as.post(groupUrl(group.id, '/send'), { text: 'let me in' }),
      await as.patch(groupUrl(group.id), { name: 'Mine now' }),
      await as.post(groupUrl(group.id, '/members'), { user_ids: [outsider.id] }),
      await as.delete(groupUrl(group.id, `/members/${ben.id}`)),
      await as.post(groupUrl(group.id, '/read'), { message_id: message.id }),
      await as.post(groupUrl(group.id, `/messages/${message.id}/reactions`), { emoji: '1f44d' }),
      await as.patch(groupUrl(group.id, `/messages/${message.id}`), { text: 'edited' }),
      await as.delete(groupUrl(group.id, `/messages/${message.id}`)),
      await as.put(groupUrl(group.id, `/messages/${message.id}/pin`), { pinned: true }),
      await as.put(groupUrl(group.id, '/mute'), { muted: true }),
      await as.post(groupUrl(group.id, '/clear')),
      await as.get(groupUrl(2_000_000_000)),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    expect((await historyOf(t, ada, group.id)).map((m) => m.text)).toContain('members only');
  });
});

describe('the group list', () => {
  it('shows the caller’s current groups, newest activity first, with counts, last message and mute', async () => {
    const [ada, ben, cy] = await t.members(3);
    const first = await createGroup(t, ada, [ben, cy], 'First');
    const second = await createGroup(t, ben, [ada, cy], 'Second');
    await sendToGroup(t, ben, first.id, 'bump');
    let list = await groupsOf(t, ada);
    expect(list.map((g) => g.name)).toEqual(['First', 'Second']);
    expect(list[0]).toMatchObject({ id: first.id, member_count: 3, unread: 1, muted: false, last_message: { text: 'bump' } });
    // A system line is activity but not unread.
    expect(list[1]).toMatchObject({ unread: 0, last_message: { system: { event: 'created' } } });

    await sendToGroup(t, cy, second.id, 'newer');
    expect((await t.as(ada).put(groupUrl(second.id, '/mute'), { muted: true })).json()).toEqual({ muted: true, muted_until: null });
    list = await groupsOf(t, ada);
    expect(list.map((g) => [g.name, g.unread, g.muted])).toEqual([
      ['Second', 1, true],
      ['First', 1, false],
    ]);
    await t.as(ada).delete(groupUrl(second.id, `/members/${ada.id}`));
    expect((await groupsOf(t, ada)).map((g) => g.name)).toEqual(['First']);
  });

  it('counts unread group messages in the chat count beside direct ones, but a muted group’s', async () => {
    const [ada, ben, cy] = await t.members(3);
    const chatCount = async () => (await t.as(ada).get('/api/chat/unread-count')).json().unreadCount as number;
    const group = await createGroup(t, ben, [ada, cy]);
    const quiet = await createGroup(t, cy, [ada, ben], 'Quiet');
    expect(await chatCount()).toBe(0);
    const first = await sendToGroup(t, ben, group.id, 'one');
    await sendToGroup(t, cy, group.id, 'two');
    const direct = await t.as(ben).post('/api/chat/send', { peer_id: ada.id, text: 'psst' });
    expect(await chatCount()).toBe(3);

    expect((await t.as(ada).put(groupUrl(quiet.id, '/mute'), { muted: true })).statusCode).toBe(200);
    await sendToGroup(t, cy, quiet.id, 'not counted');
    expect(await chatCount()).toBe(3);

    expect((await t.as(ada).post(groupUrl(group.id, '/read'), { message_id: first.id })).json()).toEqual({ unread: 1 });
    expect(await chatCount()).toBe(2);
    // Reading the direct chat answers the count the header shows: the group's unread message is still in it.
    const read = await t.as(ada).post('/api/chat/read', { peer_id: ben.id, up_to_id: direct.json().message.id });
    expect(read.json()).toEqual({ updated: 1, unreadCount: 1 });
    await t.as(ada).delete(groupUrl(group.id, `/members/${ada.id}`));
    expect(await chatCount()).toBe(0);
  });
});
