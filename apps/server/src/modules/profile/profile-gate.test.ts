import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/harness.ts';
import { buildPost, buildUser, confirmByMail, multipartBody, profileFields, registerUser } from '../../../test/support/factories.ts';
import { connectRecorder, socketUrl } from '../../../test/support/sockets.ts';

const t = useTestApp({}, { listen: true });

const post = (user: { auth: Record<string, string> }, text: string) => {
  const body = multipartBody({ post: text });
  return t.app.inject({ method: 'POST', url: '/api/posts/create', headers: { ...user.auth, ...body.headers }, payload: body.payload });
};

describe('members who left onboarding before setting up their profile', () => {
  it('may read but not post, comment, share or send messages, with a 403 saying why', async () => {
    const newcomer = await registerUser(t);
    await confirmByMail(t, newcomer);
    const member = await buildUser(t);
    const theirs = await buildPost(t, member, 'Welcome everyone');

    const refused = [
      await post(newcomer, 'Hello'),
      await t.app.inject({ method: 'POST', url: `/api/posts/${theirs.post_id}/comments`, headers: newcomer.auth, payload: { text: 'Hi' } }),
      await t.app.inject({ method: 'POST', url: `/api/posts/${theirs.post_id}/share`, headers: newcomer.auth, payload: {} }),
      await t.app.inject({ method: 'POST', url: '/api/chat/send', headers: newcomer.auth, payload: { peer_id: member.id, text: 'Hi' } }),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'PROFILE_INCOMPLETE', msg: expect.stringMatching(/set up your profile/i) });
    }
    const feed = await t.app.inject({ method: 'GET', url: '/api/posts/get-post?page=1&limit=10', headers: newcomer.auth });
    expect(feed.statusCode).toBe(200);

    const client = await connectRecorder(socketUrl(t), newcomer.token);
    try {
      const ack = await client.socket.timeout(5000).emitWithAck('message:send', { peer_id: member.id, text: 'Hi' });
      expect(ack).toMatchObject({ ok: false, code: 'PROFILE_INCOMPLETE' });
    } finally {
      client.socket.disconnect();
    }
  });

  it('may post and chat as soon as the profile is set up, even on a socket opened before', async () => {
    const newcomer = await registerUser(t);
    await confirmByMail(t, newcomer);
    const member = await buildUser(t);
    const client = await connectRecorder(socketUrl(t), newcomer.token);
    try {
      const done = await t.app.inject({
        method: 'PATCH',
        url: '/api/auth/complete-profile',
        headers: newcomer.auth,
        payload: profileFields('gate_newcomer'),
      });
      expect(done.statusCode).toBe(200);
      expect((await post(newcomer, 'Hello at last')).statusCode).toBe(201);
      const ack = await client.socket.timeout(5000).emitWithAck('message:send', { peer_id: member.id, text: 'Hi' });
      expect(ack).toMatchObject({ ok: true, message: { text: 'Hi' } });
    } finally {
      client.socket.disconnect();
    }
  });
});

describe('members who have not confirmed their email', () => {
  const setUpButUnconfirmed = async (username: string) => {
    const user = await registerUser(t);
    const done = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/complete-profile',
      headers: user.auth,
      payload: profileFields(username),
    });
    expect(done.statusCode).toBe(200);
    return user;
  };

  it('may read and onboard but not post, comment, share or chat until the mailed code is entered', async () => {
    const newcomer = await setUpButUnconfirmed('gate_unconfirmed');
    const member = await buildUser(t);
    const theirs = await buildPost(t, member, 'Welcome everyone');
    const client = await connectRecorder(socketUrl(t), newcomer.token);
    try {
      const refused = [
        await post(newcomer, 'Buy my stuff'),
        await t.app.inject({
          method: 'POST',
          url: `/api/posts/${theirs.post_id}/comments`,
          headers: newcomer.auth,
          payload: { text: 'Hi' },
        }),
        await t.app.inject({ method: 'POST', url: `/api/posts/${theirs.post_id}/share`, headers: newcomer.auth, payload: {} }),
        await t.app.inject({ method: 'POST', url: '/api/chat/send', headers: newcomer.auth, payload: { peer_id: member.id, text: 'Hi' } }),
      ];
      for (const res of refused) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ code: 'EMAIL_NOT_CONFIRMED', msg: expect.stringMatching(/confirm your email/i) });
      }
      const ack = await client.socket.timeout(5000).emitWithAck('message:send', { peer_id: member.id, text: 'Hi' });
      expect(ack).toMatchObject({ ok: false, code: 'EMAIL_NOT_CONFIRMED' });
      const feed = await t.app.inject({ method: 'GET', url: '/api/posts/get-post?page=1&limit=10', headers: newcomer.auth });
      expect(feed.statusCode).toBe(200);

      // The code again, entered: writing opens at once, on the socket already open too.
      const resend = await t.app.inject({ method: 'POST', url: '/api/auth/confirm-account/resend', headers: newcomer.auth });
      expect(resend.statusCode === 200 || resend.statusCode === 429).toBe(true);
      await confirmByMail(t, newcomer);
      expect((await post(newcomer, 'Hello, confirmed')).statusCode).toBe(201);
      const sent = await client.socket.timeout(5000).emitWithAck('message:send', { peer_id: member.id, text: 'Hi again' });
      expect(sent).toMatchObject({ ok: true });
    } finally {
      client.socket.disconnect();
    }
  });
});
