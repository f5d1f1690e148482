import { competitionStream } from '@prizes/contracts'
import type { RecordedEvent } from '@prizes/event-store'
import { createApp } from '@prizes/platform'
import { type Served, serve } from '@prizes/platform/testing'
import { createCommandHandler } from '../command-handler'
import { entriesRouter } from '../entries/routes'
import { type EntriesHarness, startEntriesHarness, submission } from '../entries/test-harness'
import { mapCommandError } from '../errors'
import { silentLogger } from '../testing/fixtures'
import { applyToLedger } from './ledger-events'
import { responsiblePlayRouter } from './routes'

export interface Answer {
  readonly status: number
  readonly body: Record<string, unknown>
}

/**
 * The entries harness (clock, offline payments, competitions) with the responsible-play routes
 * served beside it, and a second entries app with its own command handler: another process, as
 * far as the per-stream queues go, sharing only the database. Limits and breaks may change 8
 * times an hour per user here.
 */
export interface PlayHarness {
  readonly entries: EntriesHarness
  request(method: string, path: string, body: unknown, token: string): Promise<Answer>
  /** create-payment-intent for `numberOfEntries` at the fixtures' £2.50, through app 1 or 2. */
  reserve(competitionId: string, token: string, numberOfEntries: number, app?: 1 | 2): Promise<Answer>
  /** Feeds the competition's events to the spending-ledger reactor, as its subscription would. */
  settleLedger(competitionId: string): Promise<void>
  close(): Promise<void>
}

async function call(served: Served, method: string, path: string, body: unknown, token: string) {
  const response = await fetch(`${served.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    ...(method === 'GET' ? {} : { body: JSON.stringify(body) }),
  })
  const text = await response.text()
  return { status: response.status, body: text ? JSON.parse(text) : {} }
}

export async function startPlayHarness(label: string): Promise<PlayHarness> {
  const entries = await startEntriesHarness(label)
  const { deps } = entries
  const clock = entries.clock.now
  const play = await serve(
    createApp({
      name: 'command',
      logger: silentLogger,
      mapError: mapCommandError,
      routers: [responsiblePlayRouter({ ...deps, clock, changeLimit: { max: 8, windowMs: 60 * 60 * 1000 } })],
    }).callback(),
  )
  const second = await serve(
    createApp({
      name: 'command',
      logger: silentLogger,
      mapError: mapCommandError,
      routers: [
        entriesRouter({
          ...deps,
          handler: createCommandHandler({ store: deps.store, logger: silentLogger }),
        }),
      ],
    }).callback(),
  )
  return {
    entries,
    request: (method, path, body, token) => call(play, method, path, body, token),
    reserve(competitionId, token, numberOfEntries, app = 1) {
      const body = submission(competitionId, { numberOfEntries })
      return app === 1
        ? entries.call('/api/entries/create-payment-intent', body, { token })
        : call(second, 'POST', '/api/entries/create-payment-intent', body, token)
    },
    async settleLedger(competitionId) {
      const events: readonly RecordedEvent[] = await deps.store.readStream(competitionStream(competitionId))
      for (const event of events) await applyToLedger(deps.knex, event)
    },
    async close() {
      await play.close()
      await second.close()
      await entries.close()
    },
  }
}
