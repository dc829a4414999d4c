import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { conversations, messages } from '../../db/schema/index.ts';
import { useTestApp, type Member } from '../../../test/support/harness.ts';
import { directMember } from '../../../test/support/direct-member.ts';
import { createGroup, groupsOf, groupUrl, historyOf, lines, sendToGroup } from './chat-groups.test-support.ts';

const t = useTestApp();

const picture = () =>
  sharp({ create: { width: 16, height: 16, channels: 3, background: '#0ea5e9' } })
    .png()
    .toBuffer();
const block = (who: Member, whom: Member) => t.as(who).post(`/api/chat/blocks/${whom.id}`);
/** A member as a line names them: as every member sees them (their picture none yet). */
const person = (m: Member) => ({ id: m.id, name: `Member ${m.username}`, username: m.username, avatar: null });
const roles = (group: { members: Array<{ id: number; role: string }> }) => Object.fromEntries(group.members.map((m) => [m.id, m.role]));

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
    await block(ben, ada);
    const blockedByBen = await t.as(ada).post('/api/chat/groups', { name: 'G', member_ids: [ben.id, cy.id] });
    expect(blockedByBen.statusCode).toBe(403);
    expect(blockedByBen.json().code).toBe('BLOCKED');
    await block(ada, cy);
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

