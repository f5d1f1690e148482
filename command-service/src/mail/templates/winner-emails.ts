import { brand } from '../brand'
import { formatPence } from './entry-emails'
import { dashboardLink } from './links'
import { type Block, greeting, type RenderedEmail, renderEmail } from './render'

export interface WinnerNotice {
  readonly firstName?: string | undefined
  readonly competitionId: string
  readonly competitionTitle: string
  readonly prize: string
  /** What the winner may take instead of the prize, when the competition offers it. */
  readonly cashAlternativePence?: number | undefined
  readonly ticketNumber: number
  readonly entryReference: string
  /** The site's address (PUBLIC_URL), where the draw's certificate is published. */
  readonly publicUrl: string
}

const paragraph = (text: string): Block => ({ kind: 'paragraph', text })

/** To the winner once the draw completes: what they won, their winning ticket and the proof. */
export function winnerEmail(input: WinnerNotice): RenderedEmail {
  const certificate = new URL(
    `draws/${encodeURIComponent(input.competitionId)}`,
    `${input.publicUrl.replace(/\/+$/, '')}/`,
  ).toString()
  return renderEmail(`Congratulations, you won ${input.prize}!`, [
    paragraph(greeting(input.firstName)),
    paragraph(`Congratulations! Your ticket was drawn as the winner of ${input.competitionTitle}.`),
    paragraph(`Prize: ${input.prize}`),
    ...(input.cashAlternativePence === undefined
      ? []
      : [
          paragraph(
            `Cash alternative: you may take ${formatPence(input.cashAlternativePence)} instead of the prize. Tell our team which you prefer when they contact you.`,
          ),
        ]),
    paragraph(`Winning ticket number: ${input.ticketNumber}`),
    paragraph(`Entry reference: ${input.entryReference}`),
    paragraph(
      `Our team will contact you within 48 hours to arrange your prize. ${brand.name} will never ask you to pay anything to receive it.`,
    ),
    paragraph(
      'The draw was made in public view: its certificate shows the sealed list of tickets, the revealed seed and the public randomness, and anyone can check the result.',
    ),
    { kind: 'button', label: 'See the draw certificate', href: certificate },
    {
      kind: 'paragraph',
      text: `Your entries and this win are in your dashboard: ${dashboardLink(input.publicUrl)}`,
    },
  ])
}
