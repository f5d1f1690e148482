// No zod here: the home page opens the stream and names its events without the schemas.

/**
 * The PostgreSQL channel on which the competitions projection announces, in the transaction that
 * writes the rows (so only once they are committed), each public competition whose figures or
 * status changed. Every query-service process listens to it and pushes the change to its streams.
 */
export const competitionChangesChannel = 'competition_changes'

/** The address of the live stream of public competitions' figures (server-sent events). */
export const competitionsLivePath = '/api/competitions/live'

/** The stream's event names (`event:` lines). `resync`: changes may have been missed; refetch. */
export const liveEvents = { competition: 'competition', resync: 'resync' } as const
