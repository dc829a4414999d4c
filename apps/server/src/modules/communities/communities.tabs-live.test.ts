import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/harness.ts';
import { createCommunity, joinCommunity } from './communities.test-support.ts';

const t = useTestApp({}, { listen: true });

describe('community tabs, live', () => {
  it("tell the community's members which tab changed, and nobody else", async () => {
    const [owner, ann, outsider] = await t.members(3);
    const club = await createCommunity(t, owner);
    await joinCommunity(t, club.id, ann);
    const [ownerSocket, outsiderSocket] = await Promise.all([t.socket(owner), t.socket(outsider)]);
    const changed = (match: Record<string, unknown>) =>
      ownerSocket.next('community:tab:changed', (e) => Object.entries(match).every(([k, v]) => e[k] === v));

    const thread = (await t.as(ann).multipart(`/api/communities/${club.id}/threads`, { title: 'Trail ideas', body: '' })).json();
    expect(await changed({ tab: 'threads' })).toEqual({ community_id: club.id, tab: 'threads' });
    await t.as(ann).post(`/api/communities/${club.id}/threads/${thread.id}/replies`, { text: 'The ridge' });
    expect(await changed({ thread_id: thread.id })).toEqual({ community_id: club.id, tab: 'threads', thread_id: thread.id });

    const post = (await t.as(ann).multipart(`/api/communities/${club.id}/posts`, { text: 'Summit' })).json();
    await changed({ tab: 'posts' });
    const tabEvents = () => ownerSocket.events.filter((e) => e.name === 'community:tab:changed').length;
    const before = tabEvents();
    expect((await t.as(ann).put(`/api/communities/${club.id}/posts/${post.id}/like`)).statusCode).toBe(200);
    await expect.poll(tabEvents).toBe(before + 1);

    const startsAt = new Date(Date.now() + 86_400_000).toISOString();
    const event = (
      await t.as(owner).post(`/api/communities/${club.id}/events`, { kind: 'blog', title: 'Notes', starts_at: startsAt })
    ).json();
    await t.as(ann).put(`/api/communities/${club.id}/events/${event.id}/rsvp`, { going: true });
    await changed({ tab: 'events' });
    // One event per change: thread, reply, post, like, event, RSVP.
    await expect.poll(tabEvents).toBe(6);

    // A refused write changes nothing and tells nobody.
    const count = tabEvents();
    expect((await t.as(outsider).multipart(`/api/communities/${club.id}/threads`, { title: 'Hi', body: '' })).statusCode).toBe(403);
    expect(outsiderSocket.names()).not.toContain('community:tab:changed');
    expect(tabEvents()).toBe(count);
  });
});
