import { readFileSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { packageOf, repositoryRoot } from './build'
import { importsOf } from './import-scan'

/**
 * DESIGN section 2's import table: each workspace and the workspaces it may import. Imports
 * point down only; nothing imports the composition root (`runtime`), and the web app imports
 * no server package.
 */
export const importTable: Readonly<Record<string, readonly string[]>> = {
  contracts: [],
  domain: ['contracts'],
  'event-store': ['contracts'],
  platform: ['contracts', 'event-store'],
  'read-models': ['contracts', 'platform'],
  payments: ['contracts', 'domain', 'platform'],
  'command-service': ['contracts', 'domain', 'event-store', 'platform', 'payments'],
  reactors: ['contracts', 'domain', 'event-store', 'platform', 'payments', 'command-service'],
  projections: ['contracts', 'domain', 'event-store', 'platform', 'read-models'],
  'query-service': ['contracts', 'platform', 'read-models'],
  web: ['contracts', 'domain'],
  runtime: [
    'contracts',
    'domain',
    'event-store',
    'platform',
    'read-models',
    'payments',
    'command-service',
    'reactors',
    'projections',
    'query-service',
  ],
}

const skippedFolders = new Set(['node_modules', 'dist', 'dist-server', 'test-results', '.data'])
const sourceFile = /\.(?:ts|tsx|mts|cts|js|mjs)$/

export interface Workspace {
  readonly folder: string
  readonly name: string
  readonly dependencies: readonly string[]
  readonly files: readonly SourceFile[]
}

export interface SourceFile {
  /** Relative to the repository root. */
  readonly path: string
  readonly text: string
}

/** Each workspace of the root package.json, with its declared dependencies and its source. */
export async function readWorkspaces(root = repositoryRoot): Promise<Workspace[]> {
  const rootManifest = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as {
    workspaces: string[]
  }
  return Promise.all(
    rootManifest.workspaces.map(async (folder) => {
      const manifest = JSON.parse(await readFile(path.join(root, folder, 'package.json'), 'utf8')) as {
        name: string
        dependencies?: Record<string, string>
        devDependencies?: Record<string, string>
      }
      const dependencies = [
        ...Object.keys(manifest.dependencies ?? {}),
        ...Object.keys(manifest.devDependencies ?? {}),
      ]
      return { folder, name: manifest.name, dependencies, files: await sourceFiles(root, folder) }
    }),
  )
}

async function sourceFiles(root: string, folder: string): Promise<SourceFile[]> {
  const files: SourceFile[] = []
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(path.join(root, dir), { withFileTypes: true })) {
      const relative = path.join(dir, entry.name)
      if (entry.isDirectory()) {
        if (!skippedFolders.has(entry.name) && !entry.name.startsWith('.')) await walk(relative)
      } else if (sourceFile.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        files.push({ path: relative, text: await readFile(path.join(root, relative), 'utf8') })
      }
    }
  }
  await walk(folder)
  return files
}

/**
 * The root's development tools (vitest, Playwright, axe), which every workspace's tests may
 * import without declaring them again.
 */
const rootTooling = new Set(
  Object.keys(
    (
      JSON.parse(readFileSync(path.join(repositoryRoot, 'package.json'), 'utf8')) as {
        devDependencies?: Record<string, string>
      }
    ).devDependencies ?? {},
  ),
)

export interface Breach {
  readonly workspace: string
  readonly file?: string
  readonly problem: string
}

/** Every breach of the table, every import not declared and every declaration not used. */
export function checkImports(workspaces: readonly Workspace[]): Breach[] {
  const breaches: Breach[] = []
  const names = new Map(workspaces.map((w) => [w.name, w.folder]))
  for (const workspace of workspaces) {
    const allowed = importTable[workspace.folder]
    if (allowed === undefined) {
      breaches.push({ workspace: workspace.folder, problem: 'is not in the import table' })
      continue
    }
    const used = new Set<string>()
    for (const file of workspace.files) {
      for (const specifier of importsOf(file.text)) {
        const name = packageOf(specifier)
        used.add(name)
        const target = names.get(name)
        if (target === workspace.folder) continue
        if (target !== undefined && !allowed.includes(target)) {
          breaches.push({ workspace: workspace.folder, file: file.path, problem: `imports ${specifier}` })
        } else if (!workspace.dependencies.includes(name) && !rootTooling.has(name)) {
          breaches.push({
            workspace: workspace.folder,
            file: file.path,
            problem: `imports undeclared ${name}`,
          })
        }
      }
    }
    const text = workspace.files.map((file) => file.text).join('\n')
    for (const dependency of workspace.dependencies) {
      const target = names.get(dependency)
      if (target !== undefined && !allowed.includes(target)) {
        breaches.push({
          workspace: workspace.folder,
          problem: `declares ${dependency}, which it may not import`,
        })
        continue
      }
      if (used.has(dependency) || usedAsTypes(dependency, used) || mentioned(dependency, text)) continue
      const reached = [...used, ...workspace.dependencies.filter((name) => mentioned(name, text))]
      if (reached.some((name) => peersOf(name).includes(dependency))) continue
      breaches.push({ workspace: workspace.folder, problem: `declares ${dependency} and never uses it` })
    }
  }
  return breaches
}

/**
 * The packages a package asks its user to install beside it (`preact/compat/server` needs
 * `preact-render-to-string`; knex needs `pg`): declared for it, used through it.
 */
function peersOf(name: string): string[] {
  let peers = peerCache.get(name)
  if (peers === undefined) {
    try {
      const manifest = JSON.parse(
        readFileSync(path.join(repositoryRoot, 'node_modules', name, 'package.json'), 'utf8'),
      ) as { peerDependencies?: Record<string, string>; peerDependenciesMeta?: Record<string, unknown> }
      peers = [
        ...Object.keys(manifest.peerDependencies ?? {}),
        ...Object.keys(manifest.peerDependenciesMeta ?? {}),
      ]
    } catch {
      peers = []
    }
    peerCache.set(name, peers)
  }
  return peers
}
const peerCache = new Map<string, string[]>()

/** `@types/koa__router` is used when `@koa/router` is. */
function usedAsTypes(dependency: string, used: ReadonlySet<string>): boolean {
  if (!dependency.startsWith('@types/')) return false
  const typed = dependency.slice('@types/'.length)
  const name = typed.includes('__') ? `@${typed.replace('__', '/')}` : typed
  return used.has(name)
}

/**
 * A package named in a string rather than imported: a logger transport (`'pino-pretty'`), a
 * binary a process starts, a package whose files are served by path.
 */
function mentioned(dependency: string, text: string): boolean {
  return (
    text.includes(`'${dependency}'`) || text.includes(`"${dependency}"`) || text.includes(`'${dependency}/`)
  )
}
