import type { Call, CallEndedEvent, CallResumedEvent, CallSignal } from '@tribeverse/shared';
import type { ChatNamespace } from '../../realtime/io.ts';
import { userRoom } from '../../realtime/rooms.ts';

/**
 * Where call events go. A member's room reaches every tab and device of theirs; a socket's id is a room of its own,
 * which reaches that one tab. With REDIS_URL the adapter carries both to whichever process holds the sockets.
 */
export class CallEvents {
  constructor(private readonly chat: ChatNamespace) {}

  /** Rings every socket of the callee (web push hears it too, for a callee with none connected). */
  incoming(call: Call) {
    this.chat.to(userRoom(call.callee.id)).emit('call:incoming', call);
  }

  /** The caller's tab in the call learns of the answer; the callee's other tabs stop ringing. */
  accepted(call: Call, callerSocket: string, calleeSocket: string) {
    this.chat.to(callerSocket).emit('call:accepted', { call });
    this.chat.to(userRoom(call.callee.id)).except(calleeSocket).emit('call:accepted', { call });
  }

  ended(callerId: number, calleeId: number, event: CallEndedEvent) {
    this.chat.to([userRoom(callerId), userRoom(calleeId)]).emit('call:ended', event);
  }

  /** Only the other party's socket in the call: the one that may need to renegotiate. */
  resumed(toSocket: string, event: CallResumedEvent) {
    this.chat.to(toSocket).emit('call:resumed', event);
  }

  signal(toSocket: string, signal: CallSignal) {
    this.chat.to(toSocket).emit('call:signal', signal);
  }
}
