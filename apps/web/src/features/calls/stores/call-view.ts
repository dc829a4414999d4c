import type { Call, CallEnding, CallMedia, ChatUser } from '@tribeverse/shared';

/**
 * What this tab shows of a call. `outgoing`: ringing the other person; `incoming`: being rung; `connecting`: answered,
 * media not flowing yet; `active`: talking; `over`: how it ended, shown for a moment.
 */
export type CallPhase = 'idle' | 'outgoing' | 'incoming' | 'connecting' | 'active' | 'over';

export interface CallView {
  phase: CallPhase;
  call: Call | null;
  peer: ChatUser | null;
  media: CallMedia;
  muted: boolean;
  cameraOff: boolean;
  /** When media started flowing here (for the duration shown). */
  since: number | null;
  /** The call is on, but this tab's socket or the media path is away for now: the call waits for it to come back. */
  reconnecting: boolean;
  ending: CallEnding | 'failed' | null;
  /** Why a call could not start (no microphone, not allowed to message them). */
  problem: string | null;
  local: MediaStream | null;
  remote: MediaStream | null;
}

/** No call: what a tab shows between calls. */
export const idleCall: CallView = {
  phase: 'idle',
  call: null,
  peer: null,
  media: 'audio',
  muted: false,
  cameraOff: false,
  since: null,
  reconnecting: false,
  ending: null,
  problem: null,
  local: null,
  remote: null,
};
