import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/harness.ts';
import { buildUser, multipartBody } from '../../../test/support/factories.ts';

const t = useTestApp();

type Member = Awaited<ReturnType<typeof buildUser>>;
async function create(user: Member, name: string, data: Buffer) {
  const body = multipartBody({ post: 'a picture' }, [{ field: 'images', filename: name, data }]);
  return t.app.inject({ method: 'POST', url: '/api/posts/create', headers: { ...user.auth, ...body.headers }, payload: body.payload });
}
const square = (colour: string) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: colour } })
    .png()
    .toBuffer();
const served = async (url: string) => Buffer.from((await t.app.inject({ method: 'GET', url })).rawPayload);

/** A real PNG whose header claims a canvas of width × height (the body holds far fewer pixels): a decompression bomb. */
async function bomb(width: number, height: number) {
  const png = Buffer.from(await square('#fff'));
  // IHDR data starts at byte 16 (8 signature + 4 length + 4 type); its CRC covers type and data.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

describe('pictures in posts', () => {
  it('keeps a GIF animated (as an animated WebP) and makes its thumbnail from the first frame', async () => {
    const author = await buildUser(t);
    const gif = await sharp([await square('#f00'), await square('#00f')], { join: { animated: true } })
      .gif({ delay: [120, 120], loop: 0 })
      .toBuffer();
    const res = await create(author, 'wave.gif', gif);
    expect(res.statusCode).toBe(201);
    const post = res.json();
    const full = await sharp(await served(post.images[0])).metadata();
    expect(full).toMatchObject({ format: 'webp', pages: 2, width: 40, height: 30, delay: [120, 120] });
    const thumbnail = await sharp(await served(post.thumbnails[0])).metadata();
    expect(thumbnail.format).toBe('webp');
    expect(thumbnail.pages ?? 1).toBe(1);
  });

  it('accepts AVIF, and promises only the formats it can read', async () => {
    const author = await buildUser(t);
    const avif = await sharp(await square('#0a0'))
      .avif()
      .toBuffer();
    expect((await create(author, 'leaf.avif', avif)).statusCode).toBe(201);
    const text = await create(author, 'notes.png', Buffer.from('not a picture at all'));
    expect(text.statusCode).toBe(415);
    expect(text.json().msg).toBe('Only images can be attached (JPEG, PNG, WebP, GIF or AVIF).');
  });

  it('refuses a picture over the pixel limit with a 413 that says so, not as "not an image"', async () => {
    const author = await buildUser(t);
    const res = await create(author, 'huge.png', await bomb(10_000, 6_001));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      msg: 'This picture is too large: at most 40 million pixels (all frames together).',
    });
    // 7000 x 7000 costs seconds of CPU to decode: refused from its header alone.
    expect((await create(author, 'square.png', await bomb(7_000, 7_000))).statusCode).toBe(413);
    // Just under the limit, the header is fine; the broken body is what is refused.
    const broken = await create(author, 'small.png', await bomb(6_000, 6_000));
    expect(broken.statusCode).toBe(415);
  });
});
