import { readFile } from 'node:fs/promises'
import { type Browser, expect, type Page, test } from '@playwright/test'
import { accountMenu, expectSnackbar, newUser } from './support/accounts'
import { adminSession, createCompetition, openAdminTab } from './support/admin'
import { listCompetitions } from './support/api'
import { seriousViolations } from './support/axe'
import {
  cards,
  fillDetails,
  openEntryModal,
  payWithCard,
  referencePattern,
  successHeading,
} from './support/entries'
import { waitForMail } from './support/maildev'

/** A second browser, for the entrant, on the same platform as the test's own page. */
async function entrantPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL })
  return context.newPage()
}

test.describe('admin entries tab', () => {
  test('an admin finds a user’s entry, refunds it with a reason, sees it in the history and exports the entries; the user sees it refunded', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(150_000)
    const admin = await adminSession(request)
    const title = `Entries tab ${Date.now()}`
    const competitionId = await createCompetition(request, admin.token, title, { entryPrice: 3.5 })
    const competition = (await listCompetitions(request)).find((c) => c.id === competitionId)
    if (!competition) throw new Error(`${title} is not listed`)
    const person = newUser('Ruth')
    const started = new Date()
    const reason = `Entrant asked by phone ${Date.now()}`

    const user = await entrantPage(browser)
    let reference = ''
    await test.step('the user buys an entry through the entry modal', async () => {
      const dialog = await openEntryModal(user, competition)
      const form = await fillDetails(dialog, person)
      await form.getByLabel(/I agree to the terms and conditions/).check()
      await form.getByRole('button', { name: 'Proceed to Payment' }).click()
      await payWithCard(dialog, cards.succeeds)
      await expect(successHeading(dialog)).toBeVisible()
      reference = ((await dialog.getByTestId('entry-reference').textContent()) ?? '').trim()
      expect(reference).toMatch(referencePattern)
      await dialog.getByRole('button', { name: 'Done' }).click()
    })

    const { dashboard } = await openAdminTab(page, admin.user, 'Entries')
    const table = dashboard.getByRole('table', { name: 'Entries' })
    const row = table.getByRole('row').filter({ hasText: reference })

    await test.step('the entry is found by its reference and by the entrant’s email', async () => {
      await dashboard.getByLabel('Search entries').fill(reference.toLowerCase())
      await expect(table.getByRole('row')).toHaveCount(2)
      await expect(row).toContainText(`${person.firstName} ${person.lastName}`)
      await expect(row).toContainText(title)
      await expect(row).toContainText('£3.50')
      await expect(row).toContainText('Paid')
      await dashboard.getByLabel('Search entries').fill(person.email)
      await expect(table.getByRole('row')).toHaveCount(2)
      await expect(row).toBeVisible()
      await dashboard.getByLabel('Payment status').selectOption('refunded')
      await expect(dashboard.getByText('No entries match.')).toBeVisible()
      await dashboard.getByLabel('Payment status').selectOption('paid')
      await expect(row).toBeVisible()
    })

    await test.step('View shows the answer, the entrant, the tickets and the history', async () => {
      await row.getByRole('button', { name: `View entry ${reference}` }).click()
      const details = page.getByRole('dialog', { name: 'Entry details' })
      const entry = details.getByRole('region', { name: 'Entry summary' })
      await expect(entry).toContainText(competition.skill_question.options[0] ?? '')
      await expect(details.getByRole('region', { name: 'Entrant' })).toContainText(person.email)
      await expect(entry).toContainText(/#\d+/)
      await expect(entry).toContainText('Incorrect')
      const history = details.getByRole('table', { name: 'Entry history' })
      await expect(history.getByRole('row').filter({ hasText: reference })).toContainText('paid £3.50')
      expect(await seriousViolations(page)).toEqual([])
      await details.getByRole('button', { name: 'Close' }).click()
      await expect(details).toBeHidden()
    })

    await test.step('Refund asks for a reason, then refunds', async () => {
      await row.getByRole('button', { name: `Refund entry ${reference}` }).click()
      const confirm = page.getByRole('dialog', { name: 'Refund entry' })
      await expect(confirm).toContainText('£3.50')
      await confirm.getByRole('button', { name: 'Refund', exact: true }).click()
      await expect(confirm.getByText('Please give a reason')).toBeVisible()
      await confirm.getByLabel('Reason').fill(reason)
      await confirm.getByRole('button', { name: 'Refund', exact: true }).click()
      await expect(confirm).toBeHidden()
      await expectSnackbar(page, 'Entry refunded')
      await dashboard.getByLabel('Payment status').selectOption('refunded')
      await expect(row).toContainText('Refunded')
      await expect(row.getByRole('button', { name: `Refund entry ${reference}` })).toHaveCount(0)
    })

    await test.step('the entrant is emailed the refund and the reason', async () => {
      // The refund goes through the refund reactor, then the mail reactor and the outbox: under the
      // whole suite's load (two workers, every reactor busy) that took more than 20 s once.
      const mail = await waitForMail(request, {
        to: person.email,
        text: reason,
        since: started,
        timeoutMs: 45_000,
      })
      expect(mail.subject).toContain(`Entry refunded: ${title}`)
    })

    await test.step('the competition’s history shows the refund, the admin and the reason', async () => {
      await dashboard.getByRole('tab', { name: 'Competitions' }).click()
      await dashboard.getByLabel('Search competitions').fill(title)
      const competitionRow = dashboard
        .getByRole('table', { name: 'Competitions' })
        .getByRole('row')
        .filter({ hasText: title })
      await competitionRow.getByRole('button', { name: 'History' }).click()
      const history = page.getByRole('dialog', { name: `History: ${title}` })
      const refunded = history
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name: /^Refunded £3\.50/ }) })
      await expect(refunded).toContainText(
        `${admin.user.firstName} ${admin.user.lastName} (${admin.user.email})`,
      )
      await expect(refunded).toContainText(reason)
      await history.getByRole('button', { name: 'Close' }).click()
    })

    await test.step('Export CSV downloads the dated file of the selected entries', async () => {
      await dashboard.getByRole('tab', { name: 'Entries' }).click()
      await dashboard.getByLabel('Search entries').fill('')
      await dashboard.getByLabel('Payment status').selectOption('')
      const entriesPanel = dashboard.getByRole('tabpanel', { name: 'Entries' })
      // The picker offers the competitions its own search finds (the list pages at 10).
      await entriesPanel.getByLabel('Find a competition').fill(title)
      await entriesPanel.getByLabel('Competition', { exact: true }).selectOption({ label: title })
      await expect(row).toBeVisible()
      const download = page.waitForEvent('download')
      await dashboard.getByRole('button', { name: 'Export CSV' }).click()
      const file = await download
      expect(file.suggestedFilename()).toMatch(/^entries-\d{4}-\d{2}-\d{2}\.csv$/)
      const lines = (await readFile(await file.path(), 'utf8')).split('\r\n')
      expect(lines[0]).toBe(
        '#,Reference,User Name,Email,Phone,Entries,Cost,Payment Status,Entry Date,Entry Method',
      )
      expect(lines).toHaveLength(3)
      expect(lines[1]).toMatch(
        new RegExp(
          `^1,${reference},${person.firstName} ${person.lastName},${person.email},'\\+44 20 7946 0958,1,3\\.50,refunded,\\d{4}-`,
        ),
      )
      expect(lines[2]).toBe('')
    })

    await test.step('the user’s dashboard shows the entry refunded', async () => {
      await user.reload()
      await accountMenu(user, person.firstName).click()
      await user.getByRole('menuitem', { name: 'Dashboard' }).click()
      const mine = user
        .getByRole('dialog', { name: 'My Dashboard' })
        .getByRole('list', { name: 'My entries' })
        .getByRole('listitem')
        .filter({ hasText: reference })
      await expect(mine).toContainText('Refunded')
      await user.context().close()
    })
  })
})
