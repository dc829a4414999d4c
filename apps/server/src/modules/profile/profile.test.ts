import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerUser, randomClientAddress } from '../../../test/support/factories.ts';
import { useTestApp } from '../../../test/support/harness.ts';
import { useSecretsWatch } from '../../../test/support/secrets.ts';
import { cameraPhoto, profile, profileCalls, username } from './profile.test-support.ts';

const t = useTestApp();
useSecretsWatch(t);
let photo: Buffer;
beforeAll(async () => {
  photo = await cameraPhoto();
});

const { complete, completeMultipart, me } = profileCalls(() => t);

describe('complete profile', () => {
  it('tells the set-up screen who is signing up', async () => {
    const user = await registerUser(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/complete-profile', headers: user.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: user.id, email: user.email });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/complete-profile' })).statusCode).toBe(401);
  });

  it('saves the profile from JSON, with the phone in E.164, and marks it complete', async () => {
    const user = await registerUser(t);
    const fields = profile();
    const res = await complete(user, fields);
    expect(res.statusCode).toBe(200);
    const expected = {
      id: user.id,
      email: user.email,
      full_name: 'Ada Lovelace',
      username: fields.username,
      gender: 'female',
      country: 'GB',
      phone_number: '+447911123456',
      address: '12 Analytical Street',
      bio: 'Numbers and poetry.',
      profile_completed: true,
    };
    expect(res.json()).toMatchObject(expected);
    expect(await me(user)).toMatchObject(expected);
  });

  it('takes multipart with a picture, checked by content and re-encoded to a 512 px square without EXIF', async () => {
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const user = await registerUser(t);
    // The claimed name and type are wrong on purpose: only the bytes count.
    const res = await completeMultipart(user, profile(), { data: photo, filename: 'notes.txt', type: 'text/plain' });
    expect(res.statusCode).toBe(200);
    const url = res.json().profile_picture as string;
    expect(url).toMatch(/^\/media\/[a-f0-9]+\.webp$/);
    expect(res.json().profile_completed).toBe(true);

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('Private Camera'))).toBe(false);
  });

  it('refuses a file that is not an image, whatever it claims to be, and keeps the profile as it was', async () => {
    const user = await registerUser(t);
    const res = await completeMultipart(user, profile(), {
      data: Buffer.from('<svg onload="alert(1)">'.repeat(20)),
      filename: 'me.png',
      type: 'image/png',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect((await me(user)).profile_completed).toBe(false);
  });

  it('refuses a picture over the size limit with 413', async () => {
    const user = await registerUser(t);
    const res = await completeMultipart(user, profile(), {
      data: Buffer.alloc(5 * 1024 * 1024 + 10, 1),
      filename: 'big.jpg',
      type: 'image/jpeg',
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', msg: 'The profile picture is too large: at most 5 MB.' });
  });

  it('refuses a user name taken in any case', async () => {
    const first = await registerUser(t);
    const name = username();
    expect((await complete(first, profile({ username: name }))).statusCode).toBe(200);
    const second = await registerUser(t);
    const res = await complete(second, profile({ username: name.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'USERNAME_TAKEN', msg: 'This user name is already taken.', field: 'username' });
    // Keeping one's own name is fine.
    expect((await complete(first, profile({ username: name }))).statusCode).toBe(200);
  });

  it.each([
    [{ username: undefined }, 'username', 'Username, country and gender are required'],
    [{ gender: undefined }, 'gender', 'Username, country and gender are required'],
    [{ country: undefined }, 'country', 'Username, country and gender are required'],
    [{ gender: 'other' }, 'gender', undefined],
    [{ bio: 'x'.repeat(201) }, 'bio', undefined],
    [{ address: 'short' }, 'address', 'Address must be at least 8 characters'],
    [{ phone_number: '+1 202 555' }, 'phone_number', undefined],
    [{ phone_number: '1234567890123456' }, 'phone_number', undefined],
    [{ phone_number: undefined }, 'phone_number', 'Phone number is required'],
    // A '+' number is still checked against the chosen country.
    [{ country: 'US', phone_number: '+447911123456' }, 'phone_number', 'Phone number is not valid for the chosen country'],
    [{ country: 'ZZ' }, 'country', 'Choose a country from the list'],
  ])('answers 400 for %j in JSON and in multipart', async (change, field, msg) => {
    const user = await registerUser(t);
    const fields = Object.fromEntries(Object.entries({ ...profile(), ...change }).filter(([, v]) => v !== undefined)) as Record<
      string,
      string
    >;
    for (const res of [await complete(user, fields), await completeMultipart(user, fields)]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', field });
      if (msg) expect(res.json().msg).toBe(msg);
    }
    expect((await me(user)).profile_completed).toBe(false);
  });

  it.each([
    [
      'a broken multipart body',
      'multipart/form-data; boundary=abc',
      Buffer.from('--abc\r\nContent-Disposition: form-data; name="username"\r\n\r\nada'),
    ],
    ['multipart without a boundary', 'multipart/form-data', Buffer.from('nothing')],
    ['a JSON array', 'application/json', Buffer.from('[1,2]')],
    ['broken JSON', 'application/json', Buffer.from('{"username":')],
    ['plain text', 'text/plain', Buffer.from('username=ada')],
  ])('answers 4xx, never 5xx, for %s', async (_what, contentType, payload) => {
    const user = await registerUser(t);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/complete-profile',
      headers: { ...user.auth, 'content-type': contentType },
      payload,
      remoteAddress: randomClientAddress(),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toMatchObject({ code: expect.any(String), msg: expect.any(String) });
    expect((await me(user)).profile_completed).toBe(false);
  });

  it('answers 413 for an oversized JSON body', async () => {
    const user = await registerUser(t);
    const res = await complete(user, { ...profile(), bio: 'x'.repeat(2 * 1024 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers 400 for wrong types and 401 without a session', async () => {
    const user = await registerUser(t);
    const res = await complete(user, { ...profile(), username: 42 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'username' });
    const anonymous = await t.app.inject({ method: 'PATCH', url: '/api/auth/complete-profile', payload: profile() });
    expect(anonymous.statusCode).toBe(401);
  });
});
