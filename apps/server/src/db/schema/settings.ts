import { boolean, pgTable, text } from 'drizzle-orm/pg-core';
import { at } from './columns.ts';
import { userKey } from './users.ts';

/** One row per member who changed a setting; members without a row have the defaults. */
export const userSettings = pgTable('user_settings', {
  userId: userKey(),
  readReceipts: boolean('read_receipts').notNull().default(true),
  lastSeenVisibility: text('last_seen_visibility', { enum: ['everyone', 'followers', 'nobody'] })
    .notNull()
    .default('everyone'),
  /** Who sees the phone number, date of birth and country on the member's profile. */
  phoneVisibility: text('phone_visibility', { enum: ['everyone', 'followers', 'nobody'] })
    .notNull()
    .default('followers'),
  dobVisibility: text('dob_visibility', { enum: ['everyone', 'followers', 'nobody'] })
    .notNull()
    .default('followers'),
  locationVisibility: text('location_visibility', { enum: ['everyone', 'followers', 'nobody'] })
    .notNull()
    .default('everyone'),
  /** 'members': signed-out visitors get no profile page. */
  profileVisibility: text('profile_visibility', { enum: ['everyone', 'members'] })
    .notNull()
    .default('everyone'),
  /** 'following': only people this member follows may start or continue a private chat with them. */
  messagePermission: text('message_permission', { enum: ['everyone', 'following'] })
    .notNull()
    .default('everyone'),
  /** The auto-delete timer stamped on the messages this member sends from now on. */
  autoDelete: text('auto_delete', { enum: ['off', '1d', '1w', '1m'] })
    .notNull()
    .default('off'),
  updatedAt: at('updated_at').notNull().defaultNow(),
});
