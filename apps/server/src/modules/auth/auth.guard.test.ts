import { ErrorCode } from '@tribeverse/shared';
import { describe, expect, it } from 'vitest';
import type { AuthIdentity } from '../../http/route-kit.ts';
import type { WriterStatus } from '../users/users.service.ts';
import { createProfileGate } from './auth.guard.ts';

const WRITER: WriterStatus = { isConfirmed: true, profileCompletedAt: new Date('2024-01-01T00:00:00Z') };
const NO_PROFILE: WriterStatus = { isConfirmed: true, profileCompletedAt: null };

/** An in-memory members' store: each member's status, every lookup counted, each answered when released. */
function members(statuses: Record<number, WriterStatus>) {
  const lookups: number[] = [];
  const waiting: Array<() => void> = [];
  return {
    lookups,
    statuses,
    /** Answers every lookup under way. */
    release() {
      for (const answer of waiting.splice(0)) answer();
    },
    findWriterStatus(id: number): Promise<WriterStatus | null> {
      lookups.push(id);
      return new Promise((resolve) => waiting.push(() => resolve(statuses[id] ?? null)));
    },
  };
}

const identity = (userId: number, knownWriter: boolean): AuthIdentity => ({
  userId,
  sessionId: 1,
  signedInAt: new Date(),
  endsAt: new Date(Date.now() + 60_000),
  knownWriter,
});

describe('the profile gate', () => {
  it('passes a member known to be a writer at once, with no lookup and nothing to await', () => {
    const store = members({ 1: WRITER });
    const gate = createProfileGate(store);
    gate.seen(identity(1, true));
    expect(gate.check(1)).toBeUndefined();
    expect(store.lookups).toEqual([]);
  });

  it('shares one lookup among the calls made while it runs, which settle in the order they were made', async () => {
    const store = members({ 1: WRITER });
    const gate = createProfileGate(store);
    const first = gate.check(1);
    const second = gate.check(1);
    expect(first).toBeInstanceOf(Promise);
    expect(second).toBe(first);
    expect(store.lookups).toEqual([1]);
    const order: string[] = [];
    const done = Promise.all([first?.then(() => order.push('first')), second?.then(() => order.push('second'))]);
    store.release();
    await done;
    expect(order).toEqual(['first', 'second']);
  });

  it('asks again on the next call after refusing a member, who may have finished onboarding since', async () => {
    const store = members({ 1: NO_PROFILE });
    const gate = createProfileGate(store);
    const refused = gate.check(1);
    store.release();
    await expect(refused).rejects.toMatchObject({ code: ErrorCode.PROFILE_INCOMPLETE });

    store.statuses[1] = WRITER;
    const again = gate.check(1);
    expect(again).toBeInstanceOf(Promise);
    expect(store.lookups).toEqual([1, 1]);
    store.release();
    await expect(again).resolves.toBeUndefined();
  });

  it('refuses a member with no confirmed email, and one the store does not know', async () => {
    const store = members({ 1: { isConfirmed: false, profileCompletedAt: new Date() } });
    const gate = createProfileGate(store);
    const unconfirmed = gate.check(1);
    const unknown = gate.check(2);
    store.release();
    await expect(unconfirmed).rejects.toMatchObject({ code: ErrorCode.EMAIL_NOT_CONFIRMED });
    await expect(unknown).rejects.toMatchObject({ code: ErrorCode.EMAIL_NOT_CONFIRMED });
  });

  it('knows a writer found by a lookup from then on, for sockets and for assertProfileSet alike', async () => {
    const store = members({ 1: WRITER });
    const gate = createProfileGate(store);
    const lookup = gate.assertProfileSet(1);
    store.release();
    await lookup;
    expect(gate.check(1)).toBeUndefined();
    await gate.assertProfileSet(1);
    expect(store.lookups).toEqual([1]);
  });
});
