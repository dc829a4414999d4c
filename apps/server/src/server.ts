import { buildApp } from './app.ts';
import { DataDirInUseError, openDatabase } from './db/client.ts';
import { loadConfigOrFail } from './lib/env-or-fail.ts';

function fail(line: string): never {
  console.error(`Tribeverse cannot start: ${line}`);
  process.exit(1);
}

async function main() {
  const config = loadConfigOrFail(fail);

  let log: { warn(obj: object, msg: string): void } = { warn: (_obj, msg) => console.error(msg) };
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onConnectionError: (err) => log.warn({ err }, 'a database connection broke; the next query opens a new one'),
    onNotice: (message) => console.log(message),
  }).catch((error: Error) =>
    fail(
      config.databaseUrl
        ? `DATABASE_URL: cannot use the database (${error.message})`
        : error instanceof DataDirInUseError
          ? `DATA_DIR: ${error.message}`
          : `DATA_DIR: cannot open the embedded database in ${config.dataDir} (${error.message})`,
    ),
  );

  const app = await buildApp({ config, db: database.db });
  log = app.log;
  await app.listen({ port: config.port, host: config.host }).catch((error: Error) => fail(`PORT: ${error.message}`));
  app.log.info(`Tribeverse is running at ${config.publicUrl} (database: ${database.kind})`);
  console.log(`Tribeverse is running at ${config.publicUrl}`);
  if (!config.smtpUrl && !config.isProduction) {
    console.log(`No SMTP_URL: mail (confirmation and reset codes) is kept at ${config.publicUrl}/api/dev/outbox`);
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing in-flight requests');
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
      await database.close();
      clearTimeout(timer);
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

void main();
