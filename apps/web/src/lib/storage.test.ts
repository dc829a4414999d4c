import { describe, expect, it } from 'vitest';
import type { User } from '@tribeverse/shared';
import { clearSession, readToken, rememberEmail, readRememberedEmail, storeUser } from './storage';

const entries = (storage: Storage) =>
  Object.fromEntries(Array.from({ length: storage.length }, (_, i) => storage.key(i)!).map((key) => [key, storage.getItem(key)]));

describe('token storage', () => {
  it('looks the token up under the spec keys in order', () => {
    localStorage.setItem('jwt', 'from-jwt');
    expect(readToken()).toBe('from-jwt');
    localStorage.setItem('token', 'from-token');
    expect(readToken()).toBe('from-token');
    localStorage.setItem('USER_TOKEN', 'from-user-token');
    expect(readToken()).toBe('from-user-token');
  });

  it('keeps a remembered email (never a password) when a session ends', () => {
    localStorage.clear();
    sessionStorage.clear();
    localStorage.setItem('USER_TOKEN', 't');
    storeUser({ id: 1, email: 'ada@example.com' } as User);
    rememberEmail('ada@example.com');
    clearSession();
    expect(readToken()).toBeNull();
    expect(readRememberedEmail()).toBe('ada@example.com');
    // Everything left in browser storage, entry by entry: the email and the remember flag, nothing else.
    expect(entries(localStorage)).toEqual({ REMEMBERED_EMAIL: 'ada@example.com' });
    expect(entries(sessionStorage)).toEqual({ REMEMBER_ME: 'true' });
  });
});
