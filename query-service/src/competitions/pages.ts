import {
  type CompetitionList,
  endpoints,
  type PublicCompetition,
  type PublicCompetitionDetail,
} from '@prizes/contracts'
import type { Knex } from 'knex'
import { toPublicCompetition } from './mapper'
import { findCompetitionPage } from './page'
import {
  type CompetitionReadRow,
  listFeaturedCompetitions,
  listPublicCompetitions,
  listPublicCompetitionsUpTo,
} from './rows'

/**
 * A public list's answer. The body goes through the contract's schema on its way out:
 * `skill_question` is strict there, so a correct answer that slipped into a public shape fails
 * the request instead of leaking.
 */
export const publicList = (rows: readonly CompetitionReadRow[]): CompetitionList =>
  endpoints.listCompetitions.response.parse({ success: true, competitions: rows.map(toPublicCompetition) })

/**
 * What `GET /api/competitions/:id`, `GET /api/competitions/featured` and `GET /api/competitions`
 * answer, as functions, for a gateway in the same process: a competition page's head and status,
 * the home page's server render, and the sitemap.
 */
export function competitionPages(knex: Knex) {
  return {
    /** As the route answers it, through the contract's schema: the page embeds it for the browser. */
    async find(id: string): Promise<PublicCompetitionDetail | null> {
      const found = await findCompetitionPage(knex, id)
      if (!found) return null
      return endpoints.getCompetition.response.parse({ success: true, competition: found }).competition
    },
    /** The answers of `GET /api/competitions/featured` and `GET /api/competitions`, as the routes send them. */
    async home(): Promise<{ listFeaturedCompetitions: CompetitionList; listCompetitions: CompetitionList }> {
      const [featured, listed] = await Promise.all([
        listFeaturedCompetitions(knex),
        listPublicCompetitions(knex, new Date()),
      ])
      return { listFeaturedCompetitions: publicList(featured), listCompetitions: publicList(listed) }
    },
    async list(limit: number): Promise<PublicCompetition[]> {
      return (await listPublicCompetitionsUpTo(knex, limit)).map(toPublicCompetition)
    },
  }
}
