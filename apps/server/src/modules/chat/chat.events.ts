import type { ServerToClientEvents } from '@tribeverse/shared';
import type { ChatNamespace } from '../../realtime/io.ts';
import { userRoom } from '../../realtime/rooms.ts';

type EventName = keyof ServerToClientEvents;
type Payload<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];

/** Chat events go to members' own rooms only; services call these after the write committed. */
export class ChatEvents {
  constructor(private readonly chat: ChatNamespace) {}

  toUsers<E extends EventName>(userIds: number[], event: E, payload: Payload<E>) {
    if (!userIds.length) return;
    this.chat.to(userIds.map(userRoom)).emit(event, ...([payload] as Parameters<ServerToClientEvents[E]>));
  }

  toUser<E extends EventName>(userId: number, event: E, payload: Payload<E>) {
    this.toUsers([userId], event, payload);
  }

  toPair<E extends EventName>(a: number, b: number, event: E, payload: Payload<E>) {
    this.toUsers([a, b], event, payload);
  }
}
