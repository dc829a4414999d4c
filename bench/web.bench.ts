/**
 * The first page: what a first visit downloads and how fast it draws, on the real server with the built web app
 * (`npm run build` first: this benchmark builds the server, as `npm start` does, but not the web app), next to a bare
 * node:http server sending a minimal page the same way (precompressed brotli/gzip), measured in the same run.
 *   - JavaScript transferred (compressed bytes on the wire, 1 KB = 1,024 bytes) on a first load of `/` and of
 *     `/home` signed in, in Chromium through playwright-core, against the budgets (120 KB and 170 KB);
 *   - Lighthouse performance (the npm package, its default mobile profile with simulated throttling) for `/`,
 *     `/auth/login`, the bare page and the bare page with the app's security headers, the median of
 *     BENCH_LIGHTHOUSE_RUNS (default 3) runs each, interleaved;
 *   - the server's resident memory idle: after a first start, after the page loads, after a restart on that data.
 * Closes with `web: ratio X% of bare`: the app's Lighthouse score on `/` as a share of the bare page's.
 *   CHROME_PATH (default /usr/bin/chromium); BENCH_DATABASE_URL=postgres://… runs the app on PostgreSQL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from 'playwright-core';
import { buildServer, serverArgs } from '../apps/server/build.mjs';
import { startBarePage } from './web-bare-page.ts';
import { CHROME_PATH, lighthouseRun, type Audit } from './web-lighthouse.ts';
import { processTreeRss } from './process-memory.ts';
import { createScratchDatabase } from './scratch-database.ts';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist');
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const BUDGET_KB = { '/': 120, '/home': 170 } as const;
const SCORE_GOAL = 95;
const RSS_GOAL_MB = 200;

if (!fs.existsSync(path.join(dist, 'index.html'))) {
  console.log('web: apps/web/dist is missing. Build the web app first: npm run build');
  process.exit(1);
}
await buildServer();

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribeverse-bench-web-'));
const children: ChildProcess[] = [];
process.on('exit', () => {
  children.forEach((c) => c.kill('SIGTERM'));
  fs.rmSync(dataDir, { recursive: true, force: true });
});
const scratch = process.env.BENCH_DATABASE_URL ? await createScratchDatabase(process.env.BENCH_DATABASE_URL, 'web') : null;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** The server as `npm start` runs it (its build, default configuration), straight from node so a signal reaches it. */
async function startServer(port: number) {
  const child = spawn(process.execPath, serverArgs, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: scratch?.url ?? '',
      REDIS_URL: '',
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
      // The default, as a first `npm start`: mail goes to the dev outbox, where the member's code is read.
      NODE_ENV: 'development',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/is running at/.test(output)) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  return child;
}

/** A confirmed member with a set-up profile and a few posts, made through the API as the browser journeys do. */
async function createMember(appUrl: string) {
  const call = async (method: string, url: string, token: string | null, body?: unknown) => {
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    if (body !== undefined && !(body instanceof FormData)) headers['content-type'] = 'application/json';
    const init = { method, headers, body: body instanceof FormData ? body : JSON.stringify(body) };
    const response = await fetch(`${appUrl}/api${url}`, body === undefined ? { method, headers } : init);
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<Record<string, unknown>>;
  };
  const email = 'first-page@example.test';
  const { access_token: token } = (await call('POST', '/auth/register', null, { email, password: 'Bench#12345' })) as {
    access_token: string;
  };
  const outbox = (await fetch(`${appUrl}/api/dev/outbox`).then((r) => r.json())) as Array<{ to: string; subject: string; text: string }>;
  const code = [...outbox]
    .reverse()
    .find((m) => m.to === email && /Confirm your Tribeverse account/.test(m.subject))
    ?.text.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error('no confirmation code in the dev outbox');
  await call('POST', '/auth/confirm-account', token, { code });
  const user = await call('PATCH', '/auth/complete-profile', token, {
    full_name: 'First Page',
    username: 'first_page',
    gender: 'female',
    country: 'NG',
    phone_number: '8031234567',
    address: '12 Marina Road, Lagos',
  });
  for (let i = 1; i <= 3; i++) {
    const form = new FormData();
    form.append('post', `Post ${i} of the first-page benchmark #bench`);
    await call('POST', '/posts/create', token, form);
  }
  return { token, user };
}

