import { z } from 'zod'
import { maxLength, tooLongMessage } from './bounds'
import { adminCompetition } from './competition'
import { publicRandomness, sealedRandomness, sha256Hex } from './events/competition'
import { pageQuery } from './http/endpoint'
import { text } from './text'

/**
 * Read-side shapes for the admin dashboard, the winners section and the draw certificate
 * (SPEC sections 3 and 7). Personal data (names, emails, phones, towns) comes from the users
 * read model, which forgets a user when they are erased: those fields are then null.
 */
/** SPEC section 9: the admin competitions list shows 10 rows a page. */
export const adminCompetitionsPageSize = 10

/** The list's query values: the page, and a search over the title (at most a title's length). */
export const adminCompetitionsQuery = pageQuery.extend({
  search: text(maxLength.title, tooLongMessage('The search', maxLength.title)).optional(),
})
export type AdminCompetitionsQuery = z.infer<typeof adminCompetitionsQuery>

/** One page of the competitions that are not deleted, in the public list's order. */
export const adminCompetitionsResponse = z.object({
  success: z.literal(true),
  competitions: z.array(adminCompetition),
  page: z.number().int().positive(),
  pageSize: z.literal(adminCompetitionsPageSize),
  /** Whether a next page exists (no count of every competition is taken per request). */
  hasMore: z.boolean(),
})
export type AdminCompetitionsResponse = z.infer<typeof adminCompetitionsResponse>

/** SPEC section 3, "Competition entries listing (camelCase)". Money in pounds. */
export const adminCompetitionEntry = z.object({
  entryReference: z.string().nullable(),
  userName: z.string().nullable(),
  userEmail: z.string().nullable(),
  userPhone: z.string().nullable(),
  numberOfEntries: z.number().int().nonnegative(),
  totalCost: z.number().nonnegative(),
  paymentStatus: z.enum(['pending', 'paid', 'failed', 'refunded']),
  entryDate: z.iso.datetime(),
  /** `postal` for the free route by post. */
  entryMethod: z.enum(['online', 'postal']),
})
export type AdminCompetitionEntry = z.infer<typeof adminCompetitionEntry>

/** Over every entry of the competition, not only the page shown. */
export const competitionEntriesSummary = z.object({
  total: z.number().int().nonnegative(),
  paid: z.number().int().nonnegative(),
  pending: z.number().int().nonnegative(),
  totalRevenue: z.number().nonnegative(),
  totalTicketsSold: z.number().int().nonnegative(),
})
export type CompetitionEntriesSummary = z.infer<typeof competitionEntriesSummary>

export const adminCompetitionEntriesPageSize = 10

export const adminCompetitionEntriesResponse = z.object({
  success: z.literal(true),
  entries: z.array(adminCompetitionEntry),
  summary: competitionEntriesSummary,
  page: z.number().int().positive(),
  pageSize: z.literal(adminCompetitionEntriesPageSize),
  totalPages: z.number().int().nonnegative(),
})
export type AdminCompetitionEntriesResponse = z.infer<typeof adminCompetitionEntriesResponse>

export const winner = z.object({
  competitionId: z.string(),
  prize: z.string(),
  title: z.string(),
  ticketNumber: z.number().int().positive(),
  drawnAt: z.iso.datetime(),
  winnerName: z.string().nullable(),
  town: z.string().nullable(),
})
export type Winner = z.infer<typeof winner>

/** The past-winners page reads this many draws a page unless it asks for fewer (at most 50). */
export const winnersPageSize = 12
export const maxWinnersPageSize = 50

/**
 * Where a page of winners starts: after the draw the cursor names (`<drawn at, ms>~<competition
 * id>`, as `nextCursor` gives it), newest first.
 */
export const winnersCursor = text(80, 'Must be a cursor from the previous page').regex(
  /^\d{1,15}~[A-Za-z0-9-]{1,64}$/,
  'Must be a cursor from the previous page',
)

export const winnersQuery = z.object({
  limit: text(3, `Must be a number from 1 to ${maxWinnersPageSize}`)
    .regex(/^[1-9][0-9]*$/, `Must be a number from 1 to ${maxWinnersPageSize}`)
    .refine(
      (value) => Number(value) <= maxWinnersPageSize,
      `Must be a number from 1 to ${maxWinnersPageSize}`,
    )
    .optional(),
  before: winnersCursor.optional(),
})
export type WinnersQuery = z.infer<typeof winnersQuery>

