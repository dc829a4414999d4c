import { ErrorCode } from '@tribeverse/shared';

/** An error meant for the caller: its status, stable code and readable message are sent as they are. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    /** Further fields of the answer's body, as the contract names them (e.g. `appeal_token`). */
    readonly extra?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (msg: string, code: string = ErrorCode.BAD_REQUEST, field?: string) => new AppError(400, code, msg, field);
export const unauthorized = (msg = 'Please sign in again.', code: string = ErrorCode.UNAUTHORIZED) => new AppError(401, code, msg);
export const forbidden = (msg = 'You are not allowed to do that.') => new AppError(403, ErrorCode.FORBIDDEN, msg);
export const notFound = (msg = 'Not found.') => new AppError(404, ErrorCode.NOT_FOUND, msg);
export const conflict = (msg: string, code: string = ErrorCode.CONFLICT, field?: string) => new AppError(409, code, msg, field);
export const tooLarge = (msg: string) => new AppError(413, ErrorCode.PAYLOAD_TOO_LARGE, msg);
export const unsupportedMedia = (msg: string) => new AppError(415, ErrorCode.UNSUPPORTED_MEDIA_TYPE, msg);
export const tooManyRequests = (msg = 'Too many requests. Please wait a moment and try again.') =>
  new AppError(429, ErrorCode.RATE_LIMITED, msg);
