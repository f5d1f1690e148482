import { z } from 'zod'
import { competitionStatus } from './competition'

/** What a stream sends as a `competition` event: the figures a card shows, as they now are. */
export const competitionChange = z.object({
  id: z.string(),
  sold_tickets: z.number().int().nonnegative(),
  /** Issue 24: of those, the free ones (by post); the paid ones are the rest. */
  free_entries: z.number().int().nonnegative(),
  total_tickets: z.number().int().nonnegative(),
  status: competitionStatus,
})
export type CompetitionChange = z.infer<typeof competitionChange>

/** The notification's payload: the change, and the log position of the page that made it. */
export const competitionChangeNotice = competitionChange.extend({ position: z.string() })
export type CompetitionChangeNotice = z.infer<typeof competitionChangeNotice>
