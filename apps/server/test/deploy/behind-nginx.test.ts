import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher, type MailCatcher } from '../support/mail-catcher.ts';
import { freePort, runServer, whenHealthy } from '../support/server-process.ts';

/**
 * The deployment docs/operations.md describes, run for real: nginx (deploy/nginx/tribeverse.conf as shipped, only
 * its ports and certificate paths changed) terminating TLS in front of two app processes on PostgreSQL and Redis.
 * Run by .ci/run (`npm run test:deploy -w @tribeverse/server`) with DATABASE_URL and REDIS_URL set.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribeverse-deploy-'));
const cert = path.join(dir, 'cert.pem');
const key = path.join(dir, 'key.pem');
const apps: Array<ReturnType<typeof runServer> & { port: number }> = [];
let nginx: ChildProcess | undefined;
let nginxPort = 0;
let mail: MailCatcher;
let database: { admin: string; name: string } | undefined;
const sockets: Socket[] = [];

/** A loopback address of its own for each client (all of 127/8 is this machine), random so that rate-limit counters left in Redis by an earlier run never count. */
const clientAddress = () => `127.${crypto.randomInt(1, 255)}.${crypto.randomInt(1, 255)}.${crypto.randomInt(2, 255)}`;

/** One HTTPS request to nginx, trusting only the test's certificate, from `from` (a loopback address). */
function call(
  method: string,
  url: string,
  options: { body?: unknown; headers?: Record<string, string>; from?: string; port?: number } = {},
) {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise<{ status: number; body: any; headers: Record<string, unknown> }>((resolve, reject) => {
    const req = https.request(
      {
        host: '127.0.0.1',
        servername: 'localhost',
        port: options.port ?? nginxPort,
        method,
        path: url,
        ca: fs.readFileSync(cert),
        localAddress: options.from,
        headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...options.headers },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => {
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // Not JSON: kept as text.
          }
          resolve({ status: res.statusCode!, body, headers: res.headers });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A socket on /ws/chat: through nginx (wss) or straight to one app process (ws). */
async function connect(token: string, target: { nginx: true } | { port: number }) {
  const url = 'nginx' in target ? `https://localhost:${nginxPort}/ws/chat` : `http://127.0.0.1:${target.port}/ws/chat`;
  const socket = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token },
    reconnection: false,
    forceNew: true,
    ca: fs.readFileSync(cert, 'utf8'),
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Registers, confirms with the mailed code and sets up a profile, all through nginx. */
async function member(name: string) {
  const from = clientAddress();
  const email = `${name}.${crypto.randomBytes(4).toString('hex')}@example.test`;
  const password = 'Sup3r$ecret';
  const registered = await call('POST', '/api/auth/register', { body: { email, password }, from });
  expect(registered.status).toBe(201);
  const auth = { authorization: `Bearer ${registered.body.access_token}` };
  const code = await mail.codeFor(email, /Confirm your Tribeverse account/);
  expect((await call('POST', '/api/auth/confirm-account', { body: { code }, headers: auth, from })).status).toBe(200);
  const username = `${name}_${crypto.randomBytes(3).toString('hex')}`;
  const profile = { full_name: `Member ${name}`, username, gender: 'female', country: 'NG', phone_number: '8031234567' };
  expect((await call('PATCH', '/api/auth/complete-profile', { body: profile, headers: auth, from })).status).toBe(200);
  const login = await call('POST', '/api/auth/login', { body: { email, password }, from });
  expect(login.status).toBe(200);
  return { id: registered.body.user.id as number, token: login.body.access_token as string };
}

function nginxConfig(app1: number, app2: number) {
  const site = fs.readFileSync(path.join(repoRoot, 'deploy/nginx/tribeverse.conf'), 'utf8');
  // Only what a deployer edits changes; a line that is no longer there fails the test instead of being skipped.
  const edits: Array<[string, string]> = [
    ['server 127.0.0.1:3001;', `server 127.0.0.1:${app1};`],
    ['server 127.0.0.1:3002;', `server 127.0.0.1:${app2};`],
    ['listen 443 ssl;', `listen 127.0.0.1:${nginxPort} ssl;`],
    ['ssl_certificate /etc/ssl/tribeverse/cert.pem;', `ssl_certificate ${cert};`],
    ['ssl_certificate_key /etc/ssl/tribeverse/key.pem;', `ssl_certificate_key ${key};`],
  ];
  let edited = site;
  for (const [from, to] of edits) {
    if (!edited.includes(from)) throw new Error(`deploy/nginx/tribeverse.conf no longer has "${from}"`);
    edited = edited.replace(from, to);
  }
  const prefix = path.join(dir, 'nginx');
  fs.mkdirSync(prefix, { mode: 0o777 });
  fs.writeFileSync(path.join(prefix, 'site.conf'), edited);
  // A private nginx: in the foreground (a child of this test), its pid, logs and temporary files under the test's folder.
  const temp = (name: string) => `${name}_temp_path ${path.join(prefix, name)};`;
  fs.writeFileSync(
    path.join(prefix, 'nginx.conf'),
    `daemon off;
worker_processes 1;
pid ${path.join(prefix, 'nginx.pid')};
error_log ${path.join(prefix, 'error.log')} warn;
events { worker_connections 256; }
http {
  access_log off;
  ${temp('client_body')} ${temp('proxy')} ${temp('fastcgi')} ${temp('uwsgi')} ${temp('scgi')}
  include ${path.join(prefix, 'site.conf')};
}
`,
  );
  return prefix;
}

beforeAll(async () => {
  expect(fs.existsSync(NGINX), `nginx is not installed at ${NGINX} (apt-get install nginx)`).toBe(true);
  expect(process.env.DATABASE_URL && process.env.REDIS_URL, 'the deployment runs on PostgreSQL and Redis').toBeTruthy();
  // nginx's workers run as nobody when started by root: they must pass through this folder.
  fs.chmodSync(dir, 0o755);
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost',
    '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1', '-keyout', key, '-out', cert,
  ], { stdio: 'ignore' }); // prettier-ignore

  const name = `tribeverse_deploy_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  database = { admin: process.env.DATABASE_URL!, name };
  const databaseUrl = new URL(process.env.DATABASE_URL!);
  databaseUrl.pathname = `/${name}`;

  mail = await startMailCatcher();
  nginxPort = await freePort();
  const env = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl.toString(),
    REDIS_URL: process.env.REDIS_URL!,
    TRUST_PROXY: '1',
    SECRETS_KEY: crypto.randomBytes(32).toString('hex'),
    DATA_DIR: path.join(dir, 'data'),
    PUBLIC_URL: `https://localhost:${nginxPort}`,
    SMTP_URL: mail.url,
    WEB_DIST: path.join(dir, 'no-web'),
  };
  // One after the other: the first applies the migrations.
  for (let i = 0; i < 2; i++) {
    const port = await freePort();
    const app = { ...runServer({ ...env, PORT: String(port) }), port };
    apps.push(app);
    if (!(await whenHealthy(port))) throw new Error(`app ${i + 1} did not start: ${app.output().stderr}`);
  }

  const prefix = nginxConfig(apps[0]!.port, apps[1]!.port);
  nginx = spawn(NGINX, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-e', path.join(prefix, 'error.log')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  nginx.stderr!.on('data', (d) => (stderr += d));
  const deadline = Date.now() + 20_000;
  for (;;) {
    const up = await call('GET', '/healthz').then(
      (r) => r.status === 200,
      () => false,
    );
    if (up) break;
    if (nginx.exitCode !== null || Date.now() > deadline)
      throw new Error(`nginx did not start: ${stderr}${fs.readFileSync(path.join(prefix, 'error.log'), 'utf8')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}, 180_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  if (nginx && nginx.exitCode === null) {
    const exited = new Promise((resolve) => nginx!.once('exit', resolve));
    nginx.kill('SIGQUIT');
    await exited;
  }
  for (const app of apps) {
    app.child.kill('SIGTERM');
    await app.exited;
  }
  await mail?.close();
  if (database) {
    const admin = new pg.Client({ connectionString: database.admin });
    await admin.connect();
    await admin.query(`drop database if exists ${database.name} with (force)`);
    await admin.end();
  }
  fs.rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe('two processes behind nginx with TLS, on PostgreSQL and Redis', () => {
  it('serves the app over https, and keeps /metrics from the internet', async () => {
    expect((await call('GET', '/readyz')).status).toBe(200);
    const metrics = await call('GET', '/metrics');
    expect(metrics.status).toBe(404);
  });

  it('passes websocket upgrades, and a message sent on process 1 reaches a member connected to process 2', async () => {
    const [ann, bob] = [await member('ann'), await member('bob')];
    // Bob twice: through nginx (whichever process it picks), and straight on process 2.
    const viaProxy = await connect(bob.token, { nginx: true });
    const onSecond = await connect(bob.token, { port: apps[1]!.port });
    const heard = (socket: Socket) =>
      new Promise<{ text: string }>((resolve) => socket.on('message:new', (m: { text: string }) => resolve(m)));
    const [proxied, second] = [heard(viaProxy), heard(onSecond)];
    // Sent to process 1 itself, not through nginx: the message must cross to process 2 through Redis.
    const sent = await fetch(`http://127.0.0.1:${apps[0]!.port}/api/chat/send`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ann.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ peer_id: bob.id, text: 'across the cluster' }),
    });
    expect(sent.status).toBe(201);
    expect((await second).text).toBe('across the cluster');
    expect((await proxied).text).toBe('across the cluster');
  });

  it('counts each client by the address nginx saw, not by nginx, and not by what the client claims', async () => {
    const [one, other] = [clientAddress(), clientAddress()];
    const ask = (from: string, headers: Record<string, string> = {}) =>
      call('POST', '/api/send-reset-code', { body: { email: `nobody.${from}@example.test` }, from, headers });
    // Five a client per 10 minutes, counted together by both processes (nginx alternates between them).
    for (let i = 0; i < 5; i++) expect((await ask(one)).status).toBe(200);
    expect((await ask(one)).status).toBe(429);
    // A forged X-Forwarded-For does not help: nginx appends the address it saw, and the app trusts only that hop.
    expect((await ask(one, { 'x-forwarded-for': '203.0.113.50' })).status).toBe(429);
    // Another client through the same nginx has its own count.
    expect((await ask(other)).status).toBe(200);
  });
});
