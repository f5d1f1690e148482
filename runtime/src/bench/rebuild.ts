import { randomUUID } from 'node:crypto'
import { competitionStream } from '@prizes/contracts'
import type { EventStore, NewEvent } from '@prizes/event-store'
import { allProjections, type RebuildSummary, rebuildProjections } from '@prizes/projections'
import type { Knex } from 'knex'

/** Events per append: big batches, so writing a million takes seconds, not the bench's time. */
const eventsPerAppend = 500
const competitions = 4

const metadata = () => ({ occurredAt: new Date().toISOString(), actor: { system: 'bench' } })

/** A paid entry as the command side writes it: a reservation, then its allocation. */
function entryEvents(competitionId: string, firstTicket: number): NewEvent[] {
  const entryId = randomUUID()
  const quantity = 1 + (firstTicket % 3)
  const common = {
    competitionId,
    entryId,
    userId: `bench-user-${firstTicket % 1000}`,
    amountPence: 100 * quantity,
    paymentIntentId: `pi_${entryId}`,
    answer: '4',
  }
  return [
    {
      type: 'TicketsReserved',
      data: { ...common, quantity, expiresAt: new Date(Date.now() + 600_000).toISOString() },
      metadata: metadata(),
    },
    {
      type: 'TicketsAllocated',
      data: {
        ...common,
        ticketNumbers: Array.from({ length: quantity }, (_, i) => firstTicket + i),
        entryReference: `PRZ-${competitionId.slice(0, 8)}-${firstTicket}`,
        answerCorrect: true,
      },
      metadata: metadata(),
    },
  ]
}

/** Writes about `count` entry events across a few competitions, straight to the store. */
async function writeEntries(
  store: EventStore,
  count: number,
  created: (competitionId: string) => NewEvent,
): Promise<void> {
  const ids = Array.from({ length: competitions }, () => randomUUID())
  for (const id of ids)
    await store.append(competitionStream(id), [created(id)], { expectedRevision: 'noStream' })
  const nextTicket = ids.map(() => 1)
  for (let written = 0, n = 0; written < count; n += 1) {
    const c = n % competitions
    const id = ids[c] as string
    const events: NewEvent[] = []
    while (events.length < eventsPerAppend && written + events.length < count) {
      const first = nextTicket[c] as number
      events.push(...entryEvents(id, first))
      nextTicket[c] = first + 3
    }
    await store.append(competitionStream(id), events, { expectedRevision: 'any' })
    written += events.length
  }
}

/** Rebuild throughput: writes `count` entry events, then rebuilds every read model from the log. */
export async function benchRebuild(options: {
  store: EventStore
  knex: Knex
  count: number
  created: (competitionId: string) => NewEvent
}): Promise<RebuildSummary> {
  await writeEntries(options.store, options.count, options.created)
  await options.knex.raw('analyze events')
  return rebuildProjections({
    store: options.store,
    knex: options.knex,
    projections: allProjections,
    names: 'all',
  })
}
