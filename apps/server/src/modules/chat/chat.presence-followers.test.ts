import { afterEach, describe, expect, it } from 'vitest';
import { useTestApp, type Member } from '../../../test/support/harness.ts';

const t = useTestApp({}, { listen: true });
const open: Array<{ socket: { disconnect(): void } }> = [];
afterEach(() => {
  for (const s of open.splice(0)) s.socket.disconnect();
});
const connect = async (m: Member) => {
  const s = await t.socket(m);
  open.push(s);
  return s;
};

describe("presence with last seen 'followers'", () => {
  it('tells followers when the member comes and goes, and sends people who do not follow nothing at all', async () => {
    const [shy, fan, stranger, chatty] = await t.members(4);
    await t.as(fan).post(`/api/users/${shy.id}/follow`);
    // Everyone talks with everyone: each is in the others' presence audience.
    for (const [a, b] of [
      [shy, fan],
      [shy, stranger],
      [chatty, stranger],
    ] as const)
      expect((await t.as(a).post('/api/chat/send', { peer_id: b.id, text: 'hi' })).statusCode).toBe(201);
    expect((await t.as(shy).patch('/api/settings', { last_seen_visibility: 'followers' })).statusCode).toBe(200);

    const f = await connect(fan);
    const s = await connect(stranger);
    // The stranger also has the shy member's chat open.
    expect(await new Promise((resolve) => s.socket.emit('presence:watch', { peer_id: shy.id }, resolve))).toEqual({ ok: true });
    const strangerBefore = s.events.length;

    const a = await connect(shy);
    expect(await f.next('presence:update', (p) => p.user_id === shy.id && p.online)).toEqual({
      user_id: shy.id,
      online: true,
      last_seen: null,
    });
    a.socket.disconnect();
    const gone = await f.next('presence:update', (p) => p.user_id === shy.id && !p.online);
    expect(gone.last_seen).toEqual(expect.any(String));

    // A visible member's coming is the positive event the stranger waits for: whatever the shy one's moves sent came before.
    const c = await connect(chatty);
    await s.next('presence:update', (p) => p.user_id === chatty.id && p.online);
    c.socket.disconnect();
    await s.next('presence:update', (p) => p.user_id === chatty.id && !p.online);
    expect(s.events.slice(strangerBefore).filter((e) => e.name === 'presence:update' && e.payload.user_id === shy.id)).toEqual([]);
  });
});
