import { expect, test } from '@playwright/test'
import { adminCompetitionResponse } from '@prizes/contracts'
import { expectSnackbar } from './support/accounts'
import {
  adminCompetitionTitled,
  adminSession,
  bearer,
  okJson,
  openAdminDashboard,
  openAdminTab,
  skillQuestion,
} from './support/admin'
import { seriousViolations } from './support/axe'
import { waitForMail } from './support/maildev'

const day = 86_400_000
const pad = (n: number) => String(n).padStart(2, '0')
/** A `datetime-local` value, in the browser's (this machine's) time. */
const localInput = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
const ukDate = (d: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Europe/London',
  }).format(d)

test('an admin sees an undersold competition, confirms extending it, and sees the new end date', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const admin = await adminSession(request)
  const title = `Undersold ${Date.now()}`
  const now = Date.now()
  // It ends in two seconds with nothing sold, below its minimum of 50: the platform's auto-close
  // marks it undersold instead of sealing it for the draw.
  const created = await request.post('/api/admin/competitions', {
    headers: bearer(admin.token),
    data: {
      title,
      description: 'A competition that does not sell its minimum.',
      prize: `${title} prize`,
      prize_value: 500,
      entry_price: 2.5,
      total_tickets: 100,
      minimum_tickets: 50,
      cash_alternative: 400,
      start_date: new Date(now - day).toISOString(),
      end_date: new Date(now + 2000).toISOString(),
      status: 'active',
      featured: false,
      skill_question: skillQuestion,
    },
  })
  const competition = adminCompetitionResponse.parse(await okJson(created, 'create competition')).competition
  expect(competition).toMatchObject({ minimum_tickets: 50, cash_alternative: 400 })
  await expect
    .poll(
      async () => {
        return (await adminCompetitionTitled(request, admin.token, title))?.status
      },
      { timeout: 20_000 },
    )
    .toBe('undersold')

  const dashboard = await openAdminDashboard(page, admin.user)
  await dashboard.getByLabel('Search competitions').fill(title)
  const row = dashboard
    .getByRole('table', { name: 'Competitions' })
    .getByRole('row')
    .filter({ hasText: title })
  await expect(row).toHaveCount(1)
  await expect(row.getByRole('cell').nth(4)).toContainText('Undersold')
  await expect(row).toContainText('Minimum not reached: choose what happens')
  await expect(row).toContainText('Minimum 50')
  await expect(row.getByRole('button', { name: 'Draw Anyway', exact: true })).toBeVisible()
  await expect(row.getByRole('button', { name: 'Cancel with Refunds', exact: true })).toBeVisible()

  await row.getByRole('button', { name: 'Extend End Date', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Extend the end date' })
  await expect(dialog).toContainText('0 of the minimum 50 tickets were sold')
  expect(await seriousViolations(page)).toEqual([])
  const newEnd = new Date(Date.now() + 20 * day)
  await dialog.getByLabel('New end date').fill(localInput(newEnd))
  await dialog.getByLabel('Reason (optional)').fill('One more try')
  await dialog.getByRole('button', { name: 'Extend End Date', exact: true }).click()
  await expect(dialog).toBeHidden()
  await expectSnackbar(page, `${title} now ends`)

  await expect(row.getByRole('cell').nth(4)).toHaveText('Active')
  await expect(row.getByRole('cell').nth(3)).toHaveText(ukDate(newEnd))
  // Once only: the reopened competition offers no second extension.
  await expect(row.getByRole('button', { name: 'Extend End Date' })).toHaveCount(0)

  // The public page says what the minimum and the cash alternative are.
  await page.goto(`/competitions/${competition?.id}`)
  await expect(page.getByTestId('minimum-tickets')).toContainText('Minimum 50 tickets')
  await expect(page.getByText('Cash alternative')).toBeVisible()
})

test('the Messages tab marks, answers and closes a complaint', async ({ page, request }) => {
  test.setTimeout(120_000)
  const since = new Date()
  const email = `complaint-${Date.now()}@example.com`
  await page.goto('/#contact')
  const form = page.getByRole('form', { name: 'Contact form' })
  await expect(form.getByLabel('Topic')).toHaveValue('general')
  await form.getByLabel('Your name').fill('Casey Complainer')
  await form.getByLabel('Email address').fill(email)
  await form.getByLabel('Topic').selectOption('complaint')
  await form.getByLabel('Subject').fill('My refund is late')
  await form.getByLabel('Message').fill('The competition was cancelled and my refund has not arrived.')
  await form.getByRole('button', { name: 'Send message' }).click()
  const sent = form.getByRole('status')
  await expect(sent).toContainText('Your reference is CT-')
  const reference = String(/CT-[2-9A-HJKMNP-Z]{6}/.exec((await sent.textContent()) ?? '')?.[0])

  const { user: admin } = await adminSession(request)
  const { panel } = await openAdminTab(page, admin, 'Messages')
  await panel.getByLabel('Show').selectOption('complaints')
  await panel.getByLabel('Search by reference or email address').fill(email)
  const row = panel
    .getByRole('table', { name: 'Contact messages' })
    .getByRole('row')
    .filter({ hasText: reference })
  await expect(row).toContainText('Complaint')
  await expect(row).toContainText('Open')
  await row.getByRole('button', { name: `View message ${reference}` }).click()

  const details = page.getByRole('dialog', { name: `Message ${reference}` })
  const answer = 'We have refunded £2.50 to your card today; it shows within 5 to 10 working days.'
  await details.getByLabel('Answer').fill(answer)
  await details.getByRole('button', { name: 'Send Answer' }).click()
  await expectSnackbar(page, 'Answer sent: the sender has been emailed')
  const history = details.getByRole('region', { name: 'Message history' })
  await expect(history).toContainText('Answered; the answer was emailed to the sender')
  await expect(history).toContainText(answer)
  const mail = await waitForMail(request, {
    to: email,
    text: `Our answer to your message [${reference}]`,
    since,
  })
  expect(mail.text).toContain(answer)

  await details.getByLabel('Closing note (optional)').fill('Refund confirmed by the provider')
  await details.getByRole('button', { name: 'Close Message' }).click()
  await expectSnackbar(page, 'Message closed')
  await expect(history).toContainText('Refund confirmed by the provider')
  await expect(details.getByText('This message is closed: it cannot be answered again.')).toBeVisible()
  await expect(details.getByRole('button', { name: 'Send Answer' })).toHaveCount(0)
  expect(await seriousViolations(page)).toEqual([])
  await page.keyboard.press('Escape')
  await expect(row).toContainText('Closed')
})
