import type { Config } from '../apps/server/src/lib/env.ts';
import { loadConfigOrFail } from '../apps/server/src/lib/env-or-fail.ts';

export function fail(line: string): never {
  console.error(line);
  process.exit(1);
}

/** The same configuration `npm start` reads (DATA_DIR above all); only the default install is handled here. */
export function cliConfig(command: 'backup' | 'restore'): Config {
  const config = loadConfigOrFail(fail);
  if (config.databaseUrl)
    fail(
      `DATABASE_URL is set: npm run ${command} handles the default install only; use pg_dump / pg_restore for that database ` +
        'and copy DATA_DIR (media, secrets.key) beside it (docs/operations.md)',
    );
  return config;
}
