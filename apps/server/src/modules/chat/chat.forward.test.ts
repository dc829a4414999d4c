import crypto from 'node:crypto';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatMessage, ConversationMessage } from '@tribeverse/shared';
import { useTestApp, type Member } from '../../../test/support/harness.ts';
import { mediaCookie } from '../../../test/support/media.ts';
import { connectRecorder, socketUrl } from '../../../test/support/sockets.ts';
import { createGroup, groupUrl, historyOf, sendToGroup } from './chat-groups.test-support.ts';

const t = useTestApp({}, { listen: true });
const open: Array<{ disconnect(): void }> = [];
afterEach(() => open.splice(0).forEach((s) => s.disconnect()));

const picture = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#0e7490' } })
    .png()
    .toBuffer();

async function sendDirect(from: Member, to: Member, text: string): Promise<ChatMessage> {
  const res = await t.as(from).post('/api/chat/send', { peer_id: to.id, text });
  expect(res.statusCode).toBe(201);
  return res.json().message;
}
const forward = (who: Member, body: Record<string, unknown>) => t.as(who).post('/api/chat/forward', body);
/** A forward that is to succeed: the copy it made. */
const forwarded = async <M = ConversationMessage>(who: Member, body: Record<string, unknown>) => {
  const res = await forward(who, body);
  expect(res.statusCode).toBe(201);
  return res.json().message as M;
};
const fetchAs = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const directHistory = async (who: Member, peer: Member) =>
  (await t.as(who).get(`/api/chat/messages?peer_id=${peer.id}`)).json() as ChatMessage[];

