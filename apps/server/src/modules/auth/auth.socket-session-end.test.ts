import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerUser } from '../../../test/support/factories.ts';
import { connectRecorder, socketUrl } from '../../../test/support/sockets.ts';
import { useTestApp } from '../../../test/support/harness.ts';

const t = useTestApp({}, { listen: true, socketSessionCheckMs: 50 });
afterEach(() => vi.useRealTimers());

const disconnected = (socket: Awaited<ReturnType<typeof connectRecorder>>['socket']) =>
  new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

describe('an open socket ends with its session', () => {
  it('when the session runs out by its idle timeout (a day without use)', async () => {
    const stale = await registerUser(t);
    const live = await registerUser(t);
    const staleClient = await connectRecorder(socketUrl(t), stale.token);
    const gone = disconnected(staleClient.socket);
    // Both sessions start now; only the live one is used a day later (which keeps it alive).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 23 * 3_600_000 });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: live.auth })).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 2 * 3_600_000);
    const liveClient = await connectRecorder(socketUrl(t), live.token);

    expect(await gone).toBe('io server disconnect');
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: stale.auth })).statusCode).toBe(401);
    // The other session's socket is still served.
    const pong = await liveClient.socket.timeout(5000).emitWithAck('ping');
    expect(typeof pong).toBe('number');
    expect(liveClient.socket.connected).toBe(true);
    liveClient.socket.disconnect();
  });

  it('not when the session was used meanwhile from elsewhere: the socket opened before that use stays', async () => {
    const [member, idle] = [await registerUser(t), await registerUser(t)];
    const tab = await connectRecorder(socketUrl(t), member.token);
    const idleClient = await connectRecorder(socketUrl(t), idle.token);
    const idleGone = disconnected(idleClient.socket);
    // Both sockets knew their session's end a day ahead; an HTTP request 23 hours later moved one a day further.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 23 * 3_600_000 });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: member.auth })).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 2 * 3_600_000);
    // Past the end both sockets knew, one check looks both sessions up: the idle one's socket is closed, and the
    // used one's is kept.
    expect(await idleGone).toBe('io server disconnect');
    // Back to the real clock before the tab speaks: its client, which heard the server's heartbeat before the jump,
    // would take the jump for a missed heartbeat and drop the connection itself.
    vi.useRealTimers();
    const pong = await tab.socket.timeout(5000).emitWithAck('ping');
    expect(typeof pong).toBe('number');
    expect(tab.socket.connected).toBe(true);
    tab.socket.disconnect();
  });
});
