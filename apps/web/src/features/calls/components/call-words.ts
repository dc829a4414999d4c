import type { ChatUser } from '@tribeverse/shared';
import type { CallView } from '../stores/call-engine';

export const callerName = (peer: ChatUser | null) => peer?.name || peer?.username || 'Someone';

/** The line under the name while ringing, connecting or reconnecting, and how a call that is over ended. */
export function statusWords(view: CallView): string {
  if (view.reconnecting && (view.phase === 'connecting' || view.phase === 'active')) return 'Reconnecting…';
  switch (view.phase) {
    case 'outgoing':
      return view.call ? 'Ringing…' : 'Calling…';
    case 'connecting':
      return 'Connecting…';
    case 'over':
      // A call that never went through says why in the server's words (who is busy, who may not be called).
      if (view.problem) return view.problem;
      return { ended: 'Call ended', declined: 'Declined', missed: 'No answer', busy: 'Busy: in another call', failed: 'Call failed' }[
        view.ending ?? 'ended'
      ];
    default:
      return '';
  }
}
