import type { Knex } from 'knex'

/**
 * A knex migration source held in code rather than a folder, so migrations run from TypeScript
 * without a knexfile or a build. `migrations` is in order of their names, each name once; one that
 * has shipped is never edited or renamed.
 */
export function inCodeMigrationSource(
  label: string,
  migrations: readonly (readonly [string, Knex.Migration])[],
): Knex.MigrationSource<string> {
  const names = migrations.map(([name]) => name)
  names.forEach((name, i) => {
    const before = names[i - 1]
    // A name twice would run once; one out of order would run out of order on a fresh database.
    if (before !== undefined && before >= name)
      throw new Error(`${label} migrations: ${name} must come after ${before}, with a name of its own`)
  })
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
