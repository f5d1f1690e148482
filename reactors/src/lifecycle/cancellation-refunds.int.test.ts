import { cancelCompetition, silentLogger } from '@prizes/command-service/testing'
import type { Mailer } from '@prizes/command-service/use-cases'
import { allocatePaidEntry, type EntryCommands, entryCommandsOf } from '@prizes/command-service/use-cases'
import { competitionStream } from '@prizes/contracts'
import type { EventStore } from '@prizes/event-store'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type EntryReactorHarness, startEntryReactorHarness } from '../entries/test-harness'
import type { MailOutbox } from '../mail/outbox'
import type { RunningMailSender } from '../mail/outbox-sender'
import { createSmtpMailer } from '../mail/smtp-mailer'
import type { RunningReactor } from '../runner'
import { startTestMailOutbox } from '../testing/mail-outbox'
import { startTestInbox, type TestInbox } from '../testing/maildev-inbox'
import { cancellationRefundsName, startCancellationRefunds } from './cancellation-refunds'

const publicUrl = 'https://prizes.example.co.uk'
let harness: EntryReactorHarness
let inbox: TestInbox
let mailer: Mailer
let outbox: MailOutbox
let sender: RunningMailSender

beforeAll(async () => {
  harness = await startEntryReactorHarness('cancellation_refunds', 600_000)
  inbox = await startTestInbox()
  mailer = createSmtpMailer({ url: inbox.smtpUrl })
  ;({ outbox, sender } = startTestMailOutbox(harness.knex, mailer))
})

afterAll(async () => {
  await sender?.stop()
  mailer?.close()
  await inbox?.stop()
  await harness?.close()
})

/** Where the competition's cancellation lies in the log, to wait for a reactor to pass it. */
async function cancelledAt(competitionId: string) {
  const events = await harness.store.readStream(competitionStream(competitionId))
  const cancelled = events.find((event) => event.type === 'CompetitionCancelled')
  if (!cancelled) throw new Error('not cancelled')
  return cancelled.position
}
const admin = () => ({ actor: { userId: 'admin-1', role: 'admin' as const }, now: new Date() })

function start(
  recordRefund: EntryCommands['recordRefund'],
  retryDelayMs = 20,
  store: EventStore = harness.store,
): Promise<RunningReactor> {
  return startCancellationRefunds({
    store,
    pageSize: 2,
    knex: harness.knex,
    logger: silentLogger,
    payments: harness.payments,
    commands: { recordRefund },
    outbox,
    publicUrl,
    retryDelayMs,
  })
}

interface Paid {
  readonly entryId: string
  readonly paymentIntentId: string
  readonly amountPence: number
  readonly email: string
}

/** A competition with three paid entries (1, 2 and 3 tickets at £2.50), then cancelled. */
async function cancelledWithThreePaid(): Promise<{ competitionId: string; title: string; paid: Paid[] }> {
  const { competitionId, title } = await harness.competition({ entryPricePence: 250 })
  const paid: Paid[] = []
  for (const quantity of [1, 2, 3]) {
    const { userId, email } = await harness.user()
    const reserved = await harness.reserve(competitionId, userId, quantity)
    await harness.pay(reserved.paymentIntentId)
    await allocatePaidEntry(harness.deps, { logger: silentLogger })(reserved.paymentIntentId)
    paid.push({ ...reserved, email })
  }
  const reason = 'The prize is no longer available'
  await cancelCompetition(harness.handler, { competitionId, reason }, admin())
  return { competitionId, title, paid }
}

const providerRefunds = (paid: readonly Paid[]) =>
  harness.knex('offline_payment_refunds').whereIn(
    'payment_intent_id',
    paid.map((entry) => entry.paymentIntentId),
  )

async function refundedEvents(competitionId: string) {
  return (await harness.events(competitionId)).filter((event) => event.type === 'EntryRefunded')
}

async function expectEveryEntryRefundedOnce(competitionId: string, title: string, paid: readonly Paid[]) {
  const rows = await providerRefunds(paid)
  expect(rows).toHaveLength(3)
  const refunded = await refundedEvents(competitionId)
  expect(refunded).toHaveLength(3)
  for (const entry of paid) {
    expect(rows.filter((row) => row.idempotency_key === `refund-${entry.entryId}`)).toHaveLength(1)
    const event = refunded.find((e) => e.data.entryId === entry.entryId)
    expect(event?.data).toMatchObject({
      amountPence: entry.amountPence,
      paymentIntentId: entry.paymentIntentId,
      reason: 'competition_cancelled',
    })
    const [mail, ...more] = await inbox.waitForEmails(entry.email, 1)
    expect(more).toEqual([])
    expect(mail?.subject).toContain(`Competition cancelled: ${title}`)
    for (const part of [mail?.text, mail?.html]) {
      expect(part).toContain('Hello Ada,')
      expect(part).toContain('has been cancelled')
      expect(part).toContain(`Refunded: £${(entry.amountPence / 100).toFixed(2)}`)
    }
  }
}

