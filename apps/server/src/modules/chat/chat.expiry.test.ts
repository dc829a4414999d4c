import fs from 'node:fs/promises';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '../../db/schema/index.ts';
import { connectRecorder, socketUrl } from '../../../test/support/sockets.ts';
import { multipartBody } from '../../../test/support/factories.ts';
import { useTestApp } from '../../../test/support/harness.ts';
import { createTestApp } from '../../../test/support/test-app.ts';
import { directMember as chatMember, type DirectMember as ChatMember } from '../../../test/support/direct-member.ts';

const t = useTestApp({}, { listen: true });
const open: Array<{ disconnect(): void }> = [];
afterEach(() => open.splice(0).forEach((s) => s.disconnect()));

const member = () => chatMember(t);
const http = (who: ChatMember, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: who.auth, payload });
const send = async (from: ChatMember, to: ChatMember, text: string) => {
  const res = await http(from, 'POST', '/chat/send', { peer_id: to.id, text });
  expect(res.statusCode).toBe(201);
  return res.json().message as { id: number; created_at: string; expires_at: string | null };
};
const setTimer = (who: ChatMember, auto_delete: string) => http(who, 'PATCH', '/settings', { auto_delete });
const history = async (who: ChatMember, peer: ChatMember) =>
  (await http(who, 'GET', `/chat/messages?peer_id=${peer.id}`)).json().map((m: { text: string }) => m.text);
/** Moves a message's expiry into the past, as if its timer ran out. */
const backdate = (id: number) =>
  t.db
    .update(messages)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(messages.id, id));
const DAY = 86_400_000;

describe('auto-delete setting', () => {
  it('is off by default, saves each period and refuses anything else with a 400', async () => {
    const ann = await member();
    expect((await http(ann, 'GET', '/settings')).json().auto_delete).toBe('off');
    for (const period of ['1d', '1w', '1m', 'off']) {
      const res = await setTimer(ann, period);
      expect(res.statusCode).toBe(200);
      expect(res.json().auto_delete).toBe(period);
      expect((await http(ann, 'GET', '/settings')).json().auto_delete).toBe(period);
    }
    for (const bad of ['2d', '', 'never', 1, null]) {
      const res = await http(ann, 'PATCH', '/settings', { auto_delete: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: expect.any(String), msg: expect.any(String) });
    }
    expect((await http(ann, 'GET', '/settings')).json().auto_delete).toBe('off');
  });
});

