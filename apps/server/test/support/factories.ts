import crypto from 'node:crypto';
import type { TestApp } from './test-app.ts';

let counter = 0;
export const uniqueEmail = (prefix = 'member') =>
  `${prefix}.${process.pid}.${++counter}.${crypto.randomBytes(3).toString('hex')}@example.test`;

export const PASSWORD = 'Sup3r$ecret';

/** A random private-range address, so per-address rate limits do not couple unrelated tests. */
export const randomClientAddress = () => `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;

/** Registers an account through the API and returns its token and id: onboarding not done, profile not set up. */
export async function registerUser(t: TestApp, overrides: { email?: string; password?: string } = {}) {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? PASSWORD;
  // A fresh client address per member: with REDIS_URL the sign-up rate limit is shared by every test app in the run.
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password },
    remoteAddress: randomClientAddress(),
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as { access_token: string; user: { id: number } };
  return { email, password, token: body.access_token, id: body.user.id, auth: { authorization: `Bearer ${body.access_token}` } };
}

/** The profile fields set-up requires, for a member named `username`. */
export const profileFields = (username: string) => ({
  full_name: `Member ${username}`,
  username,
  gender: 'female',
  country: 'NG',
  phone_number: '8031234567',
});

/** Enters the confirmation code the app mailed at sign-up, as the member would. */
export async function confirmByMail(t: TestApp, user: { email: string; auth: Record<string, string> }) {
  const code = await t.mail.codeFor(user.email, /Confirm your Tribeverse account/);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/confirm-account',
    headers: user.auth,
    payload: { code },
    remoteAddress: randomClientAddress(),
  });
  if (res.statusCode !== 200) throw new Error(`confirm account failed: ${res.statusCode} ${res.body}`);
}

async function completeProfile(t: TestApp, user: { auth: Record<string, string> }, username: string) {
  const res = await t.app.inject({
    method: 'PATCH',
    url: '/api/auth/complete-profile',
    headers: user.auth,
    payload: profileFields(username),
    remoteAddress: randomClientAddress(),
  });
  if (res.statusCode !== 200) throw new Error(`complete profile failed: ${res.statusCode} ${res.body}`);
}

/** A member who may post and chat: registered, confirmed, with a set-up profile under a random user name. */
export async function buildUser(t: TestApp, overrides: { email?: string; password?: string } = {}) {
  const user = await registerUser(t, overrides);
  await confirmByMail(t, user);
  const username = `m_${crypto.randomBytes(4).toString('hex')}`;
  await completeProfile(t, user, username);
  return { ...user, username };
}

export interface UploadFile {
  filename: string;
  data: Buffer;
  contentType?: string;
}

/** A multipart/form-data body for inject(): text fields, then files under their field names. */
export function multipartBody(fields: Record<string, string>, files: Array<UploadFile & { field: string }> = []) {
  const boundary = `----tribeverse${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A registered member who has completed their profile with this user name (others can @mention them). */
export async function buildMember(t: TestApp, username = `m_${crypto.randomBytes(4).toString('hex')}`) {
  const user = await registerUser(t);
  await confirmByMail(t, user);
  await completeProfile(t, user, username);
  return { ...user, username };
}

/** Creates a feed post through the API (text and optional images) and returns the response body. */
export async function buildPost(t: TestApp, user: { auth: Record<string, string> }, text = 'Hello #tribe', images: UploadFile[] = []) {
  const body = multipartBody(
    text ? { post: text } : {},
    images.map((i) => ({ ...i, field: 'images' })),
  );
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/posts/create',
    headers: { ...user.auth, ...body.headers },
    payload: body.payload,
  });
  if (res.statusCode !== 201) throw new Error(`create post failed: ${res.statusCode} ${res.body}`);
  return res.json() as { _id: number; post_id: number; post: string; images: string[]; thumbnails: string[]; author: { id: number } };
}
