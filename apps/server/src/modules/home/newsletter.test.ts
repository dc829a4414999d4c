import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { newsletterSubscriptions } from '../../db/schema/index.ts';
import { uniqueEmail, randomClientAddress } from '../../../test/support/factories.ts';
import { useTestApp } from '../../../test/support/harness.ts';

const t = useTestApp();

const subscribe = (payload: unknown, remoteAddress = randomClientAddress()) =>
  t.app.inject({ method: 'POST', url: '/api/newsletter', payload: payload as object, remoteAddress });

describe('newsletter', () => {
  it('subscribes an address and keeps it', async () => {
    const email = uniqueEmail('reader');
    const res = await subscribe({ email });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Thanks for subscribing!' });
    const rows = await t.db
      .select()
      .from(newsletterSubscriptions)
      .where(sql`lower(${newsletterSubscriptions.email}) = ${email}`);
    expect(rows).toHaveLength(1);
  });

  it('answers an address already on the list exactly as a new one, and keeps it once', async () => {
    const email = uniqueEmail('reader');
    const first = await subscribe({ email });
    const again = await subscribe({ email: `  ${email.toUpperCase()} ` });
    expect({ status: again.statusCode, body: again.json() }).toEqual({ status: first.statusCode, body: first.json() });
    const rows = await t.db
      .select()
      .from(newsletterSubscriptions)
      .where(sql`lower(${newsletterSubscriptions.email}) = ${email}`);
    expect(rows).toHaveLength(1);
  });

  it.each([
    [{ email: 'not-an-email' }, 'Invalid email format'],
    [{ email: 'a@' }, 'Invalid email format'],
    [{}, undefined],
    [{ email: 42 }, undefined],
  ])('answers 400 for %j', async (payload, msg) => {
    const res = await subscribe(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'email' });
    if (msg) expect(res.json().msg).toBe(msg);
  });

  it('answers 413 for an oversized body', async () => {
    const res = await subscribe({ email: uniqueEmail('reader'), pad: 'x'.repeat(2 * 1024 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('limits subscriptions per client address', async () => {
    const ip = randomClientAddress();
    for (let i = 0; i < 5; i++) expect((await subscribe({ email: uniqueEmail('reader') }, ip)).statusCode).toBe(201);
    const limited = await subscribe({ email: uniqueEmail('reader') }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
  });
});
