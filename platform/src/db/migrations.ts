import type { Knex } from 'knex'

/**
 * A knex migration source held in code rather than a folder, so migrations run from TypeScript
 * without a knexfile or a build. `migrations` is in order; one that has shipped is never edited.
 */
export function inCodeMigrationSource(
  label: string,
  migrations: readonly (readonly [string, Knex.Migration])[],
): Knex.MigrationSource<string> {
  const byName = new Map(migrations)
  return {
    async getMigrations() {
      return [...byName.keys()]
    },
    getMigrationName(name) {
      return name
    },
    async getMigration(name) {
      const migration = byName.get(name)
      if (!migration) throw new Error(`Unknown ${label} migration ${name}`)
      return migration
    },
  }
}
