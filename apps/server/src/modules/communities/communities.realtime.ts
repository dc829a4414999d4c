import type { CommunityOnline, ServerToClientEvents } from '@tribeverse/shared';
import type { ChatNamespace } from '../../realtime/io.ts';
import { userRoom } from '../../realtime/rooms.ts';
import type { UserRow } from './community-members.repository.ts';

/** Every socket of every member of a community is in its room: a message is broadcast once, to the room. */
export const communityRoom = (communityId: number) => `community:${communityId}`;
const ROOM = /^community:(\d+)$/;
const AVATARS = 5;

type Event = keyof ServerToClientEvents;
type Payload<E extends Event> = Parameters<ServerToClientEvents[E]>[0];

/**
 * The community's sockets: events to rooms, members' sockets in and out of rooms, and the count of members
 * connected. Everything goes through socket.io's adapter, so with Redis it spans every process of the deployment.
 */
export class CommunityRealtime {
  private readonly pending = new Map<number, { users: Set<number>; sockets: Set<string> }>();
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly ns: ChatNamespace,
    private readonly findUsers: (ids: number[]) => Promise<UserRow[]>,
    private readonly onError: (error: unknown) => void,
    /** Connects and disconnects within this window are counted once. */
    private readonly coalesceMs = 50,
  ) {}

  /** `exceptSocket`: a socket that has the payload already (in the answer to its own request) and is skipped. */
  toRoom<E extends Event>(communityId: number, event: E, payload: Payload<E>, exceptSocket?: string) {
    const room = this.ns.to(communityRoom(communityId));
    ((exceptSocket ? room.except(exceptSocket) : room).emit as (e: E, p: Payload<E>) => void)(event, payload);
  }

  toUser<E extends Event>(userId: number, event: E, payload: Payload<E>) {
    (this.ns.to(userRoom(userId)).emit as (e: E, p: Payload<E>) => void)(event, payload);
  }

  /**
   * The member's open sockets (on any process) join or leave the room. The fetchSockets() after it is a barrier:
   * it answers only once every process has handled the move, so when this resolves a removed member receives
   * nothing more from the room.
   */
  async move(userId: number, communityId: number, join: boolean) {
    const sockets = this.ns.in(userRoom(userId));
    if (join) sockets.socketsJoin(communityRoom(communityId));
    else sockets.socketsLeave(communityRoom(communityId));
    await this.ns
      .in(userRoom(userId))
      .fetchSockets()
      .catch(() => undefined);
    this.changed([communityId], userId);
  }

  /** Everyone leaves the room (the community is deleted). */
  async closeRoom(communityId: number) {
    this.ns.in(communityRoom(communityId)).socketsLeave(communityRoom(communityId));
  }

  /** Members connected now per community, counted once per member however many tabs they have open. */
  async onlineCounts(communityIds: number[]): Promise<Map<number, number>> {
    const byCommunity = new Map<number, Set<number>>(communityIds.map((id) => [id, new Set()]));
    if (!communityIds.length) return new Map();
    try {
      const sockets = await this.ns.in(communityIds.map(communityRoom)).fetchSockets();
      for (const socket of sockets)
        for (const room of socket.rooms) {
          const id = Number(ROOM.exec(room)?.[1]);
          byCommunity.get(id)?.add(socket.data.userId);
        }
    } catch (error) {
      // Another process did not answer in time: show what is known rather than fail the request.
      this.onError(error);
    }
    return new Map([...byCommunity].map(([id, set]) => [id, set.size]));
  }

  /** The header's view: the count and the first five members connected (by id, so the avatars do not jump). */
  async online(communityId: number): Promise<CommunityOnline & { ids: number[]; sockets: number[] }> {
    const sockets = (await this.ns.in(communityRoom(communityId)).fetchSockets()).map((s) => s.data.userId);
    const ids = [...new Set(sockets)].sort((a, b) => a - b);
    const users = new Map((await this.findUsers(ids.slice(0, AVATARS))).map((u) => [u.id, u]));
    return {
      community_id: communityId,
      online_count: ids.length,
      online: ids
        .slice(0, AVATARS)
        .map((id) => ({ id, name: users.get(id)?.fullName ?? null, avatar: users.get(id)?.profilePicture ?? null })),
      ids,
      sockets,
    };
  }

  /**
   * A member's socket came or went in these communities: recount them shortly (a burst of connects is one recount)
   * and tell the room when a member was their first or last socket there, i.e. when the count changed. A socket
   * that just connected (`socketId`) gets the current view either way, so every tab starts with the header filled.
   */
  changed(communityIds: number[], userId: number, socketId?: string) {
    for (const id of communityIds) {
      const entry = this.pending.get(id) ?? { users: new Set<number>(), sockets: new Set<string>() };
      entry.users.add(userId);
      if (socketId) entry.sockets.add(socketId);
      this.pending.set(id, entry);
    }
    // Stopped: the sockets closing at shutdown must not start a count that would run after Redis has gone.
    if (!this.stopped) this.timer ??= setTimeout(() => void this.flush(), this.coalesceMs);
  }

  private async flush() {
    this.timer = null;
    const batch = [...this.pending];
    this.pending.clear();
    await Promise.all(
      batch.map(async ([communityId, { users, sockets }]) => {
        try {
          const view = await this.online(communityId);
          const perUser = new Map<number, number>();
          for (const id of view.sockets) perUser.set(id, (perUser.get(id) ?? 0) + 1);
          const { ids: _ids, sockets: _sockets, ...event } = view;
          // A second tab opening or closing leaves the count as it was: only the new tab needs the view.
          const unchanged = [...users].every((u) => (perUser.get(u) ?? 0) > 1);
          if (!unchanged) this.toRoom(communityId, 'community:online', event);
          else if (sockets.size) this.ns.to([...sockets]).emit('community:online', event);
        } catch (error) {
          this.onError(error);
        }
      }),
    );
  }

  stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending.clear();
  }
}
