import type { FastifyRequest } from 'fastify';
import { LIMITS, PROFILE_PICTURE_TOO_LARGE_MSG } from '@tribeverse/shared';
import { readMultipart } from '../../lib/multipart.ts';

export interface ProfileForm {
  /** The fields exactly as sent (JSON values, or multipart text fields). */
  raw: Record<string, unknown>;
  picture?: Buffer;
}

/**
 * A profile form arrives as JSON, or as multipart/form-data with the picture as one file field. Both end up as
 * the same plain object, so one zod schema validates them.
 */
export async function readProfileForm(request: FastifyRequest, fileField: string): Promise<ProfileForm> {
  if (!request.isMultipart()) {
    const body = request.body;
    const raw = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
    return { raw };
  }
  const form = await readMultipart(request, {
    fileField,
    maxFiles: 1,
    maxFileBytes: LIMITS.profilePictureMaxBytes,
    fileTooLargeMsg: PROFILE_PICTURE_TOO_LARGE_MSG,
  });
  return { raw: form.fields, picture: form.files[0]?.data };
}