describe('managing a group', () => {
  it('lets admins rename it and change its picture, with a line for each; members get 403', async () => {
    const [ada, ben, cy] = await t.members(3);
    const group = await createGroup(t, ada, [ben, cy]);
    const renamed = await t.as(ada).patch(groupUrl(group.id), { name: 'Summer trip' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: group.id, name: 'Summer trip', my_role: 'admin' });
    const byMember = await t.as(ben).patch(groupUrl(group.id), { name: 'Mine' });
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().code).toBe('FORBIDDEN');
    expect((await t.as(ada).patch(groupUrl(group.id), { name: '' })).statusCode).toBe(400);

    const upload = async (who: Member, data: Buffer, filename = 'g.png', contentType = 'image/png') =>
      t.as(who).multipart(groupUrl(group.id), {}, [{ field: 'avatar', filename, contentType, data }], 'PATCH');
    const withPicture = await upload(ada, await picture());
    expect(withPicture.statusCode).toBe(200);
    const avatar = withPicture.json().avatar as string;
    expect(avatar).toMatch(/^\/media\/.+\.webp$/);
    expect((await t.app.inject({ method: 'GET', url: avatar })).statusCode).toBe(200);
    expect((await upload(ben, await picture())).statusCode).toBe(403);
    expect((await upload(ada, Buffer.from('not a picture'), 'g.txt', 'text/plain')).statusCode).toBe(415);
    expect((await t.as(ben).get(groupUrl(group.id))).json().avatar).toBe(avatar);

    const history = await historyOf(t, cy, group.id);
    expect(lines(history)).toEqual(['#created', '#renamed', '#avatar']);
    expect(history[1]!.system).toEqual({ event: 'renamed', actor_id: ada.id, name: 'Summer trip' });
  });

  it('lets admins add people the adder may message; new members read from when they joined', async () => {
    const [ada, ben, cy, dee, eve] = await t.members(5);
    const group = await createGroup(t, ada, [ben, cy]);
    const early = await sendToGroup(t, ben, group.id, 'before dee');

    const byMember = await t.as(ben).post(groupUrl(group.id, '/members'), { user_ids: [dee.id] });
    expect(byMember.statusCode).toBe(403);
    await block(eve, ada);
    const blocked = await t.as(ada).post(groupUrl(group.id, '/members'), { user_ids: [eve.id] });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('BLOCKED');
    expect((await t.as(ada).post(groupUrl(group.id, '/members'), { user_ids: [] })).statusCode).toBe(400);

    const added = await t.as(ada).post(groupUrl(group.id, '/members'), { user_ids: [dee.id] });
    expect(added.statusCode).toBe(200);
    expect(roles(added.json())).toEqual({ [ada.id]: 'admin', [ben.id]: 'member', [cy.id]: 'member', [dee.id]: 'member' });
    // Adding someone already in changes nothing and writes no line.
    expect((await t.as(ada).post(groupUrl(group.id, '/members'), { user_ids: [dee.id, ben.id] })).statusCode).toBe(200);
    await sendToGroup(t, cy, group.id, 'welcome dee');

    const seen = await historyOf(t, dee, group.id);
    expect(lines(seen)).toEqual(['#added', 'welcome dee']);
    expect(seen[0]!.system).toEqual({ event: 'added', actor_id: ada.id, user_ids: [dee.id], users: [person(dee)] });
    expect(lines(await historyOf(t, ben, group.id))).toEqual(['#created', 'before dee', '#added', 'welcome dee']);
    // The earlier message is not there for dee, however it is asked for.
    expect(lines(await historyOf(t, dee, group.id, `?around=${early.id}`))).toEqual(['#added', 'welcome dee']);
    expect(await historyOf(t, dee, group.id, `?before=${seen[0]!.id}`)).toEqual([]);
    const as = t.as(dee);
    expect((await as.post(groupUrl(group.id, `/messages/${early.id}/reactions`), { emoji: '1f44d' })).statusCode).toBe(404);
    expect((await as.post(groupUrl(group.id, '/read'), { message_id: early.id })).statusCode).toBe(404);
    expect((await as.post(groupUrl(group.id, '/send'), { text: 'replying', reply_to: early.id })).statusCode).toBe(404);
  });

  it('holds a group to 100 people', async () => {
    const ada = await t.member();
    const others = await Promise.all(Array.from({ length: 99 }, () => directMember(t)));
    const full = await createGroup(t, ada, others, 'Hundred');
    expect(full.members).toHaveLength(100);
    const one = await t.member();
    const res = await t.as(ada).post(groupUrl(full.id, '/members'), { user_ids: [one.id] });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/100/);
    expect((await t.as(ada).get(groupUrl(full.id))).json().members).toHaveLength(100);
  });

  it('lets admins remove members and anyone leave; both lose the group at once', async () => {
    const [ada, ben, cy, dee] = await t.members(4);
    const group = await createGroup(t, ada, [ben, cy, dee]);
    const message = await sendToGroup(t, ben, group.id, 'hello');

    expect((await t.as(ben).delete(groupUrl(group.id, `/members/${cy.id}`))).statusCode).toBe(403);
    expect((await t.as(ada).delete(groupUrl(group.id, `/members/${cy.id}`))).statusCode).toBe(204);
    expect((await t.as(ada).delete(groupUrl(group.id, `/members/${cy.id}`))).statusCode).toBe(404);
    expect((await t.as(ben).delete(groupUrl(group.id, `/members/${ben.id}`))).statusCode).toBe(204);

    for (const gone of [ben, cy]) {
      const as = t.as(gone);
      expect((await as.get(groupUrl(group.id))).statusCode).toBe(404);
      expect((await as.get(groupUrl(group.id, '/messages'))).statusCode).toBe(404);
      expect((await as.post(groupUrl(group.id, '/send'), { text: 'still here?' })).statusCode).toBe(404);
      expect((await as.post(groupUrl(group.id, `/messages/${message.id}/reactions`), { emoji: '1f44d' })).statusCode).toBe(404);
      expect(await groupsOf(t, gone)).toEqual([]);
    }
    const history = await historyOf(t, dee, group.id);
    expect(lines(history)).toEqual(['#created', 'hello', '#removed', '#left']);
    expect(history[2]!.system).toEqual({ event: 'removed', actor_id: ada.id, user_ids: [cy.id], users: [person(cy)] });
    expect(history[3]!.system).toMatchObject({ event: 'left', actor_id: ben.id });
    expect(roles((await t.as(dee).get(groupUrl(group.id))).json())).toEqual({ [ada.id]: 'admin', [dee.id]: 'member' });

    // Added back: their history starts again from then.
    expect((await t.as(ada).post(groupUrl(group.id, '/members'), { user_ids: [cy.id] })).statusCode).toBe(200);
    expect(lines(await historyOf(t, cy, group.id))).toEqual(['#added']);
  });

  it('names the people a line speaks of as they are now, once they are out of the group too; a deleted account nameless', async () => {
    const [ada, ben, cy, dee] = await t.members(4);
    const group = await createGroup(t, ada, [ben, cy]);
    expect((await t.as(ada).post(groupUrl(group.id, '/members'), { user_ids: [dee.id] })).statusCode).toBe(200);
    expect((await t.as(ada).delete(groupUrl(group.id, `/members/${cy.id}`))).statusCode).toBe(204);
    // Cy never wrote and is no longer a member: the lines are all that can name him to the others.
    const [created, added, removed] = await historyOf(t, ben, group.id);
    expect(created!.system).toEqual({ event: 'created', actor_id: ada.id });
    expect(added!.system).toEqual({ event: 'added', actor_id: ada.id, user_ids: [dee.id], users: [person(dee)] });
    expect(removed!.system).toEqual({ event: 'removed', actor_id: ada.id, user_ids: [cy.id], users: [person(cy)] });
    const [listed] = await groupsOf(t, ben);
    expect(listed!.last_message!.system).toMatchObject({ users: [person(cy)] });

    expect((await t.as(cy).delete('/api/account', { password: cy.password })).statusCode).toBe(204);
    const [, , after] = await historyOf(t, ben, group.id);
    expect(after!.system!.users).toEqual([{ id: cy.id, name: 'Deleted member', username: null, avatar: null }]);
  });

  it('hands admin to the longest-standing member when the last admin leaves, and deletes the group with its last member', async () => {
    const [ada, ben, cy, dee] = await t.members(4);
    const group = await createGroup(t, ada, [ben, cy]);
    expect((await t.as(ada).post(groupUrl(group.id, '/members'), { user_ids: [dee.id] })).statusCode).toBe(200);
    expect((await t.as(ada).delete(groupUrl(group.id, `/members/${ada.id}`))).statusCode).toBe(204);
    const after = (await t.as(dee).get(groupUrl(group.id))).json();
    // Ben and Cy joined together, before Dee: the first of the two by id (the order they registered in).
    const [heir, other] = ben.id < cy.id ? [ben, cy] : [cy, ben];
    expect(roles(after)).toEqual({ [heir.id]: 'admin', [other.id]: 'member', [dee.id]: 'member' });
    expect((await t.as(heir).patch(groupUrl(group.id), { name: 'Mine now' })).statusCode).toBe(200);

    const file = await t
      .as(dee)
      .multipart(groupUrl(group.id, '/send'), {}, [{ field: 'file', filename: 'p.png', contentType: 'image/png', data: await picture() }]);
    const stored = path.join(t.app.ctx.media.privateRoot, path.basename(file.json().message.media_url as string));
    expect(fs.existsSync(stored)).toBe(true);

    for (const who of [other, dee, heir]) expect((await t.as(who).delete(groupUrl(group.id, `/members/${who.id}`))).statusCode).toBe(204);
    expect(await t.db.select().from(conversations).where(eq(conversations.id, group.id))).toEqual([]);
    // Its messages and their files went with it.
    expect(await t.db.select().from(messages).where(eq(messages.conversationId, group.id))).toEqual([]);
    expect(fs.existsSync(stored)).toBe(false);
  });

  it('a block keeps one from adding the other, but takes nobody out of a group', async () => {
    const [ada, ben, cy, dee, eve] = await t.members(5);
    const group = await createGroup(t, ben, [ada, cy]);
    await block(ada, ben);
    await sendToGroup(t, ada, group.id, 'still talking');
    await sendToGroup(t, ben, group.id, 'me too');
    expect(lines(await historyOf(t, ada, group.id))).toEqual(['#created', 'still talking', 'me too']);
    expect(lines(await historyOf(t, ben, group.id))).toEqual(['#created', 'still talking', 'me too']);

    // Ben may not add someone on either side of a block with him.
    await block(dee, ben);
    await block(ben, eve);
    for (const who of [dee, eve]) {
      const res = await t.as(ben).post(groupUrl(group.id, '/members'), { user_ids: [who.id] });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('BLOCKED');
    }
    expect((await t.as(ben).get(groupUrl(group.id))).json().members).toHaveLength(3);
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
