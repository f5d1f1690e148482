import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from 'vitest'
import { serverRender } from './server-render'

test('the server module is imported when the gateway starts, not by the first visit', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'server-render-'))
  try {
    const file = path.join(dir, 'entry-server.mjs')
    const marker = `imported-${Date.now()}`
    await writeFile(
      file,
      `globalThis[${JSON.stringify(marker)}] = true\nexport async function renderPage() { return '' }\n`,
    )
    const errors: unknown[] = []
    serverRender(file, (error) => errors.push(error))
    const global = globalThis as Record<string, unknown>
    await expect.poll(() => global[marker], { timeout: 5000 }).toBe(true)
    expect(errors).toEqual([])
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
})
