import { z } from 'zod'
import { historyActor } from './admin-read'
import { tooLongMessage } from './bounds'
import { longDate } from './calendar'
import {
  type ComplaintDeadlinesData,
  complaintDeadlines,
  contactBounds,
  contactReferencePattern,
  contactTopics,
} from './events/contact'
import { text } from './text'

export const contactMessages = {
  nameRequired: 'Please enter your name',
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address',
  topicRequired: 'Please choose a topic',
  subjectRequired: 'Please enter a subject',
  messageRequired: 'Please enter your message',
  messageTooShort: `Your message must be at least ${contactBounds.messageMin} characters`,
  failure: 'Failed to send your message. Please try again.',
} as const

/** What a complaint's deadlines promise, in one sentence: the screen and the email say the same. */
export const complaintDeadlinesSentence = (deadlines: ComplaintDeadlinesData) =>
  `We will acknowledge your complaint by ${longDate(deadlines.acknowledgeBy)} and send our final answer by ${longDate(deadlines.finalAnswerBy)} at the latest.`

export const sentMessage = (reference: string, deadlines: ComplaintDeadlinesData | null = null) =>
  `Thank you, your message has been sent. Your reference is ${reference}; we have emailed you a copy.${
    deadlines ? ` ${complaintDeadlinesSentence(deadlines)}` : ''
  }`

const required = (message: string, label: string, max: number) =>
  text(max, tooLongMessage(label, max), { error: message }).trim().min(1, message)

export const contactRequest = z.object({
  name: required(contactMessages.nameRequired, 'Your name', contactBounds.name),
  email: text(contactBounds.name, contactMessages.emailInvalid, { error: contactMessages.emailRequired })
    .trim()
    .min(1, contactMessages.emailRequired)
    .max(254, contactMessages.emailInvalid)
    .pipe(z.email(contactMessages.emailInvalid))
    .transform((v) => v.toLowerCase()),
  topic: z.enum(contactTopics, { error: contactMessages.topicRequired }),
  subject: required(contactMessages.subjectRequired, 'The subject', contactBounds.subject),
  message: required(contactMessages.messageRequired, 'Your message', contactBounds.message).min(
    contactBounds.messageMin,
    contactMessages.messageTooShort,
  ),
})
export type ContactRequest = z.infer<typeof contactRequest>

export const contactResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  reference: z.string().regex(contactReferencePattern),
  /** A complaint's deadlines; null for other topics. */
  deadlines: complaintDeadlines.nullable(),
})
export type ContactResponse = z.infer<typeof contactResponse>

/** The admin's Messages tab: 10 a page, newest first. */
export const adminContactPageSize = 10

export const adminContactQuery = z.object({
  page: text(6, 'Must be a page number from 1')
    .regex(/^[1-9][0-9]*$/, 'Must be a page number from 1')
    .optional(),
  /** A reference (`CT-…`, or its start) or a whole email address. */
  search: text(254, 'The search must be at most 254 characters').optional(),
  /** `complaint`: complaints only (issue 14), by the deadline due next, the overdue first (issue 24). */
  topic: z.enum(contactTopics).optional(),
  status: z.enum(['open', 'answered', 'closed']).optional(),
})
export type AdminContactQuery = z.infer<typeof adminContactQuery>

export const contactMessageStatuses = ['open', 'answered', 'closed'] as const
export type ContactMessageStatus = (typeof contactMessageStatuses)[number]
export const contactStatusLabels: Readonly<Record<ContactMessageStatus, string>> = {
  open: 'Open',
  answered: 'Answered',
  closed: 'Closed',
}

export const adminContactRow = z.object({
  reference: z.string(),
  receivedAt: z.string(),
  topic: z.enum(contactTopics),
  /** Empty when the sender's data was erased. */
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  status: z.enum(contactMessageStatuses),
  /** A complaint's deadlines (null for other topics), the one due next, and whether it has passed. */
  deadlines: complaintDeadlines.nullable(),
  dueBy: z.string().nullable(),
  overdue: z.boolean(),
})
export type AdminContactRow = z.infer<typeof adminContactRow>

