import { randomBytes } from 'node:crypto'
import type { Knex } from 'knex'
import { type SessionKeys, sessionKeys, sessionLifetimeMs } from './session-token'

/** The server's own secrets, kept in `platform_secrets` so every instance shares them. */
export interface PlatformSecrets {
  /** Sign (the current key) and verify (it and the keys before a rotation) session tokens (HS256). */
  readonly jwt: SessionKeys
  /** Derives one-time tokens (verification and reset links) from their nonces. */
  readonly oneTimeTokens: Buffer
  /**
   * Seals the draw seeds at rest (DRAW_SEED_KEY): from the environment in production, so the
   * database and its backups alone never show a seed before its draw. Absent in tests.
   */
  readonly drawSeeds?: Buffer
  /**
   * Wraps every user's personal-data key (PERSONAL_DATA_KEY): from the environment in
   * production, so the database and its backups alone decrypt nobody. Absent in tests.
   */
  readonly personalData?: Buffer
}

/** The session tokens' keys the environment gives: JWT_SECRET and JWT_PREVIOUS_SECRETS. */
export interface EnvironmentSessionKeys {
  readonly jwt?: Buffer | undefined
  readonly jwtPrevious?: readonly Buffer[]
}

/** Keys the environment gives (`environmentKeys`), used instead of generated ones. */
export interface EnvironmentKeys extends EnvironmentSessionKeys {
  readonly drawSeeds?: Buffer | undefined
  readonly oneTimeTokens?: Buffer | undefined
  readonly personalData?: Buffer | undefined
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

/** A database-kept JWT key replaced by `rotateDatabaseSessionKey`, named `jwt-previous:<time>`. */
const previousJwtPrefix = 'jwt-previous:'

/** Drops the database-kept previous JWT keys a session's lifetime after their rotation. */
async function dropExpiredSessionKeys(knex: Knex, now: Date): Promise<number> {
  return knex('platform_secrets')
    .where('name', 'like', `${previousJwtPrefix}%`)
    .andWhere('created_at', '<=', new Date(now.getTime() - sessionLifetimeMs))
    .delete()
}

/**
 * The session tokens' keys: the environment's when it gives JWT_SECRET (production insists),
 * else the database's current one and those rotated out less than a session's lifetime ago;
 * JWT_PREVIOUS_SECRETS verify as well either way.
 */
export async function loadSessionKeys(
  knex: Knex,
  fromEnvironment: EnvironmentSessionKeys = {},
  now: Date = new Date(),
): Promise<SessionKeys> {
  const fromEnvironmentPrevious = fromEnvironment.jwtPrevious ?? []
  if (fromEnvironment.jwt) return sessionKeys(fromEnvironment.jwt, fromEnvironmentPrevious)
  const current = await platformSecret(knex, 'jwt')
  await dropExpiredSessionKeys(knex, now)
  const previous = await knex('platform_secrets')
    .where('name', 'like', `${previousJwtPrefix}%`)
    .orderBy('created_at', 'desc')
    .pluck<Buffer[]>('value')
  return sessionKeys(current, [...fromEnvironmentPrevious, ...previous])
}

/**
 * Outside production: a new database-kept JWT key signs from the next start on; the one it
 * replaces still verifies the tokens it signed for a session's lifetime (7 days), then is
 * dropped. Returns the ids (`kid`) of both.
 */
export async function rotateDatabaseSessionKey(
  knex: Knex,
  now: Date = new Date(),
): Promise<{ readonly previous: string; readonly current: string }> {
  await platformSecret(knex, 'jwt')
  const next = randomBytes(secretBytes)
  const old = await knex.transaction(async (trx) => {
    const row = await trx('platform_secrets')
      .where({ name: 'jwt' })
      .forUpdate()
      .first<{ value: Buffer }>('value')
    await trx('platform_secrets').insert({
      name: `${previousJwtPrefix}${now.toISOString()}:${randomBytes(4).toString('hex')}`,
      value: row.value,
      created_at: now,
    })
    await trx('platform_secrets').where({ name: 'jwt' }).update({ value: next, created_at: now })
    return row.value
  })
  await dropExpiredSessionKeys(knex, now)
  return { previous: sessionKeys(old).current.kid, current: sessionKeys(next).current.kid }
}

/**
 * Needs the `platform_secrets` table (the command service's `migrateCommandTables`). With
 * `fromEnvironment` (`environmentKeys(config)`, which in production insists on each key) the
 * keys are the environment's, each missing one generated and kept in the database (`npm
 * start`); without it (tests, CLIs) the database's, and no draw seeds' key.
 */
export async function loadSecrets(knex: Knex, fromEnvironment?: EnvironmentKeys): Promise<PlatformSecrets> {
  const [jwt, oneTimeTokens, drawSeeds, personalData] = await Promise.all([
    loadSessionKeys(knex, fromEnvironment),
    fromEnvironment?.oneTimeTokens ?? platformSecret(knex, 'one-time-tokens'),
    fromEnvironment && (fromEnvironment.drawSeeds ?? platformSecret(knex, 'draw-seeds')),
    fromEnvironment && loadPersonalDataKey(knex, fromEnvironment.personalData),
  ])
  return {
    jwt,
    oneTimeTokens,
    ...(drawSeeds ? { drawSeeds } : {}),
    ...(personalData ? { personalData } : {}),
  }
}

/**
 * The key the users' keys are wrapped under: the environment's (PERSONAL_DATA_KEY, required in
 * production), else one generated and kept in the database, as `npm start` needs.
 */
export async function loadPersonalDataKey(knex: Knex, fromEnvironment: Buffer | undefined): Promise<Buffer> {
  return fromEnvironment ?? platformSecret(knex, personalDataSecret)
}

/** The name of the database-kept PERSONAL_DATA_KEY outside production. */
export const personalDataSecret = 'personal-data'
