import { existsSync, readFileSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import { builtinModules, createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, type Metafile, type Plugin } from 'esbuild'

/** The repository's root: three levels above this file (runtime/src/build). */
export const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url))

/** Where the entry points live, under runtime/src; each becomes dist/<folder>/<name>.js. */
const entryFolders = ['processes', 'cli'] as const

export interface BuildOptions {
  /** Where the bundles go: `<outDir>/processes/gateway.js`, `<outDir>/cli/seed.js`. */
  readonly outDir: string
  /** Only these entries (`processes/gateway`); every one when absent. */
  readonly only?: readonly string[]
}

export interface BuildResult {
  /** The entries built, as `processes/gateway`. */
  readonly entries: readonly string[]
  /** The third-party packages the bundles import, each a production dependency of a workspace. */
  readonly externals: readonly string[]
}

/**
 * The entry points: every module of runtime/src/processes and runtime/src/cli that is neither a
 * test nor a helper a sibling imports (cli/job-database), as `processes/gateway`.
 */
export async function findEntries(root = repositoryRoot): Promise<string[]> {
  const entries: string[] = []
  for (const folder of entryFolders) {
    const dir = path.join(root, 'runtime', 'src', folder)
    const modules = (await readdir(dir)).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    const sources = await Promise.all(modules.map((f) => readFile(path.join(dir, f), 'utf8')))
    const imported = (name: string) => sources.some((source) => source.includes(`from './${name}'`))
    for (const file of modules) {
      const name = file.slice(0, -'.ts'.length)
      if (!imported(name)) entries.push(`${folder}/${name}`)
    }
  }
  return entries.sort()
}

/** `@scope/name` or `name` out of an import such as `@scope/name/sub` or `name/sub`. */
export function packageOf(specifier: string): string {
  const parts = specifier.split('/')
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier)
}

const builtins = new Set(builtinModules)
const isBuiltin = (specifier: string) => specifier.startsWith('node:') || builtins.has(packageOf(specifier))

/**
 * The import node can run for a deep import into a package (`nodemailer/lib/smtp-connection`).
 * A package without an `exports` map has no subpath resolution under ESM, which wants the file
 * itself: the file CommonJS resolution finds, under the package's name. A package with one
 * resolves its own subpaths.
 */
export function runnableImport(specifier: string, fromDir: string): string {
  const name = packageOf(specifier)
  if (specifier === name) return specifier
  const packageDir = installedPackageDir(name, fromDir)
  const manifest = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as {
    exports?: unknown
  }
  if (manifest.exports !== undefined) return specifier
  const file = createRequire(path.join(fromDir, 'importer.js')).resolve(specifier)
  return `${name}/${path.relative(packageDir, file).split(path.sep).join('/')}`
}

/** Where node finds package `name` from `fromDir`: the nearest node_modules holding it. */
function installedPackageDir(name: string, fromDir: string): string {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name)
    if (existsSync(path.join(candidate, 'package.json'))) return candidate
    if (path.dirname(dir) === dir) throw new Error(`${name} is not installed (imported from ${fromDir})`)
  }
}

/**
 * The workspace packages (@prizes/*) export TypeScript sources, which node cannot run: they are
 * bundled in. Every other package stays an import, installed by `npm ci --omit=dev`.
 */
const bundleWorkspacesOnly: Plugin = {
  name: 'bundle-workspaces-only',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@prizes/') || isBuiltin(args.path)) return undefined
      return { path: runnableImport(args.path, args.resolveDir), external: true }
    })
  },
}

/** Every package that `npm ci --omit=dev` installs at the top: the workspaces' dependencies. */
async function productionDependencies(root: string): Promise<Set<string>> {
  const rootManifest = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as {
    workspaces: string[]
  }
  const names = new Set<string>()
  for (const workspace of rootManifest.workspaces) {
    const manifest = JSON.parse(await readFile(path.join(root, workspace, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>
    }
    for (const name of Object.keys(manifest.dependencies ?? {})) names.add(name)
  }
  return names
}

/** The third-party packages the outputs import (static and literal dynamic imports). */
function externalPackages(metafile: Metafile): string[] {
  const packages = new Set<string>()
  for (const output of Object.values(metafile.outputs)) {
    for (const imported of output.imports) {
      if (imported.external && !isBuiltin(imported.path)) packages.add(packageOf(imported.path))
    }
  }
  return [...packages].sort()
}

/**
 * Bundles each entry point into one ES module for node 20, with a source map; the workspace
 * code is inside it, the third-party packages stay imports. Fails when a bundle imports a
 * package that is no production dependency: the image, which installs only those, could not
 * start it.
 */
export async function buildServices(options: BuildOptions, root = repositoryRoot): Promise<BuildResult> {
  const entries = options.only ? [...options.only] : await findEntries(root)
  const rootManifest = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as {
    version: string
  }
  const result = await build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(entries.map((entry) => [entry, `runtime/src/${entry}.ts`])),
    outdir: options.outDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
    plugins: [bundleWorkspacesOnly],
    // No package.json beside the bundles: the version the command service reports is built in.
    define: { PRIZES_PLATFORM_VERSION: JSON.stringify(rootManifest.version) },
  })
  const externals = externalPackages(result.metafile)
  const installed = await productionDependencies(root)
  const missing = externals.filter((name) => !installed.has(name))
  if (missing.length > 0) {
    throw new Error(
      `The bundles import ${missing.join(', ')}, which no workspace lists in its dependencies: ` +
        'the production image would not install them',
    )
  }
  return { entries, externals }
}
