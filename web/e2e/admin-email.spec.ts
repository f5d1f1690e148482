import { type APIRequestContext, expect, test } from '@playwright/test'
import { adminSession, openAdminTab } from './support/admin'
import { seriousViolations } from './support/axe'
import { mailDevUrl, waitForMail } from './support/maildev'

/** The subjects of every mail MailDev holds for `to`, once there are `count` of them (20 s at most). */
async function subjectsInMailDev(request: APIRequestContext, to: string, count: number): Promise<string[]> {
  let subjects: string[] = []
  await expect
    .poll(
      async () => {
        const response = await request.get(`${mailDevUrl()}/email`)
        const mails = (await response.json()) as Array<{ subject: string; to: Array<{ address: string }> }>
        subjects = mails
          .filter((mail) => mail.to.some((recipient) => recipient.address.toLowerCase() === to))
          .map((mail) => mail.subject)
        return subjects.length
      },
      { timeout: 20_000 },
    )
    .toBe(count)
  return subjects
}

test.describe('admin email system', () => {
  test('an admin checks the mail server, sends the test emails, finds them in MailDev and in the outbox', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000)
    const admin = await adminSession(request)
    const stamp = Date.now()
    const direct = `email-direct-${stamp}@example.com`
    const templates = `email-templates-${stamp}@example.com`
    const entrant = `email-entry-${stamp}@example.com`
    const started = new Date()
    const { panel: tab } = await openAdminTab(page, admin.user, 'Email System')

    await test.step('the status comes from a real check of the embedded MailDev', async () => {
      const status = tab.getByRole('region', { name: 'Email status' })
      await expect(status).toContainText('Connected')
      await expect(status).toContainText('Can send')
      await expect(status).toContainText('MailDev (embedded)')
      await expect(status).toContainText('no-reply@prizeplatform.local')
      await status.getByRole('button', { name: 'Check again' }).click()
      await expect(status.getByRole('button', { name: 'Check again' })).toBeEnabled()
      await expect(status).toContainText('Connected')
    })

    await test.step('a recipient that is not an address is refused before anything is sent', async () => {
      const card = tab.getByRole('region', { name: 'Direct test' })
      await card.getByLabel('Direct test recipient').fill('not-an-address')
      await card.getByRole('button', { name: 'Send direct test' }).click()
      await expect(card).toContainText('Please enter a valid email address')
    })

    await test.step('a direct test arrives in MailDev', async () => {
      const card = tab.getByRole('region', { name: 'Direct test' })
      await card.getByLabel('Direct test recipient').fill(direct)
      await card.getByRole('button', { name: 'Send direct test' }).click()
      await expect(card.getByRole('status')).toHaveText(`Direct test email sent to ${direct}`)
      const mail = await waitForMail(request, { to: direct, text: 'reaches this inbox', since: started })
      expect(mail.subject).toBe('[TEST] [TEST MODE] Direct test email')
    })

    await test.step('every template is sent, reported one by one, and arrives', async () => {
      const card = tab.getByRole('region', { name: 'Test all templates' })
      await card.getByLabel('Template test recipient').fill(templates)
      await card.getByRole('button', { name: 'Test all templates' }).click()
      await expect(card.getByRole('status')).toHaveText(`All 14 templates sent to ${templates}`)
      const results = card.getByRole('table', { name: 'Template test results' })
      await expect(results.getByRole('row')).toHaveCount(15)
      await expect(results.getByText('Sent', { exact: true })).toHaveCount(14)
      const subjects = await subjectsInMailDev(request, templates, 14)
      expect(subjects.every((subject) => subject.startsWith('[TEST] '))).toBe(true)
    })

    await test.step('the entry confirmation carries the details typed', async () => {
      const card = tab.getByRole('region', { name: 'Entry confirmation' })
      await card.getByLabel('Email').fill(entrant)
      await card.getByLabel('First name').fill('Grace')
      await card.getByLabel('Competition title').fill('Win a lighthouse')
      await card.getByLabel('Number of entries').fill('2')
      await card.getByLabel('Total cost (£)').fill('5')
      await card.getByRole('button', { name: 'Send entry confirmation' }).click()
      await expect(card.getByRole('status')).toHaveText(`Test entry confirmation sent to ${entrant}`)
      const mail = await waitForMail(request, { to: entrant, text: 'Number of entries: 2', since: started })
      expect(mail.subject).toMatch(/^\[TEST\] \[TEST MODE\] Entry received: Win a lighthouse/)
      expect(mail.text).toContain('Hello Grace,')
    })

    await test.step('the outbox lists the sent mail, filtered by status', async () => {
      const outbox = tab.getByRole('region', { name: 'Email outbox' })
      await outbox.getByLabel('Outbox status').selectOption('sent')
      const table = outbox.getByRole('table', { name: 'Outbox emails' })
      const row = table.getByRole('row').filter({ hasText: direct })
      await expect(row).toHaveCount(1)
      await expect(row).toContainText('direct-test')
      await expect(row).toContainText('Test')
      await expect(row).toContainText('Sent')
      await expect(table.getByRole('row').filter({ hasText: templates })).toHaveCount(14)
      await outbox.getByLabel('Outbox status').selectOption('failed')
      await expect(table.getByRole('row').filter({ hasText: direct })).toHaveCount(0)
    })

    await test.step('the tab has no serious accessibility problems', async () => {
      expect(await seriousViolations(page)).toEqual([])
    })
  })
})
