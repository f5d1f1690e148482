import { expect, test } from '@playwright/test'

test.describe('API reference', () => {
  test('renders every operation from our own origin, with nothing refused by its CSP', async ({
    page,
    baseURL,
  }) => {
    const problems: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text())
    })
    page.on('pageerror', (error) => problems.push(error.message))
    const origins = new Set<string>()
    page.on('request', (request) => {
      if (!request.url().startsWith('data:')) origins.add(new URL(request.url()).origin)
    })

    await page.goto('/api/docs')
    await expect(page.getByRole('heading', { name: /Prize competitions API/ })).toBeVisible()
    await expect(page.getByText('OAS 3.1')).toBeVisible()
    // One tag open: its operations, by method and path.
    const list = page.locator('.opblock-summary-path', { hasText: /^\/api\/competitions$/ })
    await expect(list.first()).toBeVisible()
    await list.first().click()
    await expect(page.getByText('Active, closed, drawing and recently completed competitions')).toBeVisible()
    await expect(
      page.locator('.opblock').filter({ hasText: '/api/admin/users/{id}/ban' }).first(),
    ).toBeAttached()
    // "Try it out" calls the API from the page: its CSP lets it connect to our origin.
    const operation = page.locator('#operations-Competitions-listCompetitions')
    await operation.getByRole('button', { name: 'Try it out' }).click()
    await operation.getByRole('button', { name: 'Execute' }).click()
    await expect(operation.locator('.live-responses-table tbody .response-col_status').first()).toHaveText(
      '200',
    )
    expect(problems).toEqual([])
    expect([...origins]).toEqual([new URL(baseURL ?? '').origin])
  })
})
