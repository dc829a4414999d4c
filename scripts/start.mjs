// npm start: build the web app when it is missing or older than its sources, build the server, then serve everything
// on one port.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildServer, serverArgs } from '../apps/server/build.mjs';

const root = path.resolve(import.meta.dirname, '..');

/** The newest modification time of a file, or of any file under a folder. */
function newestMtime(file) {
  const stat = fs.statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(file).map((name) => newestMtime(path.join(file, name))));
}

// The web app is built when its page is missing or older than any of its sources (its build settings included).
const webPage = path.join(root, 'apps/web/dist/index.html');
const webSources = ['src', 'public', 'index.html', 'vite.config.ts', 'vite-precompress.ts', 'vite-route-preload.ts']
  .map((f) => `apps/web/${f}`)
  .concat('packages/shared/src');
const newestSource = Math.max(...webSources.map((source) => newestMtime(path.join(root, source))));
if (!fs.existsSync(webPage) || newestSource > fs.statSync(webPage).mtimeMs) {
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@tribeverse/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// The server's bundle takes a fraction of a second: made every start, it is never older than its sources.
await buildServer();

// Node itself rather than npx: a signal sent to npx does not reach the server, which then could not finish its
// requests and stop its embedded database cleanly.
const server = spawn(process.execPath, serverArgs, {
  cwd: root,
  stdio: 'inherit',
  // NODE_ENV is left as given: a deployment sets production (and SMTP_URL); a first local run keeps the dev outbox.
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
