import type { ListCursor } from '@tribeverse/shared';
import { sql, type AnyColumn } from 'drizzle-orm';

/** A page of rows and where the next one starts (null: nothing further). */
export interface Page<T> {
  rows: T[];
  nextCursor: string | null;
}

/** The cursor of a row: its creation instant to the microsecond (a JavaScript Date would round to the millisecond) and its id. */
export const cursorOf = (createdAt: AnyColumn, id: AnyColumn) =>
  sql<string>`floor(extract(epoch from ${createdAt}) * 1000000)::bigint || '_' || ${id}`;
export const instantOf = (cursor: ListCursor) => sql`(timestamptz 'epoch' + ${cursor.micros}::bigint * interval '1 microsecond')`;

/** One row more than asked tells whether another page exists, without counting. */
export function toPage<T extends { cursor: string }>(rows: T[], limit: number): Page<T> {
  const kept = rows.slice(0, limit);
  return { rows: kept, nextCursor: rows.length > limit ? kept[kept.length - 1]!.cursor : null };
}
