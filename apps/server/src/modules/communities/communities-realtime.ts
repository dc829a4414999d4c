import type { CommunityOnline, ServerToClientEvents } from '@tribeverse/shared';
import type { ChatNamespace } from '../../realtime/io.ts';
import { userRoom } from '../../realtime/rooms.ts';
import type { ChatApi } from '../chat/chat.module.ts';
import type { MemberCard } from '../users/users.service.ts';
import { presentOnline } from './communities.presenter.ts';

/** Every socket of every member of a community is in its room: a message is broadcast once, to the room. */
export const communityRoom = (communityId: number) => `community:${communityId}`;
/**
 * The sockets that have the community's chat open now (community:watch): the members chatting, whom
 * community:online counts. Its events still go to the community's room, which every member's socket is in.
 */
export const chatRoom = (communityId: number) => `community:${communityId}:chat`;
const CHAT_ROOM = /^community:(\d+):chat$/;
const AVATARS = 5;

type Event = keyof ServerToClientEvents;
type Payload<E extends Event> = Parameters<ServerToClientEvents[E]>[0];
/** The presence rule (chat's): who may see whose presence. */
type PresenceRule = Pick<ChatApi['presence'], 'among' | 'visibleAmong'>;
type Sight = Awaited<ReturnType<PresenceRule['among']>>;

/** A viewer's view of the room: the members everyone may see (`shared`, by id) and those only this viewer may (`own`). */
function viewOf(shared: number[], own: number[] = []) {
  const first = [...shared.slice(0, AVATARS), ...own].sort((a, b) => a - b).slice(0, AVATARS);
  return { count: shared.length + own.length, first };
}

/**
 * The community's sockets: events to rooms, members' sockets in and out of rooms, and the count of members chatting
 * now (with a socket in the chat's room). Everything goes through socket.io's adapter, so with Redis it spans every
 * process of the deployment.
 */
export class CommunityRealtime {
  /** Per community: members who opened or closed its chat, sockets that need a first view, and whether all must hear. */
  private readonly pending = new Map<number, { users: Set<number>; sockets: Set<string>; all: boolean }>();
  private timer: NodeJS.Timeout | null = null;
  /** The communities whose recount is under way: the next one of each starts when it is out (see flush). */
  private readonly running = new Set<number>();
  private stopped = false;

  constructor(
    private readonly ns: ChatNamespace,
    private readonly findUsers: (ids: number[]) => Promise<MemberCard[]>,
    private readonly presence: PresenceRule,
    private readonly onError: (error: unknown) => void,
    /** Connects and disconnects within this window are counted once. */
    private readonly coalesceMs = 50,
  ) {}

  /**
   * `except`: a socket that has the payload already (in the answer to its own request) and is skipped, or a member
   * whose every socket is (`{ user }`: they are told otherwise).
   */
  toRoom<E extends Event>(communityId: number, event: E, payload: Payload<E>, except?: string | { user: number }) {
    const room = this.ns.to(communityRoom(communityId));
    const skip = typeof except === 'object' ? userRoom(except.user) : except;
    ((skip ? room.except(skip) : room).emit as (e: E, p: Payload<E>) => void)(event, payload);
  }

  toUser<E extends Event>(userId: number, event: E, payload: Payload<E>) {
    (this.ns.to(userRoom(userId)).emit as (e: E, p: Payload<E>) => void)(event, payload);
  }

  /**
   * The member's open sockets (on any process) join or leave the room (leaving, the chat's room too). The
   * fetchSockets() after it is a barrier: it answers only once every process has handled the move, so when this
   * resolves a removed member receives nothing more from the room, and no longer counts among those chatting.
   */
  async move(userId: number, communityId: number, join: boolean) {
    const sockets = this.ns.in(userRoom(userId));
    if (join) sockets.socketsJoin(communityRoom(communityId));
    else sockets.socketsLeave([communityRoom(communityId), chatRoom(communityId)]);
    await this.ns
      .in(userRoom(userId))
      .fetchSockets()
      .catch(() => undefined);
    if (!join) this.changed([communityId], userId);
  }

  /** Everyone leaves the rooms (the community is deleted). */
  async closeRoom(communityId: number) {
    this.ns.in(communityRoom(communityId)).socketsLeave([communityRoom(communityId), chatRoom(communityId)]);
  }

  /** Who has a socket in the room now, with which sockets (on any process). */
  private async roomSockets(room: string): Promise<Map<number, string[]>> {
    const byMember = new Map<number, string[]>();
    for (const socket of await this.ns.in(room).fetchSockets())
      byMember.set(socket.data.userId, [...(byMember.get(socket.data.userId) ?? []), socket.id]);
    return byMember;
  }

