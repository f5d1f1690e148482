import { parseArgs } from 'node:util'
import {
  type AdminAccountOutcome,
  createAdminAccount,
  createCommandHandler,
  InvalidAdminAccount,
  migrateCommandTables,
} from '@prizes/command-service'
import { email as emailSchema, newPassword } from '@prizes/contracts'
import { createEventStore } from '@prizes/event-store'
import {
  ConfigError,
  createKnex,
  createLogger,
  databaseTimeouts,
  environmentKeys,
  loadConfig,
  loadSecrets,
  openPlatformDatabase,
  usePersonalDataKey,
} from '@prizes/platform'

const usage = `Usage: npm run create-admin -- --email <email> --password <password> [--first-name <name>] [--last-name <name>]

Creates a verified admin account, or makes the existing account with that email a verified
admin (its password is then left as it was). Runs against DATABASE_URL, else the running
platform's embedded database. The password needs 8 or more characters with a lower-case
letter, an upper-case letter and a number.`

class UsageError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(problems.join('\n'))
    this.name = 'UsageError'
  }
}

interface Arguments {
  readonly email: string
  readonly password: string
  readonly firstName?: string
  readonly lastName?: string
}

/** One line per broken rule; just "is required" when the option is missing altogether. */
function messages(
  option: string,
  given: string | undefined,
  issues: ReadonlyArray<{ message: string }> = [],
) {
  if (given === undefined) return [`${option} is required`]
  return issues.map((issue) => `${option}: ${issue.message}`)
}

const parse = (argv: readonly string[]) =>
  parseArgs({
    args: [...argv],
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  }).values

function readArguments(argv: readonly string[]): Arguments {
  let values: ReturnType<typeof parse>
  try {
    values = parse(argv)
  } catch (error) {
    // Unknown option or a missing value: parseArgs says which.
    throw new UsageError([error instanceof Error ? error.message : String(error)])
  }
  const email = emailSchema.safeParse(values.email ?? '')
  const password = newPassword.safeParse(values.password ?? '')
  const problems = [
    ...messages('--email', values.email, email.error?.issues),
    ...messages('--password', values.password, password.error?.issues),
  ]
  if (!email.success || !password.success) throw new UsageError(problems)
  return {
    email: email.data,
    password: password.data,
    ...(values['first-name'] ? { firstName: values['first-name'] } : {}),
    ...(values['last-name'] ? { lastName: values['last-name'] } : {}),
  }
}

const outcomes: Record<AdminAccountOutcome, (email: string) => string> = {
  created: (email) => `Created the admin account ${email}. It can sign in now.`,
  promoted: (email) => `${email} already had an account: it is now a verified admin, with its own password.`,
  unchanged: (email) => `${email} is already a verified admin. Nothing changed.`,
}

/** `npm run create-admin`: the admin bootstrap, by hand, against any configured database. */
async function main() {
  const input = readArguments(process.argv.slice(2))
  const config = loadConfig()
  // Only warnings and errors: the outcome line is what the operator came for.
  const logger = createLogger({
    level: config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL,
    name: 'create-admin',
  })
  const database = await openPlatformDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    preferredPort: config.EMBEDDED_PG_PORT,
    joinRunning: true,
  })
  const store = createEventStore({
    databaseUrl: database.url,
    eventStoreUrl: config.EVENTSTORE_URL,
    logger,
    timeouts: databaseTimeouts(config),
  })
  const knex = createKnex(database.url, { timeouts: databaseTimeouts(config) })
  try {
    await store.migrate()
    await migrateCommandTables(knex)
    // The services' keys: the person hashes it records are keyed with TOKEN_SECRET in production.
    const secrets = await loadSecrets(knex, environmentKeys(config))
    // The admin's own key is kept wrapped, as the services keep every user's.
    usePersonalDataKey(secrets.personalData)
    const handler = createCommandHandler({ store, logger })
    const { outcome } = await createAdminAccount({ handler, store, knex, secrets, logger }, input, {
      actor: { system: 'create-admin' },
      now: new Date(),
      reason: 'npm run create-admin',
    })
    console.log(outcomes[outcome](input.email))
  } finally {
    await knex.destroy()
    await store.close()
    await database.stop()
  }
}

main().catch((error: unknown) => {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n\n${usage}`)
    process.exit(2)
  }
  if (error instanceof ConfigError) console.error(error.message)
  else if (error instanceof InvalidAdminAccount) console.error(error.message)
  else console.error('Could not create the admin account:', error)
  process.exit(1)
})
