import type { CompetitionStatus } from '@prizes/contracts'
import type { CompetitionRow } from '@prizes/read-models'
import type { Knex } from 'knex'

const columns = [
  'id',
  'title',
  'description',
  'prize',
  'prize_value_pence',
  'entry_price_pence',
  'total_tickets',
  'sold_tickets',
  'free_tickets',
  'max_entries_per_person',
  'location',
  'start_date',
  'end_date',
  'status',
  'featured',
  'image_url',
  'drawn_at',
  'skill_question',
  'extra_skill_questions',
  'seed_commitment',
  'randomness_round',
  'eligible_tickets',
  'list_hash',
  'randomness_signed',
  'minimum_tickets',
  'cash_alternative_pence',
  'end_date_extended',
] as const

/** A row of `competitions` with the columns this service reads. */
export type CompetitionReadRow = Pick<CompetitionRow, (typeof columns)[number]>

/** Statuses the public lists: published and not cancelled. */
export const publicStatuses: readonly CompetitionStatus[] = [
  'active',
  'undersold',
  'closed',
  'drawing',
  'completed',
]

/**
 * Featured first, then the soonest to end; the id keeps the order (and so the ETag) stable.
 * Deleted competitions keep a flagged row in the read model and are never read.
 */
function listing(knex: Knex) {
  return knex<CompetitionReadRow>('competitions')
    .select(...columns)
    .whereNull('deleted_at')
    .orderBy([
      { column: 'featured', order: 'desc' },
      { column: 'end_date', order: 'asc' },
      { column: 'id', order: 'asc' },
    ])
}

/** A drawn competition stays on the public list this long after its draw. */
export const recentlyDrawnDays = 30
/** The public list never grows past this, whatever piles up in the read model. */
export const publicListLimit = 100

/**
 * What the public list holds: everything open or awaiting its draw, and competitions drawn in
 * the last 30 days; at most 100 of them, featured first, then the soonest to end.
 */
export function listPublicCompetitions(knex: Knex, now: Date): Promise<CompetitionReadRow[]> {
  const drawnSince = new Date(now.getTime() - recentlyDrawnDays * 86_400_000)
  return listing(knex)
    .where((q) =>
      q
        .whereIn('status', ['active', 'undersold', 'closed', 'drawing'] satisfies CompetitionStatus[])
        .orWhere((drawn) => drawn.where('status', 'completed').where('drawn_at', '>=', drawnSince)),
    )
    .limit(publicListLimit)
}

/**
 * One competition whose page the public may see: published and not deleted. A cancelled one
 * keeps its page (it says so) if it had been published; a draft cancelled was never public.
 */
export function findPublicCompetition(knex: Knex, id: string): Promise<CompetitionReadRow | undefined> {
  return listing(knex)
    .where('id', id)
    .where((q) =>
      q
        .whereIn('status', publicStatuses)
        .orWhere((cancelled) => cancelled.where('status', 'cancelled').whereNotNull('published_at')),
    )
    .first()
}

/** The carousel shows a handful; a cap keeps the answer small whatever admins feature. */
export const featuredListLimit = 20

const featuredListing = (knex: Knex) => listing(knex).where({ status: 'active', featured: true })

export function listFeaturedCompetitions(knex: Knex): Promise<CompetitionReadRow[]> {
  return featuredListing(knex).limit(featuredListLimit)
}

/** `text` as a LIKE pattern that matches it anywhere: `%`, `_` and `\\` match only themselves. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`
}

/**
 * A page of the competitions an admin manages: all statuses, deleted ones left out, in the
 * listing's order (`competitions_admin_list_idx` serves it); `search` matches the title in any
 * case (`competitions_title_search_idx` finds the rare ones without reading every title).
 */
export function listAdminCompetitions(
  knex: Knex,
  { search }: { readonly search?: string },
  { offset, limit }: { readonly offset: number; readonly limit: number },
): Promise<CompetitionReadRow[]> {
  const rows = listing(knex).offset(offset).limit(limit)
  return search ? rows.whereILike('title', containsPattern(search)) : rows
}

/** One competition that has not been deleted, whatever its status. */
export function findCompetition(knex: Knex, id: string): Promise<CompetitionReadRow | undefined> {
  return listing(knex).where('id', id).first()
}

/** The first `limit` public competitions in the listing's order (the gateway's sitemap). */
export function listPublicCompetitionsUpTo(knex: Knex, limit: number): Promise<CompetitionReadRow[]> {
  return listing(knex).whereIn('status', publicStatuses).limit(limit)
}
