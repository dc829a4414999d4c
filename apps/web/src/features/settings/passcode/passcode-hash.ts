/**
 * The passcode is never stored: only a PBKDF2 (SHA-256) hash with a random salt. A 4-digit code has few
 * possible values, so the iteration count is what makes trying them all from a copied localStorage slow.
 */
export const PASSCODE_LENGTH = 4;
export const PBKDF2_ITERATIONS = 210_000;

export interface PasscodeHash {
  /** Base64 of the 16-byte random salt. */
  salt: string;
  /** Base64 of the 32-byte derived key. */
  hash: string;
  /** Kept with the hash so the count can be raised later without breaking passcodes already set. */
  iterations: number;
}

export const isPasscode = (code: string) => new RegExp(`^\\d{${PASSCODE_LENGTH}}$`).test(code);

/** WebCrypto's subtle API exists only in secure contexts (https, localhost). */
export const canHashPasscodes = () => typeof crypto !== 'undefined' && !!crypto.subtle;

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

async function derive(code: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(code), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations }, key, 256);
  return new Uint8Array(bits);
}

export async function hashPasscode(code: string): Promise<PasscodeHash> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(code, salt, PBKDF2_ITERATIONS);
  return { salt: toBase64(salt), hash: toBase64(hash), iterations: PBKDF2_ITERATIONS };
}

export async function verifyPasscode(code: string, stored: PasscodeHash): Promise<boolean> {
  const expected = fromBase64(stored.hash);
  const actual = await derive(code, fromBase64(stored.salt), stored.iterations);
  if (actual.length !== expected.length) return false;
  // Compare every byte so the time taken does not tell how much of the hash matched.
  let diff = 0;
  for (let i = 0; i < actual.length; i++) diff |= actual[i]! ^ expected[i]!;
  return diff === 0;
}
