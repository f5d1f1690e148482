import { z } from 'zod'
import { address, dateOfBirth, email, firstName, lastName, phone } from './auth/schemas'
import { maxEntriesPerPurchase, maxLength, maxSkillQuestions } from './bounds'
import { entityId, paymentIntentId, text } from './text'

export const entryMessages = {
  selectAnswer: 'Please select an answer',
  /** The answer came for a question of the pool this entrant was not given (issue 24). */
  questionNotGiven: 'Answer the question you were given for this competition',
  /** Signed out, a competition with several questions gives one per entrant's email. */
  emailForQuestion: 'Type your email below to see your skill question',
  agreeTerms: 'You must agree to the terms and conditions',
  numberOfEntries: 'Choose between 1 and 10 entries',
  notEnoughTickets: 'Not enough tickets left for that many entries',
  competitionNotActive: 'This competition is not open for entries',
  paymentDeclined: 'Your card was declined.',
  paymentFailed: 'Payment failed',
  paymentProcessing: 'Your payment is still being processed. This usually takes a few seconds.',
  /** Before payment: the skill question's rule, in the form and the terms. */
  answerRule:
    'Only entries with the correct answer go into the draw. Entries with a wrong answer are not refunded.',
  /** Next to Pay (issue 24): the same rule, and when answers are checked. */
  answerRuleAtPay:
    'Only correct answers are entered into the draw. Answers are checked when the competition closes; an entry with a wrong answer is not refunded.',
  /** After payment: what is known, and no more (correctness stays hidden until the close). */
  answerRecorded:
    'Your answer has been recorded. Only entries with the correct answer go into the draw, which takes place after the competition closes.',
  /** The heading after payment (issue 24): received, never "confirmed", since the answer is unchecked. */
  entryReceived: 'Entry received: answers are checked when the competition closes',
  inTheDraw: 'In the draw',
  notInTheDraw: 'Not in the draw: incorrect answer',
} as const

/** "You can have at most 20 entries in this competition. You have 3 left." */
export const entryCapMessage = (cap: number, remaining: number) =>
  `You can have at most ${cap} ${cap === 1 ? 'entry' : 'entries'} in this competition. ${
    remaining === 0 ? 'You have none left.' : `You have ${remaining} left.`
  }`

/** SPEC section 3 "Entry submission and payment-intent request". Prices come from the server. */
export const entrySubmission = z.object({
  competitionId: entityId,
  /** Shown to the entrant only; the server uses its own. */
  competitionTitle: text(maxLength.title).optional(),
  competitionPrize: text(maxLength.prize).optional(),
  /** Shown to the entrant; the server charges its own price, never this one. */
  entryPrice: z.number().optional(),
  numberOfEntries: z
    .number({ error: entryMessages.numberOfEntries })
    .int(entryMessages.numberOfEntries)
    .min(1, entryMessages.numberOfEntries)
    .max(maxEntriesPerPurchase, entryMessages.numberOfEntries),
  /** One of the options, so no longer than one. */
  skillQuestionAnswer: text(maxLength.option, entryMessages.selectAnswer, {
    error: entryMessages.selectAnswer,
  })
    .trim()
    .min(1, entryMessages.selectAnswer),
  /**
   * Which question of the pool the form showed (issue 24), as `skillQuestionFor` gave it. The
   * server decides the question from the account, never from this; it only refuses an answer
   * to a question other than the one the server gives, so a stale form cannot be judged
   * against a question its entrant never saw. Absent: not checked.
   */
  skillQuestionIndex: z
    .number()
    .int()
    .nonnegative()
    .max(maxSkillQuestions - 1)
    .optional(),
  firstName,
  lastName,
  email,
  phone,
  address,
  /**
   * Issue 24: given when entering signed out, for the guest account the flow makes (18 or over,
   * checked there as at registration); a signed-in entrant's account already holds theirs.
   */
  dateOfBirth: dateOfBirth.optional(),
  agreedToTerms: z.literal(true, { error: entryMessages.agreeTerms }),
  subscribedToNewsletter: z.boolean().default(false),
  drawDate: text(maxLength.date).optional(),
})
export type EntrySubmission = z.infer<typeof entrySubmission>

/**
 * Which skill question an entrant is given (issue 24). Signed in, the account's email decides;
 * otherwise the email the form gives, which the account made from it at Proceed has too.
 */
