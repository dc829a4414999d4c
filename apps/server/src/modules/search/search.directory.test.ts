import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/harness.ts';
import { createCommunity, ids, joinCommunity, search, uniqueWord } from './search.test-support.ts';

const t = useTestApp();

describe('posts, as the feed shows them to the searcher', () => {
  it('finds posts by their words, ranked, with the author', async () => {
    const [ada, reader] = await t.members(2);
    const w = uniqueWord();
    const post = await t.post(ada, `Sunrise over the Élysée ${w}`);
    const found = await search(t, reader, { q: `elysee ${w}`, type: 'posts' });
    expect(ids(found)).toEqual([post]);
    expect(found.results[0]).toEqual(
      expect.objectContaining({
        type: 'post',
        item: expect.objectContaining({ id: post, author: expect.objectContaining({ id: ada.id }) }),
      }),
    );
  });

  it('not across a block, either way, nor a repost of a blocked member’s post', async () => {
    const [blocker, blocked, sharer] = await t.members(3);
    const w = uniqueWord();
    const byBlocked = await t.post(blocked, `${w} from the blocked side`);
    const byBlocker = await t.post(blocker, `${w} from the blocking side`);
    const share = await t.share(sharer, byBlocked);
    await t.post(sharer, `${w} unrelated`);
    expect(ids(await search(t, blocker, { q: w, type: 'posts' }))).toContain(byBlocked);
    expect(ids(await search(t, blocked, { q: w, type: 'posts' }))).toContain(byBlocker);
    expect((await t.as(blocker).post(`/api/chat/blocks/${blocked.id}`)).statusCode).toBe(200);
    const forBlocker = ids(await search(t, blocker, { q: w, type: 'posts' }));
    const forBlocked = ids(await search(t, blocked, { q: w, type: 'posts' }));
    expect(forBlocker).not.toContain(byBlocked);
    expect(forBlocked).not.toContain(byBlocker);
    // The share's own words ("look at this") are not the query's; what it shares is hidden, so it is too.
    expect(ids(await search(t, blocker, { q: 'look at this', type: 'posts' }))).not.toContain(share);
    expect(forBlocker.length).toBeGreaterThan(0);
  });

  it('not from someone the searcher muted', async () => {
    const [muter, muted] = await t.members(2);
    const w = uniqueWord();
    const post = await t.post(muted, w);
    expect(ids(await search(t, muter, { q: w, type: 'posts' }))).toEqual([post]);
    expect((await t.as(muter).put(`/api/users/${muted.id}/mute`)).statusCode).toBe(200);
    expect(ids(await search(t, muter, { q: w, type: 'posts' }))).toEqual([]);
  });
});

