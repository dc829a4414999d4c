import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/harness.ts';
import { turnCredential } from './calls-ice.ts';

// A real coturn (Debian's package), when this machine has one: it must take the credentials the app hands out, and
// refuse them once expired. Without `turnserver` installed the suite is skipped (calls.ice.test.ts checks the scheme).
const hasCoturn = spawnSync('turnserver', ['--help']).error === undefined;
const secret = 'calls-coturn-test-secret';

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A TURN allocation and a relayed exchange through it (turnutils_uclient): true when it went through. */
function relays(port: number, username: string, credential: string): Promise<boolean> {
  return new Promise((resolve) =>
    execFile(
      'turnutils_uclient',
      ['-u', username, '-w', credential, '-p', String(port), '-n', '2', '-m', '1', '-y', '127.0.0.1'],
      {
        timeout: 20_000,
      },
      (error, stdout, stderr) => resolve(!error && /Total lost packets 0 /.test(`${stdout}${stderr}`)),
    ),
  );
}

describe.skipIf(!hasCoturn)('TURN credentials against a real coturn (skipped: turnserver is not installed)', () => {
  let port = 0;
  let coturn: ChildProcess | undefined;
  const t = useTestApp({ TURN_URLS: 'turn:127.0.0.1:3478', TURN_SECRET: secret, TURN_TTL_SECONDS: '600' });

  beforeAll(async () => {
    port = await freePort();
    coturn = spawn('turnserver', [
      '-n',
      `--listening-port=${port}`,
      '--listening-ip=127.0.0.1',
      '--relay-ip=127.0.0.1',
      '--use-auth-secret',
      `--static-auth-secret=${secret}`,
      '--realm=tribeverse.test',
      '--no-tls',
      '--no-dtls',
      '--no-cli',
      // Both test clients are on loopback: only here may coturn relay to it.
      '--allow-loopback-peers',
      '--log-file=stdout',
      `--pidfile=${os.tmpdir()}/tribeverse-calls-turn-${process.pid}.pid`,
    ]);
    // Ready once it listens.
    await new Promise<void>((resolve, reject) => {
      let seen = '';
      coturn!.stdout!.on('data', (chunk: Buffer) => {
        seen += chunk.toString();
        if (/Total General servers/.test(seen)) resolve();
      });
      coturn!.once('exit', (code) => reject(new Error(`turnserver exited (${code}): ${seen}`)));
    });
  });
  afterAll(() => void coturn?.kill('SIGTERM'));

  it('relays with the credentials GET /api/calls/ice-servers gives, and refuses them expired or altered', async () => {
    const ann = await t.member();
    const { ice_servers } = (await t.as(ann).get('/api/calls/ice-servers')).json();
    const { username, credential } = ice_servers.find((s: { username?: string }) => s.username);
    expect(await relays(port, username, credential)).toBe(true);
    expect(await relays(port, username, `${credential.slice(0, -2)}AA`)).toBe(false);
    const expired = turnCredential(secret, ann.id, Math.floor(Date.now() / 1000) - 60);
    expect(await relays(port, expired.username, expired.credential)).toBe(false);
  });
});