describe('cancellation refunds', () => {
  it('refunds every paid entry once, records each, emails each entrant once, and never repeats', async () => {
    const { competitionId, title, paid } = await cancelledWithThreePaid()
    const real = entryCommandsOf(harness.deps)
    // A competition's stream holds an event per entry: it is read a page at a time, never whole.
    const reads: (number | undefined)[] = []
    const store: EventStore = {
      ...harness.store,
      readStream: (streamId, options) => {
        if (streamId === competitionStream(competitionId)) reads.push(options?.limit)
        return harness.store.readStream(streamId, options)
      },
    }
    const running = await start(real.recordRefund, 20, store)
    try {
      await harness.waitFor(competitionId, (types) => types.filter((t) => t === 'EntryRefunded').length === 3)
      await expectEveryEntryRefundedOnce(competitionId, title, paid)
      expect(reads.length).toBeGreaterThan(2)
      expect(reads.every((limit) => limit !== undefined && limit <= 2)).toBe(true)
    } finally {
      await running.stop()
    }

    // From the start of the log again, as after losing the checkpoint: nothing more happens.
    await harness.knex('reactor_checkpoints').where({ name: cancellationRefundsName }).delete()
    const again = await start(real.recordRefund)
    await again.waitForPosition(await cancelledAt(competitionId), { timeoutMs: 10_000 })
    await again.stop()
    await expectEveryEntryRefundedOnce(competitionId, title, paid)
  })

  it('never refunds twice when restarted mid-way, between the refund and its record', async () => {
    const { competitionId, title, paid } = await cancelledWithThreePaid()
    const real = entryCommandsOf(harness.deps)
    let calls = 0
    let crashed: () => void = () => {}
    const crash = new Promise<void>((resolve) => {
      crashed = resolve
    })
    // The first entry is recorded; the second is refunded by the provider, then the process dies.
    const dying: EntryCommands['recordRefund'] = async (input, context) => {
      calls += 1
      if (calls === 1) return real.recordRefund(input, context)
      crashed()
      throw new Error('the process died')
    }
    const first = await start(dying, 60_000)
    await crash
    await first.stop()
    expect(await providerRefunds(paid)).toHaveLength(2)
    expect(await refundedEvents(competitionId)).toHaveLength(1)
    expect(await inbox.emailsTo(paid[0]?.email ?? '')).toEqual([])

    const second = await start(real.recordRefund)
    try {
      await harness.waitFor(competitionId, (types) => types.filter((t) => t === 'EntryRefunded').length === 3)
      await expectEveryEntryRefundedOnce(competitionId, title, paid)
    } finally {
      await second.stop()
    }
  })

  it('leaves an entry refunded earlier alone and refunds an erased entrant without emailing them', async () => {
    const { competitionId } = await harness.competition({ entryPricePence: 250 })
    const paid: Paid[] = []
    const userIds: string[] = []
    for (const quantity of [1, 2]) {
      const { userId, email } = await harness.user()
      const reserved = await harness.reserve(competitionId, userId, quantity)
      await harness.pay(reserved.paymentIntentId)
      await allocatePaidEntry(harness.deps, { logger: silentLogger })(reserved.paymentIntentId)
      paid.push({ ...reserved, email })
      userIds.push(userId)
    }
    const [earlier, erased] = paid
    if (!earlier || !erased) throw new Error('two entries expected')
    const real = entryCommandsOf(harness.deps)
    const refund = await harness.payments.refund({
      paymentIntentId: earlier.paymentIntentId,
      idempotencyKey: `refund-${earlier.entryId}`,
    })
    await real.recordRefund(
      { ...earlier, competitionId, refundId: refund.id, reason: 'admin' },
      { actor: { userId: 'admin-1', role: 'admin' }, now: new Date() },
    )
    await harness.knex('user_keys').where({ user_id: userIds[1] }).delete()
    await cancelCompetition(harness.handler, { competitionId, reason: 'Venue closed' }, admin())

    const running = await start(real.recordRefund)
    try {
      await harness.waitFor(competitionId, (types) => types.filter((t) => t === 'EntryRefunded').length === 2)
      await running.waitForPosition(await cancelledAt(competitionId), { timeoutMs: 10_000 })
    } finally {
      await running.stop()
    }
    expect(await providerRefunds(paid)).toHaveLength(2)
    const reasons = (await refundedEvents(competitionId)).map((e) => [e.data.entryId, e.data.reason])
    expect(reasons).toEqual([
      [earlier.entryId, 'admin'],
      [erased.entryId, 'competition_cancelled'],
    ])
    expect(await inbox.emailsTo(earlier.email)).toEqual([])
    expect(await inbox.emailsTo(erased.email)).toEqual([])
  })
})
