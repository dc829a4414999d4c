import { ConfigError, loadConfig, type Config } from '../apps/server/src/lib/env.ts';

export function fail(line: string): never {
  console.error(line);
  process.exit(1);
}

/** The same configuration `npm start` reads (DATA_DIR above all); only the default install is handled here. */
export function cliConfig(command: 'backup' | 'restore'): Config {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  if (config.databaseUrl)
    fail(
      `DATABASE_URL is set: npm run ${command} handles the default install only; use pg_dump / pg_restore for that database ` +
        'and copy DATA_DIR (media, secrets.key) beside it (docs/operations.md)',
    );
  return config;
}
