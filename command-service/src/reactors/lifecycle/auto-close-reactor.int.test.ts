import { competitionEvents } from '@prizes/contracts'
import { drandRound, testDrandChain } from '@prizes/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cancelCompetition, closeCompetition, drandMargin } from '../../competitions/lifecycle'
import { silentLogger } from '../../testing/fixtures'
import { allocatePaidEntry } from '../entries/entry-commands'
import { type EntryReactorHarness, startEntryReactorHarness } from '../entries/test-harness'
import type { RunningReactor } from '../runner'
import { autoCloseName, startAutoClose } from './auto-close-reactor'
import { lifecycleCommandsOf } from './commands-of'

let harness: EntryReactorHarness

beforeAll(async () => {
  harness = await startEntryReactorHarness('auto_close', 600_000)
})

afterAll(async () => {
  await harness?.close()
})

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
const count = (types: string[], type: string) => types.filter((t) => t === type).length
const endingIn = (ms: number) => ({ endDate: new Date(Date.now() + ms).toISOString() })

function start(): Promise<RunningReactor> {
  return startAutoClose({
    store: harness.store,
    knex: harness.knex,
    logger: silentLogger,
    commands: lifecycleCommandsOf(harness.deps),
    retryDelayMs: 20,
  })
}

async function closedWith(competitionId: string) {
  await harness.waitFor(competitionId, (types) => types.includes('CompetitionClosed'))
  const recorded = await harness.store.readStream(`competition-${competitionId}`)
  const closed = recorded.filter((event) => event.type === 'CompetitionClosed')
  expect(closed).toHaveLength(1)
  expect(closed[0]?.metadata.actor).toEqual({ system: autoCloseName })
  return competitionEvents.CompetitionClosed.parse(closed[0]?.data).reason
}

/** A paid, allocated entry of `quantity` tickets. */
async function buy(competitionId: string, quantity: number): Promise<void> {
  const { userId } = await harness.user()
  const reserved = await harness.reserve(competitionId, userId, quantity)
  await harness.pay(reserved.paymentIntentId)
  await allocatePaidEntry(harness.deps, { logger: silentLogger })(reserved.paymentIntentId)
}

describe('auto-close reactor', () => {
  it('closes an active competition at its end date, once', async () => {
    const running = await start()
    try {
      const { competitionId } = await harness.competition(endingIn(1500))
      await sleep(500)
      expect(await harness.events(competitionId).then((e) => e.map((x) => x.type))).not.toContain(
        'CompetitionClosed',
      )
      expect(await closedWith(competitionId)).toBe('end_date')
      await sleep(300)
      expect(
        count(
          (await harness.events(competitionId)).map((e) => e.type),
          'CompetitionClosed',
        ),
      ).toBe(1)
    } finally {
      await running.stop()
    }
  })

  it('survives a restart: an end date passed while stopped closes at once, a later one on time', async () => {
    const first = await start()
    const passed = await harness.competition(endingIn(1200))
    const later = await harness.competition(endingIn(4000))
    await sleep(300)
    await first.stop()
    await sleep(1500)
    expect((await harness.events(passed.competitionId)).map((e) => e.type)).not.toContain('CompetitionClosed')

    const second = await start()
    try {
      expect(await closedWith(passed.competitionId)).toBe('end_date')
      expect((await harness.events(later.competitionId)).map((e) => e.type)).not.toContain(
        'CompetitionClosed',
      )
      expect(await closedWith(later.competitionId)).toBe('end_date')
    } finally {
      await second.stop()
    }
  })

  it('closes as soon as the allocated tickets reach the total', async () => {
    const running = await start()
    try {
      const { competitionId } = await harness.competition({ totalTickets: 3 })
      await buy(competitionId, 2)
      await sleep(500)
      expect((await harness.events(competitionId)).map((e) => e.type)).not.toContain('CompetitionClosed')
      await buy(competitionId, 1)
      expect(await closedWith(competitionId)).toBe('sold_out')
    } finally {
      await running.stop()
    }
  })

  it('closes a competition that sold out while it was stopped, on start', async () => {
    const first = await start()
    const { competitionId } = await harness.competition({ totalTickets: 2 })
    await sleep(300)
    await first.stop()
    await buy(competitionId, 2)
    const second = await start()
    try {
      expect(await closedWith(competitionId)).toBe('sold_out')
    } finally {
      await second.stop()
    }
  })

  it('leaves a competition closed or cancelled by an admin alone, without failing', async () => {
    const running = await start()
    try {
      const admin = { actor: { userId: 'admin-1', role: 'admin' as const }, now: new Date() }
      const closed = await harness.competition(endingIn(800))
      const cancelled = await harness.competition(endingIn(800))
      await closeCompetition(harness.handler, { competitionId: closed.competitionId, reason: 'admin' }, admin)
      const reason = 'The prize is no longer available'
      await cancelCompetition(harness.handler, { competitionId: cancelled.competitionId, reason }, admin)
      await sleep(1500)
      for (const { competitionId } of [closed, cancelled]) {
        const types = (await harness.events(competitionId)).map((e) => e.type)
        expect(count(types, 'CompetitionClosed')).toBe(competitionId === closed.competitionId ? 1 : 0)
      }
      // Even if the reactor is asked again, the refusal is not an error.
      await lifecycleCommandsOf(harness.deps).close(
        { competitionId: closed.competitionId, reason: 'end_date' },
        admin,
      )
    } finally {
      await running.stop()
    }
  })

  it('seals a round of the chain it is given: the TEST chain with DRAND_CHAIN=test', async () => {
    const { competitionId } = await harness.competition(endingIn(60_000))
    const now = new Date()
    await lifecycleCommandsOf(harness.deps, testDrandChain).close(
      { competitionId, reason: 'end_date' },
      { actor: { system: autoCloseName }, now },
    )
    const recorded = await harness.store.readStream(`competition-${competitionId}`)
    const closed = recorded.find((event) => event.type === 'CompetitionClosed')
    expect(competitionEvents.CompetitionClosed.parse(closed?.data).randomness).toEqual({
      source: 'drand',
      chainHash: testDrandChain.chainHash,
      round: drandRound(new Date(now.getTime() + drandMargin), testDrandChain),
    })
  })
})
