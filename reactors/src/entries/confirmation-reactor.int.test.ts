import { silentLogger } from '@prizes/command-service/testing'
import type { Mailer } from '@prizes/command-service/use-cases'
import { allocatePaidEntry } from '@prizes/command-service/use-cases'
import { competitionStream } from '@prizes/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MailOutbox } from '../mail/outbox'
import type { RunningMailSender } from '../mail/outbox-sender'
import { createSmtpMailer } from '../mail/smtp-mailer'
import type { RunningReactor } from '../runner'
import { startTestMailOutbox } from '../testing/mail-outbox'
import { startTestInbox, type TestInbox } from '../testing/maildev-inbox'
import { entryConfirmationName, startEntryConfirmationReactor } from './confirmation-reactor'
import { type EntryReactorHarness, startEntryReactorHarness } from './test-harness'

const publicUrl = 'https://prizes.example.co.uk'
let harness: EntryReactorHarness
let inbox: TestInbox
let mailer: Mailer
/** The SMTP server refuses this many sends, whoever they are for. */
let refusals = 0
let outbox: MailOutbox
let sender: RunningMailSender

beforeAll(async () => {
  harness = await startEntryReactorHarness('entry_confirmation', 600_000)
  inbox = await startTestInbox()
  const smtp = createSmtpMailer({ url: inbox.smtpUrl })
  mailer = {
    send(mail) {
      if (refusals > 0) {
        refusals -= 1
        return Promise.reject(new Error('451 4.3.0 Try again later'))
      }
      return smtp.send(mail)
    },
    close: () => smtp.close(),
  }
  ;({ outbox, sender } = startTestMailOutbox(harness.knex, mailer))
})

afterAll(async () => {
  await sender?.stop()
  mailer?.close()
  await inbox?.stop()
  await harness?.close()
})

const start = (): Promise<RunningReactor> =>
  startEntryConfirmationReactor({
    store: harness.store,
    knex: harness.knex,
    outbox,
    publicUrl,
    logger: silentLogger,
  })

/** A paid, allocated entry of `quantity` tickets for a new user: their address and the entry. */
async function paidEntry(quantity: number) {
  const { competitionId, title } = await harness.competition({ entryPricePence: 250 })
  const { userId, email } = await harness.user()
  const reserved = await harness.reserve(competitionId, userId, quantity)
  await harness.pay(reserved.paymentIntentId)
  await allocatePaidEntry(harness.deps, { logger: silentLogger })(reserved.paymentIntentId)
  const allocated = (await harness.store.readStream(competitionStream(competitionId))).find(
    (e) => e.type === 'TicketsAllocated',
  )
  if (!allocated) throw new Error('not allocated')
  const data = allocated.data as { entryReference: string; ticketNumbers: number[] }
  return {
    userId,
    email,
    position: allocated.position,
    title,
    entryReference: data.entryReference,
    ticketNumbers: data.ticketNumbers,
  }
}

describe('entry confirmation email', () => {
  it('sends the entrant the title, reference, entries, ticket numbers and total, once', async () => {
    const running = await start()
    try {
      const entry = await paidEntry(3)
      const [mail, ...more] = await inbox.waitForEmails(entry.email, 1)
      expect(more).toEqual([])
      expect(mail?.subject).toBe(`Entry received: ${entry.title} (${entry.entryReference})`)
      expect(entry.ticketNumbers).toEqual([1, 2, 3])
      for (const part of [mail?.text, mail?.html]) {
        expect(part).toContain(entry.title)
        expect(part).toContain(`Entry reference: ${entry.entryReference}`)
        expect(part).toContain('Number of entries: 3')
        expect(part).toContain('Your ticket numbers: 1, 2, 3')
        expect(part).toContain('Total paid: £7.50')
        expect(part).toContain('Hello Ada,')
      }
    } finally {
      await running.stop()
    }
  })

  it('sends the email once the SMTP server accepts, after refusing the first two sends', async () => {
    const running = await start()
    try {
      refusals = 2
      const entry = await paidEntry(1)
      const [mail, ...more] = await inbox.waitForEmails(entry.email, 1)
      expect(more).toEqual([])
      expect(mail?.subject).toContain(entry.entryReference)
      expect(refusals).toBe(0)
      const rows = await harness.knex('mail_outbox').where({ user_id: entry.userId })
      expect(rows).toMatchObject([
        {
          template: entryConfirmationName,
          status: 'sent',
          attempts: 3,
          last_error: '451 4.3.0 Try again later',
        },
      ])
    } finally {
      await running.stop()
    }
  })

  it('never queues an email twice, even from the start of the log again', async () => {
    const first = await start()
    const entry = await paidEntry(1)
    await inbox.waitForEmails(entry.email, 1)
    await first.stop()
    await harness.knex('reactor_checkpoints').where({ name: entryConfirmationName }).delete()
    const again = await start()
    await again.waitForPosition(entry.position, { timeoutMs: 10_000 })
    await again.stop()
    expect(await harness.knex('mail_outbox').where({ user_id: entry.userId })).toMatchObject([
      { status: 'sent', attempts: 1 },
    ])
    expect(await inbox.emailsTo(entry.email)).toHaveLength(1)
  })

  it('sends nothing to an erased user (no key)', async () => {
    const running = await start()
    try {
      const { competitionId } = await harness.competition()
      const { userId, email } = await harness.user()
      await harness.knex('user_keys').where({ user_id: userId }).delete()
      const reserved = await harness.reserve(competitionId, userId)
      await harness.pay(reserved.paymentIntentId)
      await allocatePaidEntry(harness.deps, { logger: silentLogger })(reserved.paymentIntentId)
      const events = await harness.store.readStream(competitionStream(competitionId))
      const allocated = events.find((e) => e.type === 'TicketsAllocated')
      if (!allocated) throw new Error('not allocated')
      await running.waitForPosition(allocated.position, { timeoutMs: 10_000 })
      expect(await harness.knex('mail_outbox').where({ user_id: userId })).toEqual([])
      expect(await inbox.emailsTo(email)).toEqual([])
    } finally {
      await running.stop()
    }
  })
})
