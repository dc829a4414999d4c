import type { FastifyBaseLogger } from 'fastify';
import type { ChatMessage } from '@tribeverse/shared';
import type { MediaStorage } from '../../lib/storage.ts';
import type { ChatEvents } from './chat.events.ts';
import type { ChatRepository, MessageRow } from './chat.repository.ts';

/** Something that clears what is due and says how many it cleared (private chat's messages, groups' messages). */
interface ExpiringMessages {
  expireDue(): Promise<number>;
}

export const EXPIRY_EVERY_MS = 30_000;

/**
 * Runs the auto-delete cleanup every `everyMs` while the app is up, for private chat's messages and then groups'.
 * Reads already hide expired messages; this pass clears their content and files and tells open chats. Several
 * processes may run it at once: the repositories' claims let each message be cleared by one of them only.
 */
export class MessageExpiry {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(
    private readonly kinds: ExpiringMessages[],
    private readonly log: FastifyBaseLogger,
    private readonly everyMs = EXPIRY_EVERY_MS,
  ) {}

  start() {
    if (this.timer) return;
    this.timer = setInterval(() => void this.runOnce(), this.everyMs);
    // The cleanup never keeps a process alive on its own.
    this.timer.unref();
  }

  /** One pass now; a pass still running is joined rather than doubled. */
  runOnce(): Promise<number> {
    this.running ??= this.clearAll().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Each kind in turn; one failing does not keep the others from being cleared. */
  private async clearAll() {
    let total = 0;
    for (const kind of this.kinds)
      total += await kind.expireDue().catch((error: unknown) => {
        this.log.warn({ err: error }, 'auto-delete cleanup failed; it runs again on the next tick');
        return 0;
      });
    return total;
  }

  /** Stops the timer and waits for a pass in flight, so nothing touches the database after close. */
  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}

/** Private chat's part of the cleanup: direct messages past their time, each told to both of its people. */
export class DirectMessageExpiry implements ExpiringMessages {
  constructor(
    private readonly repo: Pick<ChatRepository, 'softDeleteExpired'>,
    private readonly media: MediaStorage,
    private readonly events: ChatEvents,
    private readonly present: (rows: MessageRow[]) => Promise<ChatMessage[]>,
  ) {}

  /**
   * One pass: clears messages past their time like 'delete for everyone' (files too) and tells both people, batch
   * by batch until none is due. Returns how many were cleared.
   */
  async expireDue(batch = 200): Promise<number> {
    let total = 0;
    for (;;) {
      const cleared = await this.repo.softDeleteExpired(batch);
      await Promise.all(cleared.map((c) => this.media.remove(c.mediaUrl)));
      for (const message of await this.present(cleared.map((c) => c.row)))
        this.events.toPair(message.sender_id, message.receiver_id, 'message:deleted', message);
      total += cleared.length;
      if (cleared.length < batch) return total;
    }
  }
}
