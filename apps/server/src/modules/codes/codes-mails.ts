import { LIMITS } from '@tribeverse/shared';
import type { Mail } from '../../lib/mailer.ts';

const minutes = Math.round(LIMITS.codeTtlSeconds / 60);

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function codeMail(to: string, subject: string, intro: string, code: string, outro: string): Mail {
  return {
    to,
    subject,
    text: `${intro}\n\n    ${code}\n\nThe code works for ${minutes} minutes. ${outro}\n\n— Tribeverse`,
    html: `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a">
<p>${escapeHtml(intro)}</p>
<p style="font-size:28px;font-weight:bold;letter-spacing:6px">${code}</p>
<p>The code works for ${minutes} minutes. ${escapeHtml(outro)}</p>
<p>— Tribeverse</p>
</body></html>`,
  };
}

export const confirmAccountMail = (to: string, code: string) =>
  codeMail(
    to,
    'Confirm your Tribeverse account',
    'Welcome to Tribeverse! Enter this code to confirm your account:',
    code,
    'If you did not create an account, you can ignore this mail.',
  );

export const passwordResetMail = (to: string, code: string) =>
  codeMail(
    to,
    'Your Tribeverse password reset code',
    'Someone asked to reset the password of your Tribeverse account. Enter this code to choose a new one:',
    code,
    'If it was not you, ignore this mail: your password stays as it is.',
  );

export const twoStepMail = (to: string, code: string) =>
  codeMail(
    to,
    'Your Tribeverse sign-in code',
    'Someone signed in to your Tribeverse account with your password. Enter this code to finish signing in:',
    code,
    'If it was not you, change your password: whoever it was cannot sign in without this code.',
  );

export const emailChangeCodeMail = (to: string, code: string) =>
  codeMail(
    to,
    'Confirm your new Tribeverse email address',
    'Someone asked to use this address for their Tribeverse account. Enter this code in the app to confirm it:',
    code,
    'If it was not you, ignore this mail: nothing changes without the code.',
  );

/** To the address in force, so the owner of a stolen session hears of it before anything changes. */
export function emailChangeNoticeMail(to: string, newAddress: string): Mail {
  const text =
    `Someone signed in to your Tribeverse account asked to change its email address to ${newAddress}. ` +
    'It changes only once the code we mailed there is entered. If it was not you, change your password now: ' +
    'a password reset signs out every session.';
  return {
    to,
    subject: 'Your Tribeverse email address is being changed',
    text: `${text}\n\n— Tribeverse`,
    html: `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a"><p>${escapeHtml(text)}</p><p>— Tribeverse</p></body></html>`,
  };
}
