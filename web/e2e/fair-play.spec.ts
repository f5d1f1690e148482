import { expect, test } from '@playwright/test'
import { adminCompetitionEntriesResponse, entryMessages } from '@prizes/contracts'
import { testChainNotice } from '@prizes/domain'
import { accountMenu, newUser } from './support/accounts'
import {
  adminSession,
  bearer,
  createCompetition,
  okJson,
  openAdminDashboard,
  skillQuestion,
} from './support/admin'
import { listCompetitions } from './support/api'
import { seriousViolations } from './support/axe'
import { completeDrawOnceRoundIsOut, completionRefusedTooEarly } from './support/draws'
import {
  cards,
  enterAsGuest,
  fillDetails,
  openEntryModal,
  payWithCard,
  referencePattern,
  successHeading,
} from './support/entries'
import { waitForMail } from './support/maildev'

/**
 * Issue 14, fair play: a wrong answer is charged but never promised a draw, and says so once the
 * competition closes; a free entry by post, recorded by an admin, is drawn like a paid one.
 */

test('a wrong answer is told the rule before paying, is promised no draw after, and is "not in the draw" once closed', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  const admin = await adminSession(request)
  const title = `Honest answers ${Date.now()}`
  const id = await createCompetition(request, admin.token, title, { entryPrice: 2 })
  const competition = (await listCompetitions(request)).find((c) => c.id === id)
  if (!competition) throw new Error(`${title} is not listed`)
  const person = newUser('Wanda')
  const started = new Date()

  const dialog = await openEntryModal(page, competition)
  // fillDetails picks the first option, '3': a wrong answer to 2 + 2.
  const form = await fillDetails(dialog, person)
  await expect(form.getByTestId('answer-rule')).toHaveText(entryMessages.answerRule)
  await expect(form.getByTestId('entry-cap')).toContainText('At most 100 entries per person')
  await form.getByLabel(/I agree to the terms and conditions/).check()
  await form.getByRole('button', { name: 'Proceed to Payment' }).click()
  await payWithCard(dialog, cards.succeeds)

  await expect(successHeading(dialog)).toBeVisible()
  await expect(dialog.getByTestId('answer-recorded')).toHaveText(entryMessages.answerRecorded)
  await expect(dialog).not.toContainText(/good luck|congratulations/i)
  const reference = ((await dialog.getByTestId('entry-reference').textContent()) ?? '').trim()
  expect(reference).toMatch(referencePattern)

  const mail = await waitForMail(request, { to: person.email, text: reference, since: started })
  expect(mail.text).toContain(entryMessages.answerRecorded)
  expect(`${mail.subject}\n${mail.text}`).not.toMatch(/good luck|congratulations/i)
  await dialog.getByRole('button', { name: 'Done' }).click()

  const mine = () =>
    page
      .getByRole('dialog', { name: 'My Dashboard' })
      .getByRole('list', { name: 'My entries' })
      .getByRole('listitem')
      .filter({ hasText: reference })
  await accountMenu(page, person.firstName).click()
  await page.getByRole('menuitem', { name: 'Dashboard' }).click()
  // Open: nothing says whether the answer was right.
  await expect(mine()).toContainText('Active')
  await expect(mine()).not.toContainText('draw')

  await okJson(
    await request.put(`/api/admin/competitions/${id}/status`, {
      headers: bearer(admin.token),
      data: { status: 'closed', reason: 'Closed by the fair-play browser test' },
    }),
    'close',
  )
  await page.reload()
  await accountMenu(page, person.firstName).click()
  await page.getByRole('menuitem', { name: 'Dashboard' }).click()
  await expect(mine()).toContainText('Not in the draw: incorrect answer')
  await expect(mine()).not.toContainText('Draw Complete')
  expect(await seriousViolations(page)).toEqual([])
})