describe('forwarding a message', () => {
  it('copies a direct message with its file into a group, as a new message and a new file, once per client id', async () => {
    const [ann, bob, cy, dan] = await t.members(4);
    const data = await picture();
    const sent = await t
      .as(ann)
      .multipart('/api/chat/send', { peer_id: String(bob.id), text: 'look at this' }, [
        { field: 'file', filename: 'view.png', contentType: 'image/png', data },
      ]);
    expect(sent.statusCode).toBe(201);
    const source = sent.json().message as ChatMessage;
    const group = await createGroup(t, bob, [cy, dan]);
    const [cySocket] = [await connectRecorder(socketUrl(t.instance), cy.token)];
    open.push(cySocket.socket);

    const clientId = crypto.randomUUID();
    const copy = await forwarded(bob, { message_id: source.id, to: { group_id: group.id }, client_id: clientId });
    expect(copy).toMatchObject({
      text: 'look at this',
      group_id: group.id,
      sender_id: bob.id,
      client_id: clientId,
      media_type: 'image/png',
      file_name: 'view.png',
      reply_to: null,
      pinned: false,
      forwarded_from: { id: ann.id, username: ann.username, name: expect.any(String) },
    });
    expect(copy.id).not.toBe(source.id);
    // Only whose message it was: nothing says where it came from.
    expect(Object.keys(copy.forwarded_from!).sort()).toEqual(['avatar', 'id', 'name', 'username']);
    expect(JSON.stringify(copy)).not.toContain(`"receiver_id"`);
    // Broadcast as any group message.
    expect(await cySocket.next('group:message:new', (m) => m.id === copy.id)).toMatchObject({ forwarded_from: { id: ann.id } });

    // A new file: another name, served to the group's members; the source's file stays the pair's alone.
    expect(path.basename(copy.media_url!)).not.toBe(path.basename(source.media_url!));
    const { cookie } = await mediaCookie(t, cy.auth);
    const served = await fetchAs(copy.media_url!, cookie);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals((await fetchAs(source.media_url!, (await mediaCookie(t, ann.auth)).cookie)).rawPayload)).toBe(true);
    expect((await fetchAs(source.media_url!, cookie)).statusCode).toBe(404);
    // The copy's id with the source's file name opens nothing either.
    const swapped = copy.media_url!.replace(path.basename(copy.media_url!), path.basename(source.media_url!));
    expect((await fetchAs(swapped, cookie)).statusCode).toBe(404);
    // Deleting the copy leaves the source's file where it was.
    expect((await t.as(bob).delete(groupUrl(group.id, `/messages/${copy.id}`))).statusCode).toBe(200);
    expect((await fetchAs(source.media_url!, (await mediaCookie(t, bob.auth)).cookie)).statusCode).toBe(200);

    // The same client id again: the message stored the first time, not a second copy.
    const retry = await forward(bob, { message_id: source.id, to: { group_id: group.id }, client_id: clientId });
    expect(retry.statusCode).toBe(201);
    expect(retry.json().message.id).toBe(copy.id);
    expect((await historyOf(t, dan, group.id)).filter((m) => !m.system)).toHaveLength(1);
  });

  it('copies a group message into a direct chat, and a forwarded message keeps its first author', async () => {
    const [ann, bob, cy, dan] = await t.members(4);
    const group = await createGroup(t, ann, [bob, cy]);
    const original = await sendToGroup(t, cy, group.id, 'party at 9');
    const copy = await forwarded<ChatMessage>(bob, { message_id: original.id, to: { peer_id: dan.id } });
    expect(copy).toMatchObject({
      text: 'party at 9',
      sender_id: bob.id,
      receiver_id: dan.id,
      forwarded_from: { id: cy.id },
      pinned: false,
    });
    expect((await directHistory(dan, bob)).map((m) => [m.text, m.forwarded_from?.id])).toEqual([['party at 9', cy.id]]);

    // Dan passes it on to Ann: still Cy's.
    const again = await forwarded<ChatMessage>(dan, { message_id: copy.id, to: { peer_id: ann.id } });
    expect(again).toMatchObject({ sender_id: dan.id, forwarded_from: { id: cy.id } });
    // And back into the group.
    const back = await forwarded(ann, { message_id: again.id, to: { group_id: group.id } });
    expect(back).toMatchObject({ group_id: group.id, sender_id: ann.id, forwarded_from: { id: cy.id } });
  });

  it('refuses a message the caller cannot read now: 404', async () => {
    const [ann, bob, cy, dan, eve] = await t.members(5);
    const direct = await sendDirect(ann, bob, 'between us');
    const group = await createGroup(t, ann, [bob, cy]);
    const early = await sendToGroup(t, ann, group.id, 'before Dan');
    expect((await t.as(ann).post(groupUrl(group.id, '/members'), { user_ids: [dan.id] })).statusCode).toBe(200);
    const gone = await sendDirect(ann, bob, 'soon deleted');
    await t.as(ann).delete(`/api/chat/messages/${gone.id}`);
    const hidden = await sendDirect(ann, bob, 'hidden by Bob');
    await t.as(bob).delete(`/api/chat/messages/${hidden.id}/for-me`);
    const system = (await historyOf(t, ann, group.id)).find((m) => m.system)!;

    for (const [who, id] of [
      [eve, direct.id], // another pair's message
      [eve, early.id], // not in the group
      [dan, early.id], // in the group, but from before he joined
      [bob, gone.id], // deleted for everyone
      [bob, hidden.id], // deleted by him for himself
      [ann, system.id], // a line the group wrote itself
      [ann, 2_000_000_000],
    ] as const) {
      const res = await forward(who, { message_id: id, to: { peer_id: cy.id } });
      expect(res.statusCode, `${id}`).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    // What each of them may read goes through to the same place.
    expect((await forward(bob, { message_id: direct.id, to: { peer_id: cy.id } })).statusCode).toBe(201);
    expect((await forward(cy, { message_id: early.id, to: { peer_id: ann.id } })).statusCode).toBe(201);
    // Cy left: the group's messages are no longer hers to pass on.
    await t.as(cy).delete(groupUrl(group.id, `/members/${cy.id}`));
    expect((await forward(cy, { message_id: early.id, to: { peer_id: ann.id } })).statusCode).toBe(404);
  });

  it('refuses a target the caller may not write to, as a send there would', async () => {
    const [ann, bob, cy, dan, picky] = await t.members(5);
    const message = await sendDirect(ann, bob, 'pass it on');
    const group = await createGroup(t, ann, [cy, dan]);

    // A group Bob is not in: not found.
    const notMember = await forward(bob, { message_id: message.id, to: { group_id: group.id } });
    expect(notMember.statusCode).toBe(404);
    // Blocked either way.
    await t.as(cy).post(`/api/chat/blocks/${bob.id}`);
    const blocked = await forward(bob, { message_id: message.id, to: { peer_id: cy.id } });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('BLOCKED');
    // Who may message me: only people they follow.
    expect((await t.as(picky).patch('/api/settings', { message_permission: 'following' })).statusCode).toBe(200);
    const restricted = await forward(bob, { message_id: message.id, to: { peer_id: picky.id } });
    expect(restricted.statusCode).toBe(403);
    expect(restricted.json().code).toBe('MESSAGES_RESTRICTED');
    expect((await forward(bob, { message_id: message.id, to: { peer_id: 2_000_000_000 } })).statusCode).toBe(404);
    expect((await forward(bob, { message_id: message.id, to: { peer_id: bob.id } })).statusCode).toBe(400);
    // Nothing reached anyone; where Bob may write, it goes.
    expect(await directHistory(picky, bob)).toEqual([]);
    expect((await forward(bob, { message_id: message.id, to: { peer_id: dan.id } })).statusCode).toBe(201);
    expect((await historyOf(t, cy, group.id)).filter((m) => !m.system)).toEqual([]);

    for (const body of [
      { message_id: message.id },
      { message_id: message.id, to: {} },
      { message_id: message.id, to: { peer_id: ann.id, group_id: group.id } },
      { message_id: 'x', to: { peer_id: ann.id } },
      { message_id: message.id, to: { peer_id: ann.id }, client_id: 'nope' },
    ]) {
      const res = await forward(bob, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: expect.any(String), msg: expect.any(String) });
    }
  });

  it('keeps a link preview its sender removed removed in the copy, and one they kept in place', async () => {
    const [ann, bob, cy] = await t.members(3);
    const group = await createGroup(t, bob, [ann, cy]);
    const bare = await t.as(ann).post('/api/chat/send', { peer_id: bob.id, text: 'see https://example.test/a', link_preview: false });
    expect(bare.json().message).toMatchObject({ link_preview: false });
    const copy = await forwarded(bob, { message_id: bare.json().message.id, to: { group_id: group.id } });
    expect(copy).toMatchObject({ text: 'see https://example.test/a', link_preview: false });
    const kept = await sendDirect(ann, bob, 'see https://example.test/b');
    expect(await forwarded(bob, { message_id: kept.id, to: { peer_id: ann.id } })).not.toHaveProperty('link_preview');
  });
});
