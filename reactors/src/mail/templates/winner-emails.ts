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
  /** The draw's public randomness, as the email must describe it. */
  readonly randomness: WinnerRandomness
}

/**
 * Whether the draw's randomness was verified: drand's signature on the sealed round (checked
 * when the draw was recorded), the TEST chain's (TEST MODE: its key is public), or none at all.
 */
export interface WinnerRandomness {
  readonly round: number
  readonly verified: 'drand' | 'test-chain' | 'unverified'
}

/** What the email says of the draw's randomness: verified, TEST chain, or UNVERIFIED. */
export function randomnessSentence({ round, verified }: WinnerRandomness): string {
  switch (verified) {
    case 'drand':
      return `The draw's public randomness, drand round ${round}, was verified with drand's signature: nobody, us included, could know or choose it when the entries were sealed. Its certificate shows the sealed list of tickets, the revealed seed and the randomness, and anyone can check the result.`
    case 'test-chain':
      return `TEST MODE: the draw's randomness is round ${round} of the TEST drand chain. Its signature checks, but that chain's secret key is public, so this is not a real-money draw. Its certificate shows every check.`
    case 'unverified':
      return `UNVERIFIED: the draw's randomness (drand round ${round}) was entered without drand's signature, so nothing shows it is drand's value rather than one chosen by hand. Its certificate shows the sealed list of tickets, the revealed seed and the value, and anyone can re-run the draw.`
  }
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
    paragraph(randomnessSentence(input.randomness)),
    { kind: 'button', label: 'See the draw certificate', href: certificate },
    {
      kind: 'paragraph',
      text: `Your entries and this win are in your dashboard: ${dashboardLink(input.publicUrl)}`,
    },
  ])
}
