import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError } from './config'
import { environmentKeys, keysRequired } from './keys'

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'keys-'))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

const hex = 'ab'.repeat(32)
const development = { NODE_ENV: 'development', PUBLIC_URL: 'http://localhost:3000' } as const
const production = { NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000' } as const

describe('keys from the environment', () => {
  it('production is NODE_ENV=production or an https PUBLIC_URL', () => {
    expect(keysRequired(development)).toBe(false)
    expect(keysRequired(production)).toBe(true)
    expect(keysRequired({ ...development, PUBLIC_URL: 'https://prizes.example.com' })).toBe(true)
  })

  it('production refuses to start without DRAW_SEED_KEY, saying how to make one', () => {
    expect(() => environmentKeys(production)).toThrow(ConfigError)
    expect(() => environmentKeys({ ...development, PUBLIC_URL: 'https://prizes.example.com' })).toThrow(
      /DRAW_SEED_KEY.*required in production.*openssl rand -hex 32/,
    )
    expect(environmentKeys(development).drawSeeds).toBeUndefined()
  })

  it('takes the key as hex or base64, or from a file (trimmed); refuses other lengths and both at once', async () => {
    expect(environmentKeys({ ...production, DRAW_SEED_KEY: hex }).drawSeeds).toEqual(Buffer.from(hex, 'hex'))
    const base64 = Buffer.alloc(32, 7).toString('base64')
    expect(environmentKeys({ ...production, DRAW_SEED_KEY: base64 }).drawSeeds).toEqual(Buffer.alloc(32, 7))
    const file = path.join(dir, 'draw-seed-key')
    await writeFile(file, `${hex}\n`)
    expect(environmentKeys({ ...production, DRAW_SEED_KEY_FILE: file }).drawSeeds).toEqual(
      Buffer.from(hex, 'hex'),
    )
    expect(() => environmentKeys({ ...production, DRAW_SEED_KEY: 'c2hvcnQ=' })).toThrow(/must be 32 bytes/)
    expect(() => environmentKeys({ ...production, DRAW_SEED_KEY: hex, DRAW_SEED_KEY_FILE: file })).toThrow(
      /not both/,
    )
    expect(() => environmentKeys({ ...production, DRAW_SEED_KEY_FILE: path.join(dir, 'none') })).toThrow(
      /cannot read/,
    )
  })
})