/** Compressed bytes of every response of a first load (fresh browser context: nothing cached), by kind. */
async function firstLoad(appUrl: string, pathname: string, ready: string, member?: { token: string; user: unknown }) {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ['--no-sandbox'] });
  try {
    const context = await browser.newContext();
    if (member)
      await context.addInitScript(
        ([token, user]) => {
          localStorage.setItem('USER_TOKEN', token);
          localStorage.setItem('AUTH_DATA', user);
        },
        [member.token, JSON.stringify(member.user)] as const,
      );
    const page = await context.newPage();
    const sizes: Array<Promise<{ kind: string; bytes: number; url: string }>> = [];
    page.on('requestfinished', (request) =>
      sizes.push(request.sizes().then((s) => ({ kind: request.resourceType(), bytes: s.responseBodySize, url: request.url() }))),
    );
    await page.goto(`${appUrl}${pathname}`, { waitUntil: 'networkidle' });
    await page.getByText(ready).first().waitFor();
    // Whatever the page fetches on its own after drawing (lazy parts) counts too.
    await page.waitForLoadState('networkidle');
    await sleep(500);
    const all = await Promise.all(sizes);
    const scripts = all.filter((r) => r.kind === 'script');
    return {
      js: scripts.reduce((sum, r) => sum + r.bytes, 0),
      files: scripts.length,
      total: all.reduce((sum, r) => sum + r.bytes, 0),
      pathname,
    };
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** Resident memory once it has settled: sampled every second until two samples agree within 1 % (at most 20 s). */
async function idleRss(pid: number) {
  let last = processTreeRss(pid);
  for (let i = 0; i < 20; i++) {
    await sleep(1000);
    const now = processTreeRss(pid);
    if (Math.abs(now.tree - last.tree) <= last.tree * 0.01) return now;
    last = now;
  }
  return last;
}

const appPort = await freePort();
let server = await startServer(appPort);
const appUrl = `http://127.0.0.1:${appPort}`;
// A first start on an empty DATA_DIR (it creates and migrates the database).
const rssAtStart = await idleRss(server.pid!);

const member = await createMember(appUrl);
const loads = [await firstLoad(appUrl, '/', 'Get Started'), await firstLoad(appUrl, '/home', 'Post 3 of the first-page benchmark', member)];

const bare = await startBarePage();
// The same bare page with the app's security headers: what the headers cost, apart from what the app's page costs.
// (Cross-Origin-Opener-Policy moves the page out of the browser's first process into a new one: docs/benchmarks.md.)
const appHeaders = Object.fromEntries(
  [...(await fetch(`${appUrl}/auth/login`)).headers].filter(([name]) =>
    /^(content-security-policy|cross-origin-|origin-agent-cluster|referrer-policy|strict-transport-security|x-)/.test(name),
  ),
);
const bareWithHeaders = await startBarePage(appHeaders);
children.push(bare.child, bareWithHeaders.child);
const targets = {
  'app /': `${appUrl}/`,
  'app /auth/login': `${appUrl}/auth/login`,
  'bare page': bare.url,
  "bare page, app's headers": bareWithHeaders.url,
} as const;
const audits = Object.fromEntries(Object.keys(targets).map((name) => [name, [] as Audit[]])) as Record<keyof typeof targets, Audit[]>;
// Interleaved, so that a busy moment of the machine falls on all of them alike.
for (let run = 0; run < RUNS; run++)
  for (const [name, url] of Object.entries(targets)) audits[name as keyof typeof targets].push(await lighthouseRun(url));

const rssAfter = await idleRss(server.pid!);
// What an operator's server usually is: started again on data it already holds.
server.kill('SIGTERM');
await new Promise((resolve) => server.once('exit', resolve));
server = await startServer(appPort);
const rssRestart = await idleRss(server.pid!);

console.log(
  `First page on ${scratch ? 'PostgreSQL' : 'the default database'}, ${RUNS} Lighthouse run(s) each (median), Chromium at ${CHROME_PATH}`,
);
console.table(
  Object.fromEntries(
    loads.map((l) => {
      const budget = BUDGET_KB[l.pathname as keyof typeof BUDGET_KB] * 1024;
      return [
        `first load of ${l.pathname}${l.pathname === '/home' ? ' (signed in)' : ''}`,
        {
          'JS (compressed)': kb(l.js),
          'JS files': l.files,
          budget: kb(budget),
          within: l.js <= budget ? 'yes' : 'NO',
          'all resources': kb(l.total),
        },
      ];
    }),
  ),
);
const ms = (n: number) => `${Math.round(n)} ms`;
console.table(
  Object.fromEntries(
    Object.entries(audits).map(([name, runs]) => [
      name,
      {
        score: median(runs.map((r) => r.score)),
        runs: runs.map((r) => r.score).join(' '),
        goal: name.startsWith('bare page') ? '' : `≥ ${SCORE_GOAL}`,
        FCP: ms(median(runs.map((r) => r.fcp))),
        LCP: ms(median(runs.map((r) => r.lcp))),
        TBT: ms(median(runs.map((r) => r.tbt))),
        CLS: median(runs.map((r) => r.cls)).toFixed(3),
      },
    ]),
  ),
);
const showRss = (label: string, rss: { main: number; tree: number }) =>
  console.log(
    `Server resident memory ${label}: ${mb(rss.main)}${rss.tree > rss.main ? ` (${mb(rss.tree)} with its child processes)` : ''} (goal under ${RSS_GOAL_MB} MB)`,
  );
showRss('idle after a first start (empty DATA_DIR)', rssAtStart);
showRss('idle after the loads above', rssAfter);
showRss('idle after a restart on the same data', rssRestart);
const appScore = median(audits['app /'].map((r) => r.score));
const bareScore = median(audits['bare page'].map((r) => r.score));
console.log(`web: ratio ${((appScore / bareScore) * 100).toFixed(0)}% of bare`);

server.kill('SIGTERM');
await new Promise((resolve) => server.once('exit', resolve));
bare.child.kill('SIGTERM');
bareWithHeaders.child.kill('SIGTERM');
await scratch?.drop();
process.exit(0);
