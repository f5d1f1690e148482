import { expect, type Locator, type Page, test } from '@playwright/test'
import { authMessages } from '@prizes/contracts'
import { accountMenu, logIn, newUser, openAuthModal } from './support/accounts'
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
import { fillDetails, openEntryModal, registerVerifiedUser } from './support/entries'
import { e2ePostalAddress } from './support/postal'

/**
 * Issue 24, points 1 and 6: the free route by post as a visitor, an admin and an entrant see it
 * (the address from POSTAL_ADDRESS, what an envelope holds, closed wording, the arrival date
 * and the sender's date of birth, "Postal (free)"), and a guest's date of birth.
 */

async function expectAddress(where: Locator) {
  for (const line of e2ePostalAddress) await expect(where).toContainText(line)
}

test('the postal address is on the contact section, the terms and every open free-entry box, which says when post has closed', async ({
  page,
  request,
}) => {
  const admin = await adminSession(request)
  const title = `Free route ${Date.now()}`
  const id = await createCompetition(request, admin.token, title)

  await page.goto(`/competitions/${id}`)
  const box = page.getByTestId('free-entry')
  await expectAddress(box.getByTestId('postal-address'))
  const envelope = box.getByTestId('envelope-contents')
  await expect(envelope).toContainText('One entry per envelope')
  await expect(envelope).toContainText(`"${title}"`)
  await expect(envelope).toContainText('date of birth')
  await expect(page.getByTestId('entry-counts')).toHaveText('0 entries paid · 0 entries free by post')
  expect(await seriousViolations(page)).toEqual([])

  await okJson(
    await request.put(`/api/admin/competitions/${id}/status`, {
      headers: bearer(admin.token),
      data: { status: 'closed', reason: 'Closed by the free-route browser test' },
    }),
    'close',
  )
  await page.reload()
  await expect(box.getByTestId('postal-closed')).toHaveText(
    /^Entries by post have closed: envelopes had to arrive before /,
  )
  await expect(box).not.toContainText('to reach us before it closes')
  await expect(box.getByTestId('postal-address')).toHaveCount(0)

  await page.goto('/terms-and-conditions')
  await expectAddress(page.getByTestId('postal-address'))
  await expect(page.getByRole('main')).not.toContainText('footer of every email')

  await page.goto('/')
  const contact = page.getByTestId('contact-postal')
  await contact.scrollIntoViewIfNeeded()
  await expectAddress(contact)
})

async function keyEnvelope(postal: Locator, sender: ReturnType<typeof newUser>, dateOfBirth: string) {
  await postal.getByLabel('First name').fill(sender.firstName)
  await postal.getByLabel('Last name').fill(sender.lastName)
  await postal.getByLabel('Email').fill(sender.email)
  await postal.getByLabel('Address').fill(sender.address)
  await postal.getByLabel('Date of birth').fill(dateOfBirth)
  await postal.getByLabel('Answer').selectOption(skillQuestion.correct)
  await postal.getByLabel('Date received').fill(new Date(Date.now() - 86_400_000).toISOString().slice(0, 10))
  await postal.getByRole('button', { name: 'Record postal entry' }).click()
}

async function openEntries(page: Page, dashboard: Locator, title: string) {
  await dashboard.getByLabel('Search competitions').fill(title)
  const row = dashboard
    .getByRole('table', { name: 'Competitions' })
    .getByRole('row')
    .filter({ hasText: title })
  await expect(row).toHaveCount(1)
  await row.getByRole('button', { name: 'Entries' }).click()
  return page.getByRole('dialog', { name: `Entries: ${title}` })
}

test('an admin keys an envelope with the day it arrived and the sender’s date of birth; the entrant sees "Postal (free)"', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000)
  const admin = await adminSession(request)
  const title = `Envelope ${Date.now()}`
  await createCompetition(request, admin.token, title)
  // The sender has an account: the envelope's email finds it, and they see the entry in their dashboard.
  const sender = await registerVerifiedUser(page, request)

  const dashboard = await openAdminDashboard(page, admin.user)
  const entries = await openEntries(page, dashboard, title)
  const postal = entries.getByRole('form', { name: 'Postal entry' })

  await test.step('a sender under 18 is refused as registration refuses them', async () => {
    const young = new Date(Date.now() - 10 * 365 * 86_400_000).toISOString().slice(0, 10)
    await keyEnvelope(postal, sender, young)
    await expect(postal.getByText(authMessages.underage).first()).toBeVisible()
  })

  let reference = ''
  await test.step('an adult sender is entered, listed as "Postal (free)"', async () => {
    await keyEnvelope(postal, sender, sender.dateOfBirth)
    const recorded = postal.getByText(/^Postal entry recorded: /)
    await expect(recorded).toBeVisible()
    reference = /recorded: (\S+),/.exec((await recorded.textContent()) ?? '')?.[1] ?? ''
    const row = entries
      .getByRole('table', { name: `Entries for ${title}` })
      .getByRole('row')
      .filter({ hasText: reference })
    await expect(row).toContainText('Postal (free)')
    await expect(row).not.toContainText('£0.00')
  })

  await test.step('the entrant’s dashboard shows it as "Postal (free)"', async () => {
    const entrant = await browser.newPage()
    try {
      await entrant.goto('/')
      await openAuthModal(entrant, 'Sign In')
      await logIn(entrant, sender.email, sender.password)
      await accountMenu(entrant, sender.firstName).click()
      await entrant.getByRole('menuitem', { name: 'Dashboard' }).click()
      const mine = entrant
        .getByRole('dialog', { name: 'My Dashboard' })
        .getByRole('list', { name: 'My entries' })
        .getByRole('listitem')
        .filter({ hasText: reference })
      await expect(mine).toContainText('Postal (free)')
      await expect(mine).not.toContainText('£0.00')
    } finally {
      await entrant.close()
    }
  })

  const competition = (await listCompetitions(request)).find((c) => c.title === title)
  expect(competition).toMatchObject({ paid_entries: 0, free_entries: 1 })
})

test('a guest gives a date of birth, held to 18 or over before anything is sent', async ({
  page,
  request,
}) => {
  const now = Date.now()
  const competition = (await listCompetitions(request)).find(
    (c) => c.status === 'active' && Date.parse(c.start_date) <= now && Date.parse(c.end_date) > now + 60_000,
  )
  if (!competition) throw new Error('no open competition')
  const dialog = await openEntryModal(page, competition)
  const person = newUser('Young')
  const form = await fillDetails(dialog, person)
  await form.getByLabel(/I agree to the terms and conditions/).check()
  const proceed = form.getByRole('button', { name: 'Proceed to Payment' })
  await expect(proceed).toBeEnabled()

  const dateOfBirth = form.getByLabel('Date of birth')
  await dateOfBirth.fill(new Date(now - 12 * 365 * 86_400_000).toISOString().slice(0, 10))
  await dateOfBirth.blur()
  await expect(form.getByText(authMessages.underage)).toBeVisible()
  await expect(proceed).toBeDisabled()

  await dateOfBirth.fill(person.dateOfBirth)
  await expect(form.getByText(authMessages.underage)).toHaveCount(0)
  await expect(proceed).toBeEnabled()
})
