/** Business constants from the product spec (section 9) and the limits we decided where it is silent. */
export const LIMITS = {
  passwordMin: 8,
  passwordMax: 128,
  otpLength: 6,
  /** Reset and confirmation codes live 180 s (the enter-code countdown). */
  codeTtlSeconds: 180,
  /** A code dies on the fifth wrong try. */
  codeMaxAttempts: 5,
  /** Wait before another code may be mailed to the same address. */
  codeResendSeconds: 30,
  interestsMaxCategories: 5,
  interestsMaxPerCategory: 3,
  bioMax: 200,
  addressMin: 8,
  phoneMaxDigits: 15,
  fullNameMax: 80,
  usernameMin: 3,
  usernameMax: 30,
  feedPageSize: 10,
  chatPageDefault: 20,
  chatHistoryPage: 30,
  scanDelayMs: 2000,
  scanRadii: ['50km', '80km', '120km', 'Wider scan'] as const,
  profilePictureMaxBytes: 5 * 1024 * 1024,
  /** Session lifetimes: a plain sign-in, and one with 'Remember my password'. */
  sessionTtlHours: 24,
  /** Failed sign-ins allowed for one email within the window; past them that email is refused until the window ends. */
  loginFailuresMax: 10,
  loginFailureWindowMinutes: 15,
  rememberedSessionTtlDays: 30,
  toastMs: 5000,
  toastResetMs: 3000,
  emojiRecentsMax: 14,
} as const;

export const PREFERRED_COUNTRIES = ['AE', 'GB', 'US'] as const;
export const EDIT_PROFILE_DEFAULT_COUNTRY = 'NG';
export const QUICK_REACTIONS = ['1f44d', '2764-fe0f', '1f603', '1f622', '1f64f', '1f44e', '1f621'] as const;
