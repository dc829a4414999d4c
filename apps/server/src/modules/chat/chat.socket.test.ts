import { afterEach, describe, expect, it, vi } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@tribeverse/shared';
import { connectRecorder, socketUrl } from '../../../test/support/sockets.ts';
import { useTestApp } from '../../../test/support/harness.ts';
import { directMember as chatMember, type DirectMember as ChatMember } from '../../../test/support/direct-member.ts';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
const t = useTestApp({}, { listen: true });
const open: Client[] = [];

afterEach(() => {
  open.splice(0).forEach((s) => s.disconnect());
});

async function connect(who: ChatMember) {
  const client = await connectRecorder(socketUrl(t), who.token);
  open.push(client.socket);
  return client;
}

const member = () => chatMember(t);
const sendOverSocket = (socket: Client, payload: unknown) => new Promise<any>((resolve) => socket.emit('message:send', payload, resolve));
const http = (who: ChatMember, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, payload?: object) =>
  t.app.inject({ method, url: `/api${path}`, headers: who.auth, payload });

describe('chat over the socket', () => {
  it('refuses a connection without a valid token', async () => {
    const socket: Client = io(socketUrl(t), {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token: 'nope' },
      reconnection: false,
      forceNew: true,
    });
    open.push(socket);
    const error = await new Promise<Error & { data?: unknown }>((resolve) => socket.once('connect_error', resolve));
    expect(error.message).toBe('UNAUTHORIZED');
    expect(error.data).toEqual({ code: 'UNAUTHORIZED', msg: expect.any(String) });
  });

  it('sends with an ack, persists, and delivers message:new to the two people only', async () => {
    const [ann, bob, eve] = [await member(), await member(), await member()];
    const [a, aOtherTab, b, e] = [await connect(ann), await connect(ann), await connect(bob), await connect(eve)];
    const client_id = crypto.randomUUID();
    const ack = await sendOverSocket(a.socket, { peer_id: bob.id, text: 'hi bob', client_id });
    expect(ack).toMatchObject({ ok: true, message: { text: 'hi bob', sender_id: ann.id, receiver_id: bob.id, client_id } });
    expect(await b.next('message:new')).toMatchObject({ id: ack.message.id, text: 'hi bob' });
    // Ann's other tab is told; the tab that sent it has it in its ack and is not sent it twice.
    expect(await aOtherTab.next('message:new')).toMatchObject({ id: ack.message.id });
    // The same client_id again: the same message, and no second message:new.
    const retry = await sendOverSocket(a.socket, { peer_id: bob.id, text: 'hi bob', client_id });
    expect(retry.message.id).toBe(ack.message.id);
    const history = (await http(bob, 'GET', `/chat/messages?peer_id=${ann.id}`)).json();
    expect(history.map((m: { id: number }) => m.id)).toEqual([ack.message.id]);
    // Eve saw nothing of it: the only message event she has is Bob's answer to her, which comes after.
    await http(bob, 'POST', '/chat/send', { peer_id: eve.id, text: 'bob here' });
    await e.next('message:new');
    expect(e.names().filter((n) => n.startsWith('message:'))).toEqual(['message:new']);
    expect(JSON.stringify(e.events)).not.toContain('hi bob');
    // Bob's own HTTP send reaches his socket (it has no ack); Ann's message reached it once.
    await b.next('message:new', (m) => m.text === 'bob here');
    expect(b.events.filter((x) => x.name === 'message:new' && x.payload.text === 'hi bob')).toHaveLength(1);
    expect(a.names()).not.toContain('message:new');
  });

  it('answers bad payloads and blocked peers with an error ack', async () => {
    const [ann, bob] = [await member(), await member()];
    const a = await connect(ann);
    expect(await sendOverSocket(a.socket, { peer_id: bob.id, text: '   ' })).toMatchObject({
      ok: false,
      code: 'VALIDATION_FAILED',
      msg: 'Type a message',
    });
    expect(await sendOverSocket(a.socket, 'garbage')).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    expect(await sendOverSocket(a.socket, { peer_id: 99999999, text: 'x' })).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    await http(bob, 'POST', `/chat/blocks/${ann.id}`);
    expect(await sendOverSocket(a.socket, { peer_id: bob.id, text: 'let me in' })).toMatchObject({ ok: false, code: 'BLOCKED' });
    const readAck = await new Promise<any>((resolve) => a.socket.emit('message:read', { peer_id: 'x' }, resolve));
    expect(readAck).toMatchObject({ ok: false, code: 'VALIDATION_FAILED', msg: expect.any(String) });
  });

  it('relays typing to the peer only', async () => {
    const [ann, bob, eve] = [await member(), await member(), await member()];
    const [a, b, e] = [await connect(ann), await connect(bob), await connect(eve)];
    a.socket.emit('typing:start', { peer_id: bob.id });
    expect(await b.next('typing:update')).toEqual({ user_id: ann.id, typing: true });
    a.socket.emit('typing:stop', { peer_id: bob.id });
    expect(await b.next('typing:update', (p) => !p.typing)).toEqual({ user_id: ann.id, typing: false });
    // The ack is the barrier on Eve's socket, the message on Ann's.
    await sendOverSocket(e.socket, { peer_id: ann.id, text: 'barrier' });
    await a.next('message:new', (m) => m.text === 'barrier');
    expect(e.names()).not.toContain('typing:update');
    expect(a.names()).not.toContain('typing:update');

    // Nothing passes a block, not even typing.
    await http(bob, 'POST', `/chat/blocks/${eve.id}`);
    e.socket.emit('typing:start', { peer_id: bob.id });
    await sendOverSocket(a.socket, { peer_id: bob.id, text: 'barrier for bob' });
    await b.next('message:new', (m) => m.text === 'barrier for bob');
    expect(b.events.filter((x) => x.name === 'typing:update' && x.payload.user_id === eve.id)).toEqual([]);

    // Nor the other way: the one who blocked cannot be seen typing by the one they blocked.
    b.socket.emit('typing:start', { peer_id: eve.id });
    await sendOverSocket(a.socket, { peer_id: eve.id, text: 'barrier for eve' });
    await e.next('message:new', (m) => m.text === 'barrier for eve');
    expect(e.names()).not.toContain('typing:update');
  });

  it('tells the blocked member live, so their open chat stops offering to write', async () => {
    const [ann, bob] = [await member(), await member()];
    const [a, b] = [await connect(ann), await connect(bob)];
    await http(ann, 'POST', `/chat/blocks/${bob.id}`);
    expect(await a.next('block:updated')).toEqual({ user_id: bob.id, blocked_by_me: true });
    expect(await b.next('block:updated')).toEqual({ user_id: ann.id, blocked_by_me: false });
    await http(ann, 'DELETE', `/chat/blocks/${bob.id}`);
    await vi.waitFor(() => expect(b.events.filter((x) => x.name === 'block:updated')).toHaveLength(2));
  });

  it('limits sends per member like HTTP does (120 a minute, every tab counted), answering with an error ack', async () => {
    const [ann, bob] = [await member(), await member()];
    const [tab1, tab2] = [await connect(ann), await connect(ann)];
    // Bad payloads count too, as over HTTP: the limit is reached without storing 120 messages.
    const tries = Array.from({ length: 120 }, (_, i) => sendOverSocket(i % 2 ? tab1.socket : tab2.socket, { peer_id: bob.id, text: '' }));
    expect((await Promise.all(tries)).every((ack) => ack.ok === false && ack.code === 'VALIDATION_FAILED')).toBe(true);
    const refused = await sendOverSocket(tab1.socket, { peer_id: bob.id, text: 'one too many' });
    expect(refused).toEqual({
      ok: false,
      code: 'RATE_LIMITED',
      msg: expect.stringMatching(/^Too many messages\. Try again in \d+ seconds\.$/),
      retry_in: expect.any(Number),
    });
    expect((await http(bob, 'GET', `/chat/messages?peer_id=${ann.id}`)).json()).toEqual([]);
    // Someone else is not held back by Ann's sends.
    expect(await sendOverSocket((await connect(bob)).socket, { peer_id: ann.id, text: 'hi' })).toMatchObject({ ok: true });
  });

  it('relays a burst of typing starts once, and a stop only after a start', async () => {
    const [ann, bob] = [await member(), await member()];
    const [a, b] = [await connect(ann), await connect(bob)];
    for (let i = 0; i < 10; i += 1) a.socket.emit('typing:start', { peer_id: bob.id });
    a.socket.emit('typing:stop', { peer_id: bob.id });
    a.socket.emit('typing:stop', { peer_id: bob.id });
    // One tab's typing events go out in the order they came (a message may overtake them): a start after the stops
    // arrives last, so once it is here every earlier one that was relayed is too.
    a.socket.emit('typing:start', { peer_id: bob.id });
    const typing = () => b.events.filter((x) => x.name === 'typing:update').map((x) => x.payload);
    await vi.waitFor(() => expect(typing().length).toBeGreaterThanOrEqual(3));
    expect(typing()).toEqual([
      { user_id: ann.id, typing: true },
      { user_id: ann.id, typing: false },
      { user_id: ann.id, typing: true },
    ]);
  });

  it('drops typing to an unknown member, to oneself or with a bad payload, and the socket keeps working', async () => {
    const [ann, bob] = [await member(), await member()];
    const [a, b] = [await connect(ann), await connect(bob)];
    a.socket.emit('typing:start', { peer_id: 99999999 });
    a.socket.emit('typing:start', { peer_id: ann.id });
    a.socket.emit('typing:start', { peer_id: 'bob' });
    a.socket.emit('typing:start', { peer_id: 2 ** 40 });
    a.socket.emit('typing:start', { peer_id: bob.id });
    expect(await b.next('typing:update')).toEqual({ user_id: ann.id, typing: true });
    expect(a.socket.connected).toBe(true);
    expect(a.names()).not.toContain('typing:update');
    expect(b.events.filter((x) => x.name === 'typing:update')).toHaveLength(1);
  });

  it('sends read receipts, and none at all when either side turned them off', async () => {
    const [ann, bob] = [await member(), await member()];
    const [a, b] = [await connect(ann), await connect(bob)];
    const first = (await sendOverSocket(a.socket, { peer_id: bob.id, text: 'read me' })).message;
    const readAck = await new Promise<any>((resolve) => b.socket.emit('message:read', { peer_id: ann.id, up_to_id: first.id }, resolve));
    expect(readAck).toEqual({ ok: true, updated: 1, unreadCount: 0 });
    expect(await a.next('message:read')).toMatchObject({
      reader_id: bob.id,
      peer_id: ann.id,
      up_to_id: first.id,
      read_at: expect.any(String),
    });
    expect(await b.next('conversation:read')).toMatchObject({ peer_id: ann.id, unreadCount: 0 });

    await http(ann, 'PATCH', '/settings', { read_receipts: false });
    const second = (await sendOverSocket(a.socket, { peer_id: bob.id, text: 'and me' })).message;
    const read = await http(bob, 'POST', '/chat/read', { peer_id: ann.id, up_to_id: second.id });
    expect(read.json()).toEqual({ updated: 1, unreadCount: 0 });
    // Events reach a socket in the order they were sent: once this message arrives, a receipt would have too.
    await sendOverSocket(b.socket, { peer_id: ann.id, text: 'barrier' });
    await a.next('message:new', (m) => m.text === 'barrier');
    expect(a.events.filter((x) => x.name === 'message:read')).toHaveLength(1);

    // Receipts back on: both open chats are told to reload, and the read made while they were off stays private.
    await http(ann, 'PATCH', '/settings', { read_receipts: true });
    expect(await a.next('receipts:changed')).toEqual({ user_id: ann.id });
    expect(await b.next('receipts:changed')).toEqual({ user_id: ann.id });
    const history = (await http(ann, 'GET', `/chat/messages?peer_id=${bob.id}`)).json();
    expect(history.find((m: { id: number }) => m.id === first.id).read_at).toEqual(expect.any(String));
    expect(history.find((m: { id: number }) => m.id === second.id).read_at).toBeNull();
    // Still read: nothing comes back as unread.
    expect((await http(bob, 'GET', '/chat/unread-count')).json()).toEqual({ unreadCount: 0 });
  });

  it('tells both people about edits, deletions and reactions', async () => {
    const [ann, bob] = [await member(), await member()];
    const [a, b] = [await connect(ann), await connect(bob)];
    const msg = (await sendOverSocket(a.socket, { peer_id: bob.id, text: 'draft' })).message;
    await http(ann, 'PATCH', `/chat/messages/${msg.id}`, { text: 'final' });
    expect(await b.next('message:updated')).toMatchObject({ id: msg.id, text: 'final' });
    await http(bob, 'PUT', `/chat/messages/${msg.id}/reactions/2764-fe0f`);
    expect(await a.next('message:reacted')).toMatchObject({
      id: msg.id,
      reactions: [{ emoji: '2764-fe0f', count: 1, user_ids: [bob.id] }],
    });
    await http(ann, 'DELETE', `/chat/messages/${msg.id}`);
    expect(await b.next('message:deleted')).toMatchObject({ id: msg.id, deleted: true, text: '' });
    expect(await a.next('message:deleted')).toMatchObject({ id: msg.id });
  });

  it('tracks presence per member across tabs, with last seen, hidden by the privacy setting', async () => {
    const [ann, bob] = [await member(), await member()];
    await http(ann, 'POST', '/chat/send', { peer_id: bob.id, text: 'hello' });
    const b = await connect(bob);
    const tab1 = await connect(ann);
    expect(await b.next('presence:update', (p) => p.user_id === ann.id)).toEqual({ user_id: ann.id, online: true, last_seen: null });
    const tab2 = await connect(ann);
    tab1.socket.disconnect();
    let conv = (await http(bob, 'GET', '/chat/conversations')).json().conversations[0];
    expect(conv.peer).toMatchObject({ id: ann.id, online: true });
    tab2.socket.disconnect();
    const offline = await b.next('presence:update', (p) => p.user_id === ann.id && !p.online);
    expect(offline.last_seen).toEqual(expect.any(String));
    conv = (await http(bob, 'GET', '/chat/conversations')).json().conversations[0];
    expect(conv.peer).toMatchObject({ online: false, last_seen: offline.last_seen });

    await http(ann, 'PATCH', '/settings', { last_seen_visibility: 'nobody' });
    // Hiding takes effect at once for people already looking.
    expect(await b.next('presence:update', (p) => p.user_id === ann.id && !p.online && p.last_seen === null)).toEqual({
      user_id: ann.id,
      online: false,
      last_seen: null,
    });
    await connect(ann);
    conv = (await http(bob, 'GET', '/chat/conversations')).json().conversations[0];
    expect(conv.peer).toMatchObject({ online: false, last_seen: null });
  });

  it("lets an open chat follow a new peer's presence live, never across a block", async () => {
    const [ann, bob, cy] = [await member(), await member(), await member()];
    const [b, c] = [await connect(bob), await connect(cy)];
    const watch = (client: Client, payload: unknown) => new Promise<any>((resolve) => client.emit('presence:watch', payload, resolve));
    // No conversation between any of them: only watching brings Ann's presence.
    expect(await watch(b.socket, { peer_id: ann.id })).toEqual({ ok: true });
    expect(await watch(c.socket, { peer_id: ann.id })).toEqual({ ok: true });
    expect(await watch(b.socket, { peer_id: 'ann' })).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    expect(await watch(b.socket, { peer_id: 99999999 })).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    const a = await connect(ann);
    expect(await b.next('presence:update', (p) => p.user_id === ann.id)).toEqual({ user_id: ann.id, online: true, last_seen: null });
    expect(await c.next('presence:update', (p) => p.user_id === ann.id)).toMatchObject({ online: true });

    // Ann blocks Bob: his open chat stops hearing of her, and cannot start again.
    await http(ann, 'POST', `/chat/blocks/${bob.id}`);
    expect(await watch(b.socket, { peer_id: ann.id })).toMatchObject({ ok: false, code: 'BLOCKED' });
    a.socket.disconnect();
    expect(await c.next('presence:update', (p) => p.user_id === ann.id && !p.online)).toMatchObject({ last_seen: expect.any(String) });
    // Events reach a socket in order: once Cy's message is here, an update sent to Bob before it would be too.
    await sendOverSocket(c.socket, { peer_id: bob.id, text: 'barrier' });
    await b.next('message:new', (m) => m.text === 'barrier');
    expect(b.events.filter((x) => x.name === 'presence:update' && x.payload.user_id === ann.id)).toHaveLength(1);
  });

  it('catches up after a reconnect: history and unread count come from the server', async () => {
    const [ann, bob] = [await member(), await member()];
    const b1 = await connect(bob);
    await http(ann, 'POST', '/chat/send', { peer_id: bob.id, text: 'while online' });
    await b1.next('message:new');
    b1.socket.disconnect();
    await http(ann, 'POST', '/chat/send', { peer_id: bob.id, text: 'missed 1' });
    await http(ann, 'POST', '/chat/send', { peer_id: bob.id, text: 'missed 2' });
    const b2 = await connect(bob);
    expect(b2.names()).not.toContain('message:new');
    expect((await http(bob, 'GET', '/chat/unread-count')).json()).toEqual({ unreadCount: 3 });
    const history = (await http(bob, 'GET', `/chat/messages?peer_id=${ann.id}`)).json();
    expect(history.map((m: { text: string }) => m.text)).toEqual(['while online', 'missed 1', 'missed 2']);
    expect((await http(bob, 'GET', '/chat/conversations')).json().conversations[0]).toMatchObject({
      unread: 3,
      last_message: { text: 'missed 2' },
    });
  });
});
