import { CodedError, type ErrorCode } from '@prizes/contracts'

/**
 * A domain rule was broken; `code` is stable, declared in contracts, and what the HTTP layer
 * answers by (contracts' `errorAnswers`).
 */
export abstract class DomainError<Code extends ErrorCode = ErrorCode> extends CodedError {
  abstract override readonly code: Code
}
