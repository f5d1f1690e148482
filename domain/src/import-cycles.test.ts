import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/**
 * No import circle inside domain: a circle means two modules each need the other, so neither
 * can be read (or moved) alone, and which one is initialised first depends on who imports first.
 * Type-only imports count too: they tie the files together just the same for a reader.
 */

type Graph = ReadonlyMap<string, readonly string[]>

const root = dirname(fileURLToPath(import.meta.url))

/** Every relative specifier a file imports or re-exports, static or dynamic. */
function relativeImports(source: string): string[] {
  const found: string[] = []
  const patterns = [
    /\b(?:import|export)\b[^'"`;]*?\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]/g,
    /\bimport\s*['"](\.{1,2}\/[^'"]+)['"]/g,
    /\bimport\s*\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g,
  ]
  for (const pattern of patterns) {
    for (const match of source.matchAll(pattern)) {
      if (match[1]) found.push(match[1])
    }
  }
  return found
}

function resolveImport(from: string, specifier: string): string {
  const base = resolve(dirname(from), specifier)
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]
  const file = candidates.find((candidate) => candidate.endsWith('.ts') && existsSync(candidate))
  if (!file) throw new Error(`${relative(root, from)} imports ${specifier}, which is not a file here`)
  return file
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    // A test is imported by nothing, so it cannot close a circle (and this one quotes imports).
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : []
  })
}

/** The relative imports between the files under `dir`, named relative to it. */
function importGraph(dir: string): Graph {
  const graph = new Map<string, string[]>()
  for (const file of sourceFiles(dir)) {
    const imports = relativeImports(readFileSync(file, 'utf8')).map((specifier) =>
      relative(dir, resolveImport(file, specifier)),
    )
    graph.set(relative(dir, file), imports)
  }
  return graph
}

/**
 * The circles a depth-first walk meets, each as its files in import order back to the first:
 * none exactly when the graph has none (a walk meets every graph's circle at least once).
 */
function importCycles(graph: Graph): string[][] {
  const cycles: string[][] = []
  const seen = new Set<string>()
  const done = new Set<string>()
  const path: string[] = []
  const visit = (file: string) => {
    if (done.has(file)) return
    const at = path.indexOf(file)
    if (at >= 0) {
      const cycle = [...path.slice(at), file]
      const key = [...cycle.slice(0, -1)].sort().join(' ')
      if (!seen.has(key)) cycles.push(cycle)
      seen.add(key)
      return
    }
    path.push(file)
    for (const next of graph.get(file) ?? []) visit(next)
    path.pop()
    done.add(file)
  }
  for (const file of [...graph.keys()].sort()) visit(file)
  return cycles
}

describe('imports inside domain', () => {
  it('form no circle', () => {
    const graph = importGraph(root)
    expect(graph.size).toBeGreaterThan(50)
    expect(importCycles(graph).map((cycle) => cycle.join(' -> '))).toEqual([])
  })

  it('finds a circle, type-only and across folders included, and names its files in order', () => {
    const graph = new Map([
      ['competition/decide.ts', ['entry/decide.ts', 'decider.ts']],
      ['entry/decide.ts', ['entry/commands.ts']],
      ['entry/commands.ts', ['competition/decide.ts']],
      ['decider.ts', []],
    ])
    expect(importCycles(graph)).toEqual([
      ['competition/decide.ts', 'entry/decide.ts', 'entry/commands.ts', 'competition/decide.ts'],
    ])
    expect(importCycles(new Map([['a.ts', ['a.ts']]]))).toEqual([['a.ts', 'a.ts']])
    expect(importCycles(new Map([...graph, ['entry/commands.ts', ['decider.ts']]]))).toEqual([])
  })

  it('reads every form of a relative import', () => {
    const source = [
      "import type { CommandMetadata } from '../command'",
      "import {\n  evolve,\n  initialState,\n} from './state'",
      "export { decide } from './decide'",
      "export * from './draw'",
      "import './side-effect'",
      "const lazy = () => import('./lazy')",
      "import { z } from 'zod'",
    ].join('\n')
    expect(relativeImports(source).sort()).toEqual(
      ['../command', './decide', './draw', './lazy', './side-effect', './state'].sort(),
    )
  })
})
