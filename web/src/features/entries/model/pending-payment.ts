import { entrySubmission } from '@prizes/contracts'
import type { PaymentOutcome, ResumePayment } from '@prizes/domain'
import { entryFlowMessages } from '@prizes/domain'
import type { EntryTarget } from '../../../stores/ui-store'

/**
 * A payment handed to the card provider, kept in sessionStorage (this tab only) in case the
 * provider takes the entrant away to their bank's page: on the way back the entry flow resumes
 * by confirming it, never by authorising it again.
 */
export interface PendingPayment extends ResumePayment {
  readonly competition: EntryTarget
  /** When it was kept (ms since the epoch); an old one is not resumed. */
  readonly savedAt: number
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

const storageKey = 'prizes:pending-payment'
/** A bank's page that took longer than this has long outlived the ticket reservation. */
export const pendingPaymentMaxAgeMs = 60 * 60 * 1000

/** Stripe's return parameters; the offline provider's test bank page sends back the same. */
const returnParams = ['payment_intent', 'payment_intent_client_secret', 'redirect_status'] as const

export function savePendingPayment(storage: KeyValueStorage, pending: PendingPayment): void {
  try {
    storage.setItem(storageKey, JSON.stringify(pending))
  } catch {
    // Storage full or refused (private browsing): the flow works, it just cannot resume after a redirect.
  }
}

export function clearPendingPayment(storage: KeyValueStorage): void {
  try {
    storage.removeItem(storageKey)
  } catch {
    // Nothing kept, nothing to clear.
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null

/** The kept payment, if there is one, it is whole and it is recent. */
export function readPendingPayment(storage: KeyValueStorage, now: number): PendingPayment | null {
  let raw: string | null
  try {
    raw = storage.getItem(storageKey)
  } catch {
    return null
  }
  if (raw === null) return null
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return null
  }
  if (!isRecord(value) || !isRecord(value.intent) || !isRecord(value.competition)) return null
  const { intent, competition, savedAt } = value
  if (typeof savedAt !== 'number' || now - savedAt > pendingPaymentMaxAgeMs || savedAt > now) return null
  if (
    typeof intent.paymentIntentId !== 'string' ||
    typeof intent.clientSecret !== 'string' ||
    typeof intent.amount !== 'number' ||
    typeof competition.id !== 'string' ||
    typeof competition.title !== 'string'
  ) {
    return null
  }
  const submission = entrySubmission.safeParse(value.submission)
  if (!submission.success || submission.data.competitionId !== competition.id) return null
  return {
    competition: competition as unknown as EntryTarget,
    submission: submission.data,
    intent: {
      paymentIntentId: intent.paymentIntentId,
      clientSecret: intent.clientSecret,
      amount: intent.amount,
    },
    savedAt,
  }
}

/** The provider's return to this page after a redirect: which payment, and what it says happened. */
export function paymentReturnOf(url: URL): { paymentIntentId: string; redirectStatus: string | null } | null {
  const paymentIntentId = url.searchParams.get('payment_intent')
  if (!paymentIntentId) return null
  return { paymentIntentId, redirectStatus: url.searchParams.get('redirect_status') }
}

/** The address without the provider's return parameters, for history.replaceState. */
export function withoutReturnParams(url: URL): string {
  const clean = new URL(url.href)
  for (const name of returnParams) clean.searchParams.delete(name)
  return `${clean.pathname}${clean.search}${clean.hash}`
}

/** The kept payment the address returns from, or null (none kept, another payment, too old). */
export function resumableFrom(url: URL, storage: KeyValueStorage, now: number): PendingPayment | null {
  const returned = paymentReturnOf(url)
  if (!returned) return null
  const pending = readPendingPayment(storage, now)
  if (!pending || pending.intent.paymentIntentId !== returned.paymentIntentId) return null
  return pending
}

/** Where the provider sends the entrant back: this page as it is, without an earlier return's parameters. */
export function returnUrl(location: Pick<Location, 'href'> = window.location): string {
  return new URL(withoutReturnParams(new URL(location.href)), location.href).href
}

/**
 * What Stripe.js's answer means to the flow: `requires_capture` is a card accepted (the server
 * captures it within the credit card limit, so it confirms like succeeded), `processing` waits
 * (it is not a decline), and anything else did not take the payment.
 */
export function outcomeOfStripeStatus(status: string): PaymentOutcome {
  if (status === 'succeeded' || status === 'requires_capture') return { status: 'succeeded', message: '' }
  if (status === 'processing') return { status: 'processing', message: '' }
  return { status: 'declined', message: entryFlowMessages.paymentFailed }
}
