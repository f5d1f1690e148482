import { type ContactRequest, contactRequest } from '@prizes/contracts'
import { apiClient } from '../../../lib/api-client'

const timeoutMs = 20_000

export function sendContactMessage(values: ContactRequest) {
  return apiClient.call('contact', { timeoutMs, body: values })
}

/** The form's values checked by the same rules as the server: the first message per field. */
export function contactFormErrors(
  values: Record<keyof ContactRequest, string>,
): Partial<Record<keyof ContactRequest, string>> {
  const parsed = contactRequest.safeParse(values)
  if (parsed.success) return {}
  const errors: Partial<Record<keyof ContactRequest, string>> = {}
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof ContactRequest | undefined
    if (field && errors[field] === undefined) errors[field] = issue.message
  }
  return errors
}
