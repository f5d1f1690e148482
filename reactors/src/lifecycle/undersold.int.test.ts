import {
  cancelCompetition,
  completeDraw,
  createDrawSeedStore,
  extendEndDate,
  loadDrawEvents,
  nodeDrawCrypto,
  silentLogger,
  startDraw,
} from '@prizes/command-service/testing'
import type { Mailer } from '@prizes/command-service/use-cases'
import { allocatePaidEntry, closeCompetition, entryCommandsOf } from '@prizes/command-service/use-cases'
import { competitionEvents, competitionStream } from '@prizes/contracts'
import { quicknet, verifyDraw } from '@prizes/domain'
import { quicknetBeacon, timesAround } from '@prizes/domain/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type EntryReactorHarness, startEntryReactorHarness } from '../entries/test-harness'
import type { MailOutbox } from '../mail/outbox'
import type { RunningMailSender } from '../mail/outbox-sender'
import { createSmtpMailer } from '../mail/smtp-mailer'
import type { RunningReactor } from '../runner'
import { startTestMailOutbox } from '../testing/mail-outbox'
import { startTestInbox, type TestInbox } from '../testing/maildev-inbox'
import { startAutoClose } from './auto-close-reactor'
import { startCancellationRefunds } from './cancellation-refunds'
import { lifecycleCommandsOf } from './commands-of'
import { endDateExtendedTemplate, extensionEmailName, startExtensionEmail } from './extension-email'
import { startWinnerEmail } from './winner-email'

const publicUrl = 'https://prizes.example.co.uk'
let harness: EntryReactorHarness
let inbox: TestInbox
let mailer: Mailer
let outbox: MailOutbox
let sender: RunningMailSender
let autoClose: RunningReactor

beforeAll(async () => {
  harness = await startEntryReactorHarness('undersold', 600_000)
  inbox = await startTestInbox()
  mailer = createSmtpMailer({ url: inbox.smtpUrl })
  ;({ outbox, sender } = startTestMailOutbox(harness.knex, mailer))
  autoClose = await startAutoClose({
    store: harness.store,
    knex: harness.knex,
    logger: silentLogger,
    commands: lifecycleCommandsOf(harness.deps),
    retryDelayMs: 20,
  })
})

afterAll(async () => {
  await autoClose?.stop()
  await sender?.stop()
  mailer?.close()
  await inbox?.stop()
  await harness?.close()
})

const admin = (reason: string, now = new Date()) => ({
  actor: { userId: '00000000-0000-4000-8000-0000000000ad', role: 'admin' as const },
  now,
  reason,
})
const types = async (competitionId: string) => (await harness.events(competitionId)).map((e) => e.type)

async function buy(competitionId: string, userId: string, quantity: number): Promise<string> {
  const reserved = await harness.reserve(competitionId, userId, quantity)
  await harness.pay(reserved.paymentIntentId)
  await allocatePaidEntry(harness.deps, { logger: silentLogger })(reserved.paymentIntentId)
  return reserved.paymentIntentId
}

/**
 * A competition ending in a few seconds with this minimum; each entrant buys entries of these
 * sizes (one paid entry per size).
 */
async function endingSoon(
  minimumTickets: number,
  purchases: number[][],
  extra: { cashAlternativePence?: number } = {},
) {
  const users = await Promise.all(purchases.map(() => harness.user()))
  const { competitionId, title } = await harness.competition({
    minimumTickets,
    ...extra,
    endDate: new Date(Date.now() + 4000).toISOString(),
  })
  const entrants: { userId: string; email: string; paymentIntentIds: string[] }[] = []
  for (const [i, quantities] of purchases.entries()) {
    const user = users[i]
    if (!user) throw new Error('no user')
    const paymentIntentIds: string[] = []
    for (const quantity of quantities) paymentIntentIds.push(await buy(competitionId, user.userId, quantity))
    entrants.push({ ...user, paymentIntentIds })
  }
  return { competitionId, title, entrants }
}

