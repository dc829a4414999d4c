import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/harness.ts';
import { createCommunity, joinCommunity, png } from './communities.test-support.ts';

const t = useTestApp();

describe("a community's preview, for those who have not joined", () => {
  it("shows a visitor a public community's newest pictures, newest first, without joining", async () => {
    const [owner, visitor] = await t.members(2);
    const club = await createCommunity(t, owner);
    const older = (
      await t
        .as(owner)
        .multipart(`/api/communities/${club.id}/posts`, { text: 'Start' }, [{ field: 'images', filename: 'a.png', data: await png() }])
    ).json();
    // A post with only text has no picture to show.
    await t.as(owner).multipart(`/api/communities/${club.id}/posts`, { text: 'Words only' });
    const newer = (
      await t
        .as(owner)
        .multipart(`/api/communities/${club.id}/posts`, { text: 'Summit' }, [{ field: 'images', filename: 'b.png', data: await png() }])
    ).json();

    const res = await t.as(visitor).get(`/api/communities/${club.id}/preview`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      community_id: club.id,
      recent_media: [
        { post_id: newer.id, image: newer.images[0], created_at: newer.created_at },
        { post_id: older.id, image: older.images[0], created_at: older.created_at },
      ],
    });
    // Only a preview: the tabs themselves still ask to join first.
    expect((await t.as(visitor).get(`/api/communities/${club.id}/posts`)).statusCode).toBe(403);
  });

  it('never shows a private community, to a visitor or to someone who asked to join', async () => {
    const [owner, visitor, asking] = await t.members(3);
    const club = await createCommunity(t, owner, { visibility: 'private' });
    await t
      .as(owner)
      .multipart(`/api/communities/${club.id}/posts`, { text: 'Secret' }, [{ field: 'images', filename: 'a.png', data: await png() }]);
    expect((await t.as(asking).post(`/api/communities/${club.id}/join`)).json().status).toBe('requested');
    for (const who of [visitor, asking]) {
      const res = await t.as(who).get(`/api/communities/${club.id}/preview`);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('/media/');
    }
  });

  it('never shows it to a member who was banned, nor anything of a community that does not exist', async () => {
    const [owner, ann] = await t.members(2);
    const club = await createCommunity(t, owner);
    await joinCommunity(t, club.id, ann);
    expect((await t.as(owner).delete(`/api/communities/${club.id}/members/${ann.id}?ban=true`)).statusCode).toBe(204);
    const res = await t.as(ann).get(`/api/communities/${club.id}/preview`);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('BANNED');
    expect((await t.as(ann).get('/api/communities/999999/preview')).statusCode).toBe(404);
    expect((await t.as(null).get(`/api/communities/${club.id}/preview`)).statusCode).toBe(401);
  });
});
