import { boolean, pgTable, text } from 'drizzle-orm/pg-core';
import { at } from './columns.ts';
import { userKey } from './users.ts';

/** Who sees one of the member's details or states: everyone, their followers, or nobody. */
const audience = (name: string, byDefault: 'everyone' | 'followers' | 'nobody') =>
  text(name, { enum: ['everyone', 'followers', 'nobody'] })
    .notNull()
    .default(byDefault);

/** One row per member who changed a setting; members without a row have the defaults. */
export const userSettings = pgTable('user_settings', {
  userId: userKey(),
  readReceipts: boolean('read_receipts').notNull().default(true),
  lastSeenVisibility: audience('last_seen_visibility', 'everyone'),
  /** Who sees the phone number, date of birth and country on the member's profile. */
  phoneVisibility: audience('phone_visibility', 'followers'),
  dobVisibility: audience('dob_visibility', 'followers'),
  locationVisibility: audience('location_visibility', 'everyone'),
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