/** Waits for the auto-close to record the competition undersold, and to have handled that event. */
async function undersoldAt(competitionId: string, times = 1) {
  await harness.waitFor(competitionId, (t) => t.filter((x) => x === 'CompetitionUndersold').length === times)
  const recorded = await harness.store.readStream(competitionStream(competitionId))
  const undersold = recorded.filter((event) => event.type === 'CompetitionUndersold').at(-1)
  if (!undersold) throw new Error('not undersold')
  await autoClose.waitForPosition(undersold.position, { timeoutMs: 10_000 })
  return undersold
}

describe('an undersold competition', () => {
  it('closes for the draw as before when the end date comes at or above its minimum', async () => {
    const { competitionId } = await endingSoon(3, [[2], [1]])
    await harness.waitFor(competitionId, (t) => t.includes('CompetitionClosed'))
    const closed = (await harness.events(competitionId)).find((e) => e.type === 'CompetitionClosed')
    expect(competitionEvents.CompetitionClosed.parse(closed?.data)).toMatchObject({
      reason: 'end_date',
      seal: { eligibleTickets: 3 },
    })
    expect(await types(competitionId)).not.toContain('CompetitionUndersold')
  })

  it('is not sealed at its end date below the minimum; drawn anyway, its certificate passes and the winner is offered the cash', async () => {
    const { competitionId, entrants } = await endingSoon(10, [[2], [1]], { cashAlternativePence: 500_000 })
    const undersold = await undersoldAt(competitionId)
    expect(undersold.data).toMatchObject({ soldTickets: 3, minimumTickets: 10 })
    expect(undersold.metadata.actor).toEqual({ system: 'competition-auto-close' })
    expect(await types(competitionId)).not.toContain('CompetitionClosed')
    const late = await harness.user()
    await expect(harness.reserve(competitionId, late.userId, 1)).rejects.toThrow(
      expect.objectContaining({ code: 'COMPETITION_NOT_ACTIVE' }),
    )

    // Draw anyway: the admin's close seals it, naming a drand round whose signed value we hold.
    const { round } = quicknetBeacon
    const { closeAt, drawAt } = timesAround(round)
    const randomness = { source: 'drand' as const, chainHash: quicknet.chainHash, round }
    await closeCompetition(
      harness.handler,
      { competitionId, reason: 'admin', randomness },
      admin('Draw anyway: the prize is guaranteed', closeAt),
    )
    await startDraw(harness.handler, { competitionId }, admin('Draw anyway', closeAt))
    const publicRandomness = {
      source: 'drand' as const,
      round,
      value: quicknetBeacon.randomness,
      signature: quicknetBeacon.signature,
    }
    const drawn = await completeDraw(
      harness.handler,
      { competitionId, publicRandomness },
      admin('Draw anyway', drawAt),
      { seeds: createDrawSeedStore(harness.knex) },
    )
    expect(drawn.state).toMatchObject({ status: 'completed' })
    const result = verifyDraw(await loadDrawEvents(harness.store, competitionId), nodeDrawCrypto)
    expect(result.mismatch).toBeUndefined()
    expect(result.verdict).toBe('PASS')

    const winnerEmail = await startWinnerEmail({
      store: harness.store,
      knex: harness.knex,
      logger: silentLogger,
      outbox,
      publicUrl,
    })
    try {
      const winnerId = drawn.events[0]?.type === 'DrawCompleted' ? drawn.events[0].data.winnerUserId : ''
      const winner = entrants.find((entrant) => entrant.userId === winnerId)
      const [mail] = await inbox.waitForEmails(winner?.email ?? 'nobody', 1)
      expect(mail?.text).toContain('Cash alternative: you may take £5,000.00 instead of the prize')
    } finally {
      await winnerEmail.stop()
    }
  })

  it('extends once: reopens until the new date, emails each entrant once, and refuses a second extension', async () => {
    // The first entrant buys twice: still one email for them.
    const { competitionId, title, entrants } = await endingSoon(10, [[1, 1], [2]])
    const [first, second] = entrants
    if (!first || !second) throw new Error('two entrants expected')
    await undersoldAt(competitionId)

    const newEnd = new Date(Date.now() + 3000)
    const extended = await extendEndDate(
      harness.handler,
      { competitionId, endDate: newEnd.toISOString() },
      admin('Give it another week'),
    )
    expect(extended.state).toMatchObject({ status: 'active', endDateExtended: true })
    const recorded = await harness.store.readStream(competitionStream(competitionId))
    const event = recorded.find((e) => e.type === 'CompetitionEndDateExtended')
    expect(event?.data).toMatchObject({ endDate: newEnd.toISOString() })
    expect(event?.metadata).toMatchObject({ reason: 'Give it another week', actor: { role: 'admin' } })

    // Open for entries again until the new date.
    const newcomer = await harness.user()
    const reserved = await harness.reserve(competitionId, newcomer.userId, 1)
    expect(reserved.paymentIntentId).toBeTruthy()

    const emails = await startExtensionEmail({
      store: harness.store,
      knex: harness.knex,
      logger: silentLogger,
      outbox,
      publicUrl,
    })
    try {
      await emails.waitForPosition(event?.position ?? { commit: 0n, prepare: 0n }, { timeoutMs: 10_000 })
    } finally {
      await emails.stop()
    }
    for (const entrant of [first, second]) {
      const [mail, ...more] = await inbox.waitForEmails(entrant.email, 1)
      expect(more).toEqual([])
      expect(mail?.subject).toBe(`New end date: ${title}`)
      expect(mail?.text).toContain('its end date has been extended once')
    }
    // The newcomer only reserved: not an entrant when the date moved.
    expect(await inbox.emailsTo(newcomer.email)).toEqual([])

    // From the start of the log again: nothing is queued twice.
    await harness.knex('reactor_checkpoints').where({ name: extensionEmailName }).delete()
    const replay = await startExtensionEmail({
      store: harness.store,
      knex: harness.knex,
      logger: silentLogger,
      outbox,
      publicUrl,
    })
    await replay.waitForPosition(event?.position ?? { commit: 0n, prepare: 0n }, { timeoutMs: 10_000 })
    await replay.stop()
    const queued = await harness.knex('mail_outbox').where({ template: endDateExtendedTemplate })
    expect(queued.filter((row) => String(row.id).includes(competitionId))).toHaveLength(2)

    // Still below the minimum at the new date: undersold again, and extending again is refused.
    await undersoldAt(competitionId, 2)
    await expect(
      extendEndDate(
        harness.handler,
        { competitionId, endDate: new Date(Date.now() + 86_400_000).toISOString() },
        admin('Once more'),
      ),
    ).rejects.toThrow(expect.objectContaining({ code: 'END_DATE_ALREADY_EXTENDED' }))
  })

  it('cancelled with refunds: every paid entry is refunded', async () => {
    const { competitionId, entrants } = await endingSoon(10, [[1], [2], [3]])
    await undersoldAt(competitionId)
    await cancelCompetition(
      harness.handler,
      { competitionId, reason: 'Minimum not reached' },
      admin('Minimum not reached'),
    )
    const refunds = await startCancellationRefunds({
      store: harness.store,
      knex: harness.knex,
      logger: silentLogger,
      payments: harness.payments,
      commands: { recordRefund: entryCommandsOf(harness.deps).recordRefund },
      outbox,
      publicUrl,
      retryDelayMs: 20,
    })
    try {
      await harness.waitFor(competitionId, (t) => t.filter((x) => x === 'EntryRefunded').length === 3)
    } finally {
      await refunds.stop()
    }
    const rows = await harness.knex('offline_payment_refunds').whereIn(
      'payment_intent_id',
      entrants.flatMap((entrant) => entrant.paymentIntentIds),
    )
    expect(rows).toHaveLength(3)
    const refunded = (await harness.events(competitionId)).filter((e) => e.type === 'EntryRefunded')
    expect(refunded.map((e) => e.data.reason)).toEqual([
      'competition_cancelled',
      'competition_cancelled',
      'competition_cancelled',
    ])
  })
})
