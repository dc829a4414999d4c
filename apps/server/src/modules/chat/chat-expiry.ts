import type { FastifyBaseLogger } from 'fastify';
import type { ChatService } from './chat.service.ts';

export const EXPIRY_EVERY_MS = 30_000;

/**
 * Runs the auto-delete cleanup every `everyMs` while the app is up. Reads already hide expired messages; this pass
 * clears their content and files and tells open chats. Several processes may run it at once: the repository's
 * claim lets each message be cleared by one of them only.
 */
export class MessageExpiry {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(
    private readonly service: ChatService,
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
    this.running ??= this.service
      .expireDue()
      .catch((error: unknown) => {
        this.log.warn({ err: error }, 'auto-delete cleanup failed; it runs again on the next tick');
        return 0;
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  /** Stops the timer and waits for a pass in flight, so nothing touches the database after close. */
  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
