import type { Config } from './lib/env.ts';
import type { ChangeNotices } from './db/change-notices.ts';
import type { Db } from './db/client.ts';
import type { Mailer } from './lib/mailer.ts';
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
  /** Key prefix of the shared (Redis) counters of this deployment: per-address and per-member limits. */
  limitsNamespace: string;
}
