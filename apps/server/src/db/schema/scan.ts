import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { at } from './columns.ts';
import { userKey } from './users.ts';

/**
 * Members who turned their location on: only the H3 cell (resolution 5, about 250 km², 15–20 km across) their
 * position fell in, never the coordinates. The row is deleted when they turn location off; an expired row is
 * never read and is swept away.
 */
export const memberLocations = pgTable(
  'member_locations',
  {
    userId: userKey(),
    cell: text('cell').notNull(),
    visibleUntil: at('visible_until').notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  // A scan is `cell = ANY(cells in range)`: a B-tree lookup per cell, the same on PGlite and PostgreSQL.
  (t) => [index('member_locations_cell_idx').on(t.cell, t.visibleUntil)],
);
