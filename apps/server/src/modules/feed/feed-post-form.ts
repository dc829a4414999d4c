import type { FastifyRequest } from 'fastify';
import { createPostFieldsSchema, FEED_LIMITS } from '@tribeverse/shared';
import { readMultipart } from '../../lib/multipart.ts';
import { parseOrThrow } from '../../lib/validation.ts';

/** The multipart body of 'create post': text fields `post` (and `content_warning`, `client_id`), repeated file field `images`. */
export async function readPostForm(request: FastifyRequest) {
  const form = await readMultipart(request, {
    fileField: 'images',
    maxFiles: FEED_LIMITS.imagesMax,
    maxFileBytes: FEED_LIMITS.imageMaxBytes,
    tooManyFilesMsg: `You can attach at most ${FEED_LIMITS.imagesMax} images.`,
    fileTooLargeMsg: `Each image can be at most ${FEED_LIMITS.imageMaxBytes / 1024 / 1024} MB.`,
  });
  const parsed = parseOrThrow(createPostFieldsSchema, form.fields);
  return { text: parsed.post, contentWarning: parsed.content_warning, clientId: parsed.client_id, files: form.files.map((f) => f.data) };
}
