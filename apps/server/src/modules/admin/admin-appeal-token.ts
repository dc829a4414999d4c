import crypto from 'node:crypto';

/** How long the token a suspended sign-in answers with lets its member appeal. */
const VALID_MS = 24 * 3_600_000;

/**
 * The token a suspended member appeals with, having no session: `{userId}.{expiry}.{signature}`. It is handed out
 * only in the 403 ACCOUNT_SUSPENDED of a sign-in that proved who it is (password, provider or code), and all it does
 * is file that member's one appeal of their suspension: it is no session and no way past the suspension.
 */
export class AppealTokens {
  constructor(private readonly secret: string) {}

  issue = (userId: number, now = Date.now()): string => {
    const body = `${userId}.${now + VALID_MS}`;
    return `${body}.${this.sign(body)}`;
  };

  /** The member the token was issued to, or null when it is forged, malformed or expired. */
  verify(token: string, now = Date.now()): number | null {
    const [userId, expiry, signature] = token.split('.');
    if (!userId || !expiry || !signature || !/^\d+$/.test(userId) || !/^\d+$/.test(expiry)) return null;
    const expected = Buffer.from(this.sign(`${userId}.${expiry}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
    return Number(expiry) > now ? Number(userId) : null;
  }

  private sign(body: string) {
    return crypto.createHmac('sha256', this.secret).update(body).digest('base64url');
  }
}
