import { formatPence } from './entry-emails'
import { dashboardLink } from './links'
import { type Block, greeting, type RenderedEmail, renderEmail } from './render'

export interface CompetitionCancellation {
  readonly firstName?: string | undefined
  readonly competitionTitle: string
  readonly entryReference: string
  readonly refundedPence: number
  /** The site's address (PUBLIC_URL), where the entrant's dashboard shows the refund. */
  readonly publicUrl: string
}

const paragraph = (text: string): Block => ({ kind: 'paragraph', text })

/** After a cancelled competition's entry was refunded: what happened and what comes back. */
export function competitionCancelledEmail(input: CompetitionCancellation): RenderedEmail {
  const dashboard = dashboardLink(input.publicUrl)
  const amount = formatPence(input.refundedPence)
  return renderEmail(`Competition cancelled: ${input.competitionTitle} (${input.entryReference})`, [
    paragraph(greeting(input.firstName)),
    paragraph(
      `We are sorry to tell you that ${input.competitionTitle} has been cancelled. There will be no draw.`,
    ),
    paragraph(`Entry reference: ${input.entryReference}`),
    paragraph(
      `Refunded: ${amount}. We have refunded your payment in full to the card you paid with; it usually shows on your statement within 5 to 10 working days.`,
    ),
    paragraph(
      'You do not need to do anything. Quote the entry reference if you contact us about this entry.',
    ),
    { kind: 'button', label: 'See your entries in your dashboard', href: dashboard },
  ])
}
