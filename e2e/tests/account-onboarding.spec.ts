import { expect, test, type Page } from '@playwright/test';
import { readCode } from '../support/mail.ts';
import { registerThroughForm, uniqueEmail } from '../support/members.ts';

// A real 1x1 PNG: the server re-encodes pictures, so it must be an image it can read.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

async function confirmWithMailedCode(page: Page, email: string) {
  const code = await readCode(email, /Confirm your Tribeverse account/);
  await page.getByLabel('Confirmation code digit 1').click();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Account confirmed' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/auth\/setup-profile$/);
}

test('a new member registers, confirms by mail, sets up a profile with a picture, picks interests and lands on the feed', async ({
  page,
}) => {
  const email = uniqueEmail('newcomer');
  const username = `ada_${Date.now() % 1e8}`;
  await registerThroughForm(page, email);

  // Fewer than six digits is refused before any request. The box keeps the code's own first digit, so typing
  // the whole code below retypes a digit a box already holds (that must still move on to the next box).
  const code = await readCode(email, /Confirm your Tribeverse account/);
  await page.getByLabel('Confirmation code digit 1').fill(code[0]!);
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page.getByText('OTP of 6 digits is required!')).toBeVisible();
  // The server says when another code may be mailed; until then Resend waits, counting down m:ss.
  await expect(page.getByTestId('resend-countdown')).toHaveText(/^\d:\d\d$/);
  await expect(page.getByRole('button', { name: 'Resend code' })).toBeDisabled();
  await confirmWithMailedCode(page, email);

  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByLabel('Full name').fill('Ada Lovelace');
  await page.getByLabel('User name').fill(username);
  await page.getByLabel('Gender').selectOption('female');
  await page.getByLabel('Country').selectOption('GB');
  await expect(page.getByTestId('dial-code')).toHaveText('+44');
  await page.getByLabel('Phone number').fill('7911123456');
  await page.getByLabel('Address').fill('12 Analytical Engine Street');
  await page.getByLabel('Bio').fill('Poet of science.');
  await expect(page.getByTestId('char-count')).toHaveText('16/200');
  await page.getByTestId('picture-file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Your account has been created successfully.')).toBeVisible();
  await page.getByRole('button', { name: 'Choose your interest tags' }).click();

  await expect(page).toHaveURL(/\/auth\/interest-tags$/);
  await page.getByRole('checkbox', { name: 'meditation' }).check();
  await page.getByRole('checkbox', { name: 'personal growth' }).check();
  await page.getByRole('checkbox', { name: 'startups' }).check();
  await page.getByRole('button', { name: 'Save and go to your feed' }).click();
  await expect(page).toHaveURL(/\/home$/);

  // Confirmed: no reminder. The uploaded picture is the avatar in the header.
  await expect(page.getByText('Please confirm your email address')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Your profile' }).locator('img')).toBeVisible();

  // Everything survives a reload: the saved interests are preselected.
  await page.goto('/auth/interest-tags');
  await expect(page.getByRole('checkbox', { name: 'meditation' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'startups' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'fitness and nutrition' })).not.toBeChecked();
});

test('interest rules: at most 3 sub-interests in a category', async ({ page }) => {
  await registerThroughForm(page, uniqueEmail('picky'));
  await page.goto('/auth/interest-tags');
  for (const tag of ['meditation', 'personal growth', 'conscious living']) await page.getByRole('checkbox', { name: tag }).check();
  await page.getByRole('checkbox', { name: 'spiritual guidance' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Maximum 3 sub-interests allowed for Spirituality' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'spiritual guidance' })).not.toBeChecked();
});

test('an unconfirmed member can take a profile photo with the camera, and is reminded to confirm in the member area', async ({ page }) => {
  const email = uniqueEmail('camera');
  await registerThroughForm(page, email);
  // Back on the code screen moves on through onboarding rather than into whatever history came before.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/auth\/setup-profile$/);
  await page.getByRole('button', { name: 'Take a photo' }).click();
  const capture = page.getByRole('button', { name: 'Capture' });
  await expect(capture).toBeEnabled();
  await capture.click();
  await expect(page.getByText('captured', { exact: true })).toBeVisible();

  // Username, country and gender are required before anything is sent.
  await page.getByLabel('Full name').fill('Grace Hopper');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Username, country and gender are required')).toBeVisible();

  // A user name somebody else has is refused with the server's message on the field.
  const taken = `taken_${Date.now() % 1e8}`;
  const other = await page.request.post('/api/auth/register', { data: { email: uniqueEmail('other'), password: 'Secret#123' } });
  const { access_token } = (await other.json()) as { access_token: string };
  await page.request.patch('/api/auth/complete-profile', {
    headers: { authorization: `Bearer ${access_token}` },
    data: { full_name: 'Taken', username: taken, gender: 'male', country: 'US', phone_number: '2015550123' },
  });
  await page.getByLabel('User name').fill(taken);
  await page.getByLabel('Gender').selectOption('female');
  await page.getByLabel('Country').selectOption('US');
  // Every country shows its dial code; Kosovo's is +383.
  await expect(page.locator('option', { hasText: 'Kosovo (+383)' })).toHaveCount(1);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Phone number is required')).toBeVisible();
  await page.getByLabel('Phone number').fill('2015550123');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /taken/i })).toBeVisible();
  await expect(page.getByLabel('User name')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('User name').fill(`grace_${Date.now() % 1e8}`);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Your account has been created successfully.')).toBeVisible();
  await page.goto('/home');
  await expect(page.getByRole('link', { name: 'Your profile' }).locator('img')).toBeVisible();
  // The banner says plainly what waits for the code.
  await expect(page.getByText('Confirm your email address to post, comment and chat')).toBeVisible();
  await page.getByRole('link', { name: 'Enter the code or get a new one' }).click();
  await expect(page).toHaveURL(/\/auth\/confirm-account$/);
});
