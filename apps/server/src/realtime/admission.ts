/** What a refused client waits before it tries again; the client adds up to as much again at random. */
export const RETRY_AFTER_MS = 2000;

/**
 * Handshakes under way at once, bounded. After a restart every member reconnects within seconds; past the bound a
 * handshake is refused at once with TRY_AGAIN and a wait (the web client comes back after it, with jitter) instead
 * of queueing without bound behind the database, so those admitted finish quickly and the rest are spread out.
 */
export class HandshakeAdmission {
  private pending = 0;
  private readonly counted = new WeakSet<object>();

  constructor(private readonly limit: number) {}

  /** True when this handshake may go on: it counts until `done`. */
  admit(socket: object): boolean {
    if (this.pending >= this.limit) return false;
    this.pending++;
    this.counted.add(socket);
    return true;
  }

  /** The handshake connected, was refused, or its connection closed (whichever comes first; the rest do nothing). */
  done(socket: object) {
    if (this.counted.delete(socket)) this.pending--;
  }

  get underWay() {
    return this.pending;
  }
}
