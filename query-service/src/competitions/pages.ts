import type { PublicCompetition, PublicCompetitionDetail } from '@prizes/contracts'
import type { Knex } from 'knex'
import { toPublicCompetition, toPublicCompetitionDetail } from './mapper'
import { findFirstFeaturedCompetition, findPublicCompetition, listPublicCompetitionsUpTo } from './rows'

/**
 * What `GET /api/competitions/:id`, `GET /api/competitions/featured` and `GET /api/competitions`
 * answer, as functions, for a gateway in the same process: a competition page's head and status,
 * the home page's featured picture, and the sitemap.
 */
export function competitionPages(knex: Knex) {
  return {
    async find(id: string): Promise<PublicCompetitionDetail | null> {
      const row = await findPublicCompetition(knex, id)
      return row ? toPublicCompetitionDetail(row) : null
    },
    /** The first of the featured list, as `GET /api/competitions/featured` orders it. */
    async featured(): Promise<PublicCompetition | null> {
      const row = await findFirstFeaturedCompetition(knex)
      return row ? toPublicCompetition(row) : null
    },
    async list(limit: number): Promise<PublicCompetition[]> {
      return (await listPublicCompetitionsUpTo(knex, limit)).map(toPublicCompetition)
    },
  }
}