  /**
   * Members chatting now per community that `viewerId` may see (the presence rule), counted once per member however
   * many tabs they have the chat open in.
   */
  async onlineCounts(viewerId: number, communityIds: number[]): Promise<Map<number, number>> {
    const byCommunity = new Map<number, Set<number>>(communityIds.map((id) => [id, new Set()]));
    if (!communityIds.length) return new Map();
    try {
      const sockets = await this.ns.in(communityIds.map(chatRoom)).fetchSockets();
      for (const socket of sockets)
        for (const room of socket.rooms) {
          const id = Number(CHAT_ROOM.exec(room)?.[1]);
          byCommunity.get(id)?.add(socket.data.userId);
        }
    } catch (error) {
      // Another process did not answer in time: show what is known rather than fail the request.
      this.onError(error);
    }
    const visible = await this.presence.visibleAmong(viewerId, [...new Set([...byCommunity.values()].flatMap((set) => [...set]))]);
    return new Map([...byCommunity].map(([id, set]) => [id, [...set].filter((member) => visible.has(member)).length]));
  }

  /** Of `memberIds`, those connected to the community now (online, whether in its chat or not) whom `viewerId` may see. */
  async onlineAmong(viewerId: number, communityId: number, memberIds: number[]): Promise<Set<number>> {
    const connected = await this.roomSockets(communityRoom(communityId));
    return this.presence.visibleAmong(
      viewerId,
      memberIds.filter((id) => connected.has(id)),
    );
  }

  /** The header's view as `viewerId` may see it: the count and the first five members chatting (by id, so the avatars do not jump). */
  async online(viewerId: number, communityId: number): Promise<CommunityOnline> {
    const connected = [...(await this.roomSockets(chatRoom(communityId))).keys()];
    const visible = await this.presence.visibleAmong(viewerId, connected);
    const ids = connected.filter((id) => visible.has(id)).sort((a, b) => a - b);
    const { count, first } = viewOf(ids);
    return presentOnline(communityId, count, first, await this.findUsers(first));
  }

  /**
   * A member's socket opened or closed these communities' chats: recount them shortly (a burst is one recount) and
   * tell whoever may see that member, when it was their first or last socket there. The socket that opened it
   * (`socketId`) gets its view either way.
   */
  changed(communityIds: number[], userId: number, socketId?: string) {
    for (const id of communityIds) {
      const entry = this.entry(id);
      entry.users.add(userId);
      if (socketId) entry.sockets.add(socketId);
    }
    this.schedule();
  }

  /** A socket that just joined these communities' rooms gets their views, so every tab starts with the header filled. */
  greet(communityIds: number[], socketId: string) {
    for (const id of communityIds) this.entry(id).sockets.add(socketId);
    this.schedule();
  }

  private entry(communityId: number) {
    let entry = this.pending.get(communityId);
    if (!entry) this.pending.set(communityId, (entry = { users: new Set<number>(), sockets: new Set<string>(), all: false }));
    return entry;
  }

  /** Who may see whose presence changed (a member's setting): every connected member gets their view again. */
  refresh(communityIds: number[]) {
    for (const id of communityIds) this.entry(id).all = true;
    this.schedule();
  }

  private schedule() {
    // Stopped: the sockets closing at shutdown must not start a count that would run after Redis has gone.
    if (!this.stopped) this.timer ??= setTimeout(() => this.flush(), this.coalesceMs);
  }

  /**
   * One recount at a time per community. A recount reads the rooms, then waits on the database before it sends; one
   * that started later (a member opening the chat) could otherwise send before an earlier one (a new tab's first view,
   * read before that member was in the room), and that tab would keep the older count. What comes for a community
   * while its recount runs waits, and is told together once it is out. Other communities do not wait: a slow recount
   * (another process slow to answer) holds up only its own.
   */
  private flush() {
    this.timer = null;
    for (const [communityId, entry] of [...this.pending]) {
      if (this.running.has(communityId)) continue;
      this.pending.delete(communityId);
      this.running.add(communityId);
      void this.tell(communityId, entry)
        .catch((error: unknown) => this.onError(error))
        .finally(() => {
          this.running.delete(communityId);
          if (this.pending.has(communityId)) this.schedule();
        });
    }
  }

