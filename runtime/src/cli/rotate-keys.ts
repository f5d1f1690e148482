import { migrateCommandTables } from '@prizes/command-service'
import { ConfigError, keysRequired, loadConfig, rotateDatabaseSessionKey } from '@prizes/platform'
import { withJobDatabase } from './job-database'
import { personalDataOptions, personalDataUsage, rotatePersonalDataKey } from './rotate-personal-data-key'

/** Production keeps the keys in the environment: the operator rotates them there. */
const productionSteps = `In production the session tokens' key comes from the environment; rotate it there:
  1. Make a new key: openssl rand -hex 32
  2. Move the current JWT_SECRET to JWT_PREVIOUS_SECRETS (comma-separated, at most 4), so the
     sessions it signed keep working until they expire (7 days)
  3. Set JWT_SECRET (or JWT_SECRET_FILE) to the new key and restart every service: new sessions
     are signed with it
  4. After 7 days, drop the old key from JWT_PREVIOUS_SECRETS and restart again`

/**
 * `npm run rotate-keys -- personal-data`: every user's personal-data key rewrapped under a new
 * PERSONAL_DATA_KEY (`rotate-personal-data-key.ts`), in production too.
 *
 * `npm run rotate-keys`: outside production, a new database-kept key signs session tokens from
 * the next start of the platform; the old one still verifies the sessions it signed for 7 days,
 * then is dropped. In production it prints the steps for the environment instead.
 */
async function main() {
  const config = loadConfig()
  const [command, ...args] = process.argv.slice(2).filter((arg) => arg !== '--')
  if (command === '--help' || command === '-h') {
    console.log(`npm run rotate-keys: the session tokens' key\n\n${personalDataUsage}`)
    return
  }
  if (command === 'personal-data') {
    const options = personalDataOptions(args)
    console.log(
      await withJobDatabase(async ({ knex }) => {
        await migrateCommandTables(knex)
        return rotatePersonalDataKey(knex, config, options)
      }),
    )
    return
  }
  if (command !== undefined)
    throw new ConfigError([`unknown ${JSON.stringify(command)}\n\n${personalDataUsage}`])
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
