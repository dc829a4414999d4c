/**
 * The whole product as a user gets it, for the browser journeys: the built web app and the server on a fresh
 * DATA_DIR, with a real SMTP server on loopback catching its mail. The caught mail is readable over HTTP
 * (GET /mails?to=) because the journeys run in another process.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { buildServer, serverArgs } from '../../apps/server/build.mjs';
import { startMailCatcher } from '../../apps/server/test/support/mail-catcher.ts';
import { ADMIN_EMAIL } from './admin.ts';

const appPort = Number(process.env.E2E_PORT ?? 3310);
const mailPort = Number(process.env.E2E_MAIL_PORT ?? appPort + 1);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribeverse-e2e-'));
const mail = await startMailCatcher();

http
  .createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const to = (url.searchParams.get('to') ?? '').toLowerCase();
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(mail.mails.filter((m) => !to || m.to.includes(to))));
  })
  .listen(mailPort, '127.0.0.1');

const root = path.resolve(import.meta.dirname, '../..');
// The server as `npm start` runs it, built from the sources as they are. Node itself rather than npx, so that
// SIGTERM reaches the server and it stops its embedded database.
await buildServer();
const server = spawn(process.execPath, serverArgs, {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(appPort),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SMTP_URL: mail.url,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    REDIS_URL: '',
    RATE_LIMIT_FACTOR: '50',
    // The instance's admin: whoever signs up and confirms this address (support/members.ts registerAdmin).
    ADMIN_EMAILS: ADMIN_EMAIL,
  },
});

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  const finish = () => {
    void mail.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  if (server.exitCode !== null || server.signalCode !== null) return finish();
  // The data goes once the server has stopped (its embedded database with it).
  server.removeAllListeners('exit');
  server.once('exit', finish);
  server.kill('SIGTERM');
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => {
  console.error(`app server exited with ${code}`);
  process.exit(code ?? 1);
});
