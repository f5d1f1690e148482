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
export const conflict = (message: string, code: string = errorCodes.conflict) =>
  new HttpError(409, code, message)
