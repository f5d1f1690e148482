import { readFile } from 'node:fs/promises'
import { type APIRequestContext, expect, type Locator, test } from '@playwright/test'
import { endpoints } from '@prizes/contracts'
import { expectSnackbar } from './support/accounts'
import { adminSession, bearer, createCompetition, okJson, openAdminTab, skillQuestion } from './support/admin'
import { seriousViolations } from './support/axe'
import { enterAsGuest } from './support/entries'

const count = new Intl.NumberFormat('en-GB')
const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' })

async function stats(request: APIRequestContext, token: string) {
  const response = await request.get('/api/admin/stats', { headers: bearer(token) })
  return endpoints.adminStats.response.parse(await okJson(response, 'admin stats')).stats
}

async function analytics(request: APIRequestContext, token: string) {
  const response = await request.get('/api/admin/analytics', { headers: bearer(token) })
  return endpoints.adminAnalytics.response.parse(await okJson(response, 'admin analytics')).analytics
}

const card = (panel: Locator, title: string) => panel.getByRole('region', { name: title, exact: true })

test.describe('admin analytics', () => {
  test('the admin reads the figures the API gives, exports them, and recovers from a failed load', async ({
    page,
    request,
  }) => {
    const admin = await adminSession(request)
    const title = `Analytics ${Date.now()}`
    const id = await createCompetition(request, admin.token, title, { entryPrice: 2.5 })
    const competition = { id, title, entryPrice: 2.5 }
    for (const firstName of ['Ada', 'Bea']) {
      await enterAsGuest(request, competition, {
        answer: skillQuestion.correct,
        numberOfEntries: 10,
        firstName,
      })
    }
    // The read models catch up with the two purchases: 20 tickets for £50.
    await expect
      .poll(
        async () =>
          (await analytics(request, admin.token)).tickets_by_competition.find((c) => c.competition_id === id)
            ?.tickets,
      )
      .toBe(20)
    const expected = await stats(request, admin.token)
    const charts = await analytics(request, admin.token)
    expect(expected.revenue.last_30d).toBeGreaterThanOrEqual(50)

    const { dashboard, panel } = await openAdminTab(page, admin.user, 'Analytics')

    await test.step('the cards show the platform stats, with the trend rules of SPEC section 9', async () => {
      await expect(card(panel, 'Users').getByTestId('stat-value')).toHaveText(
        count.format(expected.users.total),
      )
      await expect(card(panel, 'Competitions').getByTestId('stat-value')).toHaveText(
        count.format(expected.competitions.total),
      )
      await expect(card(panel, 'Entries').getByTestId('stat-value')).toHaveText(
        count.format(expected.entries.total),
      )
      await expect(card(panel, 'Revenue').getByTestId('stat-value')).toHaveText(
        gbp.format(expected.revenue.total),
      )
      await expect(card(panel, 'Users')).toContainText(
        expected.users.new_30d > 0 ? 'Growing' : 'No new users',
      )
      await expect(card(panel, 'Entries')).toContainText(
        expected.entries.conversion_rate > 10 ? 'Good conversion' : 'Low conversion',
      )
      await expect(card(panel, 'Revenue')).toContainText(
        expected.revenue.average_entry > 3 ? 'High average entry' : 'Low average entry',
      )
    })

    await test.step('the two charts are drawn from the analytics endpoint', async () => {
      const revenue = panel.getByRole('figure', { name: 'Revenue by day' })
      const tickets = panel.getByRole('figure', { name: 'Tickets sold by competition' })
      await expect(revenue.locator('svg.recharts-surface').first()).toBeVisible()
      await expect(tickets.locator('svg.recharts-surface').first()).toBeVisible()
      await expect(tickets.locator('.recharts-bar-rectangle')).toHaveCount(
        charts.tickets_by_competition.length + (charts.other.tickets > 0 ? 1 : 0),
      )

      await revenue.getByText('Show the figures').click()
      const revenueRows = revenue.getByRole('table', { name: 'Revenue by day' }).getByRole('row')
      await expect(revenueRows).toHaveCount(31)
      await expect(revenueRows.last()).toContainText(
        gbp.format(charts.revenue_by_day.at(-1)?.revenue ?? Number.NaN),
      )

      await tickets.getByText('Show the figures').click()
      const ticketRow = tickets
        .getByRole('table', { name: 'Tickets sold by competition' })
        .getByRole('row')
        .filter({ hasText: title })
      await expect(ticketRow).toHaveText(`${title}20`)
      expect(await seriousViolations(page)).toEqual([])
    })

    await test.step('Export CSV saves a dated report of Metric, Value and Category', async () => {
      const download = page.waitForEvent('download')
      await panel.getByRole('button', { name: 'Export CSV' }).click()
      const file = await download
      await expectSnackbar(page, 'Analytics report exported successfully!')
      expect(file.suggestedFilename()).toMatch(/^analytics-report-\d{4}-\d{2}-\d{2}\.csv$/)
      const lines = (await readFile(await file.path(), 'utf8')).trimEnd().split('\r\n')
      expect(lines[0]).toBe('Metric,Value,Category')
      expect(lines).toEqual(
        expect.arrayContaining([
          `total_users,${expected.users.total},platform_summary`,
          `total_competitions,${expected.competitions.total},platform_summary`,
          `total_entries,${expected.entries.total},platform_summary`,
          `total_revenue,${expected.revenue.total.toFixed(2)},platform_summary`,
          `new_users_30d,${expected.users.new_30d},user_metrics`,
          `active_competitions,${expected.competitions.active},competition_metrics`,
          `paid_entries,${expected.entries.paid},entry_metrics`,
          `revenue_30d,${expected.revenue.last_30d.toFixed(2)},financial_metrics`,
          `average_entry_value,${expected.revenue.average_entry.toFixed(2)},financial_metrics`,
        ]),
      )
      expect(lines).toHaveLength(17)
      expect(lines.at(-1)).toMatch(/^generated_at,\d{4}-\d{2}-\d{2}T[\d:.]+Z,report$/)
    })

    await test.step('a failed load shows the spec message and Retry; Retry recovers', async () => {
      await page.route('**/api/admin/stats', (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ success: false, code: 'INTERNAL', message: 'Broken on purpose' }),
        }),
      )
      await dashboard.getByRole('button', { name: 'Refresh Data' }).click()
      const banner = panel.getByRole('alert').filter({ hasText: 'Server error. Please try again later.' })
      await expect(banner).toBeVisible()

      await page.unroute('**/api/admin/stats')
      await page.route('**/api/admin/stats', (route) => route.abort('failed'))
      await banner.getByRole('button', { name: 'Retry' }).click()
      const offline = panel
        .getByRole('alert')
        .filter({ hasText: 'Network error. Please check your connection.' })
      await expect(offline).toBeVisible()

      await page.unroute('**/api/admin/stats')
      await offline.getByRole('button', { name: 'Retry' }).click()
      await expect(panel.getByRole('alert')).toHaveCount(0)
      await expect(card(panel, 'Users').getByTestId('stat-value')).toHaveText(
        count.format(expected.users.total),
      )
    })
  })
})
