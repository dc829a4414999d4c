import { CallErrorCode } from '@tribeverse/shared';
import { AppError } from '../../lib/errors.ts';
import type { CallRow } from './calls.repository.ts';

/** Anything about a call that is not the caller's to touch, or is over: the same answer, so nothing leaks. */
export const callGone = () => new AppError(404, CallErrorCode.GONE, 'This call has ended.');
export const callBusy = () => new AppError(409, CallErrorCode.BUSY, 'This member is in another call.');
export const selfBusy = () => new AppError(409, CallErrorCode.BUSY, 'You are in another call. Hang up first.');

export const isParty = (call: CallRow, me: number) => call.callerId === me || call.calleeId === me;

/** Only the callee answers or declines, and only while it rings. */
export function assertMayAnswer(call: CallRow | null, me: number): asserts call is CallRow {
  if (!call || call.calleeId !== me || call.state !== 'ringing') throw callGone();
}

/** Either party hangs up while the call rings or runs. */
export function assertMayHangUp(call: CallRow | null, me: number): asserts call is CallRow {
  if (!call || !isParty(call, me) || (call.state !== 'ringing' && call.state !== 'active')) throw callGone();
}

/**
 * Where a party's signal goes: the other party's socket in the call. Only from the socket that is in the call itself
 * (the caller's before an answer may send its offer early; the callee's other tabs may not take part).
 */
export function signalTarget(call: CallRow | null, me: number, socketId: string): string {
  if (!call || !isParty(call, me) || call.state !== 'active') throw callGone();
  if (call.callerId === me && call.callerSocket === socketId) return call.calleeSocket!;
  if (call.calleeId === me && call.calleeSocket === socketId) return call.callerSocket;
  throw callGone();
}

/** A party takes up their call again on a new socket only while it runs. */
export function assertMayResume(call: CallRow | null, me: number): asserts call is CallRow {
  if (!call || !isParty(call, me) || call.state !== 'active') throw callGone();
}

/** The socket of the party other than `me`, in a call that was answered. */
export const otherSocket = (call: CallRow, me: number) => (call.callerId === me ? call.calleeSocket! : call.callerSocket);
