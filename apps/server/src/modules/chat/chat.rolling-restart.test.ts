import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRecorder, socketUrl } from '../../../test/support/sockets.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { directMember as chatMember } from '../../../test/support/direct-member.ts';

let one: TestApp;
let two: TestApp | undefined;

describe.skipIf(!process.env.REDIS_URL)('a rolling restart with Redis (skipped: REDIS_URL is not set)', () => {
  beforeAll(async () => {
    one = await createTestApp();
    two = await createTestApp({}, { sameDeploymentAs: one });
    await one.app.listen({ port: 0, host: '127.0.0.1' });
    await two.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
  });

  it('stopping one process leaves the members on the other connected and served', async () => {
    const [ann, bob, cat] = [await chatMember(one), await chatMember(one), await chatMember(one)];
    const a = await connectRecorder(socketUrl(one), ann.token);
    const b = await connectRecorder(socketUrl(one), bob.token);
    const c = await connectRecorder(socketUrl(two!), cat.token);
    const annDropped: string[] = [];
    a.socket.on('disconnect', (reason) => annDropped.push(reason));

    const catGone = new Promise<string>((resolve) => c.socket.once('disconnect', resolve));
    await two!.close();
    two = undefined;
    await catGone;

    const ack = await a.socket.timeout(5000).emitWithAck('message:send', { peer_id: bob.id, text: 'still here?' });
    expect(ack).toMatchObject({ ok: true });
    expect(await b.next('message:new', (m) => m.text === 'still here?')).toBeTruthy();
    expect(a.socket.connected && b.socket.connected).toBe(true);
    expect(annDropped).toEqual([]);
    a.socket.disconnect();
    b.socket.disconnect();
  });
});
