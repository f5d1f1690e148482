import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { buildServices, findEntries, packageOf, repositoryRoot, runnableImport } from './build'

describe('findEntries', () => {
  it('finds every process and CLI, and neither a test nor a helper a sibling imports', async () => {
    const entries = await findEntries()
    expect(entries).toEqual(
      expect.arrayContaining([
        'processes/gateway',
        'processes/migrate',
        'cli/seed',
        'cli/audit',
        'cli/rotate-keys',
      ]),
    )
    expect(entries).not.toContain('cli/job-database')
    expect(entries.filter((entry) => entry.includes('.test'))).toEqual([])
  })
})

describe('packageOf', () => {
  it('names the package of a bare, a deep and a scoped import', () => {
    expect(packageOf('pg')).toBe('pg')
    expect(packageOf('nodemailer/lib/smtp-connection')).toBe('nodemailer')
    expect(packageOf('@noble/curves/bls12-381.js')).toBe('@noble/curves')
    expect(packageOf('@koa/router')).toBe('@koa/router')
  })
})

describe('runnableImport', () => {
  const from = path.join(repositoryRoot, 'command-service', 'src')

  it('points a deep import into a package without an exports map at its file, as ESM needs', () => {
    expect(runnableImport('nodemailer/lib/smtp-connection', from)).toBe(
      'nodemailer/lib/smtp-connection/index.js',
    )
  })

  it('leaves a package with an exports map, and a package itself, to node', () => {
    expect(runnableImport('@noble/curves/bls12-381.js', from)).toBe('@noble/curves/bls12-381.js')
    expect(runnableImport('nodemailer', from)).toBe('nodemailer')
  })
})

describe('buildServices', () => {
  let root: string | undefined
  afterEach(async () => {
    if (root) await rm(root, { recursive: true, force: true })
  })

  /** A repository of one workspace whose one process imports `imported`. */
  async function repositoryImporting(imported: string, manifest: Record<string, unknown>) {
    root = await mkdtemp(path.join(tmpdir(), 'prizes-build-'))
    await writeFile(
      path.join(root, 'package.json'),
      JSON.stringify({ version: '1.2.3', workspaces: ['service'] }),
    )
    await mkdir(path.join(root, 'service'))
    await writeFile(path.join(root, 'service', 'package.json'), JSON.stringify(manifest))
    await mkdir(path.join(root, 'runtime', 'src', 'processes'), { recursive: true })
    await mkdir(path.join(root, 'runtime', 'src', 'cli'))
    await writeFile(
      path.join(root, 'runtime', 'src', 'processes', 'one.ts'),
      `import thing from '${imported}'\nconsole.log(thing, PRIZES_PLATFORM_VERSION)\n`,
    )
    return root
  }

  it('bundles an entry that imports production dependencies, with the version built in', async () => {
    const dir = await repositoryImporting('left-pad', { dependencies: { 'left-pad': '1' } })
    const built = await buildServices({ outDir: path.join(dir, 'dist') }, dir)
    expect(built).toEqual({ entries: ['processes/one'], externals: ['left-pad'] })
    const bundle = await readFile(path.join(dir, 'dist', 'processes', 'one.js'), 'utf8')
    expect(bundle).toContain('from "left-pad"')
    expect(bundle).toContain('"1.2.3"')
  })

  it('fails when a bundle imports a package only a devDependency brings, which the image lacks', async () => {
    const dir = await repositoryImporting('left-pad', { devDependencies: { 'left-pad': '1' } })
    await expect(buildServices({ outDir: path.join(dir, 'dist') }, dir)).rejects.toThrow(
      /import left-pad, which no workspace lists in its dependencies/,
    )
  })
})
