import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, type Member } from '../../../test/support/harness.ts';
import { directMember } from '../../../test/support/direct-member.ts';
import { connectRecorder, socketUrl } from '../../../test/support/sockets.ts';
import { startPushService, type TestPushService } from '../../../test/support/push-service.ts';

// The push service runs on loopback: only with the flag may a subscription point there.
const t = useTestApp({ PUSH_ALLOW_PRIVATE_ENDPOINTS: '1' }, { listen: true });
let service: TestPushService;
beforeAll(async () => {
  service = await startPushService({ vapidPublicKey: async () => (await t.as(null).get('/api/push/key')).json().public_key });
});
afterAll(() => service.close());

describe('a call to a member with no tab open', () => {
  it('rings their devices by web push', async () => {
    const ann = await directMember(t, { fullName: 'Ann', username: `ann${process.pid}` });
    const bob = await directMember(t);
    const sub = service.subscribe('bob');
    expect((await t.as(bob as unknown as Member).post('/api/push/subscriptions', sub.json)).statusCode).toBe(201);
    const a = await connectRecorder(socketUrl(t.instance), ann.token);
    try {
      const started = await new Promise<any>((resolve) => a.socket.emit('call:start', { peer_id: bob.id, media: 'video' }, resolve));
      expect(started.ok).toBe(true);
      const push = await service.next((p) => p.subscription === 'bob');
      expect(push.body).toEqual({
        kind: 'call',
        title: 'Ann is calling',
        body: 'Video call',
        url: `/scan-chat/private/${ann.id}`,
        tag: `call:${started.call.id}`,
      });
      expect(push.urgency).toBe('high');
    } finally {
      a.socket.disconnect();
    }
  });
});
