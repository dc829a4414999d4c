import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '@tribeverse/shared';
import { AppError, badRequest, tooLarge } from './errors.ts';

export interface UploadedFile {
  data: Buffer;
  /** The name the sender gave it; never trusted for the type. */
  filename: string;
}

export interface MultipartForm {
  /** Text fields as sent; no prototype, so a field named __proto__ is just a field. */
  fields: Record<string, string>;
  files: UploadedFile[];
}

export interface MultipartLimits {
  /** The one field files may come in; a file in any other field is refused, naming that field. */
  fileField: string;
  maxFiles: number;
  maxFileBytes: number;
  maxFields?: number;
  /** What to tell the sender past maxFiles / maxFileBytes (413); by default the generic sentences. */
  tooManyFilesMsg?: string;
  fileTooLargeMsg?: string;
}

/**
 * Reads a multipart/form-data body of one of the upload routes. Limits are enforced while streaming, so an
 * oversized upload is cut off instead of buffered; a malformed body is a 400 (lib/http-errors.ts).
 */
export async function readMultipart(request: FastifyRequest, limits: MultipartLimits): Promise<MultipartForm> {
  const fields: Record<string, string> = Object.create(null);
  const files: UploadedFile[] = [];
  try {
    const parts = request.parts({ limits: { files: limits.maxFiles, fileSize: limits.maxFileBytes, fields: limits.maxFields ?? 30 } });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== limits.fileField) {
          part.file.resume();
          throw badRequest(
            `Send the file in the field named '${limits.fileField}', not '${part.fieldname}'.`,
            ErrorCode.VALIDATION_FAILED,
            part.fieldname,
          );
        }
        // Past fileSize, toBuffer() throws FST_REQ_FILE_TOO_LARGE.
        files.push({ data: await part.toBuffer(), filename: part.filename });
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT' && limits.tooManyFilesMsg) throw tooLarge(limits.tooManyFilesMsg);
    if (code === 'FST_REQ_FILE_TOO_LARGE' && limits.fileTooLargeMsg) throw tooLarge(limits.fileTooLargeMsg);
    throw error;
  }
  return { fields, files };
}
