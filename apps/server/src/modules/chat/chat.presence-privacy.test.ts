import { describe, expect, it } from 'vitest';
import { connectRecorder, socketUrl } from '../../../test/support/sockets.ts';
import { useTestApp } from '../../../test/support/harness.ts';
import { directMember as chatMember, type DirectMember as ChatMember } from '../../../test/support/direct-member.ts';

const t = useTestApp({}, { listen: true });

const http = (who: ChatMember, method: 'POST' | 'PATCH', url: string, payload: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: who.auth, payload });

describe("presence with last seen 'nobody'", () => {
  it('sends nothing at all when the member connects or disconnects', async () => {
    const [hidden, watcher, visible] = [await chatMember(t), await chatMember(t), await chatMember(t)];
    await http(hidden, 'POST', '/chat/send', { peer_id: watcher.id, text: 'hi' });
    await http(visible, 'POST', '/chat/send', { peer_id: watcher.id, text: 'hello' });
    expect((await http(hidden, 'PATCH', '/settings', { last_seen_visibility: 'nobody' })).statusCode).toBe(200);

    const w = await connectRecorder(socketUrl(t), watcher.token);
    const h = await connectRecorder(socketUrl(t), hidden.token);
    h.socket.disconnect();
    // The visible member's coming and going, after the hidden one's, is the positive event to wait for.
    const v = await connectRecorder(socketUrl(t), visible.token);
    await w.next('presence:update', (p) => p.user_id === visible.id && p.online);
    v.socket.disconnect();
    await w.next('presence:update', (p) => p.user_id === visible.id && !p.online);
    expect(w.events.filter((e) => e.name === 'presence:update' && e.payload.user_id === hidden.id)).toEqual([]);
    w.socket.disconnect();
  });
});
