// npm run backup -- FILE: the default install (embedded database, media, secrets key) into one archive, while the
// app runs or not. With DATABASE_URL the database is not the app's own: back it up with that server's tools.
import { backupInstall } from '../apps/server/src/db/backup/archive.ts';
import { cliConfig, fail } from './backup-cli.ts';

const file = process.argv[2];
if (!file) fail('usage: npm run backup -- FILE');
const config = cliConfig('backup');
try {
  const manifest = await backupInstall(config.dataDir, file);
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  console.log(`Backed up ${config.dataDir} to ${file} (${manifest.tables.length} tables, ${rows} rows, and the files)`);
} catch (error) {
  fail(`backup failed: ${(error as Error).message}`);
}
