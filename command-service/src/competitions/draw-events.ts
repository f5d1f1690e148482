import { competitionStream } from '@prizes/contracts'
import { decodeCompetitionEvent, type RecordedCompetitionEvent } from '@prizes/domain'
import type { StreamStore } from '../command-handler'

/**
 * A competition's stream as the verifier takes it: every event decoded against its contract,
 * with its revision and when it happened (the command's time, else when it was stored). Events this code does not know are left out (they cannot touch the draw);
 * an event that breaks its contract throws, which an audit reports as a failure to read.
 */
export async function loadDrawEvents(
  store: Pick<StreamStore, 'readStream'>,
  competitionId: string,
): Promise<RecordedCompetitionEvent[]> {
  const recorded = await store.readStream(competitionStream(competitionId))
  return recorded.flatMap((event) => {
    const decoded = decodeCompetitionEvent(event)
    if (!decoded) return []
    const { occurredAt } = event.metadata
    const at = typeof occurredAt === 'string' ? occurredAt : event.recordedAt.toISOString()
    return [{ ...decoded, revision: event.revision, occurredAt: at }]
  })
}
