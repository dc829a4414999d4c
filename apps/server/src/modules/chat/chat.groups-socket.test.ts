import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '../../db/schema/index.ts';
import { useTestApp, type Member } from '../../../test/support/harness.ts';
import { createGroup, groupUrl, sendToGroup } from './chat-groups.test-support.ts';

const t = useTestApp({}, { listen: true });
const open: Socket[] = [];
afterEach(() => {
  open.splice(0).forEach((s) => s.disconnect());
});

/** A recording socket: its group rooms are joined before it connects, so it hears what is sent from then on. */
async function connect(who: Member) {
  const client = await t.socket(who);
  open.push(client.socket);
  return client;
}
type Client = Awaited<ReturnType<typeof connect>>;
type Ack = { ok: boolean; code?: string; message: { id: number; text: string; group_id: number } };
const emit = (socket: Socket, event: string, payload: unknown) => new Promise<Ack>((resolve) => socket.emit(event, payload, resolve));
/** The texts of the group messages a socket received from that group, in order. */
const heard = (client: Client, groupId: number, event = 'group:message:new') =>
  client.events
    .filter((e) => e.name === event && e.payload.group_id === groupId)
    .map((e) => e.payload.text || `#${e.payload.system?.event}`);

describe('group chat over the socket', () => {
  it('acknowledges a stored message once per client id and delivers it to the other members only', async () => {
    const [ada, ben, cy, outsider] = await t.members(4);
    const group = await createGroup(t, ada, [ben, cy]);
    const theirs = await createGroup(t, outsider, [ben, cy], 'Theirs');
    const [adaTab, adaOtherTab, b, o] = [await connect(ada), await connect(ada), await connect(ben), await connect(outsider)];

    const clientId = crypto.randomUUID();
    const ack = await emit(adaTab.socket, 'group:send', { group_id: group.id, text: 'hello group', client_id: clientId });
    expect(ack).toMatchObject({ ok: true, message: { text: 'hello group', group_id: group.id, sender: { id: ada.id } } });
    expect(await t.db.select({ id: messages.id }).from(messages).where(eq(messages.id, ack.message.id))).toHaveLength(1);
    const retry = await emit(adaTab.socket, 'group:send', { group_id: group.id, text: 'hello group', client_id: clientId });
    expect(retry.message.id).toBe(ack.message.id);

    await sendToGroup(t, ben, group.id, 'second');
    await b.next('group:message:new', (m) => m.text === 'second');
    expect(heard(b, group.id)).toEqual(['hello group', 'second']);
    // The sending tab has the message in its ack; the sender's other tab hears it.
    await adaTab.next('group:message:new', (m) => m.text === 'second');
    expect(heard(adaTab, group.id)).toEqual(['second']);
    await adaOtherTab.next('group:message:new', (m) => m.text === 'second');
    expect(heard(adaOtherTab, group.id)).toEqual(['hello group', 'second']);

    // The outsider hears only their own group, and cannot write into another.
    await sendToGroup(t, outsider, theirs.id, 'ours');
    await o.next('group:message:new', (m) => m.text === 'ours');
    expect(o.events.filter((e) => e.name === 'group:message:new').map((e) => e.payload.text)).toEqual(['ours']);
    expect(await emit(o.socket, 'group:send', { group_id: group.id, text: 'sneaking in' })).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect(await emit(o.socket, 'group:send', { group_id: 'x', text: '' })).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
  });

  it('puts members’ open sockets in a new group’s room, and an added member’s at once', async () => {
    const [ada, ben, cy, dee] = await t.members(4);
    const [b, d] = [await connect(ben), await connect(dee)];
    const group = await createGroup(t, ada, [ben, cy]);
    expect((await b.next('group:updated', (e) => e.group.id === group.id)).group).toMatchObject({ name: group.name, my_role: 'member' });
    await b.next('group:message:new', (m) => m.group_id === group.id && m.system?.event === 'created');

    await t.as(ada).post(groupUrl(group.id, '/members'), { user_ids: [dee.id] });
    expect((await d.next('group:updated', (e) => e.group.id === group.id)).group.members).toHaveLength(4);
    await sendToGroup(t, cy, group.id, 'welcome');
    await d.next('group:message:new', (m) => m.text === 'welcome');
    expect(heard(d, group.id)).toEqual(['#added', 'welcome']);
  });

  it('cuts a removed member’s and a leaver’s open sockets off at once', async () => {
    const [ada, ben, cy, dee] = await t.members(4);
    const group = await createGroup(t, ada, [ben, cy, dee]);
    const marker = await createGroup(t, ada, [ben, cy], 'Marker');
    const [b, bOtherTab, c] = [await connect(ben), await connect(ben), await connect(cy)];
    const message = await sendToGroup(t, dee, group.id, 'before');
    await b.next('group:message:new', (m) => m.text === 'before');

    expect((await t.as(ada).delete(groupUrl(group.id, `/members/${ben.id}`))).statusCode).toBe(204);
    expect(await b.next('group:removed')).toEqual({ group_id: group.id });
    expect(await bOtherTab.next('group:removed')).toEqual({ group_id: group.id });
    // Cy leaves from another device: their open socket is told too.
    expect((await t.as(cy).delete(groupUrl(group.id, `/members/${cy.id}`))).statusCode).toBe(204);
    expect(await c.next('group:removed')).toEqual({ group_id: group.id });

    // Nothing of the group reaches them after that: messages, edits, reactions, typing, reads, changes.
    await sendToGroup(t, dee, group.id, 'after');
    await t.as(dee).patch(groupUrl(group.id, `/messages/${message.id}`), { text: 'edited' });
    await t.as(ada).post(groupUrl(group.id, `/messages/${message.id}/reactions`), { emoji: '1f44d' });
    await t.as(ada).patch(groupUrl(group.id), { name: 'Renamed' });
    const d = await connect(dee);
    d.socket.emit('typing:start', { group_id: group.id });
    await sendToGroup(t, ada, marker.id, 'marker');
    for (const s of [b, bOtherTab, c]) {
      await s.next('group:message:new', (m) => m.text === 'marker');
      const removedAt = s.events.findIndex((e) => e.name === 'group:removed');
      const later = s.events.slice(removedAt + 1).filter((e) => e.payload?.group_id === group.id || e.payload?.group?.id === group.id);
      expect(later).toEqual([]);
    }
    expect(await emit(b.socket, 'group:send', { group_id: group.id, text: 'let me back' })).toMatchObject({ ok: false, code: 'NOT_FOUND' });
  });

  it('relays typing to the group’s other members, never to the typist’s own tabs nor from an outsider', async () => {
    const [ada, ben, cy, outsider] = await t.members(4);
    const group = await createGroup(t, ada, [ben, cy]);
    const [a, aOtherTab, b, o] = [await connect(ada), await connect(ada), await connect(ben), await connect(outsider)];
    a.socket.emit('typing:start', { group_id: group.id });
    expect(await b.next('typing:update', (e) => e.group_id === group.id)).toEqual({ user_id: ada.id, typing: true, group_id: group.id });
    a.socket.emit('typing:stop', { group_id: group.id });
    expect(await b.next('typing:update', (e) => e.group_id === group.id && !e.typing)).toEqual({
      user_id: ada.id,
      typing: false,
      group_id: group.id,
    });
    o.socket.emit('typing:start', { group_id: group.id });
    // Private chat's typing still goes its own way.
    a.socket.emit('typing:start', { peer_id: ben.id });
    await b.next('typing:update', (e) => e.group_id === undefined && e.user_id === ada.id);
    await sendToGroup(t, cy, group.id, 'marker');
    for (const s of [a, aOtherTab, b]) await s.next('group:message:new', (m) => m.text === 'marker');
    expect(b.events.filter((e) => e.name === 'typing:update' && e.payload.user_id === outsider.id)).toEqual([]);
    expect([...a.events, ...aOtherTab.events].filter((e) => e.name === 'typing:update')).toEqual([]);
  });

  it('tells the group when someone’s read position moves, unless they turned read receipts off', async () => {
    const [ada, ben, cy] = await t.members(3);
    const group = await createGroup(t, ada, [ben, cy]);
    const [a, b, bOtherTab] = [await connect(ada), await connect(ben), await connect(ben)];
    const first = await sendToGroup(t, ada, group.id, 'read me');
    expect((await t.as(ben).post(groupUrl(group.id, '/read'), { message_id: first.id })).json()).toEqual({ unread: 0 });
    const event = { group_id: group.id, user_id: ben.id, last_read_id: first.id };
    expect(await a.next('group:read')).toEqual(event);
    expect(await bOtherTab.next('group:read')).toEqual(event);

    await t.as(ben).patch('/api/settings', { read_receipts: false });
    const second = await sendToGroup(t, ada, group.id, 'and me');
    await t.as(ben).post(groupUrl(group.id, '/read'), { message_id: second.id });
    // Their own tabs still learn it (their badges); the others do not.
    expect(await b.next('group:read', (e) => e.last_read_id === second.id)).toMatchObject({ user_id: ben.id });
    await sendToGroup(t, cy, group.id, 'marker');
    await a.next('group:message:new', (m) => m.text === 'marker');
    expect(a.events.filter((e) => e.name === 'group:read').map((e) => e.payload.last_read_id)).toEqual([first.id]);
  });

  it('tells the group about edits, deletions, reactions and pins', async () => {
    const [ada, ben, cy] = await t.members(3);
    const group = await createGroup(t, ada, [ben, cy]);
    const c = await connect(cy);
    const message = await sendToGroup(t, ben, group.id, 'draft');
    await t.as(ben).patch(groupUrl(group.id, `/messages/${message.id}`), { text: 'final' });
    expect(await c.next('group:message:updated', (m) => m.id === message.id)).toMatchObject({ text: 'final', group_id: group.id });
    await t.as(ada).post(groupUrl(group.id, `/messages/${message.id}/reactions`), { emoji: '1f44d' });
    expect((await c.next('group:message:reacted')).reactions).toEqual([{ emoji: '1f44d', count: 1, user_ids: [ada.id] }]);
    await t.as(ada).put(groupUrl(group.id, `/messages/${message.id}/pin`), { pinned: true });
    expect(await c.next('group:message:updated', (m) => m.pinned)).toMatchObject({ id: message.id });
    await t.as(ada).delete(groupUrl(group.id, `/messages/${message.id}`));
    expect(await c.next('group:message:deleted')).toMatchObject({ id: message.id, deleted: true, removed: true });
  });

  it('tells the group when the cleanup clears an expired message', async () => {
    const [ada, ben, cy] = await t.members(3);
    const group = await createGroup(t, ada, [ben, cy]);
    const b = await connect(ben);
    const message = await sendToGroup(t, ada, group.id, 'ephemeral');
    await t.db
      .update(messages)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(messages.id, message.id));
    await t.app.chatExpiry.runOnce();
    expect(await b.next('group:message:deleted', (m) => m.id === message.id)).toMatchObject({
      text: '',
      deleted: true,
      group_id: group.id,
    });
  });
});
