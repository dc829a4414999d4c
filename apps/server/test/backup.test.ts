import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, postJson, runServer, stopLeftoverServer, whenHealthy } from './support/server-process.ts';

// npm run backup / npm run restore on the default install, as an operator runs them: the real commands, the server
// as `npm start` runs it.
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const dirs: string[] = [];
const scratch = async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tribeverse-backup-test-'));
  // Run as root, the database server runs as the postgres user, who must pass through this folder to DATA_DIR/pg.
  await fs.chmod(dir, 0o711);
  dirs.push(dir);
  return dir;
};
afterEach(async () => {
  for (const dir of dirs.splice(0)) {
    await stopLeftoverServer(path.join(dir, 'data'));
    await stopLeftoverServer(path.join(dir, 'restored'));
    await fs.rm(dir, { recursive: true, force: true });
  }
});

/** `npm run <script> -- file` with only DATA_DIR set (no DATABASE_URL even when the suite runs on PostgreSQL). */
const npmRun = (script: string, file: string, dataDir: string) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      'npm',
      ['run', '--silent', script, '--', file],
      { cwd: repoRoot, env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });

async function start(dataDir: string) {
  const port = await freePort();
  const proc = runServer({ PORT: String(port), DATA_DIR: dataDir });
  if (!(await whenHealthy(port))) throw new Error(`the app did not start: ${proc.output().stderr}`);
  const url = (p: string) => `http://127.0.0.1:${port}${p}`;
  return { ...proc, port, url };
}

const ann = { email: 'ann@example.test', password: 'Sup3r$ecret' };

// The commands handle the embedded database only and the test gives them no DATABASE_URL: the PostgreSQL run of the
// suites would repeat the same test.
describe.skipIf(process.env.DATABASE_URL)('npm run backup / npm run restore (default install)', () => {
  it('backs up while the app runs, and a restored DATA_DIR serves the same member, post and picture', async () => {
    const dir = await scratch();
    const dataDir = path.join(dir, 'data');
    const app = await start(dataDir);

    // A member with a set-up profile and a post with a picture, made through the API.
    const registered = await postJson(app.port, '/api/auth/register', ann);
    expect(registered.status).toBe(201);
    const { access_token: token, user } = (await registered.json()) as { access_token: string; user: { id: number } };
    const auth = { authorization: `Bearer ${token}` };
    const outbox = (await (await fetch(app.url('/api/dev/outbox'))).json()) as Array<{ to: string; text: string }>;
    const code = /\b(\d{6})\b/.exec(outbox.find((m) => m.to === ann.email)!.text)![1];
    const confirmed = await fetch(app.url('/api/auth/confirm-account'), {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ code }),
    });
    expect(confirmed.status).toBe(200);
    const profile = await fetch(app.url('/api/auth/complete-profile'), {
      method: 'PATCH',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        full_name: 'Ann Backup',
        username: 'ann_backup',
        gender: 'female',
        country: 'NG',
        phone_number: '8031234567',
      }),
    });
    expect(profile.status).toBe(200);
    const picture = await sharp({ create: { width: 24, height: 16, channels: 3, background: '#0f766e' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('post', 'Before the backup #tribe');
    form.append('images', new Blob([new Uint8Array(picture)], { type: 'image/jpeg' }), 'beach.jpg');
    const posted = await fetch(app.url('/api/posts/create'), { method: 'POST', headers: auth, body: form });
    expect(posted.status).toBe(201);
    const post = (await posted.json()) as { post_id: number; images: string[] };
    const served = Buffer.from(await (await fetch(app.url(post.images[0]!))).arrayBuffer());
    expect(served.length).toBeGreaterThan(0);

    // Backed up while the app runs (and keeps answering).
    const file = path.join(dir, 'tribeverse.tar');
    const backup = await npmRun('backup', file, dataDir);
    expect(backup, backup.stderr).toMatchObject({ code: 0 });
    expect((await fs.stat(file)).size).toBeGreaterThan(0);
    expect((await postJson(app.port, '/api/auth/login', ann)).status).toBe(200);

    // Restore refuses a DATA_DIR that holds anything: it never mixes two installs.
    const refused = await npmRun('restore', file, dataDir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('is not empty');

    app.child.kill('SIGTERM');
    expect(await app.exited).toBe(0);

    const restoredDir = path.join(dir, 'restored');
    const restore = await npmRun('restore', file, restoredDir);
    expect(restore, restore.stderr).toMatchObject({ code: 0 });

    const again = await start(restoredDir);
    try {
      const login = await postJson(again.port, '/api/auth/login', ann);
      expect(login.status).toBe(200);
      const newAuth = { authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
      const page = (await (await fetch(again.url(`/api/posts/user/${user.id}`), { headers: newAuth })).json()) as {
        posts: Array<{ post_id: number; post: string; images: string[] }>;
      };
      expect(page.posts).toEqual([
        expect.objectContaining({ post_id: post.post_id, post: 'Before the backup #tribe', images: post.images }),
      ]);
      const image = await fetch(again.url(post.images[0]!));
      expect(image.status).toBe(200);
      expect(Buffer.from(await image.arrayBuffer()).equals(served)).toBe(true);
      // New rows do not collide with restored ones: the sequences came back too.
      const form2 = new FormData();
      form2.append('post', 'After the restore');
      const next = await fetch(again.url('/api/posts/create'), { method: 'POST', headers: newAuth, body: form2 });
      expect(next.status).toBe(201);
      expect(((await next.json()) as { post_id: number }).post_id).toBeGreaterThan(post.post_id);
    } finally {
      again.child.kill('SIGTERM');
      await again.exited;
    }
  }, 240_000);
});
