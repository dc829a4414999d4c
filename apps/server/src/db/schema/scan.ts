import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Members who turned their location on: only the H3 cell (resolution 5, about 250 km², 15–20 km across) their
 * position fell in, never the coordinates. The row is deleted when they turn location off; an expired row is
 * never read and is swept away.
 */
export const memberLocations = pgTable(
  'member_locations',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    cell: text('cell').notNull(),
    visibleUntil: timestamp('visible_until', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // A scan is `cell = ANY(cells in range)`: a B-tree lookup per cell, the same on PGlite and PostgreSQL.
  (t) => [index('member_locations_cell_idx').on(t.cell, t.visibleUntil)],
);
