import { afterEach, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@tribeverse/shared';
import { connectRecorder, socketUrl } from '../../../test/support/sockets.ts';
import { useTestApp } from '../../../test/support/harness.ts';
import { directMember, type DirectMember } from '../../../test/support/direct-member.ts';
import { createGroup, historyOf, sendToGroup } from './chat-groups.test-support.ts';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
const t = useTestApp({}, { listen: true });
const open: Client[] = [];
afterEach(() => {
  open.splice(0).forEach((s) => s.disconnect());
});

const LINK = 'look at https://example.com/page';
const sendOverSocket = (socket: Client, payload: unknown) => new Promise<any>((resolve) => socket.emit('message:send', payload, resolve));
const history = async (who: DirectMember, peerId: number) =>
  (await t.app.inject({ method: 'GET', url: `/api/chat/messages?peer_id=${peerId}`, headers: who.auth })).json() as Array<{
    id: number;
    link_preview?: boolean;
  }>;
const previewOf = (list: Array<{ id: number; link_preview?: boolean }>, id: number) => list.find((m) => m.id === id)?.link_preview;

describe('a message sent without its link preview (issue 42)', () => {
  it('never shows a preview, over HTTP and the socket, to both people and after a reload; one sent with it does', async () => {
    const [ann, bob] = [await directMember(t), await directMember(t)];
    const [a, b] = [await connectRecorder(socketUrl(t), ann.token), await connectRecorder(socketUrl(t), bob.token)];
    open.push(a.socket, b.socket);

    const overHttp = await t.app.inject({
      method: 'POST',
      url: '/api/chat/send',
      headers: ann.auth,
      payload: { peer_id: bob.id, text: LINK, link_preview: false },
    });
    expect(overHttp.statusCode).toBe(201);
    const off = overHttp.json().message;
    expect(off.link_preview).toBe(false);
    expect((await b.next('message:new', (m) => m.id === off.id)).link_preview).toBe(false);

    const ack = await sendOverSocket(a.socket, { peer_id: bob.id, text: LINK, link_preview: false });
    expect(ack).toMatchObject({ ok: true, message: { link_preview: false } });
    expect((await b.next('message:new', (m) => m.id === ack.message.id)).link_preview).toBe(false);

    const kept = await sendOverSocket(a.socket, { peer_id: bob.id, text: LINK });
    expect(kept.ok).toBe(true);
    expect(kept.message).not.toHaveProperty('link_preview');
    expect(await b.next('message:new', (m) => m.id === kept.message.id)).not.toHaveProperty('link_preview');

    // Stored: the history (a reload) says the same, to either person.
    for (const list of [await history(ann, bob.id), await history(bob, ann.id)]) {
      expect(previewOf(list, off.id)).toBe(false);
      expect(previewOf(list, ack.message.id)).toBe(false);
      expect(previewOf(list, kept.message.id)).toBeUndefined();
    }

    // Editing the text later brings nothing back.
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/chat/messages/${off.id}`,
      headers: ann.auth,
      payload: { text: 'now https://example.org/other' },
    });
    expect(edited.statusCode).toBe(200);
    expect(previewOf(await history(bob, ann.id), off.id)).toBe(false);

    // A link_preview that is not a boolean is refused with a 400, not stored.
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/chat/send',
      headers: ann.auth,
      payload: { peer_id: bob.id, text: LINK, link_preview: 'no' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('in a group too', async () => {
    const [ada, ben, cy] = await t.members(3);
    const group = await createGroup(t, ada, [ben, cy]);
    const off = await sendToGroup(t, ben, group.id, LINK, { link_preview: false });
    expect(off.link_preview).toBe(false);
    const on = await sendToGroup(t, ben, group.id, LINK);
    const page = await historyOf(t, ada, group.id);
    expect(previewOf(page, off.id)).toBe(false);
    expect(previewOf(page, on.id)).toBeUndefined();
  });
});
