import { expect, test } from '@playwright/test';
import { readCode } from '../support/mail.ts';

test('a member sees their profile, edits it (with a camera photo) and the change survives a reload', async ({ page }) => {
  const email = `profile-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const username = `lin_${Date.now() % 1e8}`;
  const res = await page.request.post('/api/auth/register', { data: { email, password: 'Secret#123' } });
  const { access_token } = (await res.json()) as { access_token: string };
  // Confirmed by the mailed code: only confirmed members may post.
  const confirmed = await page.request.post('/api/auth/confirm-account', {
    headers: { authorization: `Bearer ${access_token}` },
    data: { code: await readCode(email, /Confirm your Tribeverse account/) },
  });
  expect(confirmed.ok()).toBe(true);
  const setup = await page.request.patch('/api/auth/complete-profile', {
    headers: { authorization: `Bearer ${access_token}` },
    multipart: { full_name: 'Lin Chen', username, gender: 'female', country: 'NG', phone_number: '8031234567' },
  });
  expect(setup.ok()).toBe(true);
  const posted = await page.request.post('/api/posts/create', {
    headers: { authorization: `Bearer ${access_token}` },
    multipart: { post: 'First light over the Tribeverse' },
  });
  expect(posted.status()).toBe(201);

  await page.goto('/auth/login');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Secret#123');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/home$/);

  await page.getByRole('link', { name: 'Your profile' }).click();
  await expect(page.getByRole('heading', { name: 'Lin Chen' })).toBeVisible();
  await expect(page.getByRole('main').getByText(`@${username}`)).toBeVisible();
  await expect(page.getByText('No created communities found')).toBeVisible();
  await page.getByRole('tab', { name: 'Followed communities' }).click();
  await expect(page).toHaveURL(/\/profile\/followed-community$/);
  await expect(page.getByText('No followed communities found')).toBeVisible();
  await page.getByRole('tab', { name: 'Posts' }).click();
  await expect(page).toHaveURL(/\/profile\/posts$/);
  await expect(page.getByText('First light over the Tribeverse')).toBeVisible();

  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(page).toHaveURL(/\/profile\/edit$/);
  await page.getByLabel('Full name').fill('');
  await page.getByLabel('Email').fill('not-mail');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Required')).toBeVisible();
  await expect(page.getByText('Invalid email')).toBeVisible();

  await page.getByLabel('Full name').fill('Lin Chen-Ward');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Education').fill('University of Lagos');
  await page.getByLabel('Phone number').fill('8031234567');
  await page.getByRole('button', { name: 'Take a photo' }).click();
  const capture = page.getByRole('button', { name: 'Capture' });
  await expect(capture).toBeEnabled();
  await capture.click();
  await expect(page.getByText('captured', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated successfully!')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Lin Chen-Ward' })).toBeVisible();
  await expect(page.getByText('University of Lagos')).toBeVisible();
  await expect(page.getByText('+2348031234567')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Your profile' }).locator('img')).toBeVisible();
});
