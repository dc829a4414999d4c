import { describe, expect, it } from 'vitest';
import { SCAN_LIMITS } from '@tribeverse/shared';
import { useTestApp } from '../../../test/support/harness.ts';
import { PLACES, turnLocationOn } from './scan.test-support.ts';

const t = useTestApp();

describe('abuse limits', () => {
  it(`allows ${SCAN_LIMITS.scansPerHour} scans an hour per member, whatever address they come from`, async () => {
    const [busy, other] = await t.members(2);
    await turnLocationOn(t, busy, PLACES.berlin);
    await turnLocationOn(t, other, PLACES.berlin);
    // Each request comes from another client address (the harness): the limit follows the member.
    for (let i = 0; i < SCAN_LIMITS.scansPerHour; i++) {
      expect((await t.as(busy).post('/api/scan', { radius: '50km' })).statusCode).toBe(200);
    }
    const refused = await t.as(busy).post('/api/scan', { radius: '50km' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect((await t.as(other).post('/api/scan', { radius: '50km' })).statusCode).toBe(200);
  });

  it('lets the location change once every 10 minutes; renewing the same cell is not a change', async () => {
    const member = await t.member();
    await turnLocationOn(t, member, PLACES.berlin);
    await turnLocationOn(t, member, { lat: PLACES.berlin.lat + 0.001, lng: PLACES.berlin.lng });

    const moved = await t.as(member).put('/api/scan/location', PLACES.hamburg);
    expect(moved.statusCode).toBe(429);
    expect(moved.json()).toMatchObject({
      code: 'RATE_LIMITED',
      msg: expect.stringMatching(/once every 10 minutes\. Try again in (10|9) minutes/),
    });

    // Off always works; on again elsewhere is still a change.
    expect((await t.as(member).delete('/api/scan/location')).statusCode).toBe(200);
    expect((await t.as(member).put('/api/scan/location', PLACES.potsdam)).statusCode).toBe(429);
    expect((await t.as(member).get('/api/scan/location')).json()).toEqual({ visible: false, visible_until: null });
  });

  it('counts changes per member', async () => {
    const [a, b] = await t.members(2);
    await turnLocationOn(t, a, PLACES.berlin);
    await turnLocationOn(t, b, PLACES.berlin);
    expect((await t.as(a).put('/api/scan/location', PLACES.hamburg)).statusCode).toBe(429);
  });
});
