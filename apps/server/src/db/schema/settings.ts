import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** One row per member who changed a setting; members without a row have the defaults. */
export const userSettings = pgTable('user_settings', {
  userId: integer('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  readReceipts: boolean('read_receipts').notNull().default(true),
  lastSeenVisibility: text('last_seen_visibility', { enum: ['everyone', 'nobody'] }).notNull().default('everyone'),
  /** The auto-delete timer stamped on the messages this member sends from now on. */
  autoDelete: text('auto_delete', { enum: ['off', '1d', '1w', '1m'] }).notNull().default('off'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
