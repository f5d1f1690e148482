import type { Knex } from 'knex'

/**
 * The secret 32-byte draw seeds (DESIGN section 8), one per published competition, kept on the
 * command side until the draw reveals them. Only their sha256 is ever on the stream before then.
 */
export interface DrawSeedStore {
  /** Stores the seed unless the competition has one; answers the seed that is stored. */
  keep(competitionId: string, seed: Uint8Array): Promise<{ seed: Uint8Array; stored: boolean }>
  load(competitionId: string): Promise<Uint8Array | undefined>
  /** Removes the competition's seed if it is still `seed` (a publication that failed). */
  discard(competitionId: string, seed: Uint8Array): Promise<void>
}

export function createDrawSeedStore(knex: Knex): DrawSeedStore {
  const table = () => knex('draw_seeds')
  return {
    async keep(competitionId, seed) {
      const inserted = await table()
        .insert({ competition_id: competitionId, seed: Buffer.from(seed) })
        .onConflict('competition_id')
        .ignore()
        .returning('competition_id')
      if (inserted.length > 0) return { seed, stored: true }
      const existing = await this.load(competitionId)
      if (!existing) throw new Error(`The draw seed of ${competitionId} vanished while publishing`)
      return { seed: existing, stored: false }
    },
    async load(competitionId) {
      const row: { seed: Buffer } | undefined = await table()
        .where({ competition_id: competitionId })
        .first('seed')
      return row ? new Uint8Array(row.seed) : undefined
    },
    async discard(competitionId, seed) {
      await table()
        .where({ competition_id: competitionId, seed: Buffer.from(seed) })
        .delete()
    },
  }
}

/**
 * Seeds kept in this process only: for unit tests, benchmarks and callers that never draw.
 * A service that draws must use `createDrawSeedStore`, or a restart loses every seed.
 */
export function createInMemoryDrawSeeds(): DrawSeedStore {
  const seeds = new Map<string, Uint8Array>()
  return {
    async keep(competitionId, seed) {
      const existing = seeds.get(competitionId)
      if (existing) return { seed: existing, stored: false }
      seeds.set(competitionId, seed)
      return { seed, stored: true }
    },
    async load(competitionId) {
      return seeds.get(competitionId)
    },
    async discard(competitionId, seed) {
      if (seeds.get(competitionId) === seed) seeds.delete(competitionId)
    },
  }
}
