import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/harness.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';
const t = useTestApp({ METRICS_TOKEN: TOKEN }, { listen: true });

const scrape = (headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress });

/** The value of one sample line (`name{labels} value`), 0 when the line is not there yet. */
const sample = (text: string, line: string) => {
  const found = text.split('\n').find((l) => l.startsWith(line + ' '));
  return found ? Number(found.slice(line.length + 1)) : 0;
};

describe('GET /metrics: who may read it', () => {
  it('is served to the machine itself, not forwarded', async () => {
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('is 404 to another address and through a proxy, without the token or with a wrong one', async () => {
    const remote = await scrape({}, '10.1.2.3');
    expect(remote.statusCode).toBe(404);
    expect(remote.json()).toEqual({ code: 'NOT_FOUND', msg: 'Not found.' });
    expect((await scrape({ 'x-forwarded-for': '203.0.113.5' })).statusCode).toBe(404);
    expect((await scrape({ forwarded: 'for=203.0.113.5' })).statusCode).toBe(404);
    expect((await scrape({ authorization: `Bearer ${TOKEN}x` }, '10.1.2.3')).statusCode).toBe(404);
    expect((await scrape({ authorization: `Bearer ${TOKEN.slice(0, -1)}` }, '10.1.2.3')).statusCode).toBe(404);
    expect((await scrape({ authorization: TOKEN }, '10.1.2.3')).statusCode).toBe(404);
  });

  it('is served to anyone with METRICS_TOKEN as a bearer', async () => {
    const res = await scrape({ authorization: `Bearer ${TOKEN}`, 'x-forwarded-for': '203.0.113.5' }, '10.1.2.3');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('# TYPE http_request_duration_seconds histogram');
  });
});

describe('GET /metrics: what it tells', () => {
  it('counts messages sent, private and in communities, once each (a retry is not a new message)', async () => {
    const [ann, bob] = await t.members(2);
    const before = (await scrape()).body;
    const retryId = crypto.randomUUID();
    const first = await t.as(ann).post('/api/chat/send', { peer_id: bob.id, text: 'hello', client_id: retryId });
    expect(first.statusCode).toBe(201);
    expect((await t.as(ann).post('/api/chat/send', { peer_id: bob.id, text: 'hello', client_id: retryId })).statusCode).toBe(201);
    const community = (await t.as(ann).post('/api/communities', { name: `Club ${crypto.randomUUID().slice(0, 8)}` })).json();
    expect((await t.as(ann).post(`/api/communities/${community.id}/send`, { text: 'hi all' })).statusCode).toBe(201);
    const after = (await scrape()).body;
    const line = (kind: string) => `tribeverse_messages_sent_total{kind="${kind}"}`;
    expect(sample(after, line('private')) - sample(before, line('private'))).toBe(1);
    expect(sample(after, line('community')) - sample(before, line('community'))).toBe(1);
  });

  it('labels HTTP requests by route pattern and status, never by the raw URL', async () => {
    const [ann, bob] = await t.members(2);
    expect((await t.as(ann).get(`/api/chat/messages?peer_id=${bob.id}&limit=5`)).statusCode).toBe(200);
    expect((await t.as(ann).patch('/api/chat/messages/987654321', { text: 'x' })).statusCode).toBe(404);
    expect((await t.as(ann).get('/api/no-such-route-4242')).statusCode).toBe(404);
    const text = (await scrape()).body;
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/chat\/messages",status_code="200"\} [1-9]/);
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="PATCH",route="\/api\/chat\/messages\/:id",status_code="404"\} [1-9]/,
    );
    expect(text).not.toContain('peer_id');
    expect(text).not.toContain('987654321');
    expect(text).not.toContain('no-such-route-4242');
  });

  it('tells sockets connected, the database pool, event-loop delay and memory', async () => {
    const ann = await t.member();
    const socket = await t.socket(ann);
    try {
      const text = (await scrape()).body;
      expect(sample(text, 'tribeverse_sockets_connected')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'tribeverse_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
      expect(text).toContain('tribeverse_db_pool_connections{state="idle"}');
      expect(text).toContain('tribeverse_db_pool_connections{state="waiting"}');
      expect(text).toContain('nodejs_eventloop_lag_p99_seconds');
      expect(text).toContain('process_resident_memory_bytes');
    } finally {
      socket.socket.disconnect();
    }
    await expect.poll(async () => sample((await scrape()).body, 'tribeverse_sockets_connected')).toBe(0);
  });
});
