import crypto from 'node:crypto';
import path from 'node:path';
import sharp from 'sharp';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '../../db/schema/index.ts';
import { useTestApp, type Member } from '../../../test/support/harness.ts';
import { createGroup, groupsOf, groupUrl, historyOf, lines, sendToGroup } from './chat-groups.test-support.ts';

const t = useTestApp();

const THUMBS_UP = '1f44d';
const HEART = '2764-fe0f';

const picture = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#16a34a' } })
    .png()
    .toBuffer();

/** What the web app does once per session: its pictures and files are then fetched with this cookie. */
async function mediaCookie(member: Member) {
  const res = await t.as(member).post('/api/media/access');
  expect(res.statusCode).toBe(204);
  return String(res.headers['set-cookie']).split(';')[0]!;
}
const fetchAs = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('sending to a group', () => {
  it('stores a message once per client id, and refuses an empty one', async () => {
    const [ada, ben, cy] = await t.members(3);
    const group = await createGroup(t, ada, [ben, cy]);
    const clientId = crypto.randomUUID();
    const first = await t.as(ben).post(groupUrl(group.id, '/send'), { text: ' hello all ', client_id: clientId });
    expect(first.statusCode).toBe(201);
    const message = first.json().message;
    expect(message).toMatchObject({
      text: 'hello all',
      group_id: group.id,
      sender_id: ben.id,
      sender: { id: ben.id, username: ben.username },
      client_id: clientId,
      deleted: false,
      pinned: false,
      system: null,
    });
    const retry = await t.as(ben).post(groupUrl(group.id, '/send'), { text: 'hello all', client_id: clientId });
    expect(retry.statusCode).toBe(201);
    expect(retry.json().message.id).toBe(message.id);
    // The send's answer shows its sender as history does (the answer's came with the statement that stored it).
    expect(retry.json().message.sender).toEqual(message.sender);
    expect(lines(await historyOf(t, cy, group.id))).toEqual(['#created', 'hello all']);
    expect((await historyOf(t, cy, group.id))[1]!.sender).toEqual(message.sender);

    for (const body of [{ text: '   ' }, {}, { text: 'x'.repeat(4001) }, { text: 'hi', client_id: 'not-a-uuid' }]) {
      const res = await t.as(ben).post(groupUrl(group.id, '/send'), body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('replies to a message of the group, not of another one', async () => {
    const [ada, ben, cy] = await t.members(3);
    const group = await createGroup(t, ada, [ben, cy]);
    const other = await createGroup(t, ada, [ben, cy], 'Other');
    const there = await sendToGroup(t, ada, other.id, 'elsewhere');
    const here = await sendToGroup(t, ada, group.id, 'question?');
    const reply = await sendToGroup(t, ben, group.id, 'answer', { reply_to: here.id });
    expect(reply.reply_to).toMatchObject({ id: here.id, text: 'question?', sender_id: ada.id });
    expect((await t.as(ben).post(groupUrl(group.id, '/send'), { text: 'x', reply_to: there.id })).statusCode).toBe(404);
  });
});

describe('a message’s actions', () => {
  it('lets the sender edit; anyone else gets 403', async () => {
    const [ada, ben, cy] = await t.members(3);
    const group = await createGroup(t, ada, [ben, cy]);
    const message = await sendToGroup(t, ben, group.id, 'teh plan');
    const edited = await t.as(ben).patch(groupUrl(group.id, `/messages/${message.id}`), { text: 'the plan' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id: message.id, text: 'the plan', edited_at: expect.any(String) });
    expect((await t.as(ada).patch(groupUrl(group.id, `/messages/${message.id}`), { text: 'mine' })).statusCode).toBe(403);
    expect((await t.as(ben).patch(groupUrl(group.id, `/messages/${message.id}`), { text: ' ' })).statusCode).toBe(400);
    const created = (await historyOf(t, ben, group.id))[0]!;
    expect((await t.as(ada).patch(groupUrl(group.id, `/messages/${created.id}`), { text: 'no' })).statusCode).toBe(403);
  });

  it('deletes one’s own message; an admin removes anyone’s; a member may not', async () => {
    const [ada, ben, cy] = await t.members(3);
    const group = await createGroup(t, ada, [ben, cy]);
    const bens = await sendToGroup(t, ben, group.id, 'oops');
    const cys = await sendToGroup(t, cy, group.id, 'spam');
    expect((await t.as(ben).delete(groupUrl(group.id, `/messages/${cys.id}`))).statusCode).toBe(403);
    const own = await t.as(ben).delete(groupUrl(group.id, `/messages/${bens.id}`));
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: bens.id, text: '', deleted: true, removed: false });
    const removed = await t.as(ada).delete(groupUrl(group.id, `/messages/${cys.id}`));
    expect(removed.json()).toMatchObject({ id: cys.id, text: '', deleted: true, removed: true });
    expect((await t.as(ada).delete(groupUrl(group.id, `/messages/${cys.id}`))).statusCode).toBe(404);
    const history = await historyOf(t, cy, group.id);
    expect(history.slice(1).map((m) => [m.text, m.deleted, m.removed])).toEqual([
      ['', true, false],
      ['', true, true],
    ]);
  });

  it('toggles reactions, one per member and emoji', async () => {
    const [ada, ben, cy] = await t.members(3);
    const group = await createGroup(t, ada, [ben, cy]);
    const message = await sendToGroup(t, ada, group.id, 'pizza?');
    const react = (who: Member, emoji: string) => t.as(who).post(groupUrl(group.id, `/messages/${message.id}/reactions`), { emoji });
    expect((await react(ben, THUMBS_UP)).json().reactions).toEqual([{ emoji: THUMBS_UP, count: 1, user_ids: [ben.id] }]);
    expect((await react(cy, THUMBS_UP)).json().reactions).toEqual([{ emoji: THUMBS_UP, count: 2, user_ids: [ben.id, cy.id] }]);
    expect((await react(ben, HEART)).json().reactions).toHaveLength(2);
    expect((await react(ben, THUMBS_UP)).json().reactions).toEqual([
      { emoji: THUMBS_UP, count: 1, user_ids: [cy.id] },
      { emoji: HEART, count: 1, user_ids: [ben.id] },
    ]);
    expect((await react(ben, '🍕')).statusCode).toBe(400);
  });

  it('lets admins pin and unpin; everyone sees the pins; members get 403', async () => {
    const [ada, ben, cy] = await t.members(3);
    const group = await createGroup(t, ada, [ben, cy]);
    const first = await sendToGroup(t, ben, group.id, 'meet at 8');
    const second = await sendToGroup(t, cy, group.id, 'address: 1 Main St');
    const pin = (who: Member, id: number, pinned: boolean) => t.as(who).put(groupUrl(group.id, `/messages/${id}/pin`), { pinned });
    expect((await pin(ben, first.id, true)).statusCode).toBe(403);
    expect((await pin(ada, first.id, true)).json()).toMatchObject({ id: first.id, pinned: true });
    expect((await pin(ada, second.id, true)).json().pinned).toBe(true);
    const pins = await t.as(cy).get(groupUrl(group.id, '/pins'));
    expect(pins.statusCode).toBe(200);
    expect(pins.json().pins.map((m: { text: string }) => m.text)).toEqual(['address: 1 Main St', 'meet at 8']);
    expect((await pin(ada, second.id, false)).json().pinned).toBe(false);
    expect((await t.as(ben).get(groupUrl(group.id, '/pins'))).json().pins.map((m: { id: number }) => m.id)).toEqual([first.id]);
    expect((await t.as(ada).put(groupUrl(group.id, `/messages/${first.id}/pin`), { pinned: 'yes' })).statusCode).toBe(400);
  });

  it('treats a message past its auto-delete time as gone: no edit, reaction or pin', async () => {
    const [ada, ben, cy] = await t.members(3);
    const group = await createGroup(t, ada, [ben, cy]);
    const message = await sendToGroup(t, ada, group.id, 'short-lived');
    await t.db
      .update(messages)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(messages.id, message.id));
    expect((await t.as(ada).patch(groupUrl(group.id, `/messages/${message.id}`), { text: 'back' })).statusCode).toBe(404);
    expect((await t.as(ben).post(groupUrl(group.id, `/messages/${message.id}/reactions`), { emoji: THUMBS_UP })).statusCode).toBe(404);
    expect((await t.as(ada).put(groupUrl(group.id, `/messages/${message.id}/pin`), { pinned: true })).statusCode).toBe(404);
    expect(lines(await historyOf(t, ben, group.id))).toEqual(['#created']);
  });
});

describe('reading a group', () => {
  it('counts others’ messages after the read position, and answers what is left when it moves', async () => {
    const [ada, ben, cy] = await t.members(3);
    const group = await createGroup(t, ada, [ben, cy]);
    const one = await sendToGroup(t, ada, group.id, 'one');
    await sendToGroup(t, cy, group.id, 'two');
    await sendToGroup(t, ben, group.id, 'mine');
    expect((await groupsOf(t, ben))[0]!.unread).toBe(2);
    const read = await t.as(ben).post(groupUrl(group.id, '/read'), { message_id: one.id });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ unread: 1 });
    const newest = (await historyOf(t, ben, group.id)).at(-1)!;
    expect((await t.as(ben).post(groupUrl(group.id, '/read'), { message_id: newest.id })).json()).toEqual({ unread: 0 });
    // A read position never moves back.
    expect((await t.as(ben).post(groupUrl(group.id, '/read'), { message_id: one.id })).json()).toEqual({ unread: 0 });
    expect((await t.as(ben).post(groupUrl(group.id, '/read'), { message_id: 2_000_000_000 })).statusCode).toBe(404);
    expect((await t.as(ben).post(groupUrl(group.id, '/read'), { message_id: 'x' })).statusCode).toBe(400);

    const reads = await t.as(ada).get(groupUrl(group.id, '/reads'));
    expect(reads.statusCode).toBe(200);
    expect(reads.json().reads).toEqual(expect.arrayContaining([{ user_id: ben.id, last_read_id: newest.id }]));
    // Read receipts off: their position is theirs alone.
    await t.as(ben).patch('/api/settings', { read_receipts: false });
    expect((await t.as(ada).get(groupUrl(group.id, '/reads'))).json().reads.map((r: { user_id: number }) => r.user_id)).not.toContain(
      ben.id,
    );
  });

  it('mutes for the caller only, and clears the history for the caller only', async () => {
    const [ada, ben, cy] = await t.members(3);
    const group = await createGroup(t, ada, [ben, cy]);
    await sendToGroup(t, ada, group.id, 'old news');
    const until = new Date(Date.now() + 3_600_000).toISOString();
    const muted = await t.as(ben).put(groupUrl(group.id, '/mute'), { muted: true, until });
    expect(muted.json()).toEqual({ muted: true, muted_until: until });
    expect((await groupsOf(t, ben))[0]!.muted).toBe(true);
    expect((await groupsOf(t, cy))[0]!.muted).toBe(false);
    expect((await t.as(ben).put(groupUrl(group.id, '/mute'), { muted: false })).json()).toEqual({ muted: false, muted_until: null });
    expect((await t.as(ben).put(groupUrl(group.id, '/mute'), {})).statusCode).toBe(400);

    const cleared = await t.as(ben).post(groupUrl(group.id, '/clear'));
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().cleared_before).toBeGreaterThan(0);
    expect(await historyOf(t, ben, group.id)).toEqual([]);
    expect((await groupsOf(t, ben))[0]).toMatchObject({ unread: 0, last_message: null });
    await sendToGroup(t, cy, group.id, 'fresh');
    expect(lines(await historyOf(t, ben, group.id))).toEqual(['fresh']);
    expect(lines(await historyOf(t, cy, group.id))).toEqual(['#created', 'old news', 'fresh']);
  });
});

