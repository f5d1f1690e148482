/** A domain rule was broken; `code` is stable and is what the HTTP layer maps to a status. */
export abstract class DomainError<Code extends string = string> extends Error {
  abstract readonly code: Code
  constructor(message: string) {
    super(message)
    this.name = new.target.name
  }
}
