/**
 * Group commit: writes submitted while a batch is being stored wait for it to finish and then go together, as one
 * statement, in the next batch. Under load many writes share one round trip and one commit; when idle a write goes
 * out at once (after the I/O callbacks of the current turn, so writes that arrived together go together).
 *
 * `store` gets the items of a batch and returns one outcome per item, in order, once they are durable: a promise
 * from `submit` settles only then. A batch whose statement fails as a whole (one bad row fails them all) is stored
 * again item by item, so the other items still go through and only the bad one gets the error.
 */
export class GroupCommit<Item, Outcome> {
  private queue: Array<{ item: Item; resolve: (outcome: Outcome) => void; reject: (error: unknown) => void }> = [];
  private flushing = false;
  private scheduled = false;

  constructor(
    private readonly store: (items: Item[]) => Promise<Outcome[]>,
    /** At most this many items in one statement; the rest go in the next batch. */
    private readonly maxBatch = 256,
  ) {}

  submit(item: Item): Promise<Outcome> {
    return new Promise<Outcome>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (this.flushing || this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        void this.flush();
      });
    });
  }

  /** Items waiting for the next batch (for tests and metrics). */
  get waiting() {
    return this.queue.length;
  }

  private async flush() {
    this.flushing = true;
    try {
      while (this.queue.length) await this.storeBatch(this.queue.splice(0, this.maxBatch));
    } finally {
      this.flushing = false;
    }
  }

  private async storeBatch(batch: GroupCommit<Item, Outcome>['queue']) {
    try {
      const outcomes = await this.store(batch.map((waiting) => waiting.item));
      batch.forEach((waiting, i) => waiting.resolve(outcomes[i]!));
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      for (const waiting of batch) {
        try {
          waiting.resolve((await this.store([waiting.item]))[0]!);
        } catch (itemError) {
          waiting.reject(itemError);
        }
      }
    }
  }
}
