import { afterEach, describe, expect, it, vi } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { connectRecorder, socketUrl } from '../../test/support/sockets.ts';
import { useTestApp, type Member } from '../../test/support/harness.ts';
import { createCommunity, joinCommunity, send } from '../modules/communities/communities.test-support.ts';

// The budgets a client meets (packages/shared/src/limits.ts, SOCKET_LIMITS), written out so that loosening one fails here.
const READS_PER_MINUTE = 120;
const CHEAP_PER_MINUTE = 600;
const SOCKETS_PER_MEMBER = 20;
const BURST = 3000;
/** Before the budgets, a burst kept the server busy for many seconds: long enough to see it fail rather than time out. */
const SLOW = 120_000;

const t = useTestApp({}, { listen: true });
const open: Socket[] = [];
afterEach(() => {
  open.splice(0).forEach((s) => s.disconnect());
});

async function connect(who: Member) {
  const client = await connectRecorder(socketUrl(t.instance), who.token);
  open.push(client.socket);
  return client;
}

type Ack = { ok?: boolean; code?: string; msg?: string; retry_in?: number } & Record<string, unknown>;
/** Every event of the burst at once, each with its ack; resolves with the acks in the order they were sent. */
const burst = (socket: Socket, event: string, payload: unknown, count = BURST) =>
  Promise.all(
    Array.from(
      { length: count },
      () => new Promise<Ack>((resolve) => (payload === undefined ? socket.emit(event, resolve) : socket.emit(event, payload, resolve))),
    ),
  );

/** /api/health over the network, while the burst is on the same event loop. */
const health = async () => {
  const res = await fetch(socketUrl(t.instance).replace('/ws/chat', '/api/health'));
  return { status: res.status, body: await res.json() };
};

function expectOnlyTheBudget(acks: Ack[], budget: number) {
  const done = acks.filter((a) => a.ok === true);
  const refused = acks.filter((a) => a.ok !== true);
  // A sliding count: a burst that happens to straddle a window's end may get one more through.
  expect(done.length).toBeGreaterThan(0);
  expect(done.length).toBeLessThanOrEqual(budget + 1);
  expect(refused.length).toBe(acks.length - done.length);
  expect(refused.every((a) => a.code === 'RATE_LIMITED' && typeof a.msg === 'string' && Number(a.retry_in) >= 1)).toBe(true);
  return done.length;
}

describe('a member flooding socket events', () => {
  it(
    'has only a budget of message:read processed, and the server keeps answering',
    async () => {
      const [ann, bob] = await t.members(2);
      const sent = await t.as(ann).post('/api/chat/send', { peer_id: bob.id, text: 'read me' });
      expect(sent.statusCode).toBe(201);
      const [reader, otherTab] = [await connect(bob), await connect(bob)];
      const acks = burst(reader.socket, 'message:read', { peer_id: ann.id, up_to_id: sent.json().message.id });
      expect(await health()).toEqual({ status: 200, body: { status: 'ok' } });
      const processed = expectOnlyTheBudget(await acks, READS_PER_MINUTE);
      // Each read that went through told Bob's other tab; the refused ones did nothing.
      await vi.waitFor(() => expect(otherTab.events.filter((e) => e.name === 'conversation:read')).toHaveLength(processed));
      // Reads spent, sending is another budget: Bob still writes.
      const reply = await reader.socket.timeout(5000).emitWithAck('message:send', { peer_id: ann.id, text: 'still here' });
      expect(reply).toMatchObject({ ok: true });
      // Someone else is not held back by Bob's flood.
      const annSocket = await connect(ann);
      expect(
        await annSocket.socket.timeout(5000).emitWithAck('message:read', { peer_id: bob.id, up_to_id: reply.message.id }),
      ).toMatchObject({
        ok: true,
      });
    },
    SLOW,
  );

  it(
    'has only a budget of community:read processed, and the server keeps answering',
    async () => {
      const [owner, ann] = await t.members(2);
      const club = await createCommunity(t, owner);
      await joinCommunity(t, club.id, ann);
      const message = (await send(t, club.id, owner, 'read me')).json().message;
      const reader = await connect(ann);
      const acks = burst(reader.socket, 'community:read', { community_id: club.id, up_to_id: message.id });
      expect(await health()).toEqual({ status: 200, body: { status: 'ok' } });
      expectOnlyTheBudget(await acks, READS_PER_MINUTE);
    },
    SLOW,
  );

  it('counts every event, the cheap ones and unknown ones too, per member across their sockets', async () => {
    const [ann] = await t.members(1);
    const [tab1, tab2] = [await connect(ann), await connect(ann)];
    // Events nobody handles still cost the server a parse: they spend the cheap budget, which ping draws from.
    for (let i = 0; i < CHEAP_PER_MINUTE / 2; i++) tab1.socket.emit('no:such:event', i);
    // One socket's events are handled in order: the answer to a ping sent after them says they were all counted, so
    // the other tab's burst cannot overtake them.
    expect(typeof (await new Promise((resolve) => tab1.socket.emit('ping', resolve)))).toBe('number');
    const pings = await burst(tab2.socket, 'ping', undefined, CHEAP_PER_MINUTE);
    const answered = pings.filter((p) => typeof p === 'number');
    expect(answered.length).toBeLessThanOrEqual(CHEAP_PER_MINUTE / 2 + 1);
    expect(pings.filter((p) => typeof p !== 'number').every((p) => p.code === 'RATE_LIMITED')).toBe(true);
  });

  it(`refuses a member's socket beyond ${SOCKETS_PER_MEMBER}, even when they all connect at once`, async () => {
    const [ann, bob] = await t.members(2);
    const attempts = Array.from({ length: SOCKETS_PER_MEMBER + 5 }, () => {
      const socket = io(socketUrl(t.instance), {
        path: '/socket.io',
        transports: ['websocket'],
        auth: { token: ann.token },
        reconnection: false,
        forceNew: true,
      });
      open.push(socket);
      return new Promise<{ connected: true } | { error: Error & { data?: unknown } }>((resolve) => {
        socket.once('connect', () => resolve({ connected: true }));
        socket.once('connect_error', (error) => resolve({ error }));
      });
    });
    const results = await Promise.all(attempts);
    expect(results.filter((r) => 'connected' in r)).toHaveLength(SOCKETS_PER_MEMBER);
    const refusals = results.flatMap((r) => ('error' in r ? [r.error] : []));
    expect(refusals).toHaveLength(5);
    for (const error of refusals) {
      expect(error.message).toBe('TOO_MANY_SOCKETS');
      expect(error.data).toEqual({ code: 'TOO_MANY_SOCKETS', msg: expect.stringMatching(/too many/i) });
    }
    // Another member is not held back.
    await connect(bob);
    // Once one of Ann's closes, she may open another.
    open.find((s) => s.connected && s.auth && (s.auth as { token: string }).token === ann.token)!.disconnect();
    await vi.waitFor(async () => {
      const again = await connectRecorder(socketUrl(t.instance), ann.token);
      open.push(again.socket);
    });
  });
});
