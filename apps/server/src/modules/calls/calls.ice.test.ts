import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/harness.ts';
import { loadConfig } from '../../lib/env.ts';

const secret = 'a-coturn-static-auth-secret';
const t = useTestApp({
  STUN_URLS: 'stun:turn.example.org:3478',
  TURN_URLS: 'turn:turn.example.org:3478?transport=udp,turns:turn.example.org:5349',
  TURN_SECRET: secret,
  TURN_TTL_SECONDS: '600',
  CALL_RECONNECT_SECONDS: '45',
});

describe('GET /api/calls/ice-servers', () => {
  it('gives STUN, and TURN with short-lived credentials in the coturn REST scheme', async () => {
    const ann = await t.member();
    const before = Math.floor(Date.now() / 1000);
    const res = await t.as(ann).get('/api/calls/ice-servers');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { ice_servers, expires_at, reconnect_seconds } = res.json();
    // How long the server waits for a party whose socket closed: the browser waits for broken media a little longer.
    expect(reconnect_seconds).toBe(45);
    expect(ice_servers[0]).toEqual({ urls: ['stun:turn.example.org:3478'] });
    const turn = ice_servers[1];
    expect(turn.urls).toEqual(['turn:turn.example.org:3478?transport=udp', 'turns:turn.example.org:5349']);
    const [expiry, userId] = turn.username.split(':').map(Number);
    expect(userId).toBe(ann.id);
    expect(expiry).toBeGreaterThanOrEqual(before + 600);
    expect(expiry).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 600);
    expect(new Date(expires_at).getTime()).toBe(expiry * 1000);
    // What coturn computes from its static-auth-secret for this username.
    expect(turn.credential).toBe(crypto.createHmac('sha1', secret).update(turn.username).digest('base64'));
  });

  it('is for members only', async () => {
    expect((await t.as(null).get('/api/calls/ice-servers')).statusCode).toBe(401);
  });

  it('stops start-up when TURN_URLS comes without its secret', () => {
    expect(() => loadConfig({ TURN_URLS: 'turn:turn.example.org:3478' })).toThrow(/^TURN_SECRET/);
    expect(() => loadConfig({ TURN_URLS: 'http://x' })).toThrow(/^TURN_URLS/);
    expect(loadConfig({}).calls).toMatchObject({ stunUrls: [], turnUrls: [], ringSeconds: 45, reconnectSeconds: 20 });
    expect(loadConfig({ CALL_RECONNECT_SECONDS: '5' }).calls.reconnectSeconds).toBe(5);
    expect(() => loadConfig({ CALL_RECONNECT_SECONDS: '0' })).toThrow(/^CALL_RECONNECT_SECONDS/);
  });
});
