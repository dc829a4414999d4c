import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { migrationsFolder, openDatabase, type Db } from '../src/db/client.ts';
import * as schema from '../src/db/schema/index.ts';
import { buildPost, buildUser, randomClientAddress } from './support/factories.ts';
import { createTestApp } from './support/test-app.ts';

// An install from before the embedded PostgreSQL server kept its data in PGlite under DATA_DIR/db.
const appOn = (db: Db) =>
  createTestApp(
    {},
    { sameDeploymentAs: { db, realtimeRedisKey: `upgrade-${crypto.randomUUID()}`, rateLimitNamespace: `upgrade-${crypto.randomUUID()}:` } },
  );

describe('upgrading a DATA_DIR that holds the earlier embedded database (PGlite)', () => {
  it('carries its data over on the first start, once, and keeps the old files aside', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribeverse-upgrade-'));
    try {
      // As the app's carry-over opens it: with the extensions the migrations create.
      const pglite = await PGlite.create(path.join(dataDir, 'db'), { extensions: { unaccent, pg_trgm } });
      const oldDb = drizzle({ client: pglite, schema }) as unknown as Db;
      await migrate(oldDb as never, { migrationsFolder });
      const before = await appOn(oldDb);
      const author = await buildUser(before);
      const post = await buildPost(before, author, 'Written before the upgrade #kept');
      await before.close();
      await pglite.close();

      const notices: string[] = [];
      const database = await openDatabase({ dataDir, onNotice: (m) => notices.push(m) });
      expect(notices).toEqual([
        expect.stringMatching(/^carried \d+ rows over from the earlier embedded database .* kept in .*db-pglite-before-upgrade/),
      ]);
      expect(fs.existsSync(path.join(dataDir, 'db'))).toBe(false);
      expect(fs.existsSync(path.join(dataDir, 'db-pglite-before-upgrade', 'PG_VERSION'))).toBe(true);
      const after = await appOn(database.db);
      const login = await after.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: author.email, password: author.password },
        remoteAddress: randomClientAddress(),
      });
      expect(login.statusCode).toBe(200);
      const feed = await after.app.inject({ method: 'GET', url: '/api/posts/get-post?page=1&limit=10', headers: author.auth });
      expect(feed.json()).toEqual([expect.objectContaining({ post_id: post.post_id, post: 'Written before the upgrade #kept' })]);
      // Ids continue after the old ones.
      const newcomer = await buildUser(after);
      expect(newcomer.id).toBeGreaterThan(author.id);
      expect((await buildPost(after, newcomer, 'After')).post_id).toBeGreaterThan(post.post_id);
      await after.close();
      await database.close();

      // The next start finds everything and carries nothing over again.
      const again = await openDatabase({ dataDir, onNotice: (m) => notices.push(m) });
      const later = await appOn(again.db);
      const feedLater = await later.app.inject({ method: 'GET', url: '/api/posts/get-post?page=1&limit=10', headers: newcomer.auth });
      expect(feedLater.statusCode).toBe(200);
      expect(notices).toHaveLength(1);
      await later.close();
      await again.close();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
