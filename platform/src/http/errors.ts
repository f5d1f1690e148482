import { type ErrorBody, errorCodes } from '@prizes/contracts'

/**
 * An error that knows its HTTP status and code. Domain errors are mapped to these by the
 * service that owns them (`mapError` option of `createApp`); anything else becomes a 500
 * with a generic message and is logged.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
    /** Sent as `Retry-After`: when asking again may succeed (429, 503). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message)
    this.name = 'HttpError'
  }

  toBody(): ErrorBody {
    return {
      success: false,
      message: this.message,
      code: this.code,
      ...(this.fieldErrors ? { fieldErrors: this.fieldErrors } : {}),
    }
  }
}

export const badRequest = (message: string, fieldErrors?: Record<string, string[]>) =>
  new HttpError(400, errorCodes.validation, message, fieldErrors)
export const unauthorized = (message = 'Please sign in to continue') =>
  new HttpError(401, errorCodes.unauthorized, message)
export const forbidden = (message = 'Access denied. Admin privileges required.') =>
  new HttpError(403, errorCodes.forbidden, message)
export const notFound = (message = 'Not found') => new HttpError(404, errorCodes.notFound, message)
/** The database is down or hung: nothing about the request, so the client may simply retry. */
export const serviceUnavailable = (
  message = 'The service cannot reach its database right now. Please try again in a moment.',
  retryAfterSeconds = 5,
) => new HttpError(503, errorCodes.unavailable, message, undefined, retryAfterSeconds)
export const conflict = (message: string, code: string = errorCodes.conflict) =>
  new HttpError(409, code, message)
