import { describe, expect, it } from 'vitest';
import { socialErrorMessage } from './social-buttons';

describe('what the login screen says after a refused social sign-in', () => {
  it('tells a newcomer that this instance makes new accounts only through its sign-up form', () => {
    expect(socialErrorMessage('signups_closed', 'google')).toBe(
      'Google sign-in is for existing accounts here: new accounts are made with the sign-up form, as this instance asks.',
    );
    expect(socialErrorMessage('failed', 'apple')).toBe('Apple sign-in failed. Please try again.');
  });
});
