import { entryMessages } from '@prizes/contracts'
import { dashboardLink } from './links'
import { type Block, greeting, type RenderedEmail, renderEmail } from './render'

export interface DrawResult {
  readonly firstName?: string | undefined
  readonly competitionTitle: string
  readonly entryReference: string
  readonly ticketNumbers: readonly number[]
  /** The answer was correct and the entry stayed on the list the close sealed. */
  readonly inTheDraw: boolean
  /** The site's address (PUBLIC_URL), where the entrant's dashboard lists the entry. */
  readonly publicUrl: string
}

const paragraph = (text: string): Block => ({ kind: 'paragraph', text })

/**
 * At the close (issue 24), one email per entry: whether its answer was correct and so whether its
 * tickets are in the draw. A wrong answer is said plainly, with the rule the entrant agreed to.
 */
export function drawResultEmail(input: DrawResult): RenderedEmail {
  const tickets = `${input.ticketNumbers.length === 1 ? 'ticket' : 'tickets'} ${input.ticketNumbers
    .map((n) => `#${n}`)
    .join(', ')}`
  const subject = input.inTheDraw
    ? `You are in the draw: ${input.competitionTitle} (${input.entryReference})`
    : `Not in the draw: ${input.competitionTitle} (${input.entryReference})`
  return renderEmail(subject, [
    paragraph(greeting(input.firstName)),
    paragraph(`${input.competitionTitle} has closed and the answers have been checked.`),
    paragraph(
      input.inTheDraw
        ? `Your answer was correct, so your entry ${input.entryReference} (${tickets}) is in the draw. We will email you if you win.`
        : `Your answer was not correct, so your entry ${input.entryReference} (${tickets}) is not in the draw. ${entryMessages.answerRule}`,
    ),
    { kind: 'button', label: 'See your entries in your dashboard', href: dashboardLink(input.publicUrl) },
  ])
}
