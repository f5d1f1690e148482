import { describe, expect, it } from 'vitest'
import { checkImports, readWorkspaces, type Workspace } from './import-rule'
import { importsOf } from './import-scan'

describe('the import rule (DESIGN section 2)', () => {
  it('holds for every workspace: imports the table allows, each declared, each declaration used', async () => {
    const workspaces = await readWorkspaces()
    expect(workspaces.map((w) => w.folder)).toContain('command-service')
    expect(checkImports(workspaces)).toEqual([])
  })
})

describe('checkImports', () => {
  const workspace = (folder: string, dependencies: string[], text: string): Workspace => ({
    folder,
    name: `@prizes/${folder}`,
    dependencies,
    files: [{ path: `${folder}/src/a.ts`, text }],
  })
  const contracts = workspace('contracts', ['zod'], "import { z } from 'zod'")

  it('names an import the table does not allow, even when declared', () => {
    const web = workspace(
      'web',
      ['@prizes/contracts', '@prizes/platform'],
      "import { x } from '@prizes/platform'\nimport { y } from '@prizes/contracts'",
    )
    const platform = workspace('platform', [], '')
    expect(checkImports([contracts, platform, web])).toEqual([
      { workspace: 'web', file: 'web/src/a.ts', problem: 'imports @prizes/platform' },
      { workspace: 'web', problem: 'declares @prizes/platform, which it may not import' },
    ])
  })

  it('names the composition root imported from below, by a dynamic import too', () => {
    const runtime = workspace('runtime', [], '')
    const domain = workspace('domain', ['@prizes/runtime'], "const r = await import('@prizes/runtime/x')")
    expect(checkImports([runtime, domain]).map((b) => b.problem)).toEqual([
      'imports @prizes/runtime/x',
      'declares @prizes/runtime, which it may not import',
    ])
  })

  it('names a package imported but not declared, and one declared but never used', () => {
    const domain = workspace(
      'domain',
      ['@prizes/contracts', 'xstate', '@types/left-pad'],
      "import { setup } from 'xstate'\nimport pad from 'left-pad'",
    )
    expect(checkImports([contracts, domain]).map((b) => b.problem)).toEqual([
      'imports undeclared left-pad',
      'declares @prizes/contracts and never uses it',
    ])
  })

  it('counts a package named in a string, and a types package beside its package, as used', () => {
    const platform = workspace(
      'platform',
      ['pino-pretty', '@koa/router', '@types/koa__router'],
      "import Router from '@koa/router'\nconst target = 'pino-pretty'",
    )
    expect(checkImports([platform])).toEqual([])
  })
})

describe('importsOf', () => {
  it('finds static, dynamic, side-effect and require imports, and skips relative and node ones', () => {
    const text = [
      "import a from 'a'",
      "export { b } from '@s/b/deep'",
      "import 'c/register'",
      "const d = await import('d')",
      "const e = require.resolve('e/package.json')",
      "import f from './f'",
      "import { readFile } from 'node:fs/promises'",
      "import path from 'path'",
    ].join('\n')
    expect(importsOf(text).sort()).toEqual(['@s/b/deep', 'a', 'c/register', 'd', 'e/package.json'])
  })
})

describe('importsOf, on text that only looks like an import', () => {
  it('skips strings, templates, comments, regular expressions and prose', () => {
    const text = [
      'const sample = "import a from \'not-a\'"',
      `const t = \`export { b } from 'not-b' \${x ? \`import('not-c')\` : ''}\``,
      "// import d from 'not-d'",
      'if (/from "not-e"/.test(sql)) seen()',
      'shown only as "A winner from" your town or county.',
      "import real from 'real'",
    ].join('\n')
    expect(importsOf(text)).toEqual(['real'])
  })
})
