import { randomBytes } from 'node:crypto'
import type { Knex } from 'knex'

/** The server's own secrets, kept in `platform_secrets` so every instance shares them. */
export interface PlatformSecrets {
  /** Signs session tokens (HS256). */
  readonly jwt: Buffer
  /** Derives one-time tokens (verification and reset links) from their nonces. */
  readonly oneTimeTokens: Buffer
  /**
   * Seals the draw seeds at rest (DRAW_SEED_KEY): from the environment in production, so the
   * database and its backups alone never show a seed before its draw. Absent in tests.
   */
  readonly drawSeeds?: Buffer
}

/** Keys the environment gives (`environmentKeys`), used instead of generated ones. */
export interface EnvironmentKeys {
  readonly drawSeeds?: Buffer | undefined
}

const secretBytes = 32

/**
 * One named secret, generated on first use. Two instances starting together both try to
 * insert; `on conflict do nothing` keeps the first, and both then read that one.
 */
export async function platformSecret(knex: Knex, name: string): Promise<Buffer> {
  await knex('platform_secrets')
    .insert({ name, value: randomBytes(secretBytes) })
    .onConflict('name')
    .ignore()
  const row = await knex('platform_secrets').where({ name }).first<{ value: Buffer } | undefined>('value')
  if (!row) throw new Error(`platform secret ${name} vanished right after it was written`)
  return row.value
}

/**
 * Needs the `platform_secrets` table (the command service's `migrateCommandTables`). With
 * `fromEnvironment` (`environmentKeys(config)`, which in production insists on each key) the
 * draw seeds' key is the environment's, else one generated and kept in the database (`npm
 * start`); without it (processes that never touch a seed, tests) there is none.
 */
export async function loadSecrets(knex: Knex, fromEnvironment?: EnvironmentKeys): Promise<PlatformSecrets> {
  const [jwt, oneTimeTokens, drawSeeds] = await Promise.all([
    platformSecret(knex, 'jwt'),
    platformSecret(knex, 'one-time-tokens'),
    fromEnvironment && (fromEnvironment.drawSeeds ?? platformSecret(knex, 'draw-seeds')),
  ])
  return drawSeeds ? { jwt, oneTimeTokens, drawSeeds } : { jwt, oneTimeTokens }
}
