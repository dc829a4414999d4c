import type { Config } from './lib/env.ts';
import type { ChangeNotices } from './db/change-notices.ts';
import type { Db } from './db/client.ts';
import type { Mailer } from './lib/mailer.ts';
import type { Metrics } from './lib/metrics.ts';
import type { MediaStorage } from './lib/storage.ts';
import type { Realtime } from './realtime/io.ts';

/** What every module is built from: one place that says which real parts the app runs on. */
export interface AppContext {
  config: Config;
  db: Db;
  mailer: Mailer;
  media: MediaStorage;
  realtime: Realtime;
  /** What the database announces at commit: read caches keep only what these can invalidate. */
  notices: ChangeNotices;
  /** This process's Prometheus metrics (GET /metrics); features count what they do through its ports. */
  metrics: Metrics;
  /** Key prefix of the shared (Redis) counters of this deployment: per-address and per-member limits. */
  limitsNamespace: string;
}
