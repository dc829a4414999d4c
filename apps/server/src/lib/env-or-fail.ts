import { ConfigError, loadConfig, type Config } from './env.ts';

/**
 * The configuration from the environment, for a program a person starts at a terminal (the server, the backup
 * commands): a setting it cannot use goes to `fail` with the reason, instead of a stack trace.
 */
export function loadConfigOrFail(fail: (line: string) => never): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}
