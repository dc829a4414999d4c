import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const serverEntry = path.resolve(import.meta.dirname, '../src/server.ts');

function run(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
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

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

describe('start-up and shutdown', () => {
  it('stops with one clear line naming a bad variable', async () => {
    const proc = run({ PORT: 'not-a-port' });
    expect(await proc.exited).toBe(1);
    const lines = proc.output().stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Tribeverse cannot start: PORT: /);
  });

  it('stops with one clear line when the database cannot be reached', async () => {
    const proc = run({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    expect(await proc.exited).toBe(1);
    expect(proc.output().stderr.trim()).toMatch(/^Tribeverse cannot start: DATABASE_URL: cannot use the database/);
  });

  it('serves, then shuts down cleanly on SIGTERM and starts again on the same data', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tribeverse-life-'));
    try {
      for (let round = 0; round < 2; round++) {
        const port = await freePort();
        const proc = run({ PORT: String(port), DATA_DIR: dataDir });
        const deadline = Date.now() + 30_000;
        let healthy = false;
        while (!healthy && Date.now() < deadline) {
          healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
            (r) => r.ok,
            () => false,
          );
          if (!healthy) await new Promise((r) => setTimeout(r, 200));
        }
        expect(healthy).toBe(true);
        if (round === 0) {
          const res = await fetch(`http://127.0.0.1:${port}/api/auth/register`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: 'kept@example.test', password: 'Sup3r$ecret' }),
          });
          expect(res.status).toBe(201);
        } else {
          // The account made before the restart is still there.
          const res = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: 'kept@example.test', password: 'Sup3r$ecret' }),
          });
          expect(res.status).toBe(200);
        }
        proc.child.kill('SIGTERM');
        expect(await proc.exited).toBe(0);
      }
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
