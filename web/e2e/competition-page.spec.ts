import { expect, test } from '@playwright/test'
import { adminToken, createCompetition, skillQuestion } from './support/admin'
import { seriousViolations } from './support/axe'
import { enterAsGuest } from './support/entries'

const hour = 3_600_000

test('a deep link opens the page: description as text, the question without its answer, a ticking countdown, Enter', async ({
  page,
  request,
}) => {
  const admin = await adminToken(request)
  const title = `Page check ${Date.now()}`
  const description = 'First paragraph with <b>markup</b> shown as typed.\n\nSecond paragraph.'
  const id = await createCompetition(request, admin, title, { description, totalTickets: 50 })

  await page.goto(`/competitions/${id}`)
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(page).toHaveTitle(new RegExp(`^${title} – `))
  await expect(page.getByText('First paragraph with <b>markup</b> shown as typed.')).toBeVisible()
  await expect(page.getByText('Second paragraph.')).toBeVisible()
  await expect(page.locator('b', { hasText: 'markup' })).toHaveCount(0)
  await expect(page.getByText(skillQuestion.question)).toBeVisible()
  await expect(page.getByTestId('tickets-sold')).toContainText('0 of 50 tickets sold')
  await expect(page.getByText('Seed commitment (sha256)')).toBeVisible()
  await expect(page.getByRole('link', { name: 'how to enter free by post' })).toHaveAttribute(
    'href',
    '/terms-and-conditions#free-entry',
  )

  const countdown = page.getByTestId('countdown')
  await expect(countdown).toHaveAttribute('data-state', 'open')
  const seconds = countdown.locator('[data-unit="seconds"] span').first()
  const before = await seconds.textContent()
  await expect.poll(() => seconds.textContent(), { timeout: 3_000 }).not.toBe(before)
  await expect(countdown.locator('[data-unit="days"] span').first()).toHaveText(/^(29|30)$/)
  expect(await seriousViolations(page)).toEqual([])

  await page.getByRole('button', { name: 'Enter Competition' }).click()
  const dialog = page.getByRole('dialog', { name: title })
  await expect(dialog.getByRole('form', { name: 'Entry Details' })).toBeVisible()
  await expect(dialog).toContainText(skillQuestion.question)
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
})

test('the last 24 hours show Closing soon, on the page and on the card', async ({ page, request }) => {
  const admin = await adminToken(request)
  const title = `Closing soon check ${Date.now()}`
  const id = await createCompetition(request, admin, title, { endsInMs: 2 * hour })

  await page.goto(`/competitions/${id}`)
  const countdown = page.getByTestId('countdown')
  await expect(countdown).toHaveAttribute('data-state', 'closing-soon')
  await expect(countdown.getByText('Closing soon')).toBeVisible()
  await expect(countdown.locator('[data-unit="hours"] span').first()).toHaveText('01')

  await page.goto('/')
  const card = page.getByRole('article', { name: title, exact: true })
  await expect(card.getByTestId('card-status')).toHaveText(/^Closing soon: closes in 1h \d+m$/)
  await card.getByRole('link', { name: title }).click()
  await expect(page).toHaveURL(new RegExp(`/competitions/${id}$`))
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
})

test('a sold-out competition stays on the grid as SOLD OUT, with Enter disabled there and on its page', async ({
  page,
  request,
}) => {
  const admin = await adminToken(request)
  const title = `Sold out check ${Date.now()}`
  const id = await createCompetition(request, admin, title, { totalTickets: 1 })
  await enterAsGuest(request, { id, title, entryPrice: 2.5 }, { answer: skillQuestion.correct })

  await page.goto('/')
  const card = page.getByRole('article', { name: title, exact: true })
  await expect(card.getByRole('button', { name: 'SOLD OUT' })).toBeDisabled()
  await expect(card.getByTestId('card-status')).toContainText('Sold out · draw on')

  await page.goto(`/competitions/${id}`)
  await expect(page.getByRole('button', { name: 'SOLD OUT' })).toBeDisabled()
  await expect(page.getByTestId('tickets-sold')).toContainText('1 of 1 tickets sold')
})

test('an unknown competition shows the Not Found page', async ({ page }) => {
  await page.goto('/competitions/00000000-0000-4000-8000-000000000000')
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
  await page.goto('/competitions/not-an-id')
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
})
