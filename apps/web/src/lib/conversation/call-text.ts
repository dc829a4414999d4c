import type { CallLine } from '@tribeverse/shared';

/** m:ss (h:mm:ss past an hour) of a call's length. */
export function callLength(seconds: number) {
  const mm = Math.floor((seconds % 3600) / 60);
  const ss = String(seconds % 60).padStart(2, '0');
  return seconds >= 3600 ? `${Math.floor(seconds / 3600)}:${String(mm).padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
}

/**
 * A call's line in a direct chat, worded for whoever reads it (`mine`: they made the call). The callee of a call they
 * never took sees it missed; the caller sees why it did not go through.
 */
export function callText(call: CallLine, mine: boolean): string {
  const kind = call.media === 'video' ? 'Video call' : 'Voice call';
  if (call.outcome === 'completed') return `${kind} · ${callLength(call.duration ?? 0)}`;
  if (!mine) return call.outcome === 'declined' ? `${kind} · Declined` : `Missed ${kind.toLowerCase()}`;
  return `${kind} · ${{ missed: 'No answer', declined: 'Declined', busy: 'Busy' }[call.outcome]}`;
}
