import type { ServerToClientEvents } from '@tribeverse/shared';
import type { ChatNamespace } from '../../realtime/io.ts';
import { presenceRoom, userRoom } from '../../realtime/rooms.ts';

type EventName = keyof ServerToClientEvents;
type Payload<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];

/** Chat events go to members' own rooms only; services call these after the write committed. */
export class ChatEvents {
  constructor(private readonly chat: ChatNamespace) {}

  /** `exceptSocket`: a socket that has the payload already (in the answer to its own request) and is skipped. */
  toUsers<E extends EventName>(userIds: number[], event: E, payload: Payload<E>, exceptSocket?: string) {
    if (!userIds.length) return;
    const rooms = this.chat.to(userIds.map(userRoom));
    (exceptSocket ? rooms.except(exceptSocket) : rooms).emit(event, ...([payload] as Parameters<ServerToClientEvents[E]>));
  }

  toUser<E extends EventName>(userId: number, event: E, payload: Payload<E>) {
    this.toUsers([userId], event, payload);
  }

  toPair<E extends EventName>(a: number, b: number, event: E, payload: Payload<E>, exceptSocket?: string) {
    this.toUsers([a, b], event, payload, exceptSocket);
  }

  /** A member's presence: to the people they talk with and to the sockets watching them, never across a block. */
  presence(payload: Payload<'presence:update'>, partnerIds: number[], blockedIds: number[]) {
    const rooms = [...partnerIds.map(userRoom), presenceRoom(payload.user_id)];
    const target = blockedIds.length ? this.chat.to(rooms).except(blockedIds.map(userRoom)) : this.chat.to(rooms);
    target.emit('presence:update', payload);
  }

  /** A presence payload meant for these members only (their every socket). */
  presenceTo(userIds: number[], payload: Payload<'presence:update'>) {
    this.toUsers(userIds, 'presence:update', payload);
  }

  /** The members with this member's chat open, on any process. */
  async watcherIds(userId: number): Promise<number[]> {
    const sockets = await this.chat.in(presenceRoom(userId)).fetchSockets();
    return [...new Set(sockets.map((s) => s.data.userId))];
  }

  /** After a block, neither member's open chat keeps hearing of the other's presence. */
  unwatchEachOther(a: number, b: number) {
    this.chat.in(userRoom(a)).socketsLeave(presenceRoom(b));
    this.chat.in(userRoom(b)).socketsLeave(presenceRoom(a));
  }
}
