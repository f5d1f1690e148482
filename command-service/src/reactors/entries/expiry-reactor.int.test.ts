import { comparePositions, type Position } from '@prizes/event-store'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { holdCredit } from '../../credit-limit'
import { requestEntry } from '../../entries'
import { silentLogger } from '../../testing/fixtures'
import type { RunningReactor } from '../runner'
import { readReactorCheckpoint } from '../tables'
import { type ManualClock, manualClock } from '../testing/manual-clock'
import { allocatePaidEntry, entryCommandsOf } from './entry-commands'
import { reservationExpiryName, startReservationExpiry } from './expiry-reactor'
import { type EntryReactorHarness, startEntryReactorHarness } from './test-harness'

const reservationMs = 10 * 60_000
let harness: EntryReactorHarness
let running: RunningReactor | undefined
/** The reactor's clock: its timers fire only when a test advances it. */
let clock: ManualClock
const handedOver: string[] = []

beforeAll(async () => {
  harness = await startEntryReactorHarness('reservation_expiry', reservationMs)
})

afterAll(async () => {
  await running?.stop()
  await harness?.close()
})

async function start(): Promise<RunningReactor> {
  clock ??= manualClock()
  const allocate = allocatePaidEntry(harness.deps, { logger: silentLogger })
  running = await startReservationExpiry({
    store: harness.store,
    knex: harness.knex,
    logger: silentLogger,
    payments: harness.payments,
    commands: entryCommandsOf(harness.deps),
    onSucceeded: async (paymentIntentId) => {
      handedOver.push(paymentIntentId)
      await allocate(paymentIntentId)
    },
    now: clock.now,
    timers: clock,
    retryDelayMs: 50,
  })
  return running
}

/** Resolves once the running reactor has handled every event of the competition so far. */
async function caughtUp(competitionId: string): Promise<void> {
  const [last] = await harness.store.readStream(`competition-${competitionId}`, {
    direction: 'backwards',
    limit: 1,
  })
  if (!last) throw new Error('no events')
  await running?.waitForPosition(last.position, { timeoutMs: 10_000 })
}

const before = (moment: Date) => new Date(moment.getTime() - 1)

async function stop(): Promise<void> {
  await running?.stop()
  running = undefined
}

