import pino from 'pino';
import { hideQueryParams } from '../db/persistence/query-errors.ts';

/**
 * Errors as the log shows them, without the values that went into a failed query: those hold message texts,
 * emails and hashes of passwords, codes and session tokens. The query text and the database's error code stay.
 */
export function serializeError(error: Error) {
  const out = pino.stdSerializers.err(error);
  delete out.params;
  // node-postgres puts the offending values in `detail` ("Key (email)=(…) already exists").
  delete out.detail;
  hideQueryParams(error, out);
  return out;
}