describe('messages sent with a timer', () => {
  it('carry expires_at = sent time + the period from then on; earlier ones and the peer’s carry none', async () => {
    const [ann, bob] = [await member(), await member()];
    const before = await send(ann, bob, 'before the timer');
    expect(before.expires_at).toBeNull();
    await setTimer(ann, '1d');
    const day = await send(ann, bob, 'one day');
    expect(Date.parse(day.expires_at!) - Date.parse(day.created_at)).toBe(DAY);
    await setTimer(ann, '1w');
    const week = await send(ann, bob, 'one week');
    expect(Date.parse(week.expires_at!) - Date.parse(week.created_at)).toBe(7 * DAY);
    expect((await send(bob, ann, 'bob has no timer')).expires_at).toBeNull();
    await setTimer(ann, 'off');
    expect((await send(ann, bob, 'timer off')).expires_at).toBeNull();
    // Changing the timer leaves what was sent alone; both people see the expiry.
    const seenByBob = (await http(bob, 'GET', `/chat/messages?peer_id=${ann.id}`)).json();
    expect(seenByBob.map((m: { expires_at: string | null }) => m.expires_at)).toEqual([null, day.expires_at, week.expires_at, null, null]);
  });

  it('expired: gone from history, lists and unread counts at once; the cleanup clears it with its file and tells both people', async () => {
    const [ann, bob, eve] = [await member(), await member(), await member()];
    const [a, b, e] = [
      await connectRecorder(socketUrl(t), ann.token),
      await connectRecorder(socketUrl(t), bob.token),
      await connectRecorder(socketUrl(t), eve.token),
    ];
    open.push(a.socket, b.socket, e.socket);
    await send(ann, bob, 'kept');
    await send(bob, ann, 'bob keeps his');
    await setTimer(ann, '1d');
    const body = multipartBody({ peer_id: String(bob.id), text: 'secret file' }, [
      { field: 'file', filename: 'note.txt', contentType: 'text/plain', data: Buffer.from('for your eyes only') },
    ]);
    const withFile = (
      await t.app.inject({ method: 'POST', url: '/api/chat/send', headers: { ...ann.auth, ...body.headers }, payload: body.payload })
    ).json().message as { id: number; media_url: string; expires_at: string };
    expect(withFile.expires_at).not.toBeNull();
    const file = path.join(t.app.ctx.media.privateRoot, path.basename(withFile.media_url));
    await fs.access(file);
    const toEve = await send(ann, eve, 'eve, not yet due');
    expect((await http(bob, 'GET', '/chat/unread-count')).json().unreadCount).toBe(2);

    await backdate(withFile.id);
    // Before any cleanup: not shown, not counted, not the conversation's last message.
    expect(await history(bob, ann)).toEqual(['kept', 'bob keeps his']);
    expect(await history(ann, bob)).toEqual(['kept', 'bob keeps his']);
    expect((await http(bob, 'GET', '/chat/unread-count')).json().unreadCount).toBe(1);
    const bobsList = (await http(bob, 'GET', '/chat/conversations')).json().conversations;
    expect(bobsList.find((c: { peer: { id: number } }) => c.peer.id === ann.id)).toMatchObject({
      unread: 1,
      last_message: { text: 'bob keeps his' },
    });
    // Nor can it be edited or reacted to any more.
    expect((await http(ann, 'PATCH', `/chat/messages/${withFile.id}`, { text: 'edit' })).statusCode).toBe(404);

    expect(await t.app.chatExpiry.runOnce()).toBe(1);
    await expect(fs.access(file)).rejects.toThrow();
    const [row] = await t.db.select().from(messages).where(eq(messages.id, withFile.id));
    expect(row).toMatchObject({ text: '', mediaUrl: null, fileName: null, deletedAt: expect.any(Date) });
    for (const client of [a, b])
      expect(await client.next('message:deleted', (m) => m.id === withFile.id)).toMatchObject({ deleted: true, text: '' });
    expect(e.names()).not.toContain('message:deleted');
    // Still hidden after the cleanup, and a second pass has nothing to do.
    expect(await history(bob, ann)).toEqual(['kept', 'bob keeps his']);
    expect(await t.app.chatExpiry.runOnce()).toBe(0);
    // Messages not yet due, and the other member's, are untouched.
    expect(await history(eve, ann)).toEqual(['eve, not yet due']);
    const [eveRow] = await t.db.select().from(messages).where(eq(messages.id, toEve.id));
    expect(eveRow!.deletedAt).toBeNull();
  });

  it('two processes cleaning at once clear each message once between them', async () => {
    const other = await createTestApp({}, { sameDeploymentAs: t });
    try {
      const [ann, bob] = [await member(), await member()];
      await setTimer(ann, '1w');
      const ids: number[] = [];
      for (let i = 0; i < 30; i++) ids.push((await send(ann, bob, `m${i}`)).id);
      await t.db
        .update(messages)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(inArray(messages.id, ids));
      const [mine, theirs] = await Promise.all([t.app.chatExpiry.runOnce(), other.app.chatExpiry.runOnce()]);
      expect(mine + theirs).toBe(30);
      const rows = await t.db.select({ deletedAt: messages.deletedAt }).from(messages).where(inArray(messages.id, ids));
      expect(rows.every((r) => r.deletedAt !== null)).toBe(true);
    } finally {
      await other.close();
    }
  });
});
