import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { serverArgs } from '../../build.mjs';

/**
 * The server as `npm start` runs it (its build, made from the sources by the run's global setup), in a process of its
 * own, with only the given environment.
 */
export function runServer(env: Record<string, string>) {
  const child = spawn(process.execPath, serverArgs, {
    env: { PATH: process.env.PATH, LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

export const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

/** Resolves true once /api/health answers, false after 60 s. */
export async function whenHealthy(port: number) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

/** The process id of the embedded PostgreSQL server running on DATA_DIR, if one is. */
export function embeddedServerPid(dataDir: string): number | null {
  try {
    return Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]) || null;
  } catch {
    return null;
  }
}

/** Stops a PostgreSQL server a killed app left running on DATA_DIR, so a test leaves nothing behind. */
export async function stopLeftoverServer(dataDir: string) {
  const pid = embeddedServerPid(dataDir);
  if (!pid) return;
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return;
  }
  while (embeddedServerPid(dataDir) === pid) await new Promise((r) => setTimeout(r, 50));
}

export function postJson(port: number, url: string, body: unknown) {
  return fetch(`http://127.0.0.1:${port}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}
