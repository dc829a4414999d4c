import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ErrorCode, VOICE_FIELD } from '@tribeverse/shared';
import type { StoredAttachment } from '../lib/attachments.ts';
import { AppError, badRequest } from '../lib/errors.ts';
import type { MemberBudget } from '../lib/member-budget.ts';
import { readMultipart } from '../lib/multipart.ts';
import { parseOrThrow } from '../lib/validation.ts';
import { prepareVoiceNote } from '../lib/voice-notes.ts';

/** How a kind of conversation reads a send: its schemas, its file limit, and how it keeps the file. */
export interface SendBodyKind<T extends z.ZodType, F extends z.ZodType> {
  /** A text send: JSON, or multipart without a file. */
  text: T;
  /** The fields next to a file, where text may be empty. */
  withFile: F;
  maxFileBytes: number;
  prepare(data: Buffer, name: string | undefined): Promise<StoredAttachment>;
  /**
   * Direct chat has always checked the fields before the file: a body wrong in two ways keeps the answer it had
   * (the fields' problem before an empty file's).
   */
  fieldsFirst?: boolean;
}

/**
 * A send's body in every kind: JSON, or multipart with at most one `file` (413 past the kind's limit) beside the text
 * fields. The file is checked and prepared to be stored; nothing is stored yet. With `voice=1` the file is a voice
 * note recorded in the composer, held to voice-notes.ts's stricter check and measured, in every kind alike.
 */
export async function readSendBody<T extends z.ZodType, F extends z.ZodType>(
  request: FastifyRequest,
  kind: SendBodyKind<T, F>,
): Promise<{ input: z.output<T> | z.output<F>; attachment?: StoredAttachment }> {
  if (!request.isMultipart()) return { input: parseOrThrow(kind.text, request.body) };
  const { fields, files } = await readMultipart(request, {
    fileField: 'file',
    maxFiles: 1,
    maxFileBytes: kind.maxFileBytes,
    maxFields: 10,
  });
  const file = files[0];
  const checked = kind.fieldsFirst ? parseOrThrow(kind.withFile, fields) : undefined;
  if (!file) return { input: parseOrThrow(kind.text, fields) };
  if (!file.data.length) throw badRequest('The file is empty.', ErrorCode.VALIDATION_FAILED, 'file');
  const input = checked ?? parseOrThrow(kind.withFile, fields);
  const prepare = fields[VOICE_FIELD] === '1' ? prepareVoiceNote : kind.prepare;
  return { input, attachment: await prepare(file.data, file.filename) };
}

/** One send out of the member's chat budget (shared by every session, process and the socket), or 429. */
export async function spendSend(budget: MemberBudget, userId: number) {
  const taken = await budget.take(userId);
  if (!taken.allowed) throw new AppError(429, ErrorCode.RATE_LIMITED, `Too many messages. Try again in ${taken.retryIn} seconds.`);
}
