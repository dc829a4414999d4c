import { notFound, type AppError } from './errors.ts';

interface PgLikeError {
  code?: string;
  message?: string;
  constraint?: string;
  cause?: { code?: string; message?: string; constraint?: string };
}

/** The PostgreSQL error under a query failure, as both PGlite and node-postgres report it (Drizzle wraps it in `cause`). */
const pgError = (error: unknown) => {
  const e = error as PgLikeError | null;
  if (!e) return undefined;
  return e.cause?.code ? e.cause : e;
};

/**
 * A foreign-key violation on an insert or update: the row it points at (a post, a member) was deleted between the
 * service's check and the write. For the caller that is "not found", not a failure of ours. A violation on delete
 * ("update or delete on table … violates …") means something else and is left alone.
 */
export function isMissingReference(error: unknown): boolean {
  const e = pgError(error);
  return e?.code === '23503' && /^insert or update on table/.test(e.message ?? '');
}

/** A unique violation of that index or constraint (a row with the same key was committed first). */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const e = pgError(error);
  return e?.code === '23505' && e.constraint === constraint;
}

/** The answer for a database error that is the caller's situation, not our fault; undefined for a real failure. */
export function databaseErrorToAppError(error: unknown): AppError | undefined {
  if (isMissingReference(error)) return notFound('What you referred to no longer exists: it may just have been deleted.');
  return undefined;
}
