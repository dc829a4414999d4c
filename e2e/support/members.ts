import { ADMIN_EMAIL, setFilters } from './admin.ts';
import { readCode } from './mail.ts';
import { expect, type APIRequestContext, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test';

/** A 24x24 purple PNG: small enough to inline, a real image for the server to re-encode. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAYCAIAAABvFaqvAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAKElEQVQ4jWOYbPyKKohh1KDJo2E0eTQdGY9mEePRYuTVaAn5aiBrEQAV+swutsP6MgAAAABJRU5ErkJggg==',
  'base64',
);

/** An address no other journey uses. */
export const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** Signs up on the register page as a newcomer does (password 'Secret#123'), up to the page asking for the mailed code. */
export async function registerThroughForm(page: Page, email: string) {
  await page.goto('/auth/register');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Secret#123');
  await page.getByLabel('Confirm password').fill('Secret#123');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/auth\/confirm-account$/);
}

export interface Member {
  id: number;
  token: string;
  email: string;
  /** Full name as shown in lists. */
  name: string;
  username: string;
  /** The member as the app stores it after sign-in. */
  user: { id: number; username: string } & Record<string, unknown>;
}

/** The member's token as an API call's header, for set-up done through the API rather than the screens. */
export const bearer = (m: Pick<Member, 'token'>) => ({ authorization: `Bearer ${m.token}` });

/**
 * A fresh member with a completed profile, made through the API: journeys about the feed or chat start signed in
 * rather than walking through sign-up again (the account journeys cover that).
 */
export async function registerMember(
  request: APIRequestContext,
  label: string,
  password = 'Secret#123',
  /** A given address (the instance admin's); a fresh one otherwise. */
  address?: string,
): Promise<Member> {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const email = address ?? `${label.toLowerCase()}-${tag}@example.com`;
  const res = await request.post('/api/auth/register', { data: { email, password } });
  expect(res.status()).toBe(201);
  const { access_token } = (await res.json()) as { access_token: string };
  // Confirmed by the code mailed at sign-up, as a member would: unconfirmed members may not post or chat.
  const confirmed = await request.post('/api/auth/confirm-account', {
    headers: { authorization: `Bearer ${access_token}` },
    data: { code: await readCode(email, /Confirm your Tribeverse account/) },
  });
  expect(confirmed.ok()).toBe(true);
  const name = `${label} ${tag}`;
  const username = `${label.toLowerCase()}_${tag}`;
  const profile = await request.patch('/api/auth/complete-profile', {
    headers: { authorization: `Bearer ${access_token}` },
    data: { full_name: name, username, gender: 'female', country: 'NG', phone_number: '8031234567', address: '12 Marina Road, Lagos' },
  });
  expect(profile.ok()).toBe(true);
  const user = (await profile.json()) as Member['user'];
  return { id: user.id, token: access_token, email, name, username, user };
}

/** A new browser context signed in as this member: token and auth data stored as the app stores them. */
export async function signedInContext(
  browser: Browser,
  member: Member,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(options);
  await context.addInitScript(
    ([token, user]) => {
      if (!localStorage.getItem('USER_TOKEN')) {
        localStorage.setItem('USER_TOKEN', token);
        localStorage.setItem('AUTH_DATA', user);
      }
    },
    [member.token, JSON.stringify(member.user)] as const,
  );
  return { context, page: await context.newPage() };
}

/**
 * The instance's admin (ADMIN_EMAIL, given to the server as ADMIN_EMAILS): signed up and confirmed by the first
 * journey that needs it, signed in by the next ones of the same server run.
 */
export async function registerAdmin(request: APIRequestContext): Promise<Member> {
  const password = 'Secret#123';
  const login = await request.post('/api/auth/login', { data: { email: ADMIN_EMAIL, password } });
  if (!login.ok()) return registerMember(request, 'Admin', password, ADMIN_EMAIL);
  const { access_token, user } = (await login.json()) as { access_token: string; user: Member['user'] & { full_name: string } };
  return { id: user.id, token: access_token, email: ADMIN_EMAIL, name: user.full_name, username: user.username, user };
}

/**
 * Ann and Bob, fresh members, each signed in in a browser of their own: how the two-person chat and call journeys
 * start. `bobOptions` gives Bob's browser another shape (a phone, say).
 */
export async function annAndBob(browser: Browser, request: APIRequestContext, bobOptions: BrowserContextOptions = {}) {
  const ann = await registerMember(request, 'Ann');
  const bob = await registerMember(request, 'Bob');
  const a = await signedInContext(browser, ann);
  const b = await signedInContext(browser, bob, bobOptions);
  return { ann, bob, a, b };
}

/** The admin, Ann and Bob, on an instance whose filters hold `word` for review (set them back with setFilters). */
export async function adminAnnAndBobWithHold(request: APIRequestContext, word: string) {
  const admin = await registerAdmin(request);
  const ann = await registerMember(request, 'Ann');
  const bob = await registerMember(request, 'Bob');
  await setFilters(request, admin, [{ pattern: word, kind: 'word', action: 'hold' }]);
  return { admin, ann, bob };
}