describe('people, as their privacy allows', () => {
  it('by a part of the name or user name, and by a near miss', async () => {
    const w = uniqueWord('p');
    const [me] = await t.members(1);
    const ada = await t.member({ fullName: `Adelaide ${w}` });
    expect(ids(await search(t, me, { q: w.slice(0, 8), type: 'people' }))).toEqual([ada.id]);
    expect(ids(await search(t, me, { q: ada.username!, type: 'people' }))).toEqual([ada.id]);
    // One letter off in a long enough word still finds her (trigrams).
    const typo = `Adelaide ${w.slice(0, -1)}x`;
    expect(ids(await search(t, me, { q: typo, type: 'people' }))).toContain(ada.id);
    const [hit] = (await search(t, me, { q: w, type: 'people' })).results;
    expect(hit!.highlights.map(([s, e]) => hit!.snippet.slice(s, e))).toEqual([w]);
  });

  it('never across a block, either way', async () => {
    const w = uniqueWord('p');
    const blocker = await t.member({ fullName: `Blocker ${w}` });
    const blocked = await t.member({ fullName: `Blocked ${w}` });
    expect(ids(await search(t, blocker, { q: w, type: 'people' }))).toContain(blocked.id);
    expect((await t.as(blocker).post(`/api/chat/blocks/${blocked.id}`)).statusCode).toBe(200);
    expect(ids(await search(t, blocker, { q: w, type: 'people' }))).toEqual([blocker.id]);
    expect(ids(await search(t, blocked, { q: w, type: 'people' }))).toEqual([blocked.id]);
  });

  it('not a suspended member while the suspension lasts', async () => {
    const w = uniqueWord('p');
    const [me] = await t.members(1);
    const suspended = await t.member({ fullName: `Suspended ${w}` });
    expect(ids(await search(t, me, { q: w, type: 'people' }))).toEqual([suspended.id]);
    await t.db.execute(sql`insert into account_suspensions (user_id, reason) values (${suspended.id}, 'spam')`);
    expect(ids(await search(t, me, { q: w, type: 'people' }))).toEqual([]);
    await t.db.execute(sql`update account_suspensions set until = now() - interval '1 minute' where user_id = ${suspended.id}`);
    expect(ids(await search(t, me, { q: w, type: 'people' }))).toEqual([suspended.id]);
  });

  it('not a member without a public page yet, nor a deleted account; never by phone or email', async () => {
    const w = uniqueWord('p');
    const [me] = await t.members(1);
    const leaving = await t.member({ fullName: `Leaving ${w}` });
    await t.member({ profile: false, email: `${w}@example.test` });
    expect(ids(await search(t, me, { q: w, type: 'people' }))).toEqual([leaving.id]);
    expect(ids(await search(t, me, { q: '8031234567', type: 'people' }))).toEqual([]);
    expect(ids(await search(t, me, { q: `${w}@example.test`, type: 'people' }))).toEqual([]);
    expect((await t.as(leaving).delete('/api/account', { password: leaving.password })).statusCode).toBe(204);
    expect(ids(await search(t, me, { q: w, type: 'people' }))).toEqual([]);
  });
});

describe('communities', () => {
  it('a private one by its name only; a public one by its description too', async () => {
    const [owner, outsider, member] = await t.members(3);
    const w = uniqueWord('c');
    const secret = uniqueWord('s');
    const hidden = await createCommunity(t, owner, { name: `Hidden ${w}`, visibility: 'private', description: `about ${secret}` });
    const open = await createCommunity(t, owner, { name: `Open ${w}`, visibility: 'public', description: `all about ${secret}` });
    await joinCommunity(t, hidden.id, member, owner);
    expect(ids(await search(t, outsider, { q: w, type: 'communities' })).sort()).toEqual([hidden.id, open.id].sort());
    expect(ids(await search(t, outsider, { q: secret, type: 'communities' }))).toEqual([open.id]);
    // Not even its members find it by what it says of itself: the rule is the community's, not the searcher's.
    expect(ids(await search(t, member, { q: secret, type: 'communities' }))).toEqual([open.id]);
    const [byName] = (await search(t, outsider, { q: `hidden ${w}`, type: 'communities' })).results;
    expect(byName).toEqual(expect.objectContaining({ type: 'community', snippet: `Hidden ${w}` }));
    expect(byName!.item).toEqual(expect.objectContaining({ id: hidden.id, visibility: 'private', my_status: null }));
    const [byWords] = (await search(t, outsider, { q: secret, type: 'communities' })).results;
    expect(byWords!.highlights.map(([s, e]) => byWords!.snippet.slice(s, e))).toEqual([secret]);
  });

  it('pages ranked results once each', async () => {
    const [me, owner] = await t.members(2);
    const w = uniqueWord('c');
    const made: number[] = [];
    for (let i = 0; i < 5; i++) made.push((await createCommunity(t, owner, { name: `${w} ${'x'.repeat(i)}` })).id);
    const first = await search(t, me, { q: w, type: 'communities', limit: 3 });
    const second = await search(t, me, { q: w, type: 'communities', limit: 3, before: first.next_cursor! });
    expect(second.next_cursor).toBeNull();
    expect([...ids(first), ...ids(second)].sort()).toEqual([...made].sort());
  });
});
