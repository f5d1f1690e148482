/** What a zod `safeParse` returns, seen structurally so the web needs no zod import of its own. */
export type ParseResult =
  | { readonly success: true }
  | {
      readonly success: false
      readonly error: {
        readonly issues: readonly { readonly path: readonly PropertyKey[]; readonly message: string }[]
      }
    }

export type FieldErrors<F extends string> = Partial<Record<F, string>>

/** The first message for each top-level field: one sentence at a time is what a person can act on. */
export function firstErrors<F extends string>(result: ParseResult): FieldErrors<F> {
  const errors: Record<string, string> = {}
  if (result.success) return errors as FieldErrors<F>
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form')
    errors[field] ??= issue.message
  }
  return errors as FieldErrors<F>
}

/** Adds a message to a field that has none yet. */
export function addError<F extends string>(errors: FieldErrors<F>, field: F, message: string): void {
  errors[field] ??= message
}

export const hasErrors = (errors: Readonly<Record<string, string | undefined>>) =>
  Object.values(errors).some((message) => message !== undefined)
