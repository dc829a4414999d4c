import { afterEach, describe, expect, it } from 'vitest';
import type { ChatMessage } from '@tribeverse/shared';
import { connectRecorder, socketUrl } from '../../../test/support/sockets.ts';
import { useTestApp } from '../../../test/support/harness.ts';
import { directMember, type DirectMember as Member } from '../../../test/support/direct-member.ts';

const t = useTestApp({}, { listen: true });
const open: Array<{ disconnect(): void }> = [];
afterEach(() => open.splice(0).forEach((s) => s.disconnect()));

const member = () => directMember(t);
const http = (who: Member, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: who.auth, ...(payload ? { payload } : {}) });
async function send(from: Member, to: Member, text: string): Promise<ChatMessage> {
  const res = await http(from, 'POST', '/chat/send', { peer_id: to.id, text });
  expect(res.statusCode).toBe(201);
  return res.json().message;
}
const pin = (who: Member, id: number, pinned: boolean) => http(who, 'PUT', `/chat/messages/${id}/pin`, { pinned });
const pinsOf = async (who: Member, peer: Member) => {
  const res = await http(who, 'GET', `/chat/pins?peer_id=${peer.id}`);
  expect(res.statusCode).toBe(200);
  return (res.json().pins as ChatMessage[]).map((m) => m.text);
};

describe('pins in a direct chat', () => {
  it('lets either person pin and unpin any message of their chat; both see the pins, newest pin first', async () => {
    const [ann, bob] = [await member(), await member()];
    const first = await send(ann, bob, 'meet at 8');
    const second = await send(bob, ann, 'address: 1 Main St');
    expect(first.pinned).toBe(false);
    expect(first.forwarded_from).toBeNull();

    // Bob pins Ann's message, Ann pins Bob's.
    const pinned = await pin(bob, first.id, true);
    expect(pinned.statusCode).toBe(200);
    expect(pinned.json()).toMatchObject({ id: first.id, pinned: true, text: 'meet at 8' });
    expect((await pin(ann, second.id, true)).json().pinned).toBe(true);
    expect(await pinsOf(ann, bob)).toEqual(['address: 1 Main St', 'meet at 8']);
    expect(await pinsOf(bob, ann)).toEqual(['address: 1 Main St', 'meet at 8']);
    const history = (await http(bob, 'GET', `/chat/messages?peer_id=${ann.id}`)).json() as ChatMessage[];
    expect(history.map((m) => m.pinned)).toEqual([true, true]);

    // Pinning twice changes nothing; Ann unpins what Bob pinned.
    expect((await pin(bob, first.id, true)).json().pinned).toBe(true);
    expect((await pin(ann, first.id, false)).json().pinned).toBe(false);
    expect(await pinsOf(bob, ann)).toEqual(['address: 1 Main St']);
  });

  it('tells both people live, every tab', async () => {
    const [ann, bob] = [await member(), await member()];
    const message = await send(ann, bob, 'pin me');
    const [a, b] = [await connectRecorder(socketUrl(t.instance), ann.token), await connectRecorder(socketUrl(t.instance), bob.token)];
    open.push(a.socket, b.socket);
    await pin(bob, message.id, true);
    for (const socket of [a, b]) expect(await socket.next('message:updated', (m) => m.id === message.id)).toMatchObject({ pinned: true });
    await pin(ann, message.id, false);
    for (const socket of [a, b])
      expect(await socket.next('message:updated', (m) => m.id === message.id && !m.pinned)).toMatchObject({ pinned: false });
  });

  it('is nobody else’s: outsiders get 404, bad input 400, a deleted message 404', async () => {
    const [ann, bob, eve] = [await member(), await member(), await member()];
    const message = await send(ann, bob, 'ours');
    expect((await pin(eve, message.id, true)).statusCode).toBe(404);
    expect((await pin(eve, 2_000_000_000, true)).statusCode).toBe(404);
    expect((await http(ann, 'PUT', `/chat/messages/${message.id}/pin`, { pinned: 'yes' })).statusCode).toBe(400);
    expect((await http(ann, 'PUT', `/chat/messages/${message.id}/pin`, {})).statusCode).toBe(400);
    expect((await http(ann, 'GET', `/chat/pins?peer_id=${ann.id}`)).statusCode).toBe(400);
    expect((await http(ann, 'GET', '/chat/pins?peer_id=2000000000')).statusCode).toBe(404);
    // Eve's pins with Ann are her own chat's: Ann and Bob's pin is not among them.
    await pin(ann, message.id, true);
    expect(await pinsOf(eve, ann)).toEqual([]);

    // Deleted for everyone: off the pins, and not pinned again.
    await http(ann, 'DELETE', `/chat/messages/${message.id}`);
    expect(await pinsOf(bob, ann)).toEqual([]);
    expect((await pin(bob, message.id, true)).statusCode).toBe(404);
    // Deleted for me: not pinnable by that person, and off their pins only.
    const kept = await send(bob, ann, 'kept by Bob');
    await pin(ann, kept.id, true);
    await http(ann, 'DELETE', `/chat/messages/${kept.id}/for-me`);
    expect(await pinsOf(ann, bob)).toEqual([]);
    expect(await pinsOf(bob, ann)).toEqual(['kept by Bob']);
    expect((await pin(ann, kept.id, false)).statusCode).toBe(404);
  });

  it('does not pin across a block, but either person may still unpin', async () => {
    const [ann, bob] = [await member(), await member()];
    const old = await send(ann, bob, 'pinned before');
    const other = await send(bob, ann, 'not pinned');
    await pin(ann, old.id, true);
    expect((await http(bob, 'POST', `/chat/blocks/${ann.id}`)).statusCode).toBe(200);
    for (const who of [ann, bob]) {
      const refused = await pin(who, other.id, true);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('BLOCKED');
    }
    expect(await pinsOf(ann, bob)).toEqual(['pinned before']);
    const unpinned = await pin(ann, old.id, false);
    expect(unpinned.statusCode).toBe(200);
    expect(unpinned.json().pinned).toBe(false);
  });
});

describe('jumping to a message of a direct chat', () => {
  it('answers the page around it (`?around=`), only for a message of this chat', async () => {
    const [ann, bob, eve] = [await member(), await member(), await member()];
    const sent: ChatMessage[] = [];
    for (let i = 1; i <= 9; i++) sent.push(await send(i % 2 ? ann : bob, i % 2 ? bob : ann, `m${i}`));
    const around = await http(bob, 'GET', `/chat/messages?peer_id=${ann.id}&around=${sent[4]!.id}&limit=4`);
    expect(around.statusCode).toBe(200);
    expect((around.json() as ChatMessage[]).map((m) => m.text)).toEqual(['m3', 'm4', 'm5', 'm6']);
    // The first message: nothing older, the rest from it on.
    const start = (await http(ann, 'GET', `/chat/messages?peer_id=${bob.id}&around=${sent[0]!.id}&limit=4`)).json() as ChatMessage[];
    expect(start.map((m) => m.text)).toEqual(['m1', 'm2']);
    const elsewhere = await send(eve, ann, 'another chat');
    expect((await http(ann, 'GET', `/chat/messages?peer_id=${bob.id}&around=${elsewhere.id}`)).statusCode).toBe(404);
  });
});
