import type { ChatNamespace } from './io.ts';
import { userRoom } from './rooms.ts';

/**
 * Who is online: a member is online while they have at least one socket, on any process.
 *
 * This process counts its own sockets, which answers everything on a single process. With REDIS_URL several
 * processes share the namespace, so a member this process does not hold is looked up on the others with
 * socket.io's fetchSockets() through the Redis adapter: the answer comes from the sockets that exist right now, so a
 * process that crashed or shut down cannot leave anyone online (it no longer answers).
 */
export class Presence {
  private readonly sockets = new Map<number, number>();

  /** `cluster`: the namespace shared with other processes (REDIS_URL); without it only this process is asked. */
  constructor(private readonly cluster?: ChatNamespace) {}

  /** Returns true when this is the member's first socket on this process. */
  connect(userId: number): boolean {
    const count = (this.sockets.get(userId) ?? 0) + 1;
    this.sockets.set(userId, count);
    return count === 1;
  }

  /** Returns true when this was the member's last socket on this process (they may still be online on another). */
  disconnect(userId: number): boolean {
    const count = (this.sockets.get(userId) ?? 0) - 1;
    if (count > 0) {
      this.sockets.set(userId, count);
      return false;
    }
    this.sockets.delete(userId);
    return true;
  }

  /** Which of these members have a socket on any process. */
  async onlineAmong(userIds: number[]): Promise<Set<number>> {
    const online = new Set(userIds.filter((id) => this.sockets.has(id)));
    const elsewhere = userIds.filter((id) => !online.has(id));
    if (!this.cluster || !elsewhere.length) return online;
    try {
      const sockets = await this.cluster.in(elsewhere.map(userRoom)).fetchSockets();
      for (const socket of sockets) online.add(socket.data.userId);
    } catch {
      // Another process did not answer in time: show what this one knows rather than fail the request.
    }
    return online;
  }

  /** Whether the member has a socket on this process. */
  isHere(userId: number): boolean {
    return this.sockets.has(userId);
  }

  /** Members with a socket on this process. */
  localUserIds(): number[] {
    return [...this.sockets.keys()];
  }
}
