import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sessions } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
const lines: string[] = [];

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream });
});
afterAll(async () => t?.close());

it('logs a failed query without the values it carried (hashes, emails, message texts)', async () => {
  const secret = 'token-hash-that-must-stay-private';
  // A real failure from the database: a session for a member who does not exist.
  const error = await t.db
    .insert(sessions)
    .values({ userId: 2_000_000_000, tokenHash: secret, expiresAt: new Date() })
    .then(
      () => null,
      (e: unknown) => e,
    );
  expect(error).toBeInstanceOf(Error);

  t.app.log.error({ err: error }, 'request failed');

  const logged = lines.join('');
  expect(logged).toContain('request failed');
  // Still useful to whoever reads the log: which statement failed and why.
  expect(logged).toContain('insert into \\"sessions\\"');
  expect(logged).toContain('foreign key');
  expect(logged).not.toContain(secret);
});
