import { randomUUID } from 'node:crypto'
import { countUnsentEmails, listOutboxEmails, silentLogger } from '@prizes/command-service/testing'
import { migrateCommandTables } from '@prizes/command-service/use-cases'
import { defaultSettings } from '@prizes/contracts'
import { createTestDatabase, type TestDatabase } from '@prizes/event-store/testing'
import { createKnex, generateUserKey } from '@prizes/platform'
import type { Knex } from 'knex'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMailOutbox } from './outbox'
import { createMailSender } from './outbox-sender'
import { createSmtpMailer } from './smtp-mailer'
import { mailSuppression } from './suppression'
import type { MailTemplateClass } from './templates/classification'
import { type RefusingSmtp, startRefusingSmtp } from './testing/refusing-smtp'

/**
 * emailNotifications off: a non-essential email is recorded in the outbox as suppressed (no
 * body) and never sent; essential email still goes. Turning notifications on again does not
 * send what was suppressed.
 */

let database: TestDatabase
let knex: Knex
let smtp: RefusingSmtp
let notifications = false
const settings = { get: async () => ({ ...defaultSettings, emailNotifications: notifications }) }
const classify = (template: string): MailTemplateClass =>
  template === 'newsletter' ? 'non-essential' : 'essential'

beforeAll(async () => {
  database = await createTestDatabase('mail_suppressed')
  knex = createKnex(database.url)
  await migrateCommandTables(knex)
  smtp = await startRefusingSmtp()
})

afterAll(async () => {
  await smtp?.stop()
  await knex?.destroy()
  await database?.drop()
})

async function email(template: string) {
  const userId = randomUUID()
  const key = generateUserKey()
  await knex('user_keys').insert({ user_id: userId, key_id: key.id, key: key.key })
  return {
    key: randomUUID(),
    template,
    userId,
    mail: { to: `${userId}@example.com`, subject: `About ${template}`, html: '<p>Hi</p>', text: 'Hi' },
  }
}

describe('suppressed email', () => {
  it('records non-essential email as suppressed while notifications are off, and sends essential email', async () => {
    const outbox = createMailOutbox(knex, { suppress: mailSuppression(settings, classify) })
    const mailer = createSmtpMailer({ url: smtp.url })
    const sender = createMailSender({ knex, mailer, logger: silentLogger, batchSize: 1000 })
    try {
      const newsletter = await email('newsletter')
      const receipt = await email('entry-confirmation')
      await expect(outbox.enqueue(newsletter)).resolves.toBe('suppressed')
      await expect(outbox.enqueue(receipt)).resolves.toBe('queued')
      // A replay of the suppressed one adds nothing, even once notifications are back on.
      notifications = true
      await expect(outbox.enqueue(newsletter)).resolves.toBe('already-queued')

      expect(await sender.sendDue()).toBe(1)
      expect(smtp.accepted.some((message) => message.to.includes(receipt.mail.to))).toBe(true)
      expect(smtp.accepted.some((message) => message.to.includes(newsletter.mail.to))).toBe(false)

      const row = await knex('mail_outbox').where({ id: newsletter.key }).first()
      expect(row).toMatchObject({ status: 'suppressed', template: 'newsletter', html: null, text_body: null })
      // Listed for the admin as suppressed, never as pending, and not counted as pending.
      const listed = async (status: 'pending' | 'suppressed') =>
        (await listOutboxEmails(knex, { status, offset: 0, limit: 20, now: new Date() })).map((row) => row.id)
      expect(await listed('pending')).not.toContain(newsletter.key)
      expect(await listed('suppressed')).toContain(newsletter.key)
      expect(await countUnsentEmails(knex)).toMatchObject({ pending: 0 })

      // With notifications on, the same template is queued and sent.
      const next = await email('newsletter')
      await expect(outbox.enqueue(next)).resolves.toBe('queued')
      expect(await sender.sendDue()).toBe(1)
    } finally {
      await sender.close()
      mailer.close()
    }
  })
})
