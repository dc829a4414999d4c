import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerUser, randomClientAddress, multipartBody } from '../../../test/support/factories.ts';
import { useTestApp } from '../../../test/support/harness.ts';
import { useSecretsWatch } from '../../../test/support/secrets.ts';
import { cameraPhoto, profile, profileCalls, type Member } from './profile.test-support.ts';

const t = useTestApp();
useSecretsWatch(t);
let photo: Buffer;
beforeAll(async () => {
  photo = await cameraPhoto();
});

const { complete, completeMultipart, edit, me } = profileCalls(() => t);

describe('edit profile', () => {
  async function member() {
    const user = await registerUser(t);
    const fields = profile();
    await complete(user, fields);
    return { user, fields };
  }
  const editFields = (fields: ReturnType<typeof profile>, user: Member, overrides: Record<string, unknown> = {}) => ({
    fullName: fields.full_name,
    username: fields.username,
    email: user.email,
    ...overrides,
  });

  it('updates the camelCase fields, clears what is sent empty and keeps what is not sent', async () => {
    const { user, fields } = await member();
    const res = await edit(
      user,
      editFields(fields, user, {
        fullName: 'Ada King',
        education: 'Home schooled',
        workspace: 'Analytical Engine Ltd',
        dob: '1815-12-10',
        portfolio: 'https://example.org/ada',
        bio: '',
        phoneNumber: '+49 30 901820',
        country: 'DE',
      }),
    );
    expect(res.statusCode).toBe(200);
    const expected = {
      full_name: 'Ada King',
      education: 'Home schooled',
      workspace: 'Analytical Engine Ltd',
      dob: '1815-12-10',
      portfolio: 'https://example.org/ada',
      bio: null,
      address: '12 Analytical Street',
      gender: 'female',
      country: 'DE',
      phone_number: '+4930901820',
      is_confirmed: false,
    };
    expect(res.json()).toMatchObject(expected);
    expect(await me(user)).toMatchObject(expected);
  });

  it.each([
    [{ fullName: '' }, 'fullName', 'Required'],
    [{ username: '' }, 'username', 'Required'],
    [{ email: '' }, 'email', 'Required'],
    [{ email: 'nope' }, 'email', 'Invalid email'],
    [{ dob: 'yesterday' }, 'dob', undefined],
    [{ portfolio: 'not a link' }, 'portfolio', undefined],
    [{ phoneNumber: '12', country: 'US' }, 'phoneNumber', undefined],
    [{ phoneNumber: '+447911123456', country: 'US' }, 'phoneNumber', 'Phone number is not valid for the chosen country'],
    [{ country: 'ZZ' }, 'country', 'Choose a country from the list'],
  ])('answers 400 for %j', async (change, field, msg) => {
    const { user, fields } = await member();
    const res = await edit(user, editFields(fields, user, change));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', field });
    if (msg) expect(res.json().msg).toBe(msg);
  });

  it('lets the phone be cleared: required on set-up only', async () => {
    const { user, fields } = await member();
    expect((await me(user)).phone_number).toBe('+447911123456');
    const res = await edit(user, editFields(fields, user, { phoneNumber: '' }));
    expect(res.statusCode).toBe(200);
    expect((await me(user)).phone_number).toBeNull();
  });

  it('refuses a user name that belongs to someone else', async () => {
    const { user, fields } = await member();
    const { fields: otherFields } = await member();
    const name = await edit(user, editFields(fields, user, { username: otherFields.username }));
    expect(name.statusCode).toBe(409);
    expect(name.json()).toMatchObject({ code: 'USERNAME_TAKEN', msg: 'This user name is already taken.' });
  });

  it('replaces the photo from multipart and removes the old file', async () => {
    const { user, fields } = await member();
    const first = await completeMultipart(user, profile({ username: fields.username }), {
      data: photo,
      filename: 'a.jpg',
      type: 'image/jpeg',
    });
    const oldUrl = first.json().profile_picture as string;
    const png = await sharp({ create: { width: 300, height: 300, channels: 4, background: '#22c55e' } })
      .png()
      .toBuffer();
    const body = multipartBody(Object.fromEntries(Object.entries(editFields(fields, user)).map(([k, v]) => [k, String(v)])), [
      { field: 'profilePhoto', data: png, filename: 'captured.png', contentType: 'image/png' },
    ]);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/edit-profile',
      headers: { ...user.auth, ...body.headers },
      payload: body.payload,
      remoteAddress: randomClientAddress(),
    });
    expect(res.statusCode).toBe(200);
    const newUrl = res.json().profile_picture as string;
    expect(newUrl).toMatch(/^\/media\/.+\.webp$/);
    expect(newUrl).not.toBe(oldUrl);
    expect((await t.app.inject({ method: 'GET', url: newUrl })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: oldUrl })).statusCode).toBe(404);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/edit-profile',
      payload: { fullName: 'A', username: 'abc', email: 'a@b.co' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'UNAUTHORIZED', msg: 'No auth token found' });
  });
});
