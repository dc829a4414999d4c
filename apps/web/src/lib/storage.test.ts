import { describe, expect, it } from 'vitest';
import { clearSession, readToken, rememberEmail, readRememberedEmail } from './storage';

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
    localStorage.setItem('USER_TOKEN', 't');
    rememberEmail('ada@example.com');
    clearSession();
    expect(readToken()).toBeNull();
    expect(readRememberedEmail()).toBe('ada@example.com');
    expect(JSON.stringify({ ...localStorage, ...sessionStorage })).not.toMatch(/password/i);
  });
});