/** A page of completed draws, newest first; `nextCursor` asks for the next, null on the last. */
export const winnersResponse = z.object({
  success: z.literal(true),
  winners: z.array(winner),
  nextCursor: winnersCursor.nullable(),
})
export type WinnersResponse = z.infer<typeof winnersResponse>

/** One entry of the sealed list: its reference and its tickets, so an entrant can find theirs. */
export const certificateEntry = z.object({
  entryReference: z.string(),
  ticketNumbers: z.array(z.number().int().positive()).min(1),
})
export type CertificateEntry = z.infer<typeof certificateEntry>

/**
 * The public draw certificate: what anyone needs to re-run the draw, and no one's identity. The
 * sealed list is given by entry reference (list version 2 hashes exactly `<ticket> <reference>`
 * lines, so the browser recomputes the seal); no user ids, entry ids, payment ids, amounts or
 * answers. A list sealed before version 2 hashed the entrants' ids, so its hash can only be
 * checked by the audit, from the log; its certificate shows the list all the same.
 */
export const drawCertificate = z.object({
  competitionId: z.string(),
  /** sha256 of the draw seed, published when the competition opened. */
  seedCommitment: sha256Hex,
  seal: z.object({
    listVersion: z.union([z.literal(1), z.literal(2)]),
    eligibleTickets: z.number().int().nonnegative(),
    listHash: sha256Hex,
    randomness: sealedRandomness,
    closedAt: z.iso.datetime(),
  }),
  /** Every eligible entry (correct answer, not refunded), by its first ticket. */
  entries: z.array(certificateEntry),
  draw: z.object({
    seed: sha256Hex,
    publicRandomness,
    winningTicket: z.number().int().positive(),
    attempts: z.number().int().positive(),
    drawnAt: z.iso.datetime(),
  }),
})
export type DrawCertificate = z.infer<typeof drawCertificate>

export const drawCertificateResponse = drawCertificate.extend({ success: z.literal(true) })
export type DrawCertificateResponse = z.infer<typeof drawCertificateResponse>

/** Who did something in a competition's history: an admin, a user (an entrant) or the platform. */
export const historyActor = z.object({
  kind: z.enum(['admin', 'user', 'system']),
  /** The user id, or the system process's name. */
  id: z.string(),
  /** The person's name (null once erased, and for system processes). */
  name: z.string().nullable(),
  email: z.string().nullable(),
})
export type HistoryActor = z.infer<typeof historyActor>

/** One event of a competition's audit trail (DESIGN section 5: what, who, when, why). */
export const competitionHistoryEntry = z.object({
  revision: z.number().int().nonnegative(),
  type: z.string(),
  occurredAt: z.iso.datetime(),
  actor: historyActor,
  /** The reason the admin gave, when they gave one. */
  reason: z.string().nullable(),
  /** What happened, in one line of English (amounts in pounds, ticket numbers, references). */
  summary: z.string(),
})
export type CompetitionHistoryEntry = z.infer<typeof competitionHistoryEntry>

export const competitionHistoryPageSize = 50

/**
 * One page (`?page=N`, 50 events) of every event of the competition stream, entries and
 * refunds included, oldest first; a busy competition has tens of thousands.
 */
export const competitionHistoryResponse = z.object({
  success: z.literal(true),
  competitionId: z.string(),
  events: z.array(competitionHistoryEntry),
  page: z.number().int().positive(),
  pageSize: z.literal(competitionHistoryPageSize),
  total: z.number().int().nonnegative(),
  totalPages: z.number().int().nonnegative(),
})
export type CompetitionHistoryResponse = z.infer<typeof competitionHistoryResponse>

const count = z.number().int().nonnegative()
const percent = z.number().min(0).max(100)

/**
 * SPEC section 3, "Platform stats". Money in pounds; refunds come off revenue. `conversion_rate`
 * is paid entries over all entries and `verification_rate` verified users over all users, both
 * in percent to one decimal. `new_30d`, `last_30d` and `today` are by UTC day, today included.
 */
export const adminStatsResponse = z.object({
  success: z.literal(true),
  stats: z.object({
    users: z.object({ total: count, new_30d: count, verified: count, verification_rate: percent }),
    competitions: z.object({ total: count, active: count, featured: count }),
    entries: z.object({ total: count, paid: count, pending: count, today: count, conversion_rate: percent }),
    revenue: z.object({ total: z.number(), last_30d: z.number(), average_entry: z.number() }),
  }),
})
export type AdminStatsResponse = z.infer<typeof adminStatsResponse>
