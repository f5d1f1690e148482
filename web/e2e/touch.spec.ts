import { devices, expect, test } from '@playwright/test'

/** A phone: touch, a coarse pointer, 412 px wide. */
test.use({ ...devices['Pixel 7'] })

test('on a touch screen every button of the home page is at least 48 px tall and wide enough to hit', async ({
  page,
}) => {
  await page.goto('/')
  await expect(page.getByRole('region', { name: 'Live Competitions' })).toBeVisible()
  await page.getByRole('button', { name: 'Enter Competition' }).first().waitFor()
  const small = await page.evaluate(() =>
    [...document.querySelectorAll('button')]
      .filter((button) => button.offsetParent !== null)
      .map((button) => {
        const { width, height } = button.getBoundingClientRect()
        return { name: button.getAttribute('aria-label') ?? button.textContent?.trim(), width, height }
      })
      .filter(({ width, height }) => width < 48 || height < 48),
  )
  expect(small).toEqual([])
  // Taller buttons push nothing sideways.
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBe(0)
})
