import crypto from 'node:crypto';

export const randomToken = (bytes = 32) => crypto.randomBytes(bytes).toString('base64url');
export const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');
/** A uniformly random numeric code, leading zeros kept. */
export const randomDigits = (length: number) => Array.from({ length }, () => crypto.randomInt(0, 10).toString()).join('');
