import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, text, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { id, at, createdAt, belongsTo } from './columns.ts';

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    /** Null for accounts that only ever signed in with Google or Apple. */
    passwordHash: text('password_hash'),
    fullName: text('full_name'),
    username: text('username'),
    gender: text('gender'),
    country: text('country'),
    address: text('address'),
    phoneNumber: text('phone_number'),
    bio: text('bio'),
    profilePicture: text('profile_picture'),
    dob: date('dob'),
    education: text('education'),
    workspace: text('workspace'),
    portfolio: text('portfolio'),
    relationship: text('relationship'),
    isConfirmed: boolean('is_confirmed').notNull().default(false),
    /** A new address asked for in edit profile; it replaces `email` only once the code mailed to it is entered. */
    pendingEmail: text('pending_email'),
    /** Two-step verification: a password sign-in also needs a code mailed to the (confirmed) address. */
    twoStepEnabled: boolean('two_step_enabled').notNull().default(false),
    profileCompletedAt: at('profile_completed_at'),
    /**
     * The member deleted their account: the row stays only so the messages others received keep a sender
     * (shown as 'Deleted member'); everything personal in it is wiped.
     */
    deletedAt: at('deleted_at'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    // Sign-ups per day (the admin dashboard): rows arrive in time order, so a BRIN index is tiny and enough.
    index('users_created_brin_idx').using('brin', t.createdAt),
  ],
);

/** A member this row belongs to: deleting the member's row deletes it. */
export const userRef = (name = 'user_id') => belongsTo(name, () => users.id);

/**
 * The columns of a member's mark on a row (a like, a share, an RSVP, a hide): `key` is the row marked, then the member
 * and when; the mark goes with either of them.
 */
export const memberMark = <K extends string>(key: K, column: string, marked: () => AnyPgColumn) =>
  ({ [key]: belongsTo(column, marked), userId: userRef(), createdAt: createdAt() }) as {
    [P in K]: ReturnType<typeof belongsTo>;
  } & { userId: ReturnType<typeof userRef>; createdAt: ReturnType<typeof createdAt> };

/** A member this row only names (who made or resolved it): the row outlives theirs. */
export const userRefOrNull = (name: string) => integer(name).references(() => users.id, { onDelete: 'set null' });

/** The key of a table with at most one row per member (their settings, their state). */
export const userKey = () =>
  integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' });

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: userRef(),
    /** sha256 of the bearer token: a leaked table does not leak sessions. */
    tokenHash: text('token_hash').notNull().unique(),
    remember: boolean('remember').notNull().default(false),
    userAgent: text('user_agent'),
    /** Where the sign-in came from (ISO 3166 code, from the trusted client address); the address itself is not kept. */
    country: text('country'),
    createdAt: createdAt(),
    lastUsedAt: at('last_used_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Six-digit codes mailed for account confirmation, password reset and two-step sign-in. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: id(),
    userId: userRef(),
    purpose: text('purpose', { enum: ['confirm', 'reset', 'two_step', 'email_change'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: at('expires_at').notNull(),
    consumedAt: at('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('verification_codes_user_purpose_idx').on(t.userId, t.purpose)],
);

export const passwordResetTokens = pgTable('password_reset_tokens', {
  id: id(),
  userId: userRef(),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
});

export const oauthAccounts = pgTable(
  'oauth_accounts',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: userRef(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] })],
);

/** A sign-in started at a provider and not yet come back: PKCE verifier, nonce and where to land. */
export const oauthLoginAttempts = pgTable('oauth_login_attempts', {
  state: text('state').primaryKey(),
  provider: text('provider').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  returnTo: text('return_to'),
  /** sha256 of the cookie set in the browser that started this sign-in: only that browser may use its result. */
  bindingHash: text('binding_hash'),
  expiresAt: at('expires_at').notNull(),
});

/**
 * A finished social sign-in waiting for the browser that started it: the landing URL carries only a one-time code,
 * exchanged (with that browser's binding cookie) for the session, never the session token itself.
 */
export const oauthHandoffs = pgTable('oauth_handoffs', {
  codeHash: text('code_hash').primaryKey(),
  userId: userRef(),
  bindingHash: text('binding_hash').notNull(),
  next: text('next').notNull(),
  expiresAt: at('expires_at').notNull(),
});

/**
 * Failed sign-ins per email, whether or not an account has it (the answer must not tell), keyed by a hash of the
 * normalised address so no unknown address is stored. A fixed window starts at the first failure.
 */
export const failedLogins = pgTable('failed_logins', {
  emailHash: text('email_hash').primaryKey(),
  failures: integer('failures').notNull(),
  windowStartedAt: at('window_started_at').notNull(),
});

/**
 * Reset codes asked for per email, whether or not an account has it: the cooldown, the hourly cap and the answer
 * are worked out from this row alone, so a known and an unknown address are answered alike. Keyed by a hash of
 * the normalised address so no unknown address is stored. `wrongTries` stands in for a code's tries when no
 * account has the address.
 */
export const resetCodeRequests = pgTable('reset_code_requests', {
  emailHash: text('email_hash').primaryKey(),
  lastSentAt: at('last_sent_at').notNull(),
  windowStartedAt: at('window_started_at').notNull(),
  sentInWindow: integer('sent_in_window').notNull(),
  wrongTries: integer('wrong_tries').notNull().default(0),
});

/**
 * A password sign-in waiting for its two-step code: the right password earns this, not a session. Stored as a
 * hash of the token handed to the client; single use, short-lived, and it carries 'Remember my password'.
 */
export const twoStepChallenges = pgTable(
  'two_step_challenges',
  {
    id: id(),
    userId: userRef(),
    tokenHash: text('token_hash').notNull().unique(),
    remember: boolean('remember').notNull().default(false),
    userAgent: text('user_agent'),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    /** Wrong authenticator or backup codes against this sign-in (mailed codes count their own tries). */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('two_step_challenges_user_idx').on(t.userId)],
);

/**
 * A member's new display name and bio kept back by a 'hold' filter entry: 'held' while a moderator has yet to look
 * (only the member sees them; everyone else reads users.full_name and users.bio), 'removed' once turned down (kept
 * for an appeal). One per member: a later edit replaces it.
 */
export const heldProfiles = pgTable(
  'held_profiles',
  {
    userId: userKey(),
    fullName: text('full_name'),
    bio: text('bio'),
    state: text('state', { enum: ['held', 'removed'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('held_profiles_state_check', sql`${t.state} in ('held', 'removed')`),
    index('held_profiles_state_idx').on(t.state, t.createdAt),
  ],
);
