import { randomBytes } from 'node:crypto'
import type { Knex } from 'knex'

/** The server's own secrets, kept in `platform_secrets` so every instance shares them. */
export interface PlatformSecrets {
  /** Signs session tokens (HS256). */
  readonly jwt: Buffer
  /** Derives one-time tokens (verification and reset links) from their nonces. */
  readonly oneTimeTokens: Buffer
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

/** Needs the `platform_secrets` table (the command service's `migrateCommandTables`). */
export async function loadSecrets(knex: Knex): Promise<PlatformSecrets> {
  const [jwt, oneTimeTokens] = await Promise.all([
    platformSecret(knex, 'jwt'),
    platformSecret(knex, 'one-time-tokens'),
  ])
  return { jwt, oneTimeTokens }
}
