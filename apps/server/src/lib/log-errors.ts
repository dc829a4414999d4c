import { DrizzleQueryError } from 'drizzle-orm/errors';
import pino from 'pino';

/**
 * Errors as the log shows them, without the values that went into a failed query: those hold message texts,
 * emails and hashes of passwords, codes and session tokens. The query text and the database's error code stay.
 */
export function serializeError(error: Error) {
  const out = pino.stdSerializers.err(error);
  delete out.params;
  // node-postgres puts the offending values in `detail` ("Key (email)=(…) already exists").
  delete out.detail;
  if (error instanceof DrizzleQueryError) {
    const values = `\nparams: ${String(error.params)}`;
    const hidden = `\nparams: [${error.params.length} hidden]`;
    out.message = out.message.split(values).join(hidden);
    if (out.stack) out.stack = out.stack.split(values).join(hidden);
  }
  return out;
}
