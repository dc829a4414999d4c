import { ErrorCode } from '@tribeverse/shared';
import { databaseErrorToAppError } from './db-errors.ts';
import { AppError } from './errors.ts';

export type SocketFailure = { ok: false; code: string; msg: string };

/** A socket handler's error as its acknowledgement: the app's own errors as they are, anything else logged and hidden. */
export function toSocketFailure(error: unknown, log: { error(details: object, message: string): void }, what: string): SocketFailure {
  const appError = error instanceof AppError ? error : databaseErrorToAppError(error);
  if (appError) return { ok: false, code: appError.code, msg: appError.message };
  log.error({ err: error }, `${what} socket handler failed`);
  return { ok: false, code: ErrorCode.INTERNAL, msg: 'Something went wrong on our side. Please try again.' };
}
