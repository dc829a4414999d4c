import { describe, expect, it, vi } from 'vitest';
import { twoProcesses } from '../../../test/support/two-processes.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { userRoom } from '../../realtime/rooms.ts';
import { directMember as chatMember, type DirectMember as ChatMember } from '../../../test/support/direct-member.ts';

/** Ann as bob sees her in his conversation list, asked of one process. */
async function annAsSeenBy(t: TestApp, bob: ChatMember, ann: ChatMember) {
  const res = await t.app.inject({ method: 'GET', url: '/api/chat/conversations', headers: bob.auth });
  const conversation = res.json().conversations.find((c: { peer: { id: number } }) => c.peer.id === ann.id);
  return conversation.peer as { online: boolean; last_seen: string | null };
}

/** Once this process has let go of the member's sockets (its own count drops at the same moment). */
const goneFrom = (t: TestApp, who: ChatMember) =>
  vi.waitFor(async () => expect(await t.app.ctx.realtime.chat.in(userRoom(who.id)).local.fetchSockets()).toHaveLength(0));

describe.skipIf(!process.env.REDIS_URL)('presence across two processes on one database and Redis (skipped: REDIS_URL is not set)', () => {
  const cluster = twoProcesses();

  it('shows a member connected to the other process as online, until their last socket anywhere closes', async () => {
    const { one, two } = cluster;
    const [ann, bob] = [await chatMember(one), await chatMember(one)];
    await one.app.inject({ method: 'POST', url: '/api/chat/send', headers: ann.auth, payload: { peer_id: bob.id, text: 'hello' } });
    const b = await cluster.connect(one, bob.token);
    expect(await annAsSeenBy(one, bob, ann)).toMatchObject({ online: false });

    const annOnTwo = await cluster.connect(two, ann.token);
    expect(await b.next('presence:update', (p) => p.user_id === ann.id && p.online)).toEqual({
      user_id: ann.id,
      online: true,
      last_seen: null,
    });
    expect(await annAsSeenBy(one, bob, ann)).toEqual(expect.objectContaining({ online: true, last_seen: null }));

    // A tab on this process opens and closes: she is still online through the other process.
    const annOnOne = await cluster.connect(one, ann.token);
    annOnOne.socket.disconnect();
    await goneFrom(one, ann);
    expect(await annAsSeenBy(one, bob, ann)).toMatchObject({ online: true, last_seen: null });

    annOnTwo.socket.disconnect();
    const offline = await b.next('presence:update', (p) => p.user_id === ann.id && !p.online);
    expect(offline.last_seen).toEqual(expect.any(String));
    expect(await annAsSeenBy(one, bob, ann)).toEqual(expect.objectContaining({ online: false, last_seen: offline.last_seen }));
    expect(b.events.filter((e) => e.name === 'presence:update' && e.payload.user_id === ann.id && !e.payload.online)).toHaveLength(1);
  });

  it('does not keep anyone online through a process that went away', async () => {
    const { one } = cluster;
    const [ann, bob] = [await chatMember(one), await chatMember(one)];
    await one.app.inject({ method: 'POST', url: '/api/chat/send', headers: ann.auth, payload: { peer_id: bob.id, text: 'hello' } });
    const third = await createTestApp({}, { sameDeploymentAs: one });
    await third.app.listen({ port: 0, host: '127.0.0.1' });
    await cluster.connect(third, ann.token);
    expect(await annAsSeenBy(one, bob, ann)).toMatchObject({ online: true });
    await third.close();
    expect(await annAsSeenBy(one, bob, ann)).toMatchObject({ online: false });
  });
});
