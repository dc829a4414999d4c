import { describe, expect, it } from 'vitest';
import { PushErrorCode } from '@tribeverse/shared';
import { useTestApp, type Member } from '../../../test/support/harness.ts';
import { directMember } from '../../../test/support/direct-member.ts';

// No PUSH_ALLOW_PRIVATE_ENDPOINTS: as deployed.
const t = useTestApp();

describe('POST /api/push/subscriptions without PUSH_ALLOW_PRIVATE_ENDPOINTS', () => {
  it('refuses endpoints that are not public push services', async () => {
    const bob = (await directMember(t)) as unknown as Member;
    const keys = { p256dh: Buffer.alloc(65, 4).toString('base64url'), auth: Buffer.alloc(16, 1).toString('base64url') };
    for (const endpoint of [
      'https://127.0.0.1:8443/push/x',
      'https://localhost/push/x',
      'https://192.168.1.20/push/x',
      'https://[::1]/push/x',
    ]) {
      const res = await t.as(bob).post('/api/push/subscriptions', { endpoint, keys });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json()).toMatchObject({ code: PushErrorCode.ENDPOINT_REFUSED, field: 'endpoint' });
    }
  });
});
