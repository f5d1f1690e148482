import { z } from 'zod'
import { maxLength } from '../bounds'
import { encrypted } from './user'

/**
 * A message sent with the contact form, one stream per message (`contact-<reference>`), so its
 * later life (answered, closed) is appended to it. The sender's name, address and words are
 * personal data, encrypted with a key of the message's own (kept under `contact:<reference>`),
 * whose deletion forgets them.
 */

/** `CT-` and six characters from an alphabet without 0/O, 1/I/L. */
export const contactReferencePattern = /^CT-[2-9A-HJKMNP-Z]{6}$/

export const contactTopics = [
  'general',
  'entry',
  'payment',
  'account',
  'winner',
  'complaint',
  'other',
] as const
export type ContactTopic = (typeof contactTopics)[number]

export const contactTopicLabels: Readonly<Record<ContactTopic, string>> = {
  general: 'General question',
  entry: 'A competition entry',
  payment: 'Payment or refund',
  account: 'My account',
  winner: 'Winners and draws',
  complaint: 'Complaint',
  other: 'Something else',
}

/** A calendar date, `yyyy-mm-dd`. */
const calendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)

/**
 * A complaint's deadlines (DCMS Code of Good Practice for prize draw operators): acknowledged
 * by a person by the end of `acknowledgeBy`, answered finally by the end of `finalAnswerBy`
 * (London dates, working days in England and Wales).
 */
export const complaintDeadlines = z.object({ acknowledgeBy: calendarDate, finalAnswerBy: calendarDate })
export type ComplaintDeadlinesData = z.infer<typeof complaintDeadlines>

export const contactEvents = {
  ContactMessageReceived: z.object({
    reference: z.string().regex(contactReferencePattern),
    topic: z.enum(contactTopics),
    name: encrypted,
    email: encrypted,
    subject: encrypted,
    message: encrypted,
    /** The sender was signed in as this user, else null. */
    userId: z.string().uuid().nullable(),
    /** A complaint's deadlines, fixed when it arrived; null for other topics and absent before issue 24. */
    deadlines: complaintDeadlines.nullable().optional(),
  }),
  /** An admin's reply, emailed to the sender; encrypted with the message's key like the message. */
  ContactMessageAnswered: z.object({
    reference: z.string().regex(contactReferencePattern),
    answer: encrypted,
  }),
  /** The message is dealt with; an admin's optional note (encrypted) says how. */
  ContactMessageClosed: z.object({
    reference: z.string().regex(contactReferencePattern),
    note: encrypted.nullable(),
  }),
} as const

export type ContactEventType = keyof typeof contactEvents
export type ContactEvent = {
  [K in ContactEventType]: { type: K; data: z.infer<(typeof contactEvents)[K]> }
}[ContactEventType]

export const contactStreamPrefix = 'contact-'
export const contactStream = (reference: string) => `${contactStreamPrefix}${reference}`
/** The key the message's personal fields are encrypted with, in the command side's `user_keys`. */
export const contactKeyId = (reference: string) => `contact:${reference}`

export const contactBounds = {
  name: maxLength.firstName + maxLength.lastName,
  subject: 150,
  messageMin: 10,
  message: 5000,
  answer: 5000,
  note: 1000,
} as const
