import type { CallLine } from '@tribeverse/shared';

/**
 * The line a call left in a direct chat (modules/calls stores it as the message's `system`): the call it records, as
 * `{ call }` to spread into a presented message, or nothing for any other message.
 */
export function callLineOf(system: unknown): { call?: CallLine } {
  const line = system as { event?: string; call?: CallLine } | null;
  return line?.event === 'call' && line.call ? { call: line.call } : {};
}
