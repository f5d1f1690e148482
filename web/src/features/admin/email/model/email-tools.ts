import {
  emailToolMessages,
  type TestAllTemplatesResponse,
  type TestEntryConfirmationRequest,
  type TestSendResponse,
  testEntryConfirmationRequest,
  testRecipientRequest,
} from '@prizes/contracts'
import { failureMessage } from '../../shared/model/errors'

/** The entry-confirmation test form as typed: every field text. */
export interface EntryConfirmationForm {
  readonly email: string
  readonly firstName: string
  readonly competitionTitle: string
  readonly numberOfEntries: string
  readonly totalCost: string
}

export const emptyEntryConfirmationForm: EntryConfirmationForm = {
  email: '',
  firstName: 'Test',
  competitionTitle: 'Test competition',
  numberOfEntries: '1',
  totalCost: '2.50',
}

export type FieldErrors<K extends string> = Partial<Record<K, string>>

const asNumber = (value: string) => (value.trim() === '' ? Number.NaN : Number(value))

/** The form checked with the server's own schema: the request, or a message per field. */
export function checkEntryConfirmationForm(
  form: EntryConfirmationForm,
):
  | { readonly ok: true; readonly request: TestEntryConfirmationRequest }
  | { readonly ok: false; readonly errors: FieldErrors<keyof EntryConfirmationForm> } {
  const parsed = testEntryConfirmationRequest.safeParse({
    ...form,
    numberOfEntries: asNumber(form.numberOfEntries),
    totalCost: asNumber(form.totalCost),
  })
  if (parsed.success) return { ok: true, request: parsed.data }
  const errors: FieldErrors<keyof EntryConfirmationForm> = {}
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof EntryConfirmationForm
    errors[field] ??= issue.message
  }
  return { ok: false, errors }
}

/** A recipient checked with the server's schema: the address, or why not. */
export function checkRecipient(
  recipient: string,
): { readonly ok: true; readonly recipient: string } | { readonly ok: false; readonly error: string } {
  const parsed = testRecipientRequest.safeParse({ recipient })
  if (parsed.success) return { ok: true, recipient: parsed.data.recipient }
  return { ok: false, error: parsed.error.issues[0]?.message ?? 'Please enter a valid email address' }
}

/** What a test tool shows afterwards: the server's message, or the spec's 'Failed to …: reason'. */
export interface ToolOutcome {
  readonly tone: 'success' | 'error'
  readonly message: string
}

/** A single send: sent, or refused by the SMTP server (its error is the reason). */
export function singleSendOutcome(
  action: typeof emailToolMessages.directTestFailed | typeof emailToolMessages.entryConfirmationFailed,
  answer: TestSendResponse,
): ToolOutcome {
  if (answer.success) return { tone: 'success', message: answer.message }
  return { tone: 'error', message: `${action}: ${answer.result.error ?? answer.message}` }
}

/** All templates: every one sent, or the failures counted (each is listed with its error). */
export function allTemplatesOutcome(answer: TestAllTemplatesResponse): ToolOutcome {
  if (answer.success) return { tone: 'success', message: answer.message }
  const failed = answer.summary.total - answer.summary.successful
  return {
    tone: 'error',
    message: `${emailToolMessages.allTemplatesFailed}: ${failed} of ${answer.summary.total} templates were not sent`,
  }
}

/** A call that did not get an answer (refused, rate limited, offline). */
export const callFailedOutcome = (action: string, error: unknown): ToolOutcome => ({
  tone: 'error',
  message: failureMessage(action, error),
})