describe('group files', () => {
  it('are served only to current members who may see the message', async () => {
    const [ada, ben, cy, later, outsider] = await t.members(5);
    const group = await createGroup(t, ada, [ben, cy]);
    const sent = await t
      .as(ben)
      .multipart(groupUrl(group.id, '/send'), { text: 'the map' }, [
        { field: 'file', filename: 'map.png', contentType: 'image/png', data: await picture() },
      ]);
    expect(sent.statusCode).toBe(201);
    const message = sent.json().message as { id: number; media_url: string; media_type: string };
    expect(message.media_url).toMatch(new RegExp(`^/media/private/group/${message.id}/[^/]+$`));
    expect(message.media_type).toMatch(/^image\//);
    await t.as(ada).post(groupUrl(group.id, '/members'), { user_ids: [later.id] });
    const cookies = {
      ada: await mediaCookie(ada),
      cy: await mediaCookie(cy),
      later: await mediaCookie(later),
      outsider: await mediaCookie(outsider),
    };

    for (const cookie of [cookies.ada, cookies.cy]) {
      const served = await fetchAs(message.media_url, cookie);
      expect(served.statusCode).toBe(200);
      expect(String(served.headers['cache-control'])).toMatch(/^private\b/);
    }
    // Nobody, an outsider, a member who joined after it, and the public path: all 404.
    for (const cookie of [undefined, cookies.outsider, cookies.later])
      expect((await fetchAs(message.media_url, cookie)).statusCode).toBe(404);
    expect((await fetchAs(`/media/${path.basename(message.media_url)}`)).statusCode).toBe(404);
    // Removed: the link stops opening at once.
    await t.as(ada).delete(groupUrl(group.id, `/members/${cy.id}`));
    expect((await fetchAs(message.media_url, cookies.cy)).statusCode).toBe(404);
    // Deleted: gone for everyone.
    await t.as(ben).delete(groupUrl(group.id, `/messages/${message.id}`));
    expect((await fetchAs(message.media_url, cookies.ada)).statusCode).toBe(404);
    const stored = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.id, message.id)));
    expect(stored[0]!.mediaUrl).toBeNull();
  });
});

describe('auto-delete in groups', () => {
  it('gives a message its sender’s timer and clears it when the time comes', async () => {
    const [ada, ben, cy] = await t.members(3);
    const group = await createGroup(t, ada, [ben, cy]);
    await t.as(ada).patch('/api/settings', { auto_delete: '1d' });
    const timed = await sendToGroup(t, ada, group.id, 'gone tomorrow');
    const kept = await sendToGroup(t, ben, group.id, 'stays');
    const [timedRow] = await t.db.select().from(messages).where(eq(messages.id, timed.id));
    const [keptRow] = await t.db.select().from(messages).where(eq(messages.id, kept.id));
    expect(timedRow!.expiresAt!.getTime() - timedRow!.createdAt.getTime()).toBe(86_400_000);
    expect(keptRow!.expiresAt).toBeNull();

    await t.db
      .update(messages)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(messages.id, timed.id));
    expect(await t.app.chatExpiry.runOnce()).toBeGreaterThanOrEqual(1);
    const [cleared] = await t.db.select().from(messages).where(eq(messages.id, timed.id));
    expect(cleared).toMatchObject({ text: '', deletedAt: expect.any(Date) });
    expect(lines(await historyOf(t, cy, group.id))).toEqual(['#created', 'stays']);
  });
});
