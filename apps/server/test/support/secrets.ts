import { afterAll, beforeAll, expect } from 'vitest';
import type { TestApp } from './test-app.ts';

/**
 * Records every response body of this test app, so a file can assert at the end that no password hash and no
 * mailed code ever left the server.
 */
export function watchForSecrets(t: TestApp) {
  const bodies: string[] = [];
  const inject = t.app.inject.bind(t.app) as (opts: object) => Promise<{ body: string; headers: Record<string, unknown> }>;
  (t.app as unknown as { inject: typeof inject }).inject = async (opts: object) => {
    const res = await inject(opts);
    bodies.push(res.body, String(res.headers.location ?? ''));
    return res;
  };
  return {
    assertNoneLeaked() {
      const codes = t.mail.mails.flatMap((m) => [...(/\b\d{6}\b/.exec(m.text) ?? [])]);
      expect(bodies.length).toBeGreaterThan(0);
      for (const body of bodies) {
        expect(body).not.toMatch(/\$argon2|password_?hash|code_?hash|token_?hash/i);
        // A code could only appear as its own value: random tokens are base64url, so check the boundaries.
        for (const code of codes) expect(body).not.toMatch(new RegExp(`(?<![A-Za-z0-9_-])${code}(?![A-Za-z0-9_-])`));
      }
    },
  };
}

/** Watches every response of this file's test app from its first test on, and asserts after the last that none leaked. */
export function useSecretsWatch(t: TestApp) {
  let secrets: ReturnType<typeof watchForSecrets> | undefined;
  beforeAll(() => {
    secrets = watchForSecrets(t);
  });
  afterAll(() => secrets?.assertNoneLeaked());
}
