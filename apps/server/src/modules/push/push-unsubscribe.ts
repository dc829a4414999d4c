import crypto from 'node:crypto';
import { MAIL_KINDS, type MailKind } from '@tribeverse/shared';

const FORMAT = /^v1\.(\d{1,10})\.([a-z_]{1,40})\.([A-Za-z0-9_-]{43})$/;

/**
 * The signed tokens of mail's one-click unsubscribe links (RFC 8058): a mail client posts to the link without the
 * member's session, so the link itself must say who and what, and be impossible to make for anyone else. They do not
 * expire: a mail read months later still unsubscribes.
 */
export class UnsubscribeTokens {
  private readonly key: Buffer;

  constructor(secretsKey: Buffer) {
    // A key of its own, so an unsubscribe token can never be taken for anything else signed with the secrets key.
    this.key = Buffer.from(crypto.hkdfSync('sha256', secretsKey, Buffer.alloc(0), 'tribeverse mail unsubscribe v1', 32));
  }

  private sign(payload: string) {
    return crypto.createHmac('sha256', this.key).update(payload).digest('base64url');
  }

  issue(userId: number, kind: MailKind): string {
    const payload = `v1.${userId}.${kind}`;
    return `${payload}.${this.sign(payload)}`;
  }

  /** Who and which mail the token names, if it is one of ours and unaltered; else null. */
  read(token: string): { userId: number; kind: MailKind } | null {
    const match = FORMAT.exec(token);
    if (!match) return null;
    const [, userId, kind, signature] = match;
    const expected = Buffer.from(this.sign(`v1.${userId}.${kind}`));
    if (!crypto.timingSafeEqual(expected, Buffer.from(signature!))) return null;
    if (!(MAIL_KINDS as readonly string[]).includes(kind!)) return null;
    return { userId: Number(userId), kind: kind as MailKind };
  }
}
