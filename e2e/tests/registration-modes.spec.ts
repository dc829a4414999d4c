import { expect, test } from '../support/a11y.ts';
import { countMails } from '../support/mail.ts';
import { registerAdmin, signedInContext } from '../support/members.ts';

/**
 * Sign-up by approval, with rules to accept and a proof of work solved in the browser. The journeys share one server
 * and run one at a time (playwright.config.ts: one worker), so this one sets the instance back to open sign-up with no
 * rules when it ends, whatever happened, for the journeys that sign people up after it.
 */
test('a newcomer accepts the rules, waits for an admin, and signs in once approved', async ({ browser, page: setup, a11y }) => {
  const admin = await registerAdmin(setup.request);
  try {
    // The admin asks for approval, sets two rules and the proof of work.
    const a = await signedInContext(browser, admin);
    const adminPage = a11y.track(a.page);
    await adminPage.goto('/admin/settings');
    await adminPage.getByRole('radio', { name: /Approval/ }).check();
    await adminPage.getByLabel(/Rules, one a line/).fill('Be kind to each other\nNo spam or advertising');
    await adminPage.getByRole('checkbox', { name: 'Ask for a proof of work at sign-up' }).check();
    await a11y.check(adminPage, 'the Settings tab');
    await adminPage.getByRole('button', { name: 'Save settings' }).click();
    await expect(adminPage.getByRole('heading', { name: 'Waiting sign-ups' })).toBeVisible();

    // A newcomer reads the rules and cannot create the account before accepting them.
    const email = `newcomer-${Date.now().toString(36)}@example.com`;
    const n = await browser.newContext();
    const page = a11y.track(await n.newPage());
    await page.goto('/auth/register');
    await expect(page.getByText('Be kind to each other')).toBeVisible();
    await expect(page.getByText(/An admin lets each new account in/)).toBeVisible();
    await expect(page.getByRole('button', { name: /Google/ })).toHaveCount(0);
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Secret#123');
    await page.getByLabel('Confirm password').fill('Secret#123');
    await page.getByRole('checkbox', { name: /terms of service/ }).check();
    const create = page.getByRole('button', { name: 'Create account' });
    await expect(create).toBeDisabled();
    await expect(create).toHaveAccessibleDescription(/your acceptance of the rules/);
    await page.getByRole('checkbox', { name: 'I accept the rules' }).check();
    await a11y.check(page, 'sign-up with rules');
    await create.click();

    // The proof of work runs in a worker under the app's content security policy, then the account waits.
    await expect(page.getByRole('heading', { name: 'Your account waits for an admin' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(/We will send a mail to/)).toContainText(email);
    await a11y.check(page, 'the waiting screen');

    // Signing in before the approval is refused with the reason.
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Secret#123');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toContainText('waits for an admin');
    await a11y.check(page, 'sign-in refused while the account waits');

    // The admin lets the newcomer in; a mail says so.
    await adminPage.reload();
    const row = adminPage.getByRole('listitem').filter({ hasText: email });
    await row.getByRole('button', { name: 'Approve' }).click();
    await expect(adminPage.getByText('Nobody is waiting.')).toBeVisible();
    await expect.poll(() => countMails(email, /Your Tribeverse account is ready/)).toBe(1);

    // Now signing in works: the newcomer goes on to confirm the address.
    await page.getByLabel('Password', { exact: true }).fill('Secret#123');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/auth\/setup-profile/);
    await a11y.check(page, 'profile set-up after the approval');
    await n.close();
    await a.context.close();
  } finally {
    const reset = await setup.request.patch('/api/admin/settings', {
      headers: { authorization: `Bearer ${admin.token}` },
      data: { registration: 'open', rules: [], proof_of_work: false },
    });
    expect(reset.ok()).toBe(true);
  }
});
