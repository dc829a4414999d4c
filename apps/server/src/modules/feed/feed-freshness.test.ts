import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { NOTICES_APPLICATION_NAME } from '../../db/change-notices.ts';
import { useTestApp, type Member } from '../../../test/support/harness.ts';
import type { TestApp } from '../../../test/support/test-app.ts';

const t = useTestApp();

/** The card as a member sees it in the feed the web app loads, read through the given app (process). */
async function card(viewer: Member, postId: number, app: TestApp['app'] = t.app) {
  const res = await app.inject({ method: 'GET', url: '/api/posts/feed?limit=50', headers: viewer.auth });
  expect(res.statusCode).toBe(200);
  return res.json().posts.find((p: { post_id: number }) => p.post_id === postId);
}

describe('a feed page read again', () => {
  it('shows every change made since: an edit, a like, a comment, the author renaming themselves', async () => {
    const [author, reader] = await t.members(2);
    const id = await t.post(author!, 'first words');
    expect(await card(reader!, id)).toMatchObject({ post: 'first words', likes_count: 0, author: { username: author!.username } });

    expect((await t.as(author!).patch(`/api/posts/${id}`, { post: 'second words' })).statusCode).toBe(200);
    expect(await card(reader!, id)).toMatchObject({ post: 'second words', edited_at: expect.any(String) });

    await t.as(reader!).post(`/api/posts/${id}/like`);
    await t.as(reader!).post(`/api/posts/${id}/comments`, { text: 'nice' });
    expect(await card(reader!, id)).toMatchObject({ likes_count: 1, comments_count: 1, liked_by_me: true });

    const renamed = `${author!.username}_x`.slice(0, 30);
    const edit = await t.as(author!).patch('/api/auth/edit-profile', {
      fullName: 'A New Name',
      username: renamed,
      email: author!.email,
      country: 'NG',
      phoneNumber: '8031234567',
    });
    expect(edit.statusCode).toBe(200);
    expect(await card(reader!, id)).toMatchObject({ username: renamed, author: { username: renamed, full_name: 'A New Name' } });
  });

  // Another process keeps pages until the database's notice of a write reaches it, moments after the commit (a
  // member's next request, through the network, comes later); `noticed` waits for exactly that.
  it('through another process of the same deployment shows what was changed through this one, once told', async () => {
    const other = await t.otherProcess();
    const noticed = () => other.app.ctx.notices.sync();
    const [author, reader] = await t.members(2);
    const id = await t.post(author!, 'seen from afar');
    await noticed();
    expect(await card(reader!, id, other.app)).toMatchObject({ likes_count: 0, shares_count: 0 });

    await t.as(reader!).post(`/api/posts/${id}/like`);
    await t.as(reader!).post(`/api/posts/${id}/share`, { text: '' });
    await noticed();
    expect(await card(reader!, id, other.app)).toMatchObject({ likes_count: 1, shares_count: 1, liked_by_me: true, shared_by_me: true });

    await t.as(author!).delete(`/api/posts/${id}`);
    await noticed();
    expect(await card(reader!, id, other.app)).toBeUndefined();
  });

  it('is read again by every process while the database cannot tell them of changes', async () => {
    const other = await t.otherProcess();
    const [author, reader] = await t.members(2);
    const id = await t.post(author!, 'before the break');
    await other.app.ctx.notices.sync();
    expect(await card(reader!, id, other.app)).toMatchObject({ likes_count: 0 });

    // The other process's listening connection breaks: it cannot know of writes until it listens again.
    await t.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = ${NOTICES_APPLICATION_NAME}`,
    );
    await vi.waitFor(() => expect(other.app.ctx.notices.live).toBe(false));
    expect(await card(reader!, id, other.app)).toMatchObject({ likes_count: 0 });
    await t.as(reader!).post(`/api/posts/${id}/like`);
    expect(await card(reader!, id, other.app)).toMatchObject({ likes_count: 1, liked_by_me: true });
    // And it listens again by itself.
    await vi.waitFor(() => expect(other.app.ctx.notices.live).toBe(true), { timeout: 5000 });
  });

  it('by several members shows each their own flags on the same cards', async () => {
    const [author, ann, bob, carol] = await t.members(4);
    const id = await t.post(author!, 'one post, four views');
    await t.as(ann!).post(`/api/posts/${id}/like`);
    await t.as(bob!).post(`/api/posts/${id}/share`, { text: '' });

    for (let round = 0; round < 2; round++) {
      expect(await card(ann!, id)).toMatchObject({ liked_by_me: true, shared_by_me: false, is_mine: false, likes_count: 1 });
      expect(await card(bob!, id)).toMatchObject({ liked_by_me: false, shared_by_me: true, is_mine: false, likes_count: 1 });
      expect(await card(carol!, id)).toMatchObject({ liked_by_me: false, shared_by_me: false, is_mine: false, shares_count: 1 });
      expect(await card(author!, id)).toMatchObject({ liked_by_me: false, shared_by_me: false, is_mine: true });
    }
  });
});
