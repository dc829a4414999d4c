import { expect, test } from '@playwright/test';

test('the public home page shows the figures, invites visitors to register and subscribes to the newsletter', async ({ page }) => {
  await page.goto('/');
  for (const figure of ['40M+', '32M+', '38M+', '894k+']) await expect(page.getByText(figure, { exact: true })).toBeVisible();
  await expect(page.getByText('participant tokens rewarded')).toBeVisible();
  await expect(page.getByText('No team members yet.')).toBeVisible();
  await expect(page.getByText('© 2025 Tribeverse')).toBeVisible();
  // The member header is not on the public home page.
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Learn more' })).toBeDisabled();
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();

  const email = `news-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const box = page.getByRole('form', { name: 'Newsletter' });
  await box.getByLabel('Email address').fill('not-an-email');
  await box.getByRole('button', { name: 'Subscribe' }).click();
  await expect(box.getByRole('alert')).toHaveText('Invalid email format');
  await box.getByLabel('Email address').fill(email);
  await box.getByRole('button', { name: 'Subscribe' }).click();
  await expect(box.getByRole('status')).toBeVisible();
  await expect(box.getByLabel('Email address')).toHaveValue('');
  await box.getByLabel('Email address').fill(email);
  await box.getByRole('button', { name: 'Subscribe' }).click();
  // Answered alike: the page does not tell who is already on the list.
  await expect(box.getByRole('status')).toBeVisible();

  await page.getByRole('link', { name: 'Get Started' }).first().click();
  await expect(page).toHaveURL(/\/auth\/register$/);
});

test('on a phone the hamburger opens the menu; a signed-in visitor sees their initials instead of Sign In', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  const email = `nav-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const res = await page.request.post('/api/auth/register', { data: { email, password: 'Secret#123' } });
  const { access_token } = (await res.json()) as { access_token: string };

  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Feed' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('link', { name: 'Feed' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await page.getByRole('button', { name: 'Close menu' }).click();
  await expect(page.getByRole('link', { name: 'Feed' })).toBeHidden();

  // Signed in (as the app stores a session), an account without a profile is sent to set-up first, wherever it
  // was asked to go.
  const me = await (await page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${access_token}` } })).json();
  await page.evaluate(([token, user]) => (localStorage.setItem('USER_TOKEN', token), localStorage.setItem('AUTH_DATA', user)), [
    access_token,
    JSON.stringify(me),
  ] as const);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/auth\/setup-profile/);
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.locator('#mobile-menu').getByRole('link', { name: 'Your profile' })).toHaveText(email[0]!.toUpperCase());
  await expect(page.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
});

test('social sign-in explains an unconfigured provider and a failed landing', async ({ page }) => {
  await page.goto('/auth/login');
  const providers = (await (await page.request.get('/api/auth/providers')).json()) as { google: boolean };
  test.skip(providers.google === true, 'Google sign-in is configured on this server');
  await page.getByRole('button', { name: 'Google' }).click();
  await expect(page.getByText('Google sign-in is not set up on this server.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);

  // A landing code this browser did not start (or a session token, as older links carried) signs nobody in.
  await page.goto('/auth/social#code=not-a-real-code');
  await expect(page).toHaveURL(/\/auth\/login\?social_error=failed$/);
  await expect(page.getByText('sign-in failed. Please try again.')).toBeVisible();
});
