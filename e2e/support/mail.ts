import { MAIL_API } from '../playwright.config.ts';

interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
}

/** The six-digit code of the newest mail to this address whose subject matches, waiting for it to arrive. */
export async function readCode(to: string, subject: RegExp, after = 0): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const res = await fetch(`${MAIL_API}/mails?to=${encodeURIComponent(to)}`);
    const mails = ((await res.json()) as CaughtMail[]).filter((m) => subject.test(m.subject)).slice(after);
    const code = mails.length ? /\b(\d{6})\b/.exec(mails[mails.length - 1]!.text)?.[1] : undefined;
    if (code) return code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no code mailed to ${to}`);
}

export async function countMails(to: string, subject: RegExp): Promise<number> {
  const res = await fetch(`${MAIL_API}/mails?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as CaughtMail[]).filter((m) => subject.test(m.subject)).length;
}