test('an admin records a postal entry from the entries dialog, and it wins a draw whose certificate passes', async ({
  page,
  request,
}) => {
  // The sealed drand round is published a minute after the close.
  test.setTimeout(150_000)
  const admin = await adminSession(request)
  const title = `Postal entry ${Date.now()}`
  const id = await createCompetition(request, admin.token, title)
  // A paid entry with a wrong answer: the postal one is the only entry in the draw.
  await enterAsGuest(request, { id, title, entryPrice: 2.5 }, { answer: '5', firstName: 'Paul' })
  const sender = newUser('Penny')

  const dashboard = await openAdminDashboard(page, admin.user)
  await dashboard.getByLabel('Search competitions').fill(title)
  const row = dashboard
    .getByRole('table', { name: 'Competitions' })
    .getByRole('row')
    .filter({ hasText: title })
  await expect(row).toHaveCount(1)
  await row.getByRole('button', { name: 'Entries' }).click()
  const entries = page.getByRole('dialog', { name: `Entries: ${title}` })
  const postal = entries.getByRole('form', { name: 'Postal entry' })

  let reference = ''
  await test.step('the envelope is recorded with its own reference', async () => {
    await postal.getByLabel('First name').fill(sender.firstName)
    await postal.getByLabel('Last name').fill(sender.lastName)
    await postal.getByLabel('Email').fill(sender.email)
    await postal.getByLabel('Address').fill(sender.address)
    await postal.getByLabel('Date of birth').fill(sender.dateOfBirth)
    await postal.getByLabel('Answer').selectOption(skillQuestion.correct)
    await postal.getByRole('button', { name: 'Record postal entry' }).click()
    const recorded = postal.getByText(/^Postal entry recorded: /)
    await expect(recorded).toBeVisible()
    reference = /recorded: (\S+),/.exec((await recorded.textContent()) ?? '')?.[1] ?? ''
    expect(reference).toMatch(referencePattern)
    const table = entries.getByRole('table', { name: `Entries for ${title}` })
    await expect(table.getByRole('row').filter({ hasText: reference })).toContainText('Postal')
    expect(await seriousViolations(page)).toEqual([])
  })

  await test.step('a date in the future is refused, saying why', async () => {
    await postal.getByLabel('First name').fill('Future')
    await postal.getByLabel('Last name').fill(sender.lastName)
    await postal.getByLabel('Email').fill(newUser('Future').email)
    await postal.getByLabel('Address').fill(sender.address)
    await postal.getByLabel('Date of birth').fill(sender.dateOfBirth)
    await postal.getByLabel('Answer').selectOption(skillQuestion.correct)
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10)
    await postal.getByLabel('Date received').fill(tomorrow)
    await postal.getByRole('button', { name: 'Record postal entry' }).click()
    await expect(postal.getByText('The date received cannot be in the future').first()).toBeVisible()
  })

  const listed = adminCompetitionEntriesResponse.parse(
    await okJson(
      await request.get(`/api/admin/competitions/${id}/entries`, { headers: bearer(admin.token) }),
      'entries',
    ),
  )
  expect(listed.entries.find((e) => e.entryReference === reference)?.entryMethod).toBe('postal')
  expect(listed.summary.total).toBe(2)

  await test.step('closed and drawn on the signed round: the postal ticket is the only one sealed, and it wins', async () => {
    const status = (body: Record<string, unknown>) =>
      request.put(`/api/admin/competitions/${id}/status`, { headers: bearer(admin.token), data: body })
    await okJson(await status({ status: 'closed', reason: 'Drawn by the fair-play browser test' }), 'close')
    await okJson(await status({ status: 'drawing' }), 'start draw')
    // The platform fetches the sealed round from drand (the suite's TEST chain relay) once it is out.
    const sealed = await completionRefusedTooEarly(request, admin.token, id)
    await completeDrawOnceRoundIsOut(request, admin.token, id, sealed)
  })

  await page.goto(`/draws/${id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Draw certificate' })).toBeVisible()
  // Every check holds, drand's signature included: the round is the TEST chain's, which the
  // certificate says, since that chain's key is public.
  const verdict = page.getByRole('status').filter({ hasText: /PASS|UNVERIFIED|FAIL/ })
  await expect(verdict.locator('strong')).toHaveText('PASS')
  await expect(verdict).toContainText(testChainNotice)
  const steps = page.getByRole('list', { name: 'Verifier steps' }).getByRole('listitem')
  await expect(steps.filter({ hasText: /^Pass: drand signature – The TEST drand chain's/ })).toHaveCount(1)
  await expect(page.getByText(`(entry ${reference})`)).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
})
