import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { id, at, createdAt } from './columns.ts';
import { userRef } from './users.ts';

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: userRef(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull().default({}),
    readAt: at('read_at'),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_unread_idx').on(t.userId, t.readAt)],
);