export const skillQuestionRequest = z.object({
  competitionId: entityId,
  email: email.optional(),
})
export type SkillQuestionRequest = z.infer<typeof skillQuestionRequest>

export const skillQuestionResponse = z.object({
  success: z.literal(true),
  question: z.object({
    /** The question's place in the competition's pool; sent back as `skillQuestionIndex`. */
    index: z.number().int().nonnegative(),
    question: z.string(),
    options: z.array(z.string()),
  }),
})
export type SkillQuestionResponse = z.infer<typeof skillQuestionResponse>

export const paymentStatuses = ['pending', 'paid', 'failed', 'refunded'] as const
/**
 * What an entrant (and an admin) sees of a payment: its status, or `disputed` while a chargeback
 * the entrant's bank opened is not closed (the entry is out of a draw not yet sealed).
 */
export const shownPaymentStatuses = [...paymentStatuses, 'disputed'] as const
export const entryStatuses = ['active', 'drawn', 'won', 'cancelled'] as const
export const entryMethods = ['online', 'postal'] as const

/**
 * Issue 24: how a postal entry's payment reads wherever an entry's payment is shown (dashboard,
 * admin lists, emails, CSV): it took no money, so never "Paid £0.00".
 */
export const postalPaymentLabel = 'Postal (free)'
export type EntryMethod = (typeof entryMethods)[number]
export const drawStatuses = ['in_draw', 'not_in_draw'] as const

/** SPEC section 3 "Entry (user view)", plus the ticket numbers. Money in pounds. */
export const userEntry = z.object({
  id: z.string(),
  competitionId: z.string(),
  competitionTitle: z.string(),
  numberOfEntries: z.number().int(),
  totalCost: z.number(),
  entryDate: z.string(),
  status: z.enum(entryStatuses),
  entryStatus: z.enum(entryStatuses),
  paymentStatus: z.enum(shownPaymentStatuses),
  entryReference: z.string().nullable(),
  drawDate: z.string().nullable(),
  ticketNumbers: z.array(z.number().int()),
  /** How the entry came: paid online, or the free route by post. */
  entryMethod: z.enum(entryMethods),
  /**
   * Whether the entry takes part in the draw: null until the competition closes, so whether an
   * answer was correct is never known before then.
   */
  drawStatus: z.enum(drawStatuses).nullable(),
})
export type UserEntry = z.infer<typeof userEntry>

const ok = z.literal(true)

export const createPaymentIntentResponse = z.object({
  success: ok,
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  /** Pence, as card providers count. */
  amount: z.number().int(),
  message: z.string().optional(),
})
export const confirmPaymentRequest = z.object({
  paymentIntentId,
})
export const entryResponse = z.object({ success: ok, entry: userEntry, message: z.string().optional() })
export const userEntriesResponse = z.object({ success: ok, entries: z.array(userEntry) })
export const entryStatsResponse = z.object({
  success: ok,
  stats: z.object({
    totalTicketsPurchased: z.number().int(),
    totalSpent: z.number(),
    activeEntries: z.number().int(),
    wonPrizes: z.number().int(),
  }),
})

export const paymentConfigResponse = z.object({
  success: ok,
  payments: z.object({
    provider: z.enum(['offline', 'stripe']),
    /** Stripe's publishable key; null offline. */
    publishableKey: z.string().nullable(),
    testMode: z.boolean(),
  }),
})

/** The offline provider's card form (only while it is the active provider). */
export const testCardRequest = z.object({
  cardNumber: text(maxLength.cardNumber, 'Card number is too long').trim().min(1, 'Card number is required'),
  expiry: text(maxLength.date, 'Expiry must be MM/YY')
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, 'Expiry must be MM/YY'),
  cvc: text(maxLength.date, 'CVC must be 3 or 4 digits')
    .trim()
    .regex(/^\d{3,4}$/, 'CVC must be 3 or 4 digits'),
  /**
   * The entrant's answer in the authentication step (the 3155 card): absent on a first attempt,
   * which asks for authentication; `approved` completes the payment, `failed` declines it.
   */
  authentication: z.enum(['approved', 'failed']).optional(),
})
export const testCardResponse = z.object({
  status: z.enum(['succeeded', 'processing', 'requires_action', 'declined']),
  message: z.string(),
})
export const webhookResponse = z.object({ received: ok })
