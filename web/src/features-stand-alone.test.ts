import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/*
 * Features stand alone (DESIGN section 2, STYLE's bulletproof-react): a feature never imports
 * another, and neither does an admin tab (features/admin/<tab>); what two share lives below
 * them (src/api, src/components, src/lib, src/stores, src/theme; an admin tab also has
 * features/admin/shared), and src/app composes them. The files directly in features/admin (the
 * dashboard) compose the admin tabs. What lives below the features never imports one, nor the app.
 */

const below = ['api', 'components', 'lib', 'stores', 'theme']

/** Where a file sits: its feature (or admin tab, or admin's own top), or the layer it is in. */
function placeOf(file: string): string | null {
  const [top, name, sub, ...rest] = file.split('/')
  if (top === 'features' && name !== undefined && sub !== undefined) {
    if (name !== 'admin') return `features/${name}`
    return rest.length === 0 ? 'features/admin' : `features/admin/${sub}`
  }
  if (top !== undefined && below.includes(top) && name !== undefined) return 'below'
  return null
}

function allowed(from: string, to: string): boolean {
  if (from === to || to === 'below') return true
  if (from === 'below' || !to.startsWith('features/')) return false
  if (from === 'features/admin') return to.startsWith('features/admin/')
  return from.startsWith('features/admin/') && to === 'features/admin/shared'
}

/** Every module a source names: static and dynamic imports, re-exports, test mocks. */
function specifiersOf(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')
  const patterns = [
    /\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(?\s*['"]([^'"]+)['"]/g,
    /\bvi\.mock\s*\(\s*['"]([^'"]+)['"]/g,
  ]
  return patterns.flatMap((pattern) => [...code.matchAll(pattern)].map((match) => match[1] ?? ''))
}

const extensions = ['', '.ts', '.tsx', '/index.ts', '/index.tsx']

/**
 * The imports that cross from one feature (or admin tab) into another, or from below the
 * features up into one, as `file: 'specifier' (from → to)`. `files` maps paths under src to
 * their text. Web has no path aliases: a bare specifier naming a features folder is refused.
 */
export function crossings(files: ReadonlyMap<string, string>): string[] {
  const found: string[] = []
  for (const [file, source] of files) {
    const from = placeOf(file)
    if (from === null) continue
    for (const specifier of specifiersOf(source)) {
      if (!specifier.startsWith('.')) {
        if (/(^|\/)features\//.test(specifier)) found.push(`${file}: '${specifier}' (not relative)`)
        continue
      }
      const base = path.posix.join(path.posix.dirname(file), specifier)
      const target = extensions.map((ext) => base + ext).find((candidate) => files.has(candidate))
      const to = target === undefined ? null : (placeOf(target) ?? target.split('/')[0] ?? '')
      if (to === null) found.push(`${file}: '${specifier}' (not found)`)
      else if (!allowed(from, to)) found.push(`${file}: '${specifier}' (${from} → ${to})`)
    }
  }
  return found
}

const src = path.dirname(fileURLToPath(import.meta.url))

function sourcesUnder(root: string): Map<string, string> {
  const entries = readdirSync(root, { recursive: true, withFileTypes: true })
  const files = new Map<string, string>()
  for (const entry of entries) {
    if (!entry.isFile()) continue
    const full = path.join(entry.parentPath, entry.name)
    // Other files (styles, images) can be imported too; only sources are read.
    const source = /\.(ts|tsx)$/.test(entry.name) ? readFileSync(full, 'utf8') : ''
    files.set(path.relative(root, full).split(path.sep).join('/'), source)
  }
  return files
}

describe('web features stand alone', () => {
  it('no feature or admin tab imports another, and nothing below the features imports one', () => {
    const files = sourcesUnder(src)
    expect(
      [...files.keys()].filter((file) => file.startsWith('features/admin/users/')).length,
    ).toBeGreaterThan(0)
    expect(crossings(files)).toEqual([])
  })

  it('names each crossing and lets through what is allowed', () => {
    const files = new Map([
      ['lib/format.ts', ''],
      ['components/button.tsx', "import { lazy } from 'react'\nimport '../lib/format'"],
      ['lib/bad.ts', "import { X } from '../features/auth/model/x'"],
      ['features/auth/model/x.ts', "export * from '../../../lib/format'"],
      ['features/auth/components/y.tsx', "import { x } from '../model/x'"],
      [
        'features/auth/components/w.tsx',
        "// import { R } from '../../../app/routes'\nimport { R } from '../../../app/routes'",
      ],
      ['app/routes.tsx', "import { Y } from '../features/auth/components/y'"],
      ['features/entries/components/z.tsx', "import {\n  x,\n} from '../../auth/model/x'"],
      ['features/entries/components/lazy.tsx', "const Y = lazy(() => import('../../auth/components/y'))"],
      ['features/admin/admin-dashboard.tsx', "import { U } from './users/components/u'"],
      ['features/admin/users/components/u.tsx', "import { T } from '../../shared/components/t'"],
      ['features/admin/shared/components/t.tsx', "import { E } from '../../email/components/e'"],
      ['features/admin/email/components/e.tsx', "import { U } from '../../users/components/u'"],
      ['features/admin/email/components/f.tsx', "import { D } from '../../admin-dashboard'"],
      ['features/admin/email/components/g.tsx', "import { D } from './missing'"],
    ])
    expect(crossings(files)).toEqual([
      "lib/bad.ts: '../features/auth/model/x' (below → features/auth)",
      "features/auth/components/w.tsx: '../../../app/routes' (features/auth → app)",
      "features/entries/components/z.tsx: '../../auth/model/x' (features/entries → features/auth)",
      "features/entries/components/lazy.tsx: '../../auth/components/y' (features/entries → features/auth)",
      "features/admin/shared/components/t.tsx: '../../email/components/e' (features/admin/shared → features/admin/email)",
      "features/admin/email/components/e.tsx: '../../users/components/u' (features/admin/email → features/admin/users)",
      "features/admin/email/components/f.tsx: '../../admin-dashboard' (features/admin/email → features/admin)",
      "features/admin/email/components/g.tsx: './missing' (not found)",
    ])
  })
})
