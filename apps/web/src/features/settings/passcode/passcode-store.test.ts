import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearAllStorage, passcodeKey } from '../../../lib/storage';
import { hashPasscode, PBKDF2_ITERATIONS, verifyPasscode } from './passcode-hash';
import { DEFAULT_AUTO_LOCK_MS, readPasscode, setAutoLock, setPasscode, tryPasscode, WAIT_MS } from './passcode-store';

afterEach(() => vi.useRealTimers());

describe('passcode hash', () => {
  it('is a salted PBKDF2 hash that verifies the right passcode only', async () => {
    const a = await hashPasscode('1234');
    const b = await hashPasscode('1234');
    expect(a.iterations).toBe(PBKDF2_ITERATIONS);
    expect(a.iterations).toBeGreaterThanOrEqual(100_000);
    // A random salt: the same passcode never gives the same stored value twice.
    expect(a.salt).not.toBe(b.salt);
    expect(a.hash).not.toBe(b.hash);
    expect(atob(a.hash)).toHaveLength(32);
    expect(await verifyPasscode('1234', a)).toBe(true);
    expect(await verifyPasscode('1235', a)).toBe(false);
    expect(await verifyPasscode('1234', { ...a, salt: b.salt })).toBe(false);
  });
});

describe('passcode store', { timeout: 20_000 }, () => {
  it("keeps a hash under the member's own key, never the passcode, and logout clears it", async () => {
    await setPasscode(7, '4821');
    const raw = localStorage.getItem(passcodeKey(7))!;
    expect(raw).not.toContain('4821');
    expect(readPasscode(7)).toMatchObject({ autoLockMs: DEFAULT_AUTO_LOCK_MS, failures: 0, retryAt: 0 });
    expect(readPasscode(8)).toBeNull();

    setAutoLock(7, 5 * 60_000);
    await setPasscode(7, '1111');
    expect(readPasscode(7)!.autoLockMs).toBe(5 * 60_000);

    clearAllStorage();
    expect(readPasscode(7)).toBeNull();
  });

  it('makes the member wait 30 s after 5 wrong tries in a row, and again after each further wrong one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await setPasscode(1, '1234');
    for (let i = 1; i < 5; i++) expect(await tryPasscode(1, '0000')).toEqual({ ok: false, waiting: false, retryAt: 0 });
    const fifth = await tryPasscode(1, '0000');
    expect(fifth).toEqual({ ok: false, waiting: false, retryAt: Date.now() + WAIT_MS });
    // During the wait even the right passcode is not checked.
    expect(await tryPasscode(1, '1234')).toMatchObject({ ok: false, waiting: true });

    vi.advanceTimersByTime(WAIT_MS);
    expect(await tryPasscode(1, '0000')).toMatchObject({ ok: false, waiting: false, retryAt: Date.now() + WAIT_MS });
    vi.advanceTimersByTime(WAIT_MS);
    expect(await tryPasscode(1, '1234')).toEqual({ ok: true });
    // The right one starts the count again.
    expect(readPasscode(1)).toMatchObject({ failures: 0, retryAt: 0 });
  });
});
