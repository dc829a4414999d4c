/**
 * A fixed number of picture decodes at once, process-wide, the rest waiting their turn in order. sharp already runs
 * each decode on libuv's thread pool, off the event loop; bounding how many run together keeps a burst of huge
 * pictures from one member from taking every core (and every pool thread) from everyone else's requests.
 */
export class DecodeSlots {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  /** The most decodes ever seen running together (for tests and diagnostics). */
  peak = 0;

  constructor(private readonly size: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    this.peak = Math.max(this.peak, this.running);
    try {
      return await work();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }
}

/** Two at a time: the machine's cores are shared with the database and every other request. */
export const decodeSlots = new DecodeSlots(2);
