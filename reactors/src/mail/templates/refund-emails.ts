import { formatPence } from './entry-emails'
import { dashboardLink } from './links'
import { type Block, greeting, type RenderedEmail, renderEmail } from './render'

export interface EntryRefund {
  readonly firstName?: string | undefined
  readonly competitionTitle: string
  readonly entryReference: string | null
  readonly refundedPence: number
  /** The admin's reason, as they gave it. */
  readonly reason: string
  /** The site's address (PUBLIC_URL), where the entrant's dashboard shows the refund. */
  readonly publicUrl: string
}

const paragraph = (text: string): Block => ({ kind: 'paragraph', text })

/** After an admin refunded an entry: what, how much, why, and that its tickets are withdrawn. */
export function entryRefundedEmail(input: EntryRefund): RenderedEmail {
  const dashboard = dashboardLink(input.publicUrl)
  const amount = formatPence(input.refundedPence)
  const reference = input.entryReference ?? 'your entry'
  return renderEmail(`Entry refunded: ${input.competitionTitle} (${reference})`, [
    paragraph(greeting(input.firstName)),
    paragraph(
      `We have refunded your entry ${reference} in ${input.competitionTitle}. Its tickets are withdrawn and will not be in the draw.`,
    ),
    paragraph(`Reason: ${input.reason}`),
    paragraph(
      `Refunded: ${amount}, in full to the card you paid with; it usually shows on your statement within 5 to 10 working days.`,
    ),
    paragraph('Quote the entry reference if you contact us about this entry.'),
    { kind: 'button', label: 'See your entries in your dashboard', href: dashboard },
  ])
}
