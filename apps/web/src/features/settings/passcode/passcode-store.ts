import { useMemo, useSyncExternalStore } from 'react';
import { passcodeKey } from '../../../lib/storage';
import { hashPasscode, verifyPasscode, type PasscodeHash } from './passcode-hash';

export const AUTO_LOCK_OPTIONS = [
  { ms: 60_000, label: '1 minute' },
  { ms: 5 * 60_000, label: '5 minutes' },
  { ms: 60 * 60_000, label: '1 hour' },
  { ms: 5 * 60 * 60_000, label: '5 hours' },
] as const;
export const DEFAULT_AUTO_LOCK_MS = 60 * 60_000;
/** After this many wrong passcodes in a row, each further try waits WAIT_MS. */
export const MAX_TRIES = 5;
export const WAIT_MS = 30_000;

export interface PasscodeRecord extends PasscodeHash {
  autoLockMs: number;
  /** Wrong passcodes in a row; kept here so a reload does not reset the count or the wait. */
  failures: number;
  /** Epoch ms before which no passcode is checked; 0 when there is no wait. */
  retryAt: number;
}

type MemberId = string | number;

// Writes in this tab notify through this set; other tabs' writes arrive as 'storage' events.
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

function parse(raw: string | null): PasscodeRecord | null {
  if (!raw) return null;
  try {
    const r = JSON.parse(raw) as Partial<PasscodeRecord>;
    if (typeof r.salt !== 'string' || typeof r.hash !== 'string' || typeof r.iterations !== 'number') return null;
    return {
      salt: r.salt,
      hash: r.hash,
      iterations: r.iterations,
      autoLockMs: AUTO_LOCK_OPTIONS.some((o) => o.ms === r.autoLockMs) ? r.autoLockMs! : DEFAULT_AUTO_LOCK_MS,
      failures: typeof r.failures === 'number' ? r.failures : 0,
      retryAt: typeof r.retryAt === 'number' ? r.retryAt : 0,
    };
  } catch {
    return null;
  }
}

export const readPasscode = (memberId: MemberId): PasscodeRecord | null => parse(localStorage.getItem(passcodeKey(memberId)));

function write(memberId: MemberId, record: PasscodeRecord) {
  localStorage.setItem(passcodeKey(memberId), JSON.stringify(record));
  notify();
}

/** Sets or replaces the passcode; the auto-lock choice already made is kept. */
export async function setPasscode(memberId: MemberId, code: string) {
  const hash = await hashPasscode(code);
  const autoLockMs = readPasscode(memberId)?.autoLockMs ?? DEFAULT_AUTO_LOCK_MS;
  write(memberId, { ...hash, autoLockMs, failures: 0, retryAt: 0 });
}

export function removePasscode(memberId: MemberId) {
  localStorage.removeItem(passcodeKey(memberId));
  notify();
}

export function setAutoLock(memberId: MemberId, autoLockMs: number) {
  const record = readPasscode(memberId);
  if (record) write(memberId, { ...record, autoLockMs });
}

export type PasscodeCheck = { ok: true } | { ok: false; waiting: boolean; retryAt: number };

/**
 * Checks a passcode against the stored hash, counting wrong tries in a row. Every check (the lock screen, turning
 * the lock off, changing it) shares the count, so none of them is a way round the wait.
 */
export async function tryPasscode(memberId: MemberId, code: string): Promise<PasscodeCheck> {
  const record = readPasscode(memberId);
  if (!record) return { ok: true };
  if (record.retryAt > Date.now()) return { ok: false, waiting: true, retryAt: record.retryAt };
  const ok = await verifyPasscode(code, record);
  const latest = readPasscode(memberId);
  if (!latest) return { ok: true };
  if (ok) {
    write(memberId, { ...latest, failures: 0, retryAt: 0 });
    return { ok: true };
  }
  const failures = latest.failures + 1;
  const retryAt = failures >= MAX_TRIES ? Date.now() + WAIT_MS : 0;
  write(memberId, { ...latest, failures, retryAt });
  return { ok: false, waiting: false, retryAt };
}

/** The member's passcode record, kept current across this tab and others. */
export function usePasscode(memberId: MemberId | undefined): PasscodeRecord | null {
  const raw = useSyncExternalStore(
    subscribe,
    () => (memberId === undefined ? null : localStorage.getItem(passcodeKey(memberId))),
    () => null,
  );
  return useMemo(() => parse(raw), [raw]);
}
