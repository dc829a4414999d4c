import { DrizzleQueryError } from 'drizzle-orm/errors';

/** The values of a failed query (message texts, emails, hashes) taken out of its message and stack; the query text stays. */
export function hideQueryParams(error: Error, out: { message: string; stack?: string }) {
  if (!(error instanceof DrizzleQueryError)) return;
  const values = `\nparams: ${String(error.params)}`;
  const hidden = `\nparams: [${error.params.length} hidden]`;
  out.message = out.message.split(values).join(hidden);
  if (out.stack) out.stack = out.stack.split(values).join(hidden);
}