async function waitForCheckpoint(position: Position): Promise<void> {
  for (let tries = 0; tries < 200; tries += 1) {
    const checkpoint = await readReactorCheckpoint(harness.knex, reservationExpiryName)
    if (checkpoint !== 'start' && comparePositions(checkpoint, position) >= 0) return
    await sleep(25)
  }
  throw new Error('the checkpoint never reached the reservation')
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
const count = (types: string[], type: string) => types.filter((t) => t === type).length

/** When the entry's reservation was released, by its event's time. */
async function releasedAt(competitionId: string, entryId: string): Promise<Date | undefined> {
  const released = (await harness.events(competitionId)).find(
    (event) => event.type === 'ReservationReleased' && event.data.entryId === entryId,
  )
  return released ? new Date(released.occurredAt) : undefined
}

describe('reservation expiry reactor', () => {
  it('releases an unpaid reservation at its time, after cancelling its intent', async () => {
    await start()
    const { competitionId } = await harness.competition()
    const { userId } = await harness.user()
    const reserved = await harness.reserve(competitionId, userId, 2)
    await caughtUp(competitionId)
    await clock.advanceTo(before(reserved.expiresAt))
    expect(await releasedAt(competitionId, reserved.entryId)).toBeUndefined()
    expect((await harness.payments.retrieveIntent(reserved.paymentIntentId)).status).toBe(
      'requires_payment_method',
    )
    await clock.advanceTo(reserved.expiresAt)
    const at = await releasedAt(competitionId, reserved.entryId)
    expect(at?.getTime()).toBeGreaterThanOrEqual(reserved.expiresAt.getTime())
    expect((await harness.payments.retrieveIntent(reserved.paymentIntentId)).status).toBe('canceled')
    const released = (await harness.events(competitionId)).find((e) => e.type === 'ReservationReleased')
    expect(released?.data).toMatchObject({ entryId: reserved.entryId, reason: 'expired' })
    await stop()
  })

  it('survives a restart: what it knew and what came while it was down are both released', async () => {
    const first = await start()
    const { competitionId } = await harness.competition()
    const { userId } = await harness.user()
    const known = await harness.reserve(competitionId, userId)
    const [reservedEvent] = await harness.store.readStream(`competition-${competitionId}`, {
      direction: 'backwards',
      limit: 1,
    })
    if (!reservedEvent) throw new Error('no event')
    await first.waitForPosition(reservedEvent.position, { timeoutMs: 10_000 })
    // Its checkpoint is past the reservation: after the restart only the log rebuild knows it.
    await waitForCheckpoint(reservedEvent.position)
    await stop()

    // Another user: a second reservation of the same user would replace the first.
    const whileDown = await harness.reserve(competitionId, (await harness.user()).userId)
    await clock.advanceTo(whileDown.expiresAt)
    // Both expired while nothing was watching: still held.
    expect(
      count(
        (await harness.events(competitionId)).map((e) => e.type),
        'ReservationReleased',
      ),
    ).toBe(0)

    await start()
    await caughtUp(competitionId)
    // Both past their time: released without the clock moving on.
    await clock.advance(0)
    const types = (await harness.events(competitionId)).map((e) => e.type)
    expect(count(types, 'ReservationReleased')).toBe(2)
    for (const entry of [known, whileDown]) {
      expect((await releasedAt(competitionId, entry.entryId))?.getTime()).toBeGreaterThanOrEqual(
        entry.expiresAt.getTime(),
      )
      expect((await harness.payments.retrieveIntent(entry.paymentIntentId)).status).toBe('canceled')
    }
    await stop()
  })

  it('after a restart, still waits for a reservation that has not expired yet', async () => {
    await start()
    const { competitionId } = await harness.competition()
    const { userId } = await harness.user()
    const reserved = await harness.reserve(competitionId, userId)
    await caughtUp(competitionId)
    await stop()
    await start()
    await caughtUp(competitionId)
    await clock.advanceTo(before(reserved.expiresAt))
    expect(await releasedAt(competitionId, reserved.entryId)).toBeUndefined()
    await clock.advanceTo(reserved.expiresAt)
    expect((await releasedAt(competitionId, reserved.entryId))?.getTime()).toBeGreaterThanOrEqual(
      reserved.expiresAt.getTime(),
    )
    await stop()
  })

  it('allocates a reservation paid but never confirmed, instead of releasing it', async () => {
    await start()
    const { competitionId } = await harness.competition()
    const { userId } = await harness.user()
    const reserved = await harness.reserve(competitionId, userId, 3)
    await harness.pay(reserved.paymentIntentId)
    await caughtUp(competitionId)
    await clock.advanceTo(reserved.expiresAt)
    const types = (await harness.events(competitionId)).map((e) => e.type)
    expect(types).toContain('TicketsAllocated')
    expect(types).not.toContain('ReservationReleased')
    expect(handedOver).toContain(reserved.paymentIntentId)
    // Captured once the tickets are allocated.
    await expect
      .poll(async () => (await harness.payments.retrieveIntent(reserved.paymentIntentId)).status)
      .toBe('succeeded')
    await stop()
  })

  it('at expiry, voids an authorised credit card payment over the monthly limit and releases it as such', async () => {
    await start()
    const { competitionId } = await harness.competition()
    const { userId } = await harness.user()
    // £249 of this month's £250 already taken by credit card.
    await holdCredit(harness.knex, {
      paymentIntentId: `pi_earlier_${userId}`,
      userId,
      amountPence: 24_900,
      now: new Date(),
    })
    const reserved = await harness.reserve(competitionId, userId, 1)
    await harness.pay(reserved.paymentIntentId)
    await caughtUp(competitionId)
    await clock.advanceTo(reserved.expiresAt)
    const released = (await harness.events(competitionId)).find((e) => e.type === 'ReservationReleased')
    expect(released?.data).toMatchObject({ entryId: reserved.entryId, reason: 'credit_card_limit' })
    expect(handedOver).toContain(reserved.paymentIntentId)
    expect((await harness.payments.retrieveIntent(reserved.paymentIntentId)).status).toBe('canceled')
    expect(await harness.payments.chargesOf(reserved.paymentIntentId)).toBe(0)
    expect((await harness.events(competitionId)).map((e) => e.type)).not.toContain('TicketsAllocated')
    await stop()
  })

  it('leaves an allocated entry alone when its time comes', async () => {
    await start()
    const { competitionId } = await harness.competition()
    const { userId } = await harness.user()
    const reserved = await harness.reserve(competitionId, userId)
    await harness.pay(reserved.paymentIntentId)
    await allocatePaidEntry(harness.deps, { logger: silentLogger })(reserved.paymentIntentId)
    const handedOverBefore = handedOver.length
    await caughtUp(competitionId)
    await clock.advanceTo(new Date(reserved.expiresAt.getTime() + 60 * 60_000))
    const types = (await harness.events(competitionId)).map((e) => e.type)
    expect(types).toEqual([
      'CompetitionCreated',
      'CompetitionPublished',
      'TicketsReserved',
      'TicketsAllocated',
    ])
    expect(handedOver).toHaveLength(handedOverBefore)
    await stop()
  })

  it('makes sure of a replaced reservation’s intent at its expiry: paid is allocated, open is cancelled', async () => {
    await start()
    const { competitionId } = await harness.competition()
    const payer = (await harness.user()).userId
    const paid = await harness.reserve(competitionId, payer, 2)
    await harness.pay(paid.paymentIntentId)
    // Asked again before confirming: the paid attempt is replaced, its cancel a no-op.
    await harness.reserve(competitionId, payer, 1)

    // The provider cannot be reached when another user's first attempt is replaced.
    const unreachable = {
      ...harness.deps,
      payments: {
        ...harness.payments,
        cancelIntent: async () => {
          throw new Error('provider unreachable')
        },
      },
    }
    const other = (await harness.user()).userId
    const submission = {
      competitionId,
      numberOfEntries: 1,
      skillQuestionAnswer: '4',
      firstName: 'Bo',
      lastName: 'Peep',
      email: 'bo@example.com',
      phone: '+44 20 7946 0958',
      address: '2 Meadow Lane, Leeds',
      agreedToTerms: true as const,
      subscribedToNewsletter: false,
    }
    const open = await requestEntry(unreachable, { userId: other, submission }, harness.context())
    await requestEntry(unreachable, { userId: other, submission }, harness.context())
    expect((await harness.payments.retrieveIntent(open.paymentIntentId)).status).toBe(
      'requires_payment_method',
    )

    await caughtUp(competitionId)
    // Every reservation above is due by then.
    await clock.advanceTo(new Date(Date.now() + reservationMs))
    expect(
      count(
        (await harness.events(competitionId)).map((e) => e.type),
        'TicketsAllocated',
      ),
    ).toBe(1)
    const allocated = (await harness.events(competitionId)).find((e) => e.type === 'TicketsAllocated')
    expect(allocated?.data).toMatchObject({ entryId: paid.entryId, paymentIntentId: paid.paymentIntentId })
    expect(handedOver).toContain(paid.paymentIntentId)
    expect((await harness.payments.retrieveIntent(open.paymentIntentId)).status).toBe('canceled')
    await stop()
  })
})
