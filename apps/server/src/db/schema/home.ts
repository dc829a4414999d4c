import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, createdAt } from './columns.ts';
import { sql } from 'drizzle-orm';

export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: id(),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('newsletter_email_lower_idx').on(sql`lower(${t.email})`)],
);
