import { expect, test } from '@playwright/test'
import { seriousViolations } from './support/axe'

test.describe('accessibility', () => {
  test('the home page has no serious or critical axe violations', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.goto('/')
    await expect(page.locator('#competitions').getByText('Live data')).toBeVisible()
    await expect(
      page.getByTestId('featured-slide').or(page.getByText('Amazing Prizes Coming Soon!')),
    ).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
  })

  test('the home page on a phone, with the menu open, has none either', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/')
    await expect(page.locator('#competitions').getByText('Live data')).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Open menu' }).click()
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
  })

  for (const path of [
    '/about',
    '/privacy-policy',
    '/terms-and-conditions',
    '/responsible-gaming',
    '/complaints',
    '/our-commitments',
    '/nope',
  ]) {
    test(`${path} has no serious or critical axe violations`, async ({ page }) => {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
    })
  }
})
