import { competitionEvents, competitionStream } from '@prizes/contracts'
import type { EventStore, RecordedEvent } from '@prizes/event-store'

interface Known {
  title: string | undefined
  /** The last revision read. */
  revision: bigint
}

const pageSize = 500
const maxCompetitions = 1000

function titleOf(event: RecordedEvent): string | undefined {
  if (event.type !== 'CompetitionCreated' && event.type !== 'CompetitionRevised') return undefined
  const parsed = competitionEvents[event.type].safeParse(event.data)
  return parsed.success ? parsed.data.details.title : undefined
}

/**
 * A competition's title as it stood at a given revision. Each competition's stream is read once,
 * incrementally: a busy competition's stream grows with every entry, and reading all of it for
 * every confirmation would cost the square of its length.
 */
export function competitionTitles(store: Pick<EventStore, 'readStream'>) {
  const known = new Map<string, Known>()
  return {
    async at(competitionId: string, revision: bigint): Promise<string | undefined> {
      let entry = known.get(competitionId)
      if (!entry || entry.revision > revision) entry = { title: undefined, revision: -1n }
      while (entry.revision < revision) {
        const page = await store.readStream(competitionStream(competitionId), {
          from: entry.revision + 1n,
          limit: pageSize,
        })
        for (const event of page) {
          if (event.revision > revision) break
          entry.title = titleOf(event) ?? entry.title
          entry.revision = event.revision
        }
        if (page.length < pageSize) break
      }
      known.delete(competitionId)
      known.set(competitionId, entry)
      const oldest = known.keys().next()
      if (known.size > maxCompetitions && !oldest.done) known.delete(oldest.value)
      return entry.title
    },
  }
}
