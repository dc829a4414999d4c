import type https from 'node:https';
import type { PushMessage } from '@tribeverse/shared';
import webpush from 'web-push';
import { checkEndpoint, endpointAgent, EndpointRefused } from './push-endpoint.ts';
import type { VapidKeys } from './push-keys.ts';
import type { PushTarget } from './push.repository.ts';

export interface PushSenderOptions {
  vapid: VapidKeys;
  subject: string;
  allowPrivateEndpoints: boolean;
  /** Ends a subscription the push service says is gone (404, 410). */
  forget(subscriptionId: number): Promise<void>;
  log: { warn(details: object, message: string): void };
  /** The waits before each retry of a failed send (a network error, 429 or 5xx); then the push is given up. */
  retryDelaysMs?: number[];
}

/** At most this many pushes are on the wire at once: a burst (a message to a large group) queues rather than floods. */
const CONCURRENCY = 8;
/** A push service that has not answered by then is taken as failed (and the push retried). */
const TIMEOUT_MS = 10_000;
/** A push not delivered within a day (the device stayed off) is no longer worth showing. */
const TTL_SECONDS = 24 * 60 * 60;

interface Job {
  target: PushTarget;
  payload: string;
  urgency: 'high' | 'normal';
  attempt: number;
}

/**
 * Sends pushes (RFC 8030, aes128gcm, VAPID) off every request's path: send() only queues. A failed send is retried
 * with growing waits; a subscription the push service no longer knows is deleted. In memory: pushes queued when the
 * process stops are lost, as an event to a socket would be.
 */
export class PushSender {
  private readonly agent: https.Agent;
  private readonly queue: Job[] = [];
  private readonly retries = new Set<NodeJS.Timeout>();
  private running = 0;
  private closed = false;
  private waiters: Array<() => void> = [];

  constructor(private readonly options: PushSenderOptions) {
    this.agent = endpointAgent(options.allowPrivateEndpoints);
  }

  send(target: PushTarget, message: PushMessage, urgency: 'high' | 'normal') {
    if (this.closed) return;
    this.queue.push({ target, payload: JSON.stringify(message), urgency, attempt: 0 });
    this.pump();
  }

  /** Resolves once nothing is queued, on the wire or waiting for a retry. */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  close() {
    this.closed = true;
    this.queue.length = 0;
    for (const timer of this.retries) clearTimeout(timer);
    this.retries.clear();
    this.agent.destroy();
    this.settle();
  }

  private isIdle() {
    return !this.queue.length && !this.running && !this.retries.size;
  }

  private settle() {
    if (!this.isIdle()) return;
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }

  private pump() {
    while (this.running < CONCURRENCY && this.queue.length) {
      const job = this.queue.shift()!;
      this.running++;
      void this.attempt(job)
        .catch((error: unknown) => this.options.log.warn({ err: error }, 'push not delivered'))
        .finally(() => {
          this.running--;
          this.pump();
          this.settle();
        });
    }
  }

  private async attempt(job: Job) {
    const { target } = job;
    try {
      await checkEndpoint(target.endpoint, this.options.allowPrivateEndpoints);
      await webpush.sendNotification({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, job.payload, {
        vapidDetails: { subject: this.options.subject, ...this.options.vapid },
        contentEncoding: 'aes128gcm',
        TTL: TTL_SECONDS,
        urgency: job.urgency,
        timeout: TIMEOUT_MS,
        agent: this.agent,
      });
    } catch (error) {
      const status = error instanceof webpush.WebPushError ? error.statusCode : undefined;
      if (status === 404 || status === 410) return this.options.forget(target.id);
      const refused = error instanceof EndpointRefused || (error as NodeJS.ErrnoException).code === 'EPUSHREFUSED';
      const retryable = !refused && (status === undefined || status === 429 || status >= 500);
      const delays = this.options.retryDelaysMs ?? [5_000, 30_000, 120_000];
      if (retryable && job.attempt < delays.length && !this.closed) return this.retry(job, delays[job.attempt]!);
      this.options.log.warn({ subscription: target.id, status, err: refused ? String(error) : error }, 'push not delivered');
    }
  }

  private retry(job: Job, delayMs: number) {
    const timer = setTimeout(() => {
      this.retries.delete(timer);
      this.queue.push({ ...job, attempt: job.attempt + 1 });
      this.pump();
    }, delayMs);
    timer.unref();
    this.retries.add(timer);
  }
}
