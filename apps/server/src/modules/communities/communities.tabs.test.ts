import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/harness.ts';
import { createCommunity, joinCommunity, png } from './communities.test-support.ts';

const t = useTestApp();

describe('community tabs', () => {
  it('discussion: members start threads with a picture and reply; non-members of a private community see nothing', async () => {
    const [owner, ann, outsider] = await t.members(3);
    const club = await createCommunity(t, owner, { visibility: 'private' });
    const invite = (await t.as(owner).post(`/api/communities/${club.id}/invites`, {})).json();
    await t.as(ann).post(`/api/invites/${invite.code}/accept`);

    const res = await t
      .as(ann)
      .multipart(`/api/communities/${club.id}/threads`, { title: 'Trail ideas', body: 'Where next?' }, [
        { field: 'image', filename: 'trail.png', data: await png() },
      ]);
    expect(res.statusCode).toBe(201);
    const thread = res.json();
    expect(thread).toMatchObject({
      title: 'Trail ideas',
      starter: { id: ann.id },
      reply_count: 0,
      image: expect.stringMatching(/^\/media\//),
    });
    expect((await t.as(owner).post(`/api/communities/${club.id}/threads/${thread.id}/replies`, { text: 'The ridge' })).statusCode).toBe(
      201,
    );
    expect((await t.as(owner).get(`/api/communities/${club.id}/threads`)).json().threads[0]).toMatchObject({
      id: thread.id,
      reply_count: 1,
    });
    expect((await t.as(ann).get(`/api/communities/${club.id}/threads/${thread.id}/replies`)).json().replies).toEqual([
      expect.objectContaining({ text: 'The ridge', author: expect.objectContaining({ id: owner.id }) }),
    ]);
    expect((await t.as(outsider).get(`/api/communities/${club.id}/threads`)).statusCode).toBe(404);
    expect((await t.as(outsider).post(`/api/communities/${club.id}/threads`, { title: 'hi' })).statusCode).toBe(404);
  });

  it('media: posts with pictures, likes counted once per member, shares', async () => {
    const [owner, ann] = await t.members(2);
    const club = await createCommunity(t, owner);
    await joinCommunity(t, club.id, ann);
    const res = await t.as(owner).multipart(`/api/communities/${club.id}/posts`, { text: 'Summit' }, [
      { field: 'images', filename: 'a.png', data: await png() },
      { field: 'images', filename: 'b.png', data: await png() },
    ]);
    expect(res.statusCode).toBe(201);
    const post = res.json();
    expect(post.images).toHaveLength(2);
    const like = () => t.as(ann).put(`/api/communities/${club.id}/posts/${post.id}/like`);
    await like();
    expect((await like()).json()).toEqual({ liked: true, likes: 1 });
    expect((await t.as(ann).post(`/api/communities/${club.id}/posts/${post.id}/share`)).json()).toEqual({ shares: 1 });
    const listed = (await t.as(ann).get(`/api/communities/${club.id}/posts`)).json().posts[0];
    expect(listed).toMatchObject({ id: post.id, likes: 1, shares: 1, liked_by_me: true, text: 'Summit' });
    expect((await t.as(ann).delete(`/api/communities/${club.id}/posts/${post.id}`)).statusCode).toBe(403);
  });

  it('events: moderators and up create them, members RSVP and see who goes', async () => {
    const [owner, ann] = await t.members(2);
    const club = await createCommunity(t, owner);
    await joinCommunity(t, club.id, ann);
    const startsAt = new Date(Date.now() + 86_400_000).toISOString();
    const body = { kind: 'podcast', title: 'Trail talk', starts_at: startsAt };
    expect((await t.as(ann).post(`/api/communities/${club.id}/events`, body)).statusCode).toBe(403);
    const event = (await t.as(owner).post(`/api/communities/${club.id}/events`, body)).json();
    expect(event).toMatchObject({ kind: 'podcast', starts_at: startsAt, host: { id: owner.id }, going_count: 0 });
    const going = (await t.as(ann).put(`/api/communities/${club.id}/events/${event.id}/rsvp`, { going: true })).json();
    expect(going).toMatchObject({ going: true, going_count: 1, attendees_preview: [expect.objectContaining({ id: ann.id })] });
    expect((await t.as(owner).get(`/api/communities/${club.id}/events/${event.id}/attendees`)).json().attendees).toEqual([
      expect.objectContaining({ id: ann.id }),
    ]);
    expect((await t.as(owner).get(`/api/communities/${club.id}/events`)).json().events[0]).toMatchObject({
      id: event.id,
      going: false,
      going_count: 1,
    });
  });

  it('members tab: lists members by role with their description, and the profile tabs show created and followed', async () => {
    const [owner, ann] = await t.members(2);
    const club = await createCommunity(t, owner, { description: 'We walk' });
    await joinCommunity(t, club.id, ann);
    const members = (await t.as(ann).get(`/api/communities/${club.id}/members`)).json().members;
    expect(members.map((m: { id: number; role: string }) => [m.id, m.role])).toEqual([
      [owner.id, 'owner'],
      [ann.id, 'member'],
    ]);
    expect((await t.as(ann).get('/api/me/communities')).json()).toEqual({
      created: [],
      followed: [expect.objectContaining({ id: club.id, heading: club.name, desc: 'We walk' })],
    });
    expect((await t.as(ann).get(`/api/users/${owner.id}/communities`)).json().created).toEqual([expect.objectContaining({ id: club.id })]);
  });
});
