import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Mailer } from '../../mail/mailer'
import { createSmtpMailer } from '../../mail/smtp-mailer'
import { silentLogger } from '../../testing/fixtures'
import type { RunningReactor } from '../runner'
import { startTestInbox, type TestInbox } from '../testing/maildev-inbox'
import { entryConfirmationName, startEntryConfirmationReactor } from './confirmation-reactor'
import { allocatePaidEntry } from './entry-commands'
import { type EntryReactorHarness, startEntryReactorHarness } from './test-harness'

const publicUrl = 'https://prizes.example.co.uk'
let harness: EntryReactorHarness
let inbox: TestInbox
let mailer: Mailer

beforeAll(async () => {
  harness = await startEntryReactorHarness('entry_confirmation', 600_000)
  inbox = await startTestInbox()
  mailer = createSmtpMailer({ url: inbox.smtpUrl })
})

afterAll(async () => {
  mailer?.close()
  await inbox?.stop()
  await harness?.close()
})

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

const start = (): Promise<RunningReactor> =>
  startEntryConfirmationReactor({
    store: harness.store,
    knex: harness.knex,
    mailer,
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
  const allocated = (await harness.events(competitionId)).find((e) => e.type === 'TicketsAllocated')
  if (!allocated) throw new Error('not allocated')
  return {
    email,
    title,
    entryReference: String(allocated.data.entryReference),
    ticketNumbers: allocated.data.ticketNumbers as number[],
  }
}

describe('entry confirmation email', () => {
  it('sends the entrant the title, reference, entries, ticket numbers and total, once', async () => {
    const running = await start()
    try {
      const entry = await paidEntry(3)
      const [mail, ...more] = await inbox.waitForEmails(entry.email, 1)
      expect(more).toEqual([])
      expect(mail?.subject).toBe(`Your entry is confirmed: ${entry.title} (${entry.entryReference})`)
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

  it('never sends twice, even from the start of the log again', async () => {
    const first = await start()
    const entry = await paidEntry(1)
    await inbox.waitForEmails(entry.email, 1)
    await first.stop()
    await harness.knex('reactor_checkpoints').where({ name: entryConfirmationName }).delete()
    const again = await start()
    await sleep(1000)
    await again.stop()
    expect(await inbox.emailsTo(entry.email)).toHaveLength(1)
    const claimed = await harness.knex('sent_emails').where({ template: entryConfirmationName })
    expect(claimed.length).toBeGreaterThanOrEqual(2)
    expect(claimed.every((row) => row.sent_at !== null)).toBe(true)
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
      await harness.waitFor(competitionId, (types) => types.includes('TicketsAllocated'))
      await sleep(800)
      expect(await inbox.emailsTo(email)).toEqual([])
    } finally {
      await running.stop()
    }
  })
})
