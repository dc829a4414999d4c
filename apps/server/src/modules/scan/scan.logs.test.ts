import { Writable } from 'node:stream';
import { expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/harness.ts';
import { registerUser } from '../../../test/support/factories.ts';

const lines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});
const t = useTestApp({ LOG_LEVEL: 'trace' }, { logStream });

it('writes no coordinate to the log, even at the most verbose level and for refused input', async () => {
  const member = await registerUser(t);
  const send = (method: 'PUT' | 'POST', url: string, payload: object) => t.app.inject({ method, url, payload, headers: member.auth });
  // Not set up: refused (403) after the body was read.
  expect((await send('PUT', '/api/scan/location', { lat: 48.85661, lng: 2.35222 })).statusCode).toBe(403);
  expect((await send('PUT', '/api/scan/location', { lat: 48.85661, lng: 222.35222 })).statusCode).toBe(400);
  expect((await send('POST', '/api/scan', { radius: '50km', near: { lat: 48.85661, lng: 2.35222 } })).statusCode).toBe(200);

  const logged = lines.join('');
  expect(logged).toContain('/api/scan');
  expect(logged).not.toContain('48.85661');
  expect(logged).not.toContain('2.35222');
});
