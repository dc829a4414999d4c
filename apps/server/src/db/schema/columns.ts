import { integer, serial, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

// The column shapes most tables share, as Drizzle's docs suggest for reused columns. Functions rather than shared
// builder objects, so each table gets builders of its own; each call still names its SQL column, so a table reads
// as its migration does. The references to a member are in users.ts, next to the table they point at.

/** The serial surrogate key. */
export function id() {
  return serial('id').primaryKey();
}

/** Every point in time is stored with its time zone. */
export function at(name: string) {
  return timestamp(name, { withTimezone: true });
}

/** When the row was written. */
export function createdAt() {
  return at('created_at').notNull().defaultNow();
}

/** A required reference to the row this one belongs to: deleting that row deletes this one with it. */
export function belongsTo(name: string, parent: () => AnyPgColumn) {
  return integer(name).notNull().references(parent, { onDelete: 'cascade' });
}
