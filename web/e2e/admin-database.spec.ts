import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { adminSystemResponse } from '@prizes/contracts'
import { adminSession, bearer, okJson, openAdminDashboard } from './support/admin'
import { seriousViolations } from './support/axe'

// Reset test data is not run here: the other specs need the data this run built (its rules
// are covered by runtime/src/backup/backup-restore.int.test.ts).
test.describe('Admin database tools and System Info', () => {
  test('download a backup with a valid checksum line, optimise, and see the real event count', async ({
    page,
    request,
  }) => {
    const admin = await adminSession(request)
    const dashboard = await openAdminDashboard(page, admin.user)
    await dashboard.getByRole('tab', { name: 'Settings' }).click()
    const settings = dashboard.getByRole('tabpanel', { name: 'Settings' })

    await test.step('the backup downloads as NDJSON ending with the SHA-256 of every line before it', async () => {
      const downloading = page.waitForEvent('download')
      await settings.getByRole('button', { name: 'Download backup' }).click()
      const download = await downloading
      expect(download.suggestedFilename()).toMatch(/^prize-platform-backup-.+Z\.ndjson$/)
      const text = await readFile(await download.path(), 'utf8')
      const lines = text.trimEnd().split('\n')
      const trailer = JSON.parse(lines.at(-1) ?? '{}') as { kind: string; events: number; sha256: string }
      expect(trailer.kind).toBe('end')
      expect(trailer.events).toBeGreaterThan(0)
      const body = lines
        .slice(0, -1)
        .map((line) => `${line}\n`)
        .join('')
      expect(createHash('sha256').update(body).digest('hex')).toBe(trailer.sha256)
      expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ kind: 'header', format: 'prize-platform-backup' })
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
      const info = dashboard.getByRole('region', { name: 'System Info' })
      const fact = (term: string) =>
        info.locator('div', { has: page.getByText(term, { exact: true }) }).locator('dd')
      await expect(fact('Version')).toHaveText(system.version)
      await expect(fact('Event store')).toHaveText('PostgreSQL')
      // Other specs append meanwhile: the panel shows at least what the server counted just before.
      await expect
        .poll(async () => Number((await fact('Events').innerText()).replaceAll(',', '')))
        .toBeGreaterThanOrEqual(system.eventStore.events ?? 0)
    })
  })
})
