import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { id, at, createdAt } from './columns.ts';
import { userKey, userRef } from './users.ts';

/**
 * A member's authenticator app (TOTP, RFC 6238). `enabledAt` null: set-up started, waiting for the first code.
 * `lastUsedStep` is the time step of the last accepted code, so an overheard code cannot be replayed.
 */
export const totpCredentials = pgTable('totp_credentials', {
  userId: userKey(),
  secret: text('secret').notNull(),
  enabledAt: at('enabled_at'),
  lastUsedStep: integer('last_used_step'),
  createdAt: createdAt(),
});

/** One-time backup codes for when the authenticator app is lost; only hashes are stored, each used once. */
export const totpBackupCodes = pgTable(
  'totp_backup_codes',
  {
    id: id(),
    userId: userRef(),
    codeHash: text('code_hash').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [index('totp_backup_codes_user_idx').on(t.userId)],
);
