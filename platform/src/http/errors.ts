import {
  type CodedError,
  type ErrorBody,
  errorAnswers,
  errorCodes,
  type FieldErrors,
  Refusal,
} from '@prizes/contracts'

/** What the error middleware sends for one error. */
export interface ErrorReply {
  readonly status: number
  readonly body: ErrorBody
  readonly retryAfterSeconds?: number | undefined
}

const fieldErrorsOf = (fieldErrors: FieldErrors): Record<string, string[]> =>
  Object.fromEntries(Object.entries(fieldErrors).map(([field, messages]) => [field, [...(messages ?? [])]]))

/**
 * A typed error's answer, from contracts' one table (`errorAnswers`): its status, the code the
 * client sees and its `Retry-After`. Our own failures (sent as INTERNAL_ERROR) say only the
 * table's words, never what went wrong inside.
 */
export function replyTo(error: CodedError): ErrorReply {
  const answer = errorAnswers[error.code]
  const code = answer.sentAs ?? error.code
  const fieldErrors = error.fieldErrors
  return {
    status: answer.status,
    body: {
      success: false,
      message: code === errorCodes.internal ? answer.message : error.message || answer.message,
      code,
      ...(fieldErrors ? { fieldErrors: fieldErrorsOf(fieldErrors) } : {}),
    },
    retryAfterSeconds: error.retryAfterSeconds ?? answer.retryAfterSeconds,
  }
}

/** Typed errors of the plumbing's own refusals; every one answers from the table. */
export const badRequest = (message: string, fieldErrors?: FieldErrors) =>
  new Refusal(errorCodes.validation, message, fieldErrors ? { fieldErrors } : {})
export const unauthorized = (message?: string) => new Refusal(errorCodes.unauthorized, message)
export const forbidden = (message?: string) => new Refusal(errorCodes.forbidden, message)
export const notFound = (message?: string) => new Refusal(errorCodes.notFound, message)
/** The database is down or hung: nothing about the request, so the client may simply retry. */
export const serviceUnavailable = (message?: string, retryAfterSeconds?: number) =>
  new Refusal(errorCodes.unavailable, message, retryAfterSeconds === undefined ? {} : { retryAfterSeconds })
