import { z } from 'zod'
import { adminCompetition } from './competition'

/**
 * Read-side shapes for the admin dashboard, the winners section and the draw certificate
 * (SPEC sections 3 and 7). Personal data (user names, emails, phones, towns) is encrypted in
 * the user stream and the query side holds no keys, so those fields are null until a user
 * directory read model is designed.
 */
export const adminCompetitionsResponse = z.object({
  success: z.literal(true),
  competitions: z.array(adminCompetition),
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

export const winnersResponse = z.object({ success: z.literal(true), winners: z.array(winner) })
export type WinnersResponse = z.infer<typeof winnersResponse>

/** One event of a competition stream, as the draw verifier needs it. */
export const certificateEvent = z.object({
  type: z.string(),
  revision: z.number().int().nonnegative(),
  data: z.unknown(),
  occurredAt: z.iso.datetime(),
})
export type CertificateEvent = z.infer<typeof certificateEvent>

export const drawCertificateResponse = z.object({
  success: z.literal(true),
  competitionId: z.string(),
  events: z.array(certificateEvent),
})
export type DrawCertificateResponse = z.infer<typeof drawCertificateResponse>
