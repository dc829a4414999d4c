import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErrorCode } from '@tribeverse/shared';
import { databaseErrorToAppError } from './db-errors.ts';
import { AppError } from './errors.ts';
import { describeInvalid } from './validation.ts';

const statusCodes: Record<string, { status: number; code: string; msg: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: ErrorCode.PAYLOAD_TOO_LARGE, msg: 'The request is too large.' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: ErrorCode.PAYLOAD_TOO_LARGE, msg: 'The file is too large.' },
  FST_FILES_LIMIT: { status: 413, code: ErrorCode.PAYLOAD_TOO_LARGE, msg: 'Too many files.' },
  FST_PARTS_LIMIT: { status: 413, code: ErrorCode.PAYLOAD_TOO_LARGE, msg: 'Too many fields.' },
  FST_FIELDS_LIMIT: { status: 413, code: ErrorCode.PAYLOAD_TOO_LARGE, msg: 'Too many fields.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: ErrorCode.UNSUPPORTED_MEDIA_TYPE, msg: 'This content type is not accepted.' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, code: ErrorCode.UNSUPPORTED_MEDIA_TYPE, msg: 'Send this as multipart/form-data.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: ErrorCode.BAD_REQUEST, msg: 'The request body is empty.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: ErrorCode.BAD_REQUEST, msg: 'The request body is not valid JSON.' },
};

/** What the multipart parser (busboy) throws for a malformed body: the sender's fault, answered 400. */
const MALFORMED_MULTIPART =
  /^(Multipart: Boundary not found|Boundary required|Missing Content-Type|Malformed part header|Unexpected end of (multipart data|form)|.* terminated early due to unexpected end of multipart data)/;

/** One error shape for every failure: `{code, msg}`; a 5xx never shows what went wrong inside. */
export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = error instanceof AppError ? error : databaseErrorToAppError(error);
    if (appError) {
      return reply
        .status(appError.statusCode)
        .send({ ...appError.extra, code: appError.code, msg: appError.message, field: appError.field });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const { field, msg } = describeInvalid(first?.instancePath?.replace(/^\//, '').replace(/\//g, '.'), first?.message);
      return reply.status(400).send({ code: ErrorCode.VALIDATION_FAILED, msg, field });
    }
    if (!error.code && MALFORMED_MULTIPART.test(error.message ?? '')) {
      return reply.status(400).send({ code: ErrorCode.BAD_REQUEST, msg: 'The form data could not be read.' });
    }
    const known = error.code ? statusCodes[error.code] : undefined;
    if (known) return reply.status(known.status).send({ code: known.code, msg: known.msg });
    if (error.statusCode === 429) {
      return reply.status(429).send({ code: ErrorCode.RATE_LIMITED, msg: 'Too many requests. Please wait a moment and try again.' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ code: ErrorCode.BAD_REQUEST, msg: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ code: ErrorCode.INTERNAL, msg: 'Something went wrong on our side. Please try again.' });
  });
}
