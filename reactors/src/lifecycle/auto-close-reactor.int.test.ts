import { cancelCompetition, drandMargin, silentLogger } from '@prizes/command-service/testing'
import { allocatePaidEntry, closeCompetition } from '@prizes/command-service/use-cases'
import { competitionEvents } from '@prizes/contracts'
import { drandRound, testDrandChain } from '@prizes/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type EntryReactorHarness, startEntryReactorHarness } from '../entries/test-harness'
import type { RunningReactor } from '../runner'
import { type ManualClock, manualClock } from '../testing/manual-clock'
import { autoCloseName, startAutoClose } from './auto-close-reactor'
import { lifecycleCommandsOf } from './commands-of'

let harness: EntryReactorHarness

beforeAll(async () => {
  harness = await startEntryReactorHarness('auto_close', 600_000)
})

afterAll(async () => {
  await harness?.close()
})

const count = (types: string[], type: string) => types.filter((t) => t === type).length
const minute = 60_000
const endingIn = (clock: ManualClock, ms: number) => ({
  endDate: new Date(clock.now().getTime() + ms).toISOString(),
})

/** The reactor on a clock that moves only when the test advances it. */
function start(clock: ManualClock): Promise<RunningReactor> {
  return startAutoClose({
    store: harness.store,
    knex: harness.knex,
    logger: silentLogger,
    commands: lifecycleCommandsOf(harness.deps),
    now: clock.now,
    timers: clock,
    retryDelayMs: 20,
  })
}

/** Resolves once the reactor has handled every event of the competition so far. */
async function caughtUp(running: RunningReactor, competitionId: string): Promise<void> {
  const [last] = await harness.store.readStream(`competition-${competitionId}`, {
    direction: 'backwards',
    limit: 1,
  })
  if (!last) throw new Error('no events')
  await running.waitForPosition(last.position, { timeoutMs: 10_000 })
}

const typesOf = async (competitionId: string) => (await harness.events(competitionId)).map((e) => e.type)

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
    const clock = manualClock()
    const running = await start(clock)
    try {
      const { competitionId } = await harness.competition(endingIn(clock, 10 * minute))
      await caughtUp(running, competitionId)
      // A millisecond before its end date every timer due has fired, and it is still open.
      await clock.advance(10 * minute - 1)
      expect(await typesOf(competitionId)).not.toContain('CompetitionClosed')
      await clock.advance(1)
      expect(await closedWith(competitionId)).toBe('end_date')
      // Its own CompetitionClosed handled, and a day later: still closed once.
      await caughtUp(running, competitionId)
      await clock.advance(24 * 60 * minute)
      expect(count(await typesOf(competitionId), 'CompetitionClosed')).toBe(1)
    } finally {
      await running.stop()
    }
  })

  it('survives a restart: an end date passed while stopped closes at once, a later one on time', async () => {
    const clock = manualClock()
    const first = await start(clock)
    const passed = await harness.competition(endingIn(clock, 10 * minute))
    const later = await harness.competition(endingIn(clock, 30 * minute))
    await caughtUp(first, later.competitionId)
    await first.stop()
    await clock.advance(10 * minute)
    expect(await typesOf(passed.competitionId)).not.toContain('CompetitionClosed')

    const second = await start(clock)
    try {
      await caughtUp(second, later.competitionId)
      // Its end date passed while stopped: closed without the clock moving on.
      await clock.advance(0)
      expect(await closedWith(passed.competitionId)).toBe('end_date')
      await clock.advance(20 * minute - 1)
      expect(await typesOf(later.competitionId)).not.toContain('CompetitionClosed')
      await clock.advance(1)
      expect(await closedWith(later.competitionId)).toBe('end_date')
    } finally {
      await second.stop()
    }
  })

  it('closes as soon as the allocated tickets reach the total', async () => {
    const clock = manualClock()
    const running = await start(clock)
    try {
      const { competitionId } = await harness.competition({ totalTickets: 3 })
      await buy(competitionId, 2)
      // The sale handled: had it counted as sold out, the close would have been appended.
      await caughtUp(running, competitionId)
      expect(await typesOf(competitionId)).not.toContain('CompetitionClosed')
      await buy(competitionId, 1)
      expect(await closedWith(competitionId)).toBe('sold_out')
    } finally {
      await running.stop()
    }
  })

  it('closes a competition that sold out while it was stopped, on start', async () => {
    const clock = manualClock()
    const first = await start(clock)
    const { competitionId } = await harness.competition({ totalTickets: 2 })
    await caughtUp(first, competitionId)
    await first.stop()
    await buy(competitionId, 2)
    const second = await start(clock)
    try {
      await clock.advance(0)
      expect(await closedWith(competitionId)).toBe('sold_out')
    } finally {
      await second.stop()
    }
  })

  it('leaves a competition closed or cancelled by an admin alone, without failing', async () => {
    const clock = manualClock()
    const running = await start(clock)
    try {
      const admin = { actor: { userId: 'admin-1', role: 'admin' as const }, now: new Date() }
      const closed = await harness.competition(endingIn(clock, 10 * minute))
      const cancelled = await harness.competition(endingIn(clock, 10 * minute))
      await caughtUp(running, cancelled.competitionId)
      await closeCompetition(harness.handler, { competitionId: closed.competitionId, reason: 'admin' }, admin)
      const reason = 'The prize is no longer available'
      await cancelCompetition(harness.handler, { competitionId: cancelled.competitionId, reason }, admin)
      await caughtUp(running, closed.competitionId)
      await caughtUp(running, cancelled.competitionId)
      await clock.advance(60 * minute)
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
    const { competitionId } = await harness.competition(endingIn(manualClock(), minute))
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