  /**
   * Sends the chat's views to whoever in the room should hear. Cost per recount, whatever the room's size: the two
   * rooms' sockets, one query for the presence rule (which returns rows only for members who do not show to
   * everyone, with their followers among those connected) and one for the avatars. The view everyone may see
   * (members showing to everyone) goes to the room as one broadcast; only viewers who see more (themself, a member
   * they follow who shows to followers) get their own. A member whose presence others may not see changes nothing
   * for them: no event goes to them, so none can be timed.
   */
  private async tell(communityId: number, { users, sockets: fresh, all }: { users: Set<number>; sockets: Set<string>; all: boolean }) {
    if (!users.size && !all) return this.greetOnly(communityId, fresh);
    // Who hears (every member's socket in the room) and who counts (those with the chat open).
    const [connected, chatting] = await Promise.all([
      this.roomSockets(communityRoom(communityId)),
      this.roomSockets(chatRoom(communityId)),
    ]);
    const online = [...chatting.keys()].sort((a, b) => a - b);
    // A first socket coming or a last one going changes the count; a second tab coming or going leaves it as it was.
    const moved = [...users].filter((u) => (chatting.get(u)?.length ?? 0) <= 1);
    const sight = await this.presence.among([...new Set([...online, ...moved])], [...connected.keys()]);
    const { shared, own } = chattingAsSeen(sight, online);
    const sends: Array<{ to: string[] | 'room'; view: ReturnType<typeof viewOf> }> = [];
    if (all || moved.some((u) => sight.isPublic(u))) {
      sends.push({ to: 'room', view: viewOf(shared) });
      for (const [viewer, members] of own)
        if (connected.has(viewer)) sends.push({ to: connected.get(viewer)!, view: viewOf(shared, members) });
    } else {
      const told = new Set(moved.flatMap((u) => viewersIn(sight, u, connected)));
      for (const viewer of told) sends.push({ to: connected.get(viewer)!, view: viewOf(shared, own.get(viewer)) });
      const ownerOf = new Map([...connected].flatMap(([viewer, ids]) => ids.map((id): [string, number] => [id, viewer])));
      for (const socketId of fresh) {
        const viewer = ownerOf.get(socketId);
        if (viewer !== undefined && !told.has(viewer)) sends.push({ to: [socketId], view: viewOf(shared, own.get(viewer)) });
      }
    }
    await this.send(communityId, sends);
  }

  /**
   * Only sockets that just connected need a first view: they are on this process, so their members are known without
   * asking for the room's sockets. A crowd reconnecting after a restart greets every community's room many times a
   * second; listing every member's socket in the room each time was most of a connect's cost.
   */
  private async greetOnly(communityId: number, fresh: Set<string>) {
    const viewers = new Map<string, number>();
    for (const socketId of fresh) {
      const socket = this.ns.sockets.get(socketId);
      if (socket?.rooms.has(communityRoom(communityId))) viewers.set(socketId, socket.data.userId);
    }
    if (!viewers.size) return;
    const online = [...(await this.roomSockets(chatRoom(communityId))).keys()].sort((a, b) => a - b);
    const sight = await this.presence.among(online, [...new Set(viewers.values())]);
    const { shared, own } = chattingAsSeen(sight, online);
    // Those who see only what everyone sees get one event together (encoded once, not once per socket).
    const everyone: string[] = [];
    const personal: Array<{ to: string[]; view: ReturnType<typeof viewOf> }> = [];
    for (const [socketId, viewer] of viewers) {
      const mine = own.get(viewer);
      if (mine?.length) personal.push({ to: [socketId], view: viewOf(shared, mine) });
      else everyone.push(socketId);
    }
    await this.send(communityId, everyone.length ? [{ to: everyone, view: viewOf(shared) }, ...personal] : personal);
  }

  private async send(communityId: number, sends: Array<{ to: string[] | 'room'; view: ReturnType<typeof viewOf> }>) {
    if (!sends.length) return;
    const avatars = await this.findUsers([...new Set(sends.flatMap((s) => s.view.first))]);
    const present = (view: ReturnType<typeof viewOf>) => presentOnline(communityId, view.count, view.first, avatars);
    // The room's broadcast skips the sockets that get a view of their own.
    const personal = sends.flatMap((s) => (s.to === 'room' ? [] : s.to));
    for (const { to, view } of sends)
      if (to === 'room') {
        const room = this.ns.to(communityRoom(communityId));
        (personal.length ? room.except(personal) : room).emit('community:online', present(view));
      } else this.ns.to(to).emit('community:online', present(view));
  }

  stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending.clear();
  }
}

/** Those chatting whom everyone may see (`shared`), and per viewer those only they may (`own`). */
function chattingAsSeen(sight: Sight, online: number[]) {
  return { shared: online.filter((id) => sight.isPublic(id)), own: sight.privateSightings(online.filter((id) => !sight.isPublic(id))) };
}

/** The connected members who may see `memberId`: everyone connected when the member is public. */
function viewersIn(sight: Sight, memberId: number, connected: Map<number, string[]>): number[] {
  return (sight.viewersOf(memberId) ?? [...connected.keys()]).filter((viewer) => connected.has(viewer));
}
