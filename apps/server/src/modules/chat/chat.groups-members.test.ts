import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { conversations, messages } from '../../db/schema/index.ts';
import { useTestApp, type Member } from '../../../test/support/harness.ts';
import { directMember } from '../../../test/support/direct-member.ts';
import { block, createGroup, groupsOf, groupUrl, historyOf, lines, roles, sendToGroup } from './chat-groups.test-support.ts';

// A group's admins rename it, change its picture, add and remove people; members leave; the last one takes it along.
const t = useTestApp();

const picture = () =>
  sharp({ create: { width: 16, height: 16, channels: 3, background: '#0ea5e9' } })
    .png()
    .toBuffer();
/** A member as a line names them: as every member sees them (their picture none yet). */
const person = (m: Member) => ({ id: m.id, name: `Member ${m.username}`, username: m.username, avatar: null });

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
    await block(t, eve, ada);
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
    await block(t, ada, ben);
    await sendToGroup(t, ada, group.id, 'still talking');
    await sendToGroup(t, ben, group.id, 'me too');
    expect(lines(await historyOf(t, ada, group.id))).toEqual(['#created', 'still talking', 'me too']);
    expect(lines(await historyOf(t, ben, group.id))).toEqual(['#created', 'still talking', 'me too']);

    // Ben may not add someone on either side of a block with him.
    await block(t, dee, ben);
    await block(t, ben, eve);
    for (const who of [dee, eve]) {
      const res = await t.as(ben).post(groupUrl(group.id, '/members'), { user_ids: [who.id] });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('BLOCKED');
    }
    expect((await t.as(ben).get(groupUrl(group.id))).json().members).toHaveLength(3);
  });
});
