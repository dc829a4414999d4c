import { expect, test } from '@playwright/test';
import { registerMember } from '../support/members.ts';

const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
const PASSWORD = 'Secret#123';

test('the sign-in rules load with the form; if they cannot, Sign In says so, sends nothing, and works once they can', async ({ page }) => {
  const { email } = await registerMember(page.request, 'Rules', PASSWORD);
  let cut = true;
  await page.route('**/assets/login-validation-*.js', (route) => (cut ? route.abort('internetdisconnected') : route.continue()));
  const signIns: string[] = [];
  page.on('request', (request) => void (request.url().includes('/api/auth/login') && signIns.push(request.url())));
  await page.goto('/auth/login');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Could not check the form. Check your connection and try again.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login/);
  expect(signIns).toEqual([]);

  cut = false;
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).not.toHaveURL(/\/auth\/login/);
});

test('login checks its fields, shows the server message on a wrong password, and remembers only the email', async ({ page }) => {
  const { email } = await registerMember(page.request, 'Remember', PASSWORD);

  await page.goto('/auth/login');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Email Address is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await page.getByLabel('Email Address').fill('not-an-email');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email format')).toBeVisible();

  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Wrong#pass1');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.locator('.Toastify__toast--error')).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  // Only the password is cleared: the email stays for the next try.
  await expect(page.getByLabel('Email Address')).toHaveValue(email);

  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await page.getByLabel('Remember my password').check();
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Login successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);

  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
  expect(stored).not.toContain(PASSWORD);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByLabel('Email Address')).toHaveValue(email);
  await expect(page.getByLabel('Remember my password')).toBeChecked();
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');

  // The session was revoked on the server: the member area is closed again.
  await page.goto('/home');
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('registering an address twice says the user already exists and clears only the passwords', async ({ page }) => {
  const email = uniqueEmail('twice');
  await page.request.post('/api/auth/register', { data: { email, password: PASSWORD } });
  await page.goto('/auth/register');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'User already exists!' })).toBeVisible();
  await expect(page.getByLabel('Email Address')).toHaveValue(email);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Confirm password')).toHaveValue('');
});

test('signing in breaks no rule of the page’s Content-Security-Policy (the form’s rules load without an eval try)', async ({ page }) => {
  const { email } = await registerMember(page.request, 'Policy', PASSWORD);
  // Kept in the tab's session storage, so that a violation on the sign-in page is still there after a reload.
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) => {
      const seen = JSON.parse(sessionStorage.getItem('cspViolations') ?? '[]') as string[];
      sessionStorage.setItem('cspViolations', JSON.stringify([...seen, `${event.violatedDirective} ${event.sourceFile}`]));
    }),
  );
  await page.goto('/auth/login');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).not.toHaveURL(/\/auth\/login/);
  expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('cspViolations') ?? '[]'))).toEqual([]);
});
