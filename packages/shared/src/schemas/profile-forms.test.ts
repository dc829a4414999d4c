import { describe, expect, it } from 'vitest';
import { completeProfileBodySchema, editProfileBodySchema, isPhoneValidForCountry } from './profile-forms.ts';

const valid = { full_name: 'Ada Lovelace', username: 'ada_l', gender: 'female', country: 'GB', phone_number: '+447911123456' };

describe('complete-profile rules', () => {
  it('accepts a phone number valid for the chosen country', () => {
    expect(completeProfileBodySchema.safeParse(valid).success).toBe(true);
  });

  it('refuses a phone number that is not valid for the chosen country', () => {
    const result = completeProfileBodySchema.safeParse({ ...valid, country: 'US', phone_number: '+1123' });
    expect(result.error?.issues[0]?.path).toEqual(['phone_number']);
  });

  it('caps the bio at 200 characters and needs 8 for an address', () => {
    expect(completeProfileBodySchema.safeParse({ ...valid, bio: 'x'.repeat(201) }).success).toBe(false);
    expect(completeProfileBodySchema.safeParse({ ...valid, address: 'short' }).success).toBe(false);
    expect(completeProfileBodySchema.safeParse({ ...valid, address: '12 Long Street' }).success).toBe(true);
  });

  it('requires username, country and gender', () => {
    const { username: _u, ...rest } = valid;
    expect(completeProfileBodySchema.safeParse(rest).success).toBe(false);
  });

  it("refuses a number written with another country's dial code", () => {
    const result = completeProfileBodySchema.safeParse({ ...valid, country: 'US', phone_number: '+447911123456' });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['phone_number'], message: 'Phone number is not valid for the chosen country' }),
    ]);
  });

  it('requires the phone on set-up, but not on edit', () => {
    const { phone_number: _p, ...rest } = valid;
    expect(completeProfileBodySchema.safeParse(rest).error?.issues).toEqual([
      expect.objectContaining({ path: ['phone_number'], message: 'Phone number is required' }),
    ]);
    expect(completeProfileBodySchema.safeParse({ ...valid, phone_number: ' ' }).success).toBe(false);
    expect(
      editProfileBodySchema.safeParse({ fullName: 'Ada', username: 'ada_l', email: 'ada@example.test', country: 'GB', phoneNumber: '' })
        .success,
    ).toBe(true);
  });

  it('refuses a country code nobody has', () => {
    const result = completeProfileBodySchema.safeParse({ ...valid, country: 'ZZ' });
    expect(result.error?.issues).toContainEqual(expect.objectContaining({ path: ['country'], message: 'Choose a country from the list' }));
  });
});

describe('phone numbers per country', () => {
  it.each([
    ['+38344123456', 'XK', true],
    ['+37744123456', 'XK', false],
    ['+18091234567', 'DO', true],
    ['+18291234567', 'DO', true],
    ['+18491234567', 'DO', true],
    ['+17875551234', 'PR', true],
    ['+19395551234', 'PR', true],
    ['+18091234567', 'US', false],
    ['+14165550123', 'US', false],
    ['+14165550123', 'CA', true],
    ['8031234567', 'NG', true],
    ['+447797123456', 'GB', true],
  ])('%s for %s: %s', (phone, country, ok) => {
    expect(isPhoneValidForCountry(phone, country)).toBe(ok);
  });
});
