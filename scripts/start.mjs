// npm start: build the web app and the server when either is missing or older than its sources, then serve everything
// on one port.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { serverArgs } from '../apps/server/build.mjs';

const root = path.resolve(import.meta.dirname, '..');

/** The newest modification time of a file, or of any file under a folder. */
function newestMtime(file) {
  const stat = fs.statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(file).map((name) => newestMtime(path.join(file, name))));
}

/** Builds a workspace when its output is missing or older than any of its sources (its build settings included). */
function buildIfStale(workspace, output, sources, label) {
  const file = path.join(root, output);
  const newest = Math.max(...sources.map((source) => newestMtime(path.join(root, source))));
  if (fs.existsSync(file) && newest <= fs.statSync(file).mtimeMs) return;
  console.log(`Building ${label}…`);
  const build = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const web = ['src', 'public', 'index.html', 'vite.config.ts', 'vite-precompress.ts', 'vite-route-preload.ts'].map((f) => `apps/web/${f}`);
buildIfStale('@tribeverse/web', 'apps/web/dist/index.html', [...web, 'packages/shared/src'], 'the web app');
buildIfStale(
  '@tribeverse/server',
  'apps/server/dist/server.mjs',
  ['apps/server/src', 'apps/server/build.mjs', 'packages/shared/src'],
  'the server',
);

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
