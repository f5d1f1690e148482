import { migrateCommandTables } from '@prizes/command-service'
import { ConfigError, keysRequired, loadConfig, rotateDatabaseSessionKey } from '@prizes/platform'
import { withJobDatabase } from './job-database'

/** Production keeps the keys in the environment: the operator rotates them there. */
const productionSteps = `In production the session tokens' key comes from the environment; rotate it there:
  1. Make a new key: openssl rand -hex 32
  2. Move the current JWT_SECRET to JWT_PREVIOUS_SECRETS (comma-separated, at most 4), so the
     sessions it signed keep working until they expire (7 days)
  3. Set JWT_SECRET (or JWT_SECRET_FILE) to the new key and restart every service: new sessions
     are signed with it
  4. After 7 days, drop the old key from JWT_PREVIOUS_SECRETS and restart again`

/**
 * `npm run rotate-keys`: outside production, a new database-kept key signs session tokens from
 * the next start of the platform; the old one still verifies the sessions it signed for 7 days,
 * then is dropped. In production it prints the steps for the environment instead.
 */
async function main() {
  const config = loadConfig()
  if (keysRequired(config)) {
    console.log(productionSteps)
    return
  }
  const rotated = await withJobDatabase(async ({ knex }) => {
    await migrateCommandTables(knex)
    return rotateDatabaseSessionKey(knex)
  })
  console.log(
    `Session tokens' key rotated: key ${rotated.current} signs from the next start of the platform (restart it); ` +
      `key ${rotated.previous} still verifies the sessions it signed for 7 days, then is dropped.`,
  )
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error)
  process.exit(1)
})
