import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError } from './config'
import { environmentKeys, environmentPersonalDataKey, environmentSessionKeys, keysRequired } from './keys'

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

  it('production refuses to start without DRAW_SEED_KEY, JWT_SECRET, TOKEN_SECRET or PERSONAL_DATA_KEY, naming each and how to make one', () => {
    expect(() => environmentKeys(production)).toThrow(ConfigError)
    for (const name of ['DRAW_SEED_KEY', 'JWT_SECRET', 'TOKEN_SECRET', 'PERSONAL_DATA_KEY'])
      expect(() => environmentKeys({ ...development, PUBLIC_URL: 'https://prizes.example.com' })).toThrow(
        new RegExp(`${name} \\(or ${name}_FILE\\): required in production.*openssl rand -hex 32`),
      )
    expect(() =>
      environmentKeys({ ...production, DRAW_SEED_KEY: hex, TOKEN_SECRET: hex, PERSONAL_DATA_KEY: hex }),
    ).toThrow(
      /^Invalid configuration:\n {2}- JWT_SECRET \(or JWT_SECRET_FILE\): required in production[^\n]*$/,
    )
    expect(() => environmentSessionKeys(production)).toThrow(/JWT_SECRET \(or JWT_SECRET_FILE\): required/)
    expect(() => environmentPersonalDataKey(production)).toThrow(
      /^Invalid configuration:\n {2}- PERSONAL_DATA_KEY \(or PERSONAL_DATA_KEY_FILE\): required in production[^\n]*$/,
    )
    expect(environmentPersonalDataKey(development)).toBeUndefined()
    expect(environmentKeys(development)).toEqual({ jwtPrevious: [] })
  })

  it('takes the token keys as 32 bytes or more, and the previous JWT keys comma-separated, at most 4', async () => {
    const all = {
      ...production,
      DRAW_SEED_KEY: hex,
      JWT_SECRET: 'cd'.repeat(48),
      TOKEN_SECRET: hex,
      PERSONAL_DATA_KEY: 'ef'.repeat(32),
    }
    expect(environmentKeys(all)).toMatchObject({
      jwt: Buffer.alloc(48, 0xcd),
      oneTimeTokens: Buffer.from(hex, 'hex'),
      personalData: Buffer.alloc(32, 0xef),
    })
    expect(environmentPersonalDataKey(all)).toEqual(Buffer.alloc(32, 0xef))
    expect(() => environmentPersonalDataKey({ ...all, PERSONAL_DATA_KEY: 'cd'.repeat(48) })).toThrow(
      /PERSONAL_DATA_KEY: must be 32 bytes/,
    )
    expect(() => environmentKeys({ ...all, TOKEN_SECRET: 'c2hvcnQ=' })).toThrow(
      /TOKEN_SECRET: must be at least 32 bytes/,
    )
    const previous = [Buffer.alloc(32, 1), Buffer.alloc(40, 2)]
    const listed = previous.map((key) => key.toString('base64')).join(', ')
    expect(environmentSessionKeys({ ...all, JWT_PREVIOUS_SECRETS: listed }).jwtPrevious).toEqual(previous)
    const file = path.join(dir, 'previous')
    await writeFile(file, `${listed}\n`)
    expect(environmentSessionKeys({ ...all, JWT_PREVIOUS_SECRETS_FILE: file }).jwtPrevious).toEqual(previous)
    expect(() => environmentSessionKeys({ ...all, JWT_PREVIOUS_SECRETS: `${hex},short` })).toThrow(
      /JWT_PREVIOUS_SECRETS: must be at least 32 bytes/,
    )
    expect(() =>
      environmentSessionKeys({ ...all, JWT_PREVIOUS_SECRETS: Array(5).fill(hex).join(',') }),
    ).toThrow(/JWT_PREVIOUS_SECRETS: at most 4 keys/)
  })

  it('takes the key as hex or base64, or from a file (trimmed); refuses other lengths and both at once', async () => {
    const others = { JWT_SECRET: hex, TOKEN_SECRET: hex, PERSONAL_DATA_KEY: hex }
    expect(environmentKeys({ ...production, ...others, DRAW_SEED_KEY: hex }).drawSeeds).toEqual(
      Buffer.from(hex, 'hex'),
    )
    const base64 = Buffer.alloc(32, 7).toString('base64')
    expect(environmentKeys({ ...production, ...others, DRAW_SEED_KEY: base64 }).drawSeeds).toEqual(
      Buffer.alloc(32, 7),
    )
    const file = path.join(dir, 'draw-seed-key')
    await writeFile(file, `${hex}\n`)
    expect(environmentKeys({ ...production, ...others, DRAW_SEED_KEY_FILE: file }).drawSeeds).toEqual(
      Buffer.from(hex, 'hex'),
    )
    expect(() => environmentKeys({ ...production, ...others, DRAW_SEED_KEY: 'c2hvcnQ=' })).toThrow(
      /must be 32 bytes/,
    )
    expect(() =>
      environmentKeys({ ...production, ...others, DRAW_SEED_KEY: hex, DRAW_SEED_KEY_FILE: file }),
    ).toThrow(/not both/)
    expect(() =>
      environmentKeys({ ...production, ...others, DRAW_SEED_KEY_FILE: path.join(dir, 'none') }),
    ).toThrow(/cannot read/)
  })
})
