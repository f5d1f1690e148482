import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'
import type { Knex } from 'knex'
import type { RowStatement } from '../command-rows'

/**
 * The secret 32-byte draw seeds (DESIGN section 8), one per published competition, kept on the
 * command side until the draw reveals them. Only their sha256 (the commitment) is ever on the
 * stream before then, and a seed is found by that commitment.
 *
 * A seed is never deleted once it may be committed to. Where the event store has transactions
 * (PostgreSQL) the seed's row is written in the publication's own transaction (`insert`), so
 * the row exists exactly when the event does. Elsewhere (`keep`) it is written before the
 * append and left even when the append is refused: an unused row is harmless, a missing one
 * would make the competition impossible to draw.
 */
export interface DrawSeedStore {
  /** The statement writing the seed, run with the publication's events; absent in memory. */
  readonly insert?: (competitionId: string, commitment: string, seed: Uint8Array) => RowStatement
  /** Writes the seed on its own, before a publication that cannot share its transaction. */
  keep(competitionId: string, commitment: string, seed: Uint8Array): Promise<void>
  /** The seed whose sha256 is `commitment`, if it is kept. */
  load(competitionId: string, commitment: string): Promise<Uint8Array | undefined>
}

/** The commitment a publication makes to `seed`: its sha256, hex. */
export function seedCommitment(seed: Uint8Array): string {
  return createHash('sha256').update(seed).digest('hex')
}

const nonceBytes = 12
const tagBytes = 16
const additionalData = (competitionId: string, commitment: string) =>
  Buffer.from(`draw-seed\n${competitionId}\n${commitment}`, 'utf8')

/** The seed sealed under `key` for this competition and commitment: nonce ‖ ciphertext ‖ tag. */
function seal(key: Uint8Array, competitionId: string, commitment: string, seed: Uint8Array): Buffer {
  const nonce = randomBytes(nonceBytes)
  const cipher = createCipheriv('aes-256-gcm', key, nonce)
  cipher.setAAD(additionalData(competitionId, commitment))
  return Buffer.concat([nonce, cipher.update(seed), cipher.final(), cipher.getAuthTag()])
}

function open(key: Uint8Array | undefined, competitionId: string, commitment: string, stored: Buffer) {
  if (stored.length === 32) return new Uint8Array(stored)
  if (!key) throw new Error('This draw seed is sealed, and no DRAW_SEED_KEY was given to open it')
  const decipher = createDecipheriv('aes-256-gcm', key, stored.subarray(0, nonceBytes))
  decipher.setAAD(additionalData(competitionId, commitment))
  decipher.setAuthTag(stored.subarray(stored.length - tagBytes))
  try {
    return new Uint8Array(
      Buffer.concat([
        decipher.update(stored.subarray(nonceBytes, stored.length - tagBytes)),
        decipher.final(),
      ]),
    )
  } catch {
    throw new Error('This draw seed was sealed under another DRAW_SEED_KEY than the one given')
  }
}

/**
 * The seeds in the `draw_seeds` table. With `key` (DRAW_SEED_KEY, from the environment in
 * production) each seed is stored sealed with AES-256-GCM, bound to its competition and
 * commitment, so neither the database nor a backup shows a seed before the draw reveals it;
 * without one (tests) it is stored as is.
 */
export function createDrawSeedStore(knex: Knex, key?: Uint8Array): DrawSeedStore {
  const row = (competitionId: string, commitment: string, seed: Uint8Array) => ({
    competition_id: competitionId,
    commitment,
    seed: key ? seal(key, competitionId, commitment, seed) : Buffer.from(seed),
  })
  const insert = (competitionId: string, commitment: string, seed: Uint8Array) =>
    knex('draw_seeds').insert(row(competitionId, commitment, seed))
  return {
    insert,
    async keep(competitionId, commitment, seed) {
      await insert(competitionId, commitment, seed).onConflict(['competition_id', 'commitment']).ignore()
    },
    async load(competitionId, commitment) {
      const found: { seed: Buffer } | undefined = await knex('draw_seeds')
        .where({ competition_id: competitionId, commitment })
        .first('seed')
      if (!found) return undefined
      const seed = open(key, competitionId, commitment, found.seed)
      // A row whose seed does not hash to its commitment is no seed of that publication.
      return seedCommitment(seed) === commitment ? seed : undefined
    },
  }
}

/** Rows sealed per transaction by `sealClearSeeds`. */
const sealBatch = 200

/**
 * Seals, under `key`, the seeds kept clear before DRAW_SEED_KEY was given (32 bytes, as written
 * without a key): the database and its backups then show no seed of a competition not yet
 * drawn. A batch at a time, skipping rows another starting instance holds; returns how many.
 */
export async function sealClearSeeds(knex: Knex, key: Uint8Array): Promise<number> {
  let sealed = 0
  for (;;) {
    const count = await knex.transaction(async (trx) => {
      const rows: { competition_id: string; commitment: string; seed: Buffer }[] = await trx('draw_seeds')
        .whereRaw('octet_length(seed) = 32')
        .limit(sealBatch)
        .forUpdate()
        .skipLocked()
        .select('competition_id', 'commitment', 'seed')
      for (const { competition_id, commitment, seed } of rows) {
        await trx('draw_seeds')
          .where({ competition_id, commitment })
          .update({ seed: seal(key, competition_id, commitment, seed) })
      }
      return rows.length
    })
    sealed += count
    if (count < sealBatch) return sealed
  }
}

/**
 * Seeds kept in this process only: for unit tests, benchmarks and callers that never draw.
 * A service that draws must use `createDrawSeedStore`, or a restart loses every seed.
 */
export function createInMemoryDrawSeeds(): DrawSeedStore {
  const seeds = new Map<string, Uint8Array>()
  const key = (competitionId: string, commitment: string) => `${competitionId} ${commitment}`
  return {
    async keep(competitionId, commitment, seed) {
      seeds.set(key(competitionId, commitment), seed)
    },
    async load(competitionId, commitment) {
      return seeds.get(key(competitionId, commitment))
    },
  }
}
