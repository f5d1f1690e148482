import {
  type ComplaintDeadlinesData,
  type ContactTopic,
  complaintDeadlinesSentence,
  contactTopicLabels,
  sitePages,
} from '@prizes/contracts'
import { brand, companyDetails } from '../brand'
import { pageLink } from './links'
import { greeting, type RenderedEmail, renderEmail } from './render'

/**
 * To the address a contact message gave: it arrived, on this topic, under this reference. Nothing
 * the sender typed (name, subject, message) is repeated: that address is unproven, and whoever
 * types someone else's would otherwise have us deliver their text to it (issue 23).
 */
export function contactAcknowledgementEmail(input: {
  readonly reference: string
  readonly topic: ContactTopic
  /** A complaint's deadlines, which the email states with a link to the complaints page. */
  readonly deadlines: ComplaintDeadlinesData | null
  readonly publicUrl: string
}): RenderedEmail {
  return renderEmail(`We received your message [${input.reference}]`, [
    { kind: 'paragraph', text: greeting(undefined) },
    {
      kind: 'paragraph',
      text: `Thank you for contacting ${brand.name}. Your message has reached our support team, who answer ${companyDetails().supportHours}, UK time.`,
    },
    { kind: 'paragraph', text: `Your reference: ${input.reference}` },
    ...(input.deadlines
      ? [
          { kind: 'paragraph' as const, text: complaintDeadlinesSentence(input.deadlines) },
          {
            kind: 'paragraph' as const,
            text: `How we handle complaints, and where to go if our final answer does not settle it: ${pageLink(input.publicUrl, sitePages.complaints.path)}`,
          },
        ]
      : []),
    {
      kind: 'paragraph',
      text: `Please quote it if you write to us again at ${companyDetails().supportEmail}.`,
    },
    { kind: 'paragraph', text: `Topic: ${contactTopicLabels[input.topic]}` },
    { kind: 'paragraph', text: 'If you did not write to us, you can ignore this email.' },
  ])
}

/** An admin's answer to a contact message, quoting its reference so a reply finds its thread. */
export function contactAnswerEmail(input: {
  readonly name: string | undefined
  readonly reference: string
  readonly subject: string
  readonly answer: string
}): RenderedEmail {
  return renderEmail(`Our answer to your message [${input.reference}]`, [
    { kind: 'paragraph', text: greeting(input.name) },
    {
      kind: 'paragraph',
      text: `Thank you for contacting ${brand.name}. Here is our answer to your message.`,
    },
    { kind: 'paragraph', text: `Your reference: ${input.reference}` },
    { kind: 'paragraph', text: `Subject: ${input.subject}` },
    { kind: 'paragraph', text: input.answer },
    {
      kind: 'paragraph',
      text: `If this does not settle it, write to us at ${companyDetails().supportEmail} quoting ${input.reference}.`,
    },
  ])
}
