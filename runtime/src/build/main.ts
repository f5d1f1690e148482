import { rm } from 'node:fs/promises'
import path from 'node:path'
import { buildServices, repositoryRoot } from './build'

/**
 * `npm run build` (after the web app): every process and CLI bundled into dist/, which the
 * production image runs with plain `node dist/processes/<name>.js`. Starts from an empty dist/,
 * so a removed entry point leaves no stale bundle behind.
 */
async function main() {
  const outDir = path.join(repositoryRoot, 'dist')
  await rm(outDir, { recursive: true, force: true })
  const { entries, externals } = await buildServices({ outDir })
  console.log(`Built ${entries.map((entry) => `dist/${entry}.js`).join(', ')}`)
  console.log(`They import these production dependencies: ${externals.join(', ')}`)
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
