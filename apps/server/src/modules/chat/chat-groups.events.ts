import type { Group, ServerToClientEvents } from '@tribeverse/shared';
import type { ChatNamespace } from '../../realtime/io.ts';
import { userRoom } from '../../realtime/rooms.ts';

/** Every socket of every current member of a group is in its room: a group's events are broadcast once, to the room. */
export const groupRoom = (groupId: number) => `group:${groupId}`;

type Event = keyof ServerToClientEvents;
type Payload<E extends Event> = Parameters<ServerToClientEvents[E]>[0];

/**
 * Where group events go, and members' sockets in and out of group rooms. Everything goes through socket.io's
 * adapter, so with Redis it spans every process of the deployment. Services call these after the write committed.
 */
export class GroupEvents {
  constructor(private readonly ns: ChatNamespace) {}

  /**
   * To the group's room. `except.socket`: the socket that has the payload already (in the answer to its own request);
   * `except.user`: every socket of a member (their own typing).
   */
  toGroup<E extends Event>(groupId: number, event: E, payload: Payload<E>, except: { socket?: string; user?: number } = {}) {
    const skip = [except.socket, except.user === undefined ? undefined : userRoom(except.user)].filter((s): s is string => !!s);
    const room = this.ns.to(groupRoom(groupId));
    ((skip.length ? room.except(skip) : room).emit as (e: E, p: Payload<E>) => void)(event, payload);
  }

  toUsers<E extends Event>(userIds: number[], event: E, payload: Payload<E>) {
    if (!userIds.length) return;
    (this.ns.to(userIds.map(userRoom)).emit as (e: E, p: Payload<E>) => void)(event, payload);
  }

  /**
   * The group as each member sees it (their `my_role`), to the sockets of its current members: admins get one copy,
   * everyone else the other.
   */
  changed(members: Array<{ id: number; role: 'admin' | 'member' }>, view: (role: 'admin' | 'member') => Group) {
    for (const role of ['admin', 'member'] as const) {
      const ids = members.filter((m) => m.role === role).map((m) => m.id);
      if (ids.length) this.toUsers(ids, 'group:updated', { group: view(role) });
    }
  }

  /**
   * These members' open sockets (on any process) join or leave the group's room. The fetchSockets() after it is a
   * barrier: it answers only once every process has handled the move, so when this resolves a removed member's
   * sockets receive nothing more from the room, and an added member's hear what is said next.
   */
  async move(userIds: number[], groupId: number, join: boolean) {
    if (!userIds.length) return;
    const rooms = userIds.map(userRoom);
    if (join) this.ns.in(rooms).socketsJoin(groupRoom(groupId));
    else this.ns.in(rooms).socketsLeave(groupRoom(groupId));
    await this.ns
      .in(rooms)
      .fetchSockets()
      .catch(() => undefined);
  }

  /** Everyone leaves the room (the group is gone). */
  closeRoom(groupId: number) {
    this.ns.in(groupRoom(groupId)).socketsLeave(groupRoom(groupId));
  }
}
