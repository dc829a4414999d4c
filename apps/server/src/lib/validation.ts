import { ErrorCode } from '@tribeverse/shared';
import type { z } from 'zod';
import { AppError } from './errors.ts';

/**
 * The answer to the first problem in some input, the same wherever the input came from (route schema, multipart
 * fields, socket payload): the schema's own sentence, or a generic one naming the field for zod's technical texts.
 */
export function describeInvalid(field: string | undefined, message: string | undefined) {
  const msg = message && !message.startsWith('Invalid input') ? message : `Invalid value${field ? ` for ${field}` : ''}.`;
  return { field: field || undefined, msg };
}

/** Parses with a shared schema and fails like the route validator does: 400 VALIDATION_FAILED naming the field. */
export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const { field, msg } = describeInvalid(issue?.path.join('.'), issue?.message);
  throw new AppError(400, ErrorCode.VALIDATION_FAILED, msg, field);
}
