import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt } from './columns.ts';
import { userKey, userRef } from './users.ts';

/**
 * One-to-one calls (migration 0040). `caller_socket` and `callee_socket` are the socket.io ids of the two tabs in the
 * call (the callee's once they answer): signalling goes to those sockets only, on whichever process holds them.
 */
export const calls = pgTable(
  'calls',
  {
    id: uuid('id').primaryKey(),
    callerId: userRef('caller_id'),
    calleeId: userRef('callee_id'),
    media: text('media', { enum: ['audio', 'video'] }).notNull(),
    state: text('state', { enum: ['ringing', 'active', 'ended', 'declined', 'missed', 'busy'] })
      .notNull()
      .default('ringing'),
    callerSocket: text('caller_socket').notNull(),
    calleeSocket: text('callee_socket'),
    createdAt: createdAt(),
    answeredAt: at('answered_at'),
    endedAt: at('ended_at'),
  },
  (t) => [index('calls_caller_idx').on(t.callerId), index('calls_callee_idx').on(t.calleeId)],
);

/** Who is in a call now (ringing or talking): one row per member at most, which is what makes "busy" hold. */
export const callParties = pgTable(
  'call_parties',
  {
    userId: userKey(),
    callId: uuid('call_id')
      .notNull()
      .references(() => calls.id, { onDelete: 'cascade' }),
  },
  (t) => [index('call_parties_call_idx').on(t.callId)],
);
