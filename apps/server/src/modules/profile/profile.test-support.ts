import sharp from 'sharp';
import { multipartBody, randomClientAddress, type registerUser } from '../../../test/support/factories.ts';
import type { TestApp } from '../../../test/support/test-app.ts';

/** Calls and fixtures shared by the set-up and edit profile suites. */
export type Member = Awaited<ReturnType<typeof registerUser>>;
type File = { data: Buffer; filename: string; type?: string };

/** A camera-like photo: not square, and carrying EXIF with a GPS position. */
export const cameraPhoto = () =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: '#7c3aed' } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'Private Camera' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
    .toBuffer();

let counter = 0;
/** A user name nobody has yet. */
export const username = () => `member_${process.pid}_${++counter}`;
/** The set-up form's fields, with a fresh user name. */
export const profile = (overrides: Record<string, string> = {}) => ({
  full_name: 'Ada Lovelace',
  username: username(),
  gender: 'female',
  country: 'GB',
  phone_number: '07911 123456',
  address: '12 Analytical Street',
  bio: 'Numbers and poetry.',
  ...overrides,
});

export function profileCalls(t: () => TestApp) {
  const patch = (url: string, user: Member, fields: Record<string, string>, file?: File, fileField = 'profile_picture') => {
    const body = multipartBody(
      fields,
      file ? [{ field: fileField, data: file.data, filename: file.filename, contentType: file.type }] : [],
    );
    return t().app.inject({
      method: 'PATCH',
      url,
      headers: { ...user.auth, ...body.headers },
      payload: body.payload,
      remoteAddress: randomClientAddress(),
    });
  };
  return {
    complete: (user: Member, payload: object) =>
      t().app.inject({
        method: 'PATCH',
        url: '/api/auth/complete-profile',
        headers: user.auth,
        payload,
        remoteAddress: randomClientAddress(),
      }),
    completeMultipart: (user: Member, fields: Record<string, string>, file?: File, fileField?: string) =>
      patch('/api/auth/complete-profile', user, fields, file, fileField),
    edit: (user: Member, payload: object) =>
      t().app.inject({ method: 'PATCH', url: '/api/auth/edit-profile', headers: user.auth, payload, remoteAddress: randomClientAddress() }),
    me: async (user: Member) => (await t().app.inject({ method: 'GET', url: '/api/auth/me', headers: user.auth })).json(),
  };
}
