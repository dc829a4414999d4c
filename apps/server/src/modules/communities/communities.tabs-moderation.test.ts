import { describe, expect, it } from 'vitest';
import { useTestApp, type Member } from '../../../test/support/harness.ts';
import { createCommunity, joinCommunity } from './communities.test-support.ts';

const t = useTestApp();

/** A community with an owner, an admin, two moderators and a plain member. */
async function club() {
  const [owner, admin, mod, peer, ann] = (await t.members(5)) as [Member, Member, Member, Member, Member];
  const { id } = await createCommunity(t, owner);
  for (const m of [admin, mod, peer, ann]) await joinCommunity(t, id, m);
  const role = (m: Member, value: string) => t.as(owner).patch(`/api/communities/${id}/members/${m.id}`, { role: value });
  await role(admin, 'admin');
  await role(mod, 'moderator');
  await role(peer, 'moderator');
  return { id, owner, admin, mod, peer, ann, role };
}

const startsAt = () => new Date(Date.now() + 86_400_000).toISOString();

/** One thread (with a reply from the owner), one media post and, for those who may, one event by `author`. */
async function contentOf(id: number, author: Member, owner: Member, withEvent = true) {
  const thread = (await t.as(author).post(`/api/communities/${id}/threads`, { title: 'Mine', body: 'text' })).json();
  await t.as(owner).post(`/api/communities/${id}/threads/${thread.id}/replies`, { text: 'A reply' });
  const post = (await t.as(author).multipart(`/api/communities/${id}/posts`, { text: 'A post' })).json();
  const event = withEvent
    ? (await t.as(author).post(`/api/communities/${id}/events`, { kind: 'podcast', title: 'Talk', starts_at: startsAt() })).json()
    : null;
  return { thread: thread.id as number, post: post.id as number, event: event?.id as number | undefined };
}

const del = (who: Member, id: number, what: 'threads' | 'posts' | 'events', itemId: number) =>
  t.as(who).delete(`/api/communities/${id}/${what}/${itemId}`);

const ids = async (who: Member, id: number, what: 'threads' | 'posts' | 'events') =>
  ((await t.as(who).get(`/api/communities/${id}/${what}`)).json()[what] as Array<{ id: number }>).map((x) => x.id);

describe('removing tab content acts only downwards, as in chat', () => {
  it('a moderator cannot delete the owner’s, an admin’s or a fellow moderator’s thread, post or event', async () => {
    const { id, owner, admin, mod, peer } = await club();
    for (const author of [owner, admin, peer]) {
      const made = await contentOf(id, author, owner);
      for (const [what, itemId] of [
        ['threads', made.thread],
        ['posts', made.post],
        ['events', made.event!],
      ] as const) {
        const refused = await del(mod, id, what, itemId);
        expect([what, refused.statusCode]).toEqual([what, 403]);
        expect(refused.json().code).toBe('FORBIDDEN');
        expect(await ids(owner, id, what)).toContain(itemId);
      }
    }
    // Nothing was removed, so nothing was recorded as removed.
    const audit = (await t.as(owner).get(`/api/communities/${id}/audit`)).json().entries as Array<{ action: string }>;
    expect(audit.map((e) => e.action).filter((a) => a.endsWith('.remove'))).toEqual([]);
  });

  it('a moderator deletes a plain member’s thread, post and event; an admin a moderator’s; authors their own', async () => {
    const { id, owner, admin, mod, peer, ann, role } = await club();
    const anns = await contentOf(id, ann, owner, false);
    // An event by someone who was a moderator then and is a plain member now: their rank now is what counts.
    const formerMods = await contentOf(id, peer, owner);
    await role(peer, 'member');
    for (const [what, itemId] of [
      ['threads', anns.thread],
      ['posts', anns.post],
      ['events', formerMods.event!],
    ] as const) {
      expect((await del(mod, id, what, itemId)).statusCode).toBe(204);
      expect(await ids(owner, id, what)).not.toContain(itemId);
    }

    const mods = await contentOf(id, mod, owner);
    expect((await del(admin, id, 'threads', mods.thread)).statusCode).toBe(204);
    expect((await del(admin, id, 'posts', mods.post)).statusCode).toBe(204);
    expect((await del(admin, id, 'events', mods.event!)).statusCode).toBe(204);

    const admins = await contentOf(id, admin, owner);
    expect((await del(admin, id, 'threads', admins.thread)).statusCode).toBe(204);
    expect((await del(admin, id, 'posts', admins.post)).statusCode).toBe(204);
    expect((await del(admin, id, 'events', admins.event!)).statusCode).toBe(204);
    expect((await del(ann, id, 'threads', formerMods.thread)).statusCode).toBe(403);
  });
});
