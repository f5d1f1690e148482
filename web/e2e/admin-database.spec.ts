import { readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { adminSystemResponse } from '@prizes/contracts'
import { adminSession, bearer, e2eAdmin, okJson, openAdminDashboard } from './support/admin'
import { seriousViolations } from './support/axe'

// Reset test data is not run here: the other specs need the data this run built (its rules
// are covered by runtime/src/backup/backup-restore.int.test.ts).
test.describe('Admin database tools and System Info', () => {
  test('download an encrypted backup, optimise, and see the real event count', async ({ page, request }) => {
    const admin = await adminSession(request)
    const dashboard = await openAdminDashboard(page, admin.user)
    await dashboard.getByRole('tab', { name: 'Settings' }).click()
    const settings = dashboard.getByRole('tabpanel', { name: 'Settings' })

    await test.step('the backup asks for the password and a passphrase, and downloads encrypted', async () => {
      await settings.getByRole('button', { name: 'Download backup' }).click()
      const dialog = page.getByRole('dialog', { name: 'Download an encrypted backup' })
      await dialog.getByLabel('Your password', { exact: true }).fill(e2eAdmin.password)
      await dialog.getByLabel('Backup passphrase', { exact: true }).fill('short')
      await dialog.getByLabel('Backup passphrase again', { exact: true }).fill('short')
      await dialog.getByRole('button', { name: 'Download backup' }).click()
      await expect(dialog.getByText('The backup passphrase must be at least 12 characters')).toBeVisible()
      const passphrase = 'a passphrase for the browser test'
      await dialog.getByLabel('Backup passphrase', { exact: true }).fill(passphrase)
      await dialog.getByLabel('Backup passphrase again', { exact: true }).fill(passphrase)
      expect(await seriousViolations(page)).toEqual([])
      const downloading = page.waitForEvent('download')
      await dialog.getByRole('button', { name: 'Download backup' }).click()
      const download = await downloading
      expect(download.suggestedFilename()).toMatch(/^prize-platform-backup-.+Z\.ndjson\.enc$/)
      const file = await readFile(await download.path())
      const header = JSON.parse(file.subarray(0, file.indexOf(0x0a)).toString('utf8'))
      expect(header).toMatchObject({ format: 'prize-platform-backup-encrypted', cipher: 'aes-256-gcm' })
      expect(file.includes(Buffer.from('"kind":"event"'))).toBe(false)
      await expect(dialog).toBeHidden()
    })

    await test.step('optimise says how long it took', async () => {
      await settings.getByRole('button', { name: 'Optimise database' }).click()
      await expect(settings.getByText(/Database optimised: \d+ tables in [\d,]+ ms/)).toBeVisible()
    })

    await test.step('reset says whether it is available here, without being run', async () => {
      await expect(settings.getByText(/Wipes every event|Unavailable: reset works only/)).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
    })

    await test.step('System Info shows the version and the event count the server reports', async () => {
      const system = adminSystemResponse.parse(
        await okJson(await request.get('/api/admin/system', { headers: bearer(admin.token) }), 'system'),
      )
      expect(system.eventStore.events).toBeGreaterThan(0)
      await dashboard.getByRole('button', { name: 'System Info' }).click()
      const info = dashboard.getByRole('dialog', { name: 'System Info' })
      const fact = (term: string) =>
        info.locator('dl > div', { has: page.getByText(term, { exact: true }) }).locator('dd')
      await expect(fact('Version')).toHaveText(system.version)
      await expect(fact('Event store')).toHaveText('PostgreSQL')
      // Other specs append meanwhile: the panel shows at least what the server counted just before.
      await expect
        .poll(async () => Number((await fact('Events').innerText()).replaceAll(',', '')))
        .toBeGreaterThanOrEqual(system.eventStore.events ?? 0)
    })
  })
})
