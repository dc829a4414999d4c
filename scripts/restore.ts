// npm run restore -- FILE: a backup made by `npm run backup` into an empty DATA_DIR; `npm start` then serves it.
import { restoreInstall } from '../apps/server/src/db/backup/archive.ts';
import { cliConfig, fail } from './backup-cli.ts';

const file = process.argv[2];
if (!file) fail('usage: npm run restore -- FILE');
const config = cliConfig('restore');
try {
  const manifest = await restoreInstall(file, config.dataDir);
  console.log(`Restored ${file} (made ${manifest.createdAt}) into ${config.dataDir}; npm start serves it`);
} catch (error) {
  fail(`restore failed: ${(error as Error).message}`);
}
