import { type Block, greeting, type RenderedEmail, renderEmail } from './render'

export interface EndDateExtension {
  readonly firstName?: string | undefined
  readonly competitionId: string
  readonly competitionTitle: string
  readonly previousEndDate: string
  readonly endDate: string
  /** The site's address (PUBLIC_URL), where the competition's page is. */
  readonly publicUrl: string
}

const paragraph = (text: string): Block => ({ kind: 'paragraph', text })

const ukTime = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'full',
  timeStyle: 'short',
  timeZone: 'Europe/London',
})

/** To every entrant of an undersold competition whose end date was extended: the new date. */
export function endDateExtendedEmail(input: EndDateExtension): RenderedEmail {
  const page = new URL(
    `competitions/${encodeURIComponent(input.competitionId)}`,
    `${input.publicUrl.replace(/\/+$/, '')}/`,
  ).toString()
  const endDate = ukTime.format(new Date(input.endDate))
  return renderEmail(`New end date: ${input.competitionTitle}`, [
    paragraph(greeting(input.firstName)),
    paragraph(
      `${input.competitionTitle} had not sold its minimum number of tickets by its end date (${ukTime.format(new Date(input.previousEndDate))}), so its end date has been extended once, to ${endDate} (UK time).`,
    ),
    paragraph(
      'Your entry stays in the competition as it is: you do not need to do anything. The draw takes place after the new end date.',
    ),
    { kind: 'button', label: 'See the competition', href: page },
  ])
}
