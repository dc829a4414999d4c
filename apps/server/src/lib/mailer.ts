import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Mail kept in memory when no SMTP server is configured (development only). */
  outbox?: Array<Mail & { sentAt: string }>;
  close(): void;
}

export function createMailer(options: { smtpUrl?: string; from: string; logger: FastifyBaseLogger }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
      close: () => transport.close(),
    };
  }
  const outbox: NonNullable<Mailer['outbox']> = [];
  return {
    outbox,
    async send(mail) {
      outbox.push({ ...mail, sentAt: new Date().toISOString() });
      if (outbox.length > 100) outbox.shift();
      // The body holds codes: log who and what, never the text.
      options.logger.info({ to: mail.to, subject: mail.subject }, 'mail kept in the dev outbox (/api/dev/outbox)');
    },
    close() {},
  };
}
