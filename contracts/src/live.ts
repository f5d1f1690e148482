import { z } from 'zod'
import { competitionStatus } from './competition'

/**
 * The PostgreSQL channel on which the competitions projection announces, in the transaction that
 * writes the rows (so only once they are committed), each public competition whose figures or
 * status changed. Every query-service process listens to it and pushes the change to its streams.
 */
export const competitionChangesChannel = 'competition_changes'

/** What a stream sends as a `competition` event: the figures a card shows, as they now are. */
export const competitionChange = z.object({
  id: z.string(),
  sold_tickets: z.number().int().nonnegative(),
  total_tickets: z.number().int().nonnegative(),
  status: competitionStatus,
})
export type CompetitionChange = z.infer<typeof competitionChange>

/** The notification's payload: the change, and the log position of the page that made it. */
export const competitionChangeNotice = competitionChange.extend({ position: z.string() })
export type CompetitionChangeNotice = z.infer<typeof competitionChangeNotice>

/** The stream's event names (`event:` lines). `resync`: changes may have been missed; refetch. */
export const liveEvents = { competition: 'competition', resync: 'resync' } as const
