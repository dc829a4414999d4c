import { describe, expect, it } from 'vitest';
import { useTestApp, type Member } from '../../../test/support/harness.ts';

// Comments allow 60 a minute per member; a factor of 0.1 leaves 6.
const t = useTestApp({ RATE_LIMIT_FACTOR: '0.1' });

/** The same member signed in a second time: another session, the same person. */
async function secondSession(m: Member): Promise<Member> {
  const res = await t.as(null).post('/api/auth/login', { email: m.email, password: m.password });
  expect(res.statusCode, res.body).toBe(200);
  const token = res.json().access_token as string;
  return { ...m, token, auth: { authorization: `Bearer ${token}` } };
}

describe('write limits', () => {
  it('count per member: a second session adds nothing, another member behind any address has their own', async () => {
    const [ann, bob] = await t.members(2);
    const annAgain = await secondSession(ann);
    const created = await t.as(bob).multipart('/api/posts/create', { post: 'talk to me' });
    expect(created.statusCode, created.body).toBe(201);
    const url = `/api/posts/${created.json().post_id}/comments`;

    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await t.as(i % 2 ? annAgain : ann).post(url, { text: `comment ${i}` })).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201, 429]);
    const refused = await t.as(annAgain).post(url, { text: 'one more' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', msg: expect.stringMatching(/try again/i) });

    expect((await t.as(bob).post(url, { text: 'still here' })).statusCode).toBe(201);
  });
});