export const adminContactListResponse = z.object({
  success: z.literal(true),
  messages: z.array(adminContactRow),
  page: z.number().int().positive(),
  pageSize: z.literal(adminContactPageSize),
  hasMore: z.boolean(),
  /** Confirmed newsletter subscribers now, shown above the list. */
  newsletterSubscribers: z.number().int().nonnegative(),
})
export type AdminContactListResponse = z.infer<typeof adminContactListResponse>

/** One step of a message's life, for its audit trail; `text` is the answer or the note, in clear. */
export const contactHistoryEntry = z.object({
  type: z.enum(['ContactMessageReceived', 'ContactMessageAnswered', 'ContactMessageClosed']),
  occurredAt: z.string(),
  actor: historyActor,
  summary: z.string(),
  text: z.string().nullable(),
})
export type ContactHistoryEntry = z.infer<typeof contactHistoryEntry>

export const adminContactDetailsResponse = z.object({
  success: z.literal(true),
  message: adminContactRow.extend({
    message: z.string(),
    userId: z.string().nullable(),
    history: z.array(contactHistoryEntry),
  }),
})
export type AdminContactDetailsResponse = z.infer<typeof adminContactDetailsResponse>

export const contactAnswerMessages = {
  answerRequired: 'Please write an answer',
  answerTooShort: `The answer must be at least ${contactBounds.messageMin} characters`,
  closed: 'This message is closed and cannot be answered',
  answered: 'Answer sent: the sender has been emailed',
  closedNow: 'Message closed',
} as const

export const adminContactAnswerRequest = z.object({
  answer: text(contactBounds.answer, tooLongMessage('The answer', contactBounds.answer), {
    error: contactAnswerMessages.answerRequired,
  })
    .trim()
    .min(1, { message: contactAnswerMessages.answerRequired, abort: true })
    .min(contactBounds.messageMin, contactAnswerMessages.answerTooShort),
})
export type AdminContactAnswerRequest = z.infer<typeof adminContactAnswerRequest>

export const adminContactCloseRequest = z.object({
  note: text(contactBounds.note, tooLongMessage('The note', contactBounds.note)).trim().optional(),
})
export type AdminContactCloseRequest = z.infer<typeof adminContactCloseRequest>

export const adminContactCommandResponse = z.object({ success: z.literal(true), message: z.string() })

export const contactReferenceParams = z.object({
  reference: text(9, 'Must be a message reference').regex(
    contactReferencePattern,
    'Must be a message reference',
  ),
})

/** The published way to reach the company: the contact card, the footer and the complaints page show it. */
export const contactDetailsResponse = z.object({
  success: z.literal(true),
  supportEmail: z.string(),
  company: z.object({ name: z.string(), address: z.string() }),
  /** When support answers, in UK time (SUPPORT_HOURS); the site adds GMT or BST as the date says. */
  supportHours: z.string(),
  /** The regulator or licence line (OPERATOR_LICENCE); null: none is shown. */
  licence: z.string().nullable(),
  /** Where a complainant goes after our final answer (COMPLAINTS_BODY_*); null: none is named. */
  complaintsBody: z.object({ name: z.string(), url: z.string().nullable() }).nullable(),
  /**
   * Issue 24: where free entries by post go (POSTAL_ADDRESS), one line each; null when the
   * platform has none configured (only outside production), and then no page offers to post.
   */
  postalAddress: z.array(z.string().max(100)).max(8).nullable(),
})
export type ContactDetailsResponse = z.infer<typeof contactDetailsResponse>

/**
 * An address as configured: lines separated by commas, new lines or a written-out `\n`,
 * trimmed, empty ones dropped.
 */
export function postalAddressLines(value: string): string[] {
  return value
    .split(/,|\\n|\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
}
