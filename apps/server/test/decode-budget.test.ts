import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useTestApp, type Member } from './support/harness.ts';

// The pixel budget is 600 million per member per 10 minutes; a factor of 0.1 leaves 60 million.
const t = useTestApp({ RATE_LIMIT_FACTOR: '0.1' });

/** A plain 6000 x 6000 PNG: 36 million pixels (under the 40 million cap of one picture) in a few kilobytes. */
const bigPicture = () =>
  sharp({ create: { width: 6000, height: 6000, channels: 3, background: '#446688' } })
    .png()
    .toBuffer();

async function postPicture(m: Member) {
  return t
    .as(m)
    .multipart('/api/posts/create', { post: 'view' }, [
      { field: 'images', filename: 'v.png', contentType: 'image/png', data: await bigPicture() },
    ]);
}

async function sendPicture(from: Member, to: Member) {
  return t
    .as(from)
    .multipart('/api/chat/send', { peer_id: String(to.id) }, [
      { field: 'file', filename: 'v.png', contentType: 'image/png', data: await bigPicture() },
    ]);
}

describe('picture decoding budget', () => {
  it('is counted per member across features and sessions; other members keep theirs', async () => {
    const [ann, bob] = await t.members(2);
    expect((await postPicture(ann)).statusCode).toBe(201);

    // The next 36 million would pass 60 million: refused before any decoding, whatever feature takes them.
    const again = await postPicture(ann);
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({
      code: 'RATE_LIMITED',
      msg: expect.stringMatching(/many large pictures.*Try again in \d+ minutes?\./),
    });
    const login = await t.as(null).post('/api/auth/login', { email: ann.email, password: ann.password });
    const annAgain = { ...ann, auth: { authorization: `Bearer ${login.json().access_token}` } };
    expect((await sendPicture(annAgain, bob)).statusCode).toBe(429);
    // Text costs no pixels.
    expect((await t.as(ann).post('/api/chat/send', { peer_id: bob.id, text: 'words only' })).statusCode).toBe(201);

    expect((await sendPicture(bob, ann)).statusCode).toBe(201);
  });
});
