import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
  /** The message's headers, names lower-cased, folded lines joined. */
  headers: Record<string, string>;
}

/** A well-formed six-digit code that is not the one mailed (the next number). */
export const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** Decodes the parts of a MIME message we read in tests: headers, and quoted-printable bodies. */
function parse(raw: string, to: string[]): CaughtMail {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const subject = /^subject: (.*)$/im.exec(unfolded)?.[1]?.trim() ?? '';
  const body = rest
    .join('\n\n')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const headers = Object.fromEntries(
    unfolded
      .split(/\r?\n/)
      .map((line) => /^([^:\s]+):\s*(.*)$/.exec(line))
      .filter((m) => m !== null)
      .map((m) => [m[1]!.toLowerCase(), m[2]!.trim()]),
  );
  return { to, subject, text: body, headers };
}

/** A real SMTP server on loopback that keeps what it receives, so tests read codes from real mail. */
export async function startMailCatcher() {
  const mails: CaughtMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        mails.push(parse(Buffer.concat(chunks).toString('utf8'), to));
        waiters.splice(0).forEach((w) => w());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const find = (to: string, subject?: RegExp) =>
    mails.filter((m) => m.to.includes(to.toLowerCase()) && (!subject || subject.test(m.subject)));

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** The newest mail to this address (optionally matching the subject), waiting up to 10 s for it to arrive. */
    async waitFor(to: string, subject?: RegExp, options: { after?: number } = {}): Promise<CaughtMail> {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const found = find(to, subject).slice(options.after ?? 0);
        if (found.length) return found[found.length - 1]!;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} arrived`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    count: (to: string, subject?: RegExp) => find(to, subject).length,
    /** The six-digit code in the newest mail to this address. */
    async codeFor(to: string, subject?: RegExp, options: { after?: number } = {}): Promise<string> {
      const mail = await this.waitFor(to, subject, options);
      const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
      if (!code) throw new Error(`mail to ${to} holds no code`);
      return code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type MailCatcher = Awaited<ReturnType<typeof startMailCatcher>>;
