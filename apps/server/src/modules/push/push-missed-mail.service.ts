import type { MailKind } from '@tribeverse/shared';
import type { Mail } from '../../lib/mailer.ts';
import type { UnsubscribeTokens } from './push-unsubscribe.ts';
import { missedMessagesMail } from './push-missed-mail-text.ts';
import type { MissedMailRepository } from './push-missed-mail.repository.ts';
import type { Connected } from './push.service.ts';

/**
 * How many members one sweep looks at. Those it leaves wait for the next sweep, longest away first; members still
 * connected are mostly kept out by the query (the processes' beats), so they do not hold the others back.
 */
const MEMBERS_PER_SWEEP = 500;

/**
 * The missed-message mail: a member with unread direct or group messages or mentions who has not been connected for
 * `afterSeconds` is mailed one list of them, then nothing until they have been back and left again. Every process
 * sweeps; the database claim makes sure only one of them mails a given absence.
 */
export class MissedMailService {
  constructor(
    private readonly repository: MissedMailRepository,
    private readonly connected: Connected,
    private readonly send: (mail: Mail) => Promise<void>,
    private readonly tokens: UnsubscribeTokens,
    private readonly options: { afterSeconds: number; publicUrl: string },
    private readonly log: { warn(details: object, message: string): void },
  ) {}

  /** Mails every member due one as of `at` (tests pass a time ahead instead of waiting); how many were mailed. */
  async sweep(at = new Date()): Promise<number> {
    const cutoff = new Date(at.getTime() - this.options.afterSeconds * 1000);
    let mailed = 0;
    for (const member of await this.repository.candidates(cutoff, MEMBERS_PER_SWEEP)) {
      // The beats the query reads are up to a beat old: a member who came back since is connected right now.
      if (await this.connected(member.userId)) continue;
      const items = await this.repository.missed(member.userId, member.lastSeenAt);
      if (!items.length || !(await this.repository.claim(member.userId, member.lastSeenAt))) continue;
      const mail = missedMessagesMail({
        to: member.email,
        items,
        previews: member.previews,
        publicUrl: this.options.publicUrl,
        unsubscribeUrl: this.unsubscribeUrl(member.userId, 'missed_messages'),
      });
      // Claimed before sending: a mail server that fails costs the member this one mail, never a second copy.
      await this.send(mail).then(
        () => mailed++,
        (error: unknown) => this.log.warn({ err: error, userId: member.userId }, 'missed-message mail could not be sent'),
      );
    }
    return mailed;
  }

  unsubscribeUrl(userId: number, kind: MailKind) {
    return `${this.options.publicUrl}/api/push/mail/unsubscribe?token=${this.tokens.issue(userId, kind)}`;
  }
}
