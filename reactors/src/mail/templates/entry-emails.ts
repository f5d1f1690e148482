import { entryMessages, postalPaymentLabel } from '@prizes/contracts'
import { dashboardLink } from './links'
import { type Block, greeting, type RenderedEmail, renderEmail } from './render'

export interface EntryConfirmation {
  readonly firstName?: string | undefined
  readonly competitionTitle: string
  readonly entryReference: string
  readonly ticketNumbers: readonly number[]
  readonly totalPaidPence: number
  /** The site's address (PUBLIC_URL), where the entrant's dashboard lists the entry. */
  readonly publicUrl: string
  /** A free entry by post, recorded by an admin from the envelope. */
  readonly postal?: boolean
}

const pounds = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' })

/** Pence as the site shows money: £7.50. */
export const formatPence = (pence: number) => pounds.format(pence / 100)

const paragraph = (text: string): Block => ({ kind: 'paragraph', text })

/**
 * After tickets are allocated: what was bought, their numbers and what it cost. It says the
 * entry was received, never "confirmed" (issue 24), and the answer recorded, no more: whether it was right is not known to the entrant until the
 * close, and a wrong one is never in the draw, so the email promises no draw.
 */
export function entryConfirmationEmail(input: EntryConfirmation): RenderedEmail {
  const count = input.ticketNumbers.length
  const free = input.totalPaidPence === 0
  const dashboard = dashboardLink(input.publicUrl)
  return renderEmail(`Entry received: ${input.competitionTitle} (${input.entryReference})`, [
    paragraph(greeting(input.firstName)),
    paragraph(entryMessages.entryReceived),
    paragraph(
      input.postal
        ? `Thank you for entering ${input.competitionTitle} by post. Your postal entry was received and is recorded.`
        : free
          ? `Thank you for entering ${input.competitionTitle}. Your free entry was received.`
          : `Thank you for entering ${input.competitionTitle}. Your payment and your entry were received.`,
    ),
    paragraph(`Entry reference: ${input.entryReference}`),
    paragraph(`Number of entries: ${count}`),
    paragraph(
      `${count === 1 ? 'Your ticket number' : 'Your ticket numbers'}: ${input.ticketNumbers.join(', ')}`,
    ),
    paragraph(
      input.postal ? `Payment: ${postalPaymentLabel}` : `Total paid: ${formatPence(input.totalPaidPence)}`,
    ),
    paragraph(entryMessages.answerRecorded),
    paragraph('Keep this email: quote the entry reference if you contact us about this entry.'),
    { kind: 'button', label: 'See your entries in your dashboard', href: dashboard },
  ])
}
