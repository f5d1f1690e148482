import type { Knex } from 'knex'
import { describe, expect, it } from 'vitest'
import { inCodeMigrationSource } from './migrations'

const step: Knex.Migration = { async up() {} }

describe('inCodeMigrationSource', () => {
  it('lists the migrations in the order given', async () => {
    const source = inCodeMigrationSource('test', [
      ['0001-a', step],
      ['0002-b', step],
    ])
    expect(await source.getMigrations([])).toEqual(['0001-a', '0002-b'])
  })

  it('refuses a name twice or out of order, naming it', () => {
    expect(() =>
      inCodeMigrationSource('test', [
        ['0001-a', step],
        ['0001-a', step],
      ]),
    ).toThrow('test migrations: 0001-a must come after 0001-a')
    expect(() =>
      inCodeMigrationSource('test', [
        ['0002-b', step],
        ['0001-a', step],
      ]),
    ).toThrow('0001-a must come after 0002-b')
  })
})
