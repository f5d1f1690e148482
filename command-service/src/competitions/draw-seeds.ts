import { createHash } from 'node:crypto'
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

export function createDrawSeedStore(knex: Knex): DrawSeedStore {
  const row = (competitionId: string, commitment: string, seed: Uint8Array) => ({
    competition_id: competitionId,
    commitment,
    seed: Buffer.from(seed),
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
      const seed = new Uint8Array(found.seed)
      // A row whose seed does not hash to its commitment is no seed of that publication.
      return seedCommitment(seed) === commitment ? seed : undefined
    },
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
