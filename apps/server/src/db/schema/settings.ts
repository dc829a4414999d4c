import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** One row per member who changed a setting; members without a row have the defaults. */
export const userSettings = pgTable('user_settings', {
  userId: integer('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  readReceipts: boolean('read_receipts').notNull().default(true),
  lastSeenVisibility: text('last_seen_visibility', { enum: ['everyone', 'nobody'] }).notNull().default('everyone'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
