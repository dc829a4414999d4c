import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (List-Unsubscribe for mail a member can turn off). */
  headers?: Record<string, string>;
}

interface Transport {
  send(mail: Mail): Promise<void>;
  /** Mail kept in memory when no SMTP server is configured (development only). */
  outbox?: Array<Mail & { sentAt: string }>;
  close(): void;
}

export interface Mailer extends Omit<Transport, 'close'> {
  /** Sends without making the caller wait (a failure goes to onError); close() still waits for it. */
  sendInBackground(mail: Mail, onError: (error: unknown) => void): void;
  /** Resolves once every mail handed to sendInBackground so far has been sent or has failed. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export function createMailer(options: { smtpUrl?: string; from: string; logger: FastifyBaseLogger }): Mailer {
  const transport = createTransport(options);
  const pending = new Set<Promise<void>>();
  const idle = async () => {
    await Promise.allSettled(pending);
  };
  return {
    send: (mail) => transport.send(mail),
    outbox: transport.outbox,
    sendInBackground(mail, onError) {
      const sending: Promise<void> = transport
        .send(mail)
        .catch(onError)
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },
    idle,
    async close() {
      await idle();
      transport.close();
    },
  };
}

function createTransport(options: { smtpUrl?: string; from: string; logger: FastifyBaseLogger }): Transport {
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
