import { expect } from 'vitest';
import { readToken } from '../../../lib/storage';
import type { Answer } from '../../../test-fetch';

/** The server's answer to a second step it takes: Ada's session. */
export const SIGNED_IN: Answer = [200, { access_token: 'session-token', user: { id: 1, email: 'ada@example.com' } }];

/** The last call sent `code` for the test challenge ('challenge-1'), and its session is the one stored. */
export function expectSignedInWith(calls: Array<{ method: string; path: string; body: unknown }>, code: string) {
  expect(calls.at(-1)).toEqual({ method: 'POST', path: '/api/auth/two-step/verify', body: { challenge_token: 'challenge-1', code } });
  expect(readToken()).toBe('session-token');
}
