import { completeDraw, createDrawSeedStore, silentLogger, startDraw } from '@prizes/command-service/testing'
import type { Mailer } from '@prizes/command-service/use-cases'
import { allocatePaidEntry, closeCompetition } from '@prizes/command-service/use-cases'
import { roundTime } from '@prizes/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type EntryReactorHarness, startEntryReactorHarness } from '../entries/test-harness'
import type { MailOutbox } from '../mail/outbox'
import type { RunningMailSender } from '../mail/outbox-sender'
import { createSmtpMailer } from '../mail/smtp-mailer'
import type { RunningReactor } from '../runner'
import { startTestMailOutbox } from '../testing/mail-outbox'
import { startTestInbox, type TestInbox } from '../testing/maildev-inbox'
import { startWinnerEmail, winnerEmailName } from './winner-email'

const publicUrl = 'https://prizes.example.co.uk'
let harness: EntryReactorHarness
let inbox: TestInbox
let mailer: Mailer
let outbox: MailOutbox
let sender: RunningMailSender

beforeAll(async () => {
  harness = await startEntryReactorHarness('winner_email', 600_000)
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
const start = (): Promise<RunningReactor> =>
  startWinnerEmail({
    store: harness.store,
    knex: harness.knex,
    logger: silentLogger,
    outbox,
    publicUrl,
    retryDelayMs: 20,
  })

/** One paid entrant with the correct answer, then closed and drawn: they must win. */
async function drawnWithOneEntrant() {
  const { competitionId, title } = await harness.competition({ prize: 'A red campervan' })
  const { userId, email } = await harness.user()
  const reserved = await harness.reserve(competitionId, userId, 2)
  await harness.pay(reserved.paymentIntentId)
  await allocatePaidEntry(harness.deps, { logger: silentLogger })(reserved.paymentIntentId)
  const closed = await closeCompetition(harness.handler, { competitionId, reason: 'admin' }, admin())
  await startDraw(harness.handler, { competitionId }, admin())
  const round = closed.state.exists ? (closed.state.sealed?.randomness.round ?? 1) : 1
  const publicRandomness = { source: 'drand' as const, round, value: 'cd'.repeat(32) }
  // Drawn once drand has published the sealed round, a minute after the close.
  const drawnAt = { ...admin(), now: new Date(roundTime(round).getTime() + 1000) }
  const completed = await completeDraw(harness.handler, { competitionId, publicRandomness }, drawnAt, {
    seeds: createDrawSeedStore(harness.knex),
  })
  const drawn = completed.events[0]
  if (drawn?.type !== 'DrawCompleted') throw new Error('no DrawCompleted')
  return { competitionId, title, email, winningTicket: drawn.data.winningTicket, round }
}

describe('the winner email', () => {
  it('tells the winner the prize, ticket and reference, once, even when the reactor runs again', async () => {
    const drawn = await drawnWithOneEntrant()
    let reactor = await start()
    const [mail] = await inbox.waitForEmails(drawn.email, 1)
    expect(mail?.subject).toBe('Congratulations, you won A red campervan!')
    expect(mail?.text).toContain(`Winning ticket number: ${drawn.winningTicket}`)
    expect(mail?.text).toMatch(/Entry reference: \w+-\d{4}-\d{6}/)
    expect(mail?.text).toContain(`${publicUrl}/draws/${drawn.competitionId}`)
    // Drawn with the admin's value and no signature: the email says so, and claims nothing more.
    expect(mail?.text).toContain(
      `UNVERIFIED: the draw's randomness (drand round ${drawn.round}) was entered without drand's signature`,
    )
    expect(mail?.text).not.toContain('public view')

    // From the start again (checkpoint gone): the outbox row under the event id stops a second email.
    await reactor.stop()
    await harness.knex('reactor_checkpoints').where({ name: winnerEmailName }).delete()
    reactor = await start()
    const other = await drawnWithOneEntrant()
    await inbox.waitForEmails(other.email, 1)
    expect(await inbox.emailsTo(drawn.email)).toHaveLength(1)
    await reactor.stop()
  })
})
