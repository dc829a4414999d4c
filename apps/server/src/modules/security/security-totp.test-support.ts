import * as OTPAuth from 'otpauth';

/** The code an authenticator app shows now (or `steps` periods away) for a key from the set-up answer. */
export const totpCode = (secret: string, steps = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret.replace(/\s/g, '')), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + steps * 30_000,
  });
