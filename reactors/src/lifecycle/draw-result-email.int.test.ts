import { runEntryCommand, silentLogger } from '@prizes/command-service/testing'
import type { Mailer } from '@prizes/command-service/use-cases'
import { allocatePaidEntry, closeCompetition } from '@prizes/command-service/use-cases'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type EntryReactorHarness, startEntryReactorHarness } from '../entries/test-harness'
import type { MailOutbox } from '../mail/outbox'
import type { RunningMailSender } from '../mail/outbox-sender'
import { createSmtpMailer } from '../mail/smtp-mailer'
import type { RunningReactor } from '../runner'
import { startTestMailOutbox } from '../testing/mail-outbox'
import { startTestInbox, type TestInbox } from '../testing/maildev-inbox'
import { drawResultEmailName, startDrawResultEmail } from './draw-result-email'

const publicUrl = 'https://prizes.example.co.uk'
let harness: EntryReactorHarness
let inbox: TestInbox
let mailer: Mailer
let outbox: MailOutbox
let sender: RunningMailSender

beforeAll(async () => {
  harness = await startEntryReactorHarness('draw_result_email', 600_000)
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

const admin = () => ({ actor: { userId: 'admin-1', role: 'admin' as const }, now: new Date() })
// One entry per batch, so a close of three entries takes three pages.
const start = (): Promise<RunningReactor> =>
  startDrawResultEmail({
    store: harness.store,
    knex: harness.knex,
    logger: silentLogger,
    outbox,
    publicUrl,
    retryDelayMs: 20,
    batchSize: 1,
  })

async function paidEntry(competitionId: string, answer: string) {
  const { userId, email } = await harness.user()
  const reserved = await harness.reserve(competitionId, userId, 1, answer)
  await harness.pay(reserved.paymentIntentId)
  await allocatePaidEntry(harness.deps, { logger: silentLogger })(reserved.paymentIntentId)
  return { email, entryId: reserved.entryId }
}

/** A competition with a right answer, a wrong one and another right one, then closed. */
async function closedWithThreeEntrants() {
  const { competitionId, title } = await harness.competition()
  const right = await paidEntry(competitionId, '4')
  const wrong = await paidEntry(competitionId, '5')
  const alsoRight = await paidEntry(competitionId, '4')
  await closeCompetition(harness.handler, { competitionId, reason: 'admin' }, admin())
  return { competitionId, title, right, wrong, alsoRight }
}

describe('the draw result email at the close (issue 24)', () => {
  it('tells each entry whether it is in the draw, once, even when restarted mid-way', async () => {
    const closed = await closedWithThreeEntrants()
    let reactor = await start()
    const [inDraw] = await inbox.waitForEmails(closed.right.email, 1)
    expect(inDraw?.subject).toBe(
      `You are in the draw: ${closed.title} (${inDraw?.subject.match(/\((.+)\)$/)?.[1]})`,
    )
    expect(inDraw?.text).toContain('Your answer was correct, so your entry')
    const [notInDraw] = await inbox.waitForEmails(closed.wrong.email, 1)
    expect(notInDraw?.subject).toMatch(/^Not in the draw: /)
    expect(notInDraw?.text).toContain('Your answer was not correct')
    expect(notInDraw?.text).toContain('Entries with a wrong answer are not refunded.')
    await inbox.waitForEmails(closed.alsoRight.email, 1)

    // As if it crashed after queueing and before marking the rows, with its checkpoint lost:
    // the close is handled again and queues the same keys, which adds nothing.
    await reactor.stop()
    await harness.knex('reactor_checkpoints').where({ name: drawResultEmailName }).delete()
    await harness
      .knex('draw_result_entries')
      .where({ competition_id: closed.competitionId })
      .update({ told_at: null })
    reactor = await start()
    const later = await closedWithThreeEntrants()
    await inbox.waitForEmails(later.alsoRight.email, 1)
    for (const entrant of [closed.right, closed.wrong, closed.alsoRight]) {
      expect(await inbox.emailsTo(entrant.email)).toHaveLength(1)
    }
    const untold = await harness.knex('draw_result_entries').whereNull('told_at').count({ n: '*' }).first()
    expect(Number(untold?.n)).toBe(0)
    await reactor.stop()
  })

  it('sends nothing for an entry taken off the list before the close', async () => {
    const { competitionId } = await harness.competition()
    const kept = await paidEntry(competitionId, '4')
    const withdrawn = await paidEntry(competitionId, '4')
    const refund = (entryId: string) =>
      runEntryCommand(
        harness.handler,
        {
          type: 'RequestRefund',
          data: { competitionId, entryId, reason: 'asked' },
          metadata: { now: new Date() },
        },
        admin(),
      )
    await refund(withdrawn.entryId)
    await closeCompetition(harness.handler, { competitionId, reason: 'admin' }, admin())
    const reactor = await start()
    const [mail] = await inbox.waitForEmails(kept.email, 1)
    expect(mail?.subject).toMatch(/^You are in the draw: /)
    // Told in the same close, in entry id order, one batch at a time: by now every row is told.
    await expect
      .poll(async () =>
        Number(
          (
            await harness
              .knex('draw_result_entries')
              .where({ competition_id: competitionId })
              .whereNull('told_at')
              .count({ n: '*' })
              .first()
          )?.n,
        ),
      )
      .toBe(0)
    expect(await inbox.emailsTo(withdrawn.email)).toHaveLength(0)
    const rows = await harness
      .knex('draw_result_entries')
      .where({ competition_id: competitionId })
      .orderBy('entry_id')
    expect(rows.find((row) => row.entry_id === withdrawn.entryId)?.withdrawn).toBe(true)
    expect(rows.find((row) => row.entry_id === kept.entryId)?.withdrawn).toBe(false)
    await reactor.stop()
  })
})
