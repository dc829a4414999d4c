import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRecorder, socketUrl } from '../../../test/support/sockets.ts';
import { useTestApp } from '../../../test/support/harness.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { directMember, type DirectMember } from '../../../test/support/direct-member.ts';

// A tenth of the real limit (120 a minute): 12 sends a minute per member.
const env = { RATE_LIMIT_FACTOR: '0.1' };
const LIMIT = 12;
const NAT = '198.51.100.77';

const send = (t: TestApp, from: DirectMember, to: DirectMember, text: string) =>
  t.app.inject({ method: 'POST', url: '/api/chat/send', headers: from.auth, payload: { peer_id: to.id, text }, remoteAddress: NAT });

describe('chat send limits count per member, not per address', () => {
  const t = useTestApp(env, { listen: true });

  it('lets five members behind one address each use their whole budget', async () => {
    const peer = await directMember(t);
    const members = await Promise.all(Array.from({ length: 5 }, () => directMember(t)));
    const statuses: number[] = [];
    for (const m of members) for (let i = 0; i < LIMIT; i++) statuses.push((await send(t, m, peer, `hi ${i}`)).statusCode);
    expect(statuses.filter((s) => s !== 201)).toEqual([]);
  });

  it('counts one member across HTTP, sockets and sessions together', async () => {
    const [m, peer] = [await directMember(t), await directMember(t)];
    for (let i = 0; i < LIMIT / 2; i++) expect((await send(t, m, peer, `http ${i}`)).statusCode).toBe(201);
    const socket = await connectRecorder(socketUrl(t), m.token);
    try {
      for (let i = 0; i < LIMIT / 2; i++) {
        expect(await socket.socket.timeout(5000).emitWithAck('message:send', { peer_id: peer.id, text: `ws ${i}` })).toMatchObject({
          ok: true,
        });
      }
      expect(await socket.socket.timeout(5000).emitWithAck('message:send', { peer_id: peer.id, text: 'one more' })).toMatchObject({
        ok: false,
        code: 'RATE_LIMITED',
      });
      const over = await send(t, m, peer, 'and over http');
      expect(over.statusCode).toBe(429);
      expect(over.json()).toMatchObject({ code: 'RATE_LIMITED', msg: expect.stringMatching(/Try again in \d+ seconds/) });
    } finally {
      socket.socket.disconnect();
    }
  });
});

describe.skipIf(!process.env.REDIS_URL)('across processes with Redis (skipped: REDIS_URL is not set)', () => {
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    one = await createTestApp(env);
    two = await createTestApp(env, { sameDeploymentAs: one });
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
  });

  it('shares one budget between the processes', async () => {
    const [m, peer] = [await directMember(one), await directMember(one)];
    for (let i = 0; i < LIMIT / 2; i++) expect((await send(one, m, peer, `one ${i}`)).statusCode).toBe(201);
    for (let i = 0; i < LIMIT / 2; i++) expect((await send(two, m, peer, `two ${i}`)).statusCode).toBe(201);
    expect((await send(one, m, peer, 'over')).statusCode).toBe(429);
  });
});
