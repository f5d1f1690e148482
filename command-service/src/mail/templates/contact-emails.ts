import { type ContactTopic, contactTopicLabels } from '@prizes/contracts'
import { brand, companyDetails } from '../brand'
import { greeting, type RenderedEmail, renderEmail } from './render'

/** To the sender of a contact message: it arrived, under this reference, and what it said. */
export function contactAcknowledgementEmail(input: {
  readonly name: string | undefined
  readonly reference: string
  readonly topic: ContactTopic
  readonly subject: string
  readonly message: string
}): RenderedEmail {
  return renderEmail(`We received your message [${input.reference}]`, [
    { kind: 'paragraph', text: greeting(input.name) },
    {
      kind: 'paragraph',
      text: `Thank you for contacting ${brand.name}. Your message has reached our support team, who reply Monday to Friday, 9am to 5pm GMT, within 24 hours.`,
    },
    { kind: 'paragraph', text: `Your reference: ${input.reference}` },
    {
      kind: 'paragraph',
      text: `Please quote it if you write to us again at ${companyDetails().supportEmail}.`,
    },
    { kind: 'paragraph', text: `Topic: ${contactTopicLabels[input.topic]}` },
    { kind: 'paragraph', text: `Subject: ${input.subject}` },
    { kind: 'paragraph', text: 'Your message:' },
    { kind: 'paragraph', text: input.message },
  ])
}
