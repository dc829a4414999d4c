import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** What the chat services tell when a new message is stored and acknowledged: a counter increment, nothing more. */
export interface MessagesSent {
  private(): void;
  group(): void;
  community(): void;
}

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/** Buckets from a cached read to a slow upload, in seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * This process's metrics in Prometheus text (GET /metrics). One registry per app, not prom-client's global one: tests
 * run several apps in one process, and each must count only its own requests.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly messagesSent: MessagesSent;
  private readonly http: Histogram<'method' | 'route' | 'status_code'>;
  private poolStats: (() => PoolStats | undefined) | undefined;

  constructor(sockets: () => number) {
    collectDefaultMetrics({ register: this.registry });
    this.http = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP requests by method, route pattern and status, with their durations.',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: DURATION_BUCKETS,
      registers: [this.registry],
    });
    new Gauge({
      name: 'tribeverse_sockets_connected',
      help: 'Sockets connected to this process on /ws/chat.',
      registers: [this.registry],
      collect() {
        this.set(sockets());
      },
    });
    // Counted in plain numbers and handed to the counter at each scrape: a message then costs one addition, not the
    // counter's hashing of its labels (prom-client's inc() hashes them on every call).
    const counts = { private: 0, group: 0, community: 0 };
    new Counter({
      name: 'tribeverse_messages_sent_total',
      help: 'New messages stored and acknowledged, private and in communities (a retry of a stored one is not counted).',
      labelNames: ['kind'] as const,
      registers: [this.registry],
      collect() {
        this.reset();
        for (const kind of ['private', 'group', 'community'] as const) this.inc({ kind }, counts[kind]);
      },
    });
    this.messagesSent = {
      private: () => void counts.private++,
      group: () => void counts.group++,
      community: () => void counts.community++,
    };
    const poolStats = () => this.poolStats?.();
    new Gauge({
      name: 'tribeverse_db_pool_connections',
      help: 'Database pool connections: total open, idle, and queries waiting for one.',
      labelNames: ['state'] as const,
      registers: [this.registry],
      // Read at each scrape, never per query.
      collect() {
        const stats = poolStats();
        if (!stats) return;
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
  }

  /** Where the database pool's counts are read at each scrape. */
  watchPool(read: () => PoolStats | undefined) {
    this.poolStats = read;
  }

  /**
   * Times every request of the app. The label is the route's pattern (`/api/chat/messages/:id`), never the URL: ids
   * and query strings would make a new series per request. A request no route matched is counted as `unmatched`.
   */
  instrument(app: FastifyInstance) {
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      this.http.observe({ method: request.method, route, status_code: reply.statusCode }, reply.elapsedTime / 1000);
    });
  }

  async text() {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
