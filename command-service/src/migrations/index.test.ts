import { readdir } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { commandMigrationSource } from './index'

describe('the command-side migrations', () => {
  it('each has a name of its own, in order, and a number of its own but for the two that shipped as 2300', async () => {
    const names = await commandMigrationSource.getMigrations([])
    expect(new Set(names).size).toBe(names.length)
    expect([...names].sort()).toEqual(names)
    const numbers = names.map((name) => name.slice(0, 4))
    // Recorded names never change, so this one pair keeps its shared number; no other may.
    expect(numbers.filter((number, i) => numbers.indexOf(number) !== i)).toEqual(['2300'])
  })

  it('each file has a number of its own', async () => {
    const files = (await readdir(import.meta.dirname)).filter((file) => /^\d{4}-/.test(file))
    const numbers = files.map((file) => file.slice(0, 4))
    expect(files.length).toBeGreaterThan(0)
    expect(new Set(numbers).size).toBe(files.length)
  })
})
