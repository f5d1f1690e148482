import { postalAddressLines } from '@prizes/contracts'
import { type DatabaseTimeouts, defaultDatabaseTimeouts } from '@prizes/event-store'
import { z } from 'zod'
import { parseTrustedProxies } from '../http/client-address'

const port = z.coerce.number().int().min(1).max(65535)
const optionalUrl = (protocols: readonly string[]) =>
  z
    .string()
    .trim()
    .min(1)
    .refine((v) => protocols.some((p) => v.startsWith(`${p}:`)), {
      message: `must start with ${protocols.map((p) => `${p}://`).join(' or ')}`,
    })
    .optional()
/** A duration in milliseconds, from 100 ms to an hour. */
const milliseconds = z.coerce
  .number()
  .int()
  .min(100)
  .max(60 * 60 * 1000)
/**
 * A comma-separated list of http(s) URLs, at most `max`, none twice; `baseOnly`: no path, query
 * or fragment.
 */
const httpUrlList = (options: { readonly max: number; readonly noun: string; readonly baseOnly: boolean }) =>
  z
    .string()
    .trim()
    .min(1)
    .transform((value, ctx) => {
      const urls = value.split(',').map((part) => part.trim())
      if (urls.length > options.max) {
        ctx.addIssue({ code: 'custom', message: `at most ${options.max} ${options.noun}s` })
        return z.NEVER
      }
      for (const url of urls) {
        const parsed = URL.canParse(url) ? new URL(url) : undefined
        if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
          ctx.addIssue({
            code: 'custom',
            message: `${JSON.stringify(url)} is not an http:// or https:// URL`,
          })
          return z.NEVER
        }
        if (options.baseOnly && (parsed.pathname !== '/' || parsed.search !== '' || parsed.hash !== '')) {
          ctx.addIssue({ code: 'custom', message: `${JSON.stringify(url)}: give the base URL only, no path` })
          return z.NEVER
        }
      }
      if (new Set(urls).size !== urls.length) {
        ctx.addIssue({ code: 'custom', message: `a ${options.noun} is listed twice` })
        return z.NEVER
      }
      return urls as readonly string[]
    })
    .optional()
/**
 * Base URLs of a service's instances, comma-separated (`http://a:3101,http://b:3101`): the
 * gateway spreads requests over them. At most 64, each http(s) with no path, query or fragment.
 */
const serviceUrls = httpUrlList({ max: 64, noun: 'URL', baseOnly: true })
/**
 * TRUSTED_PROXIES: comma-separated addresses and CIDR ranges of the proxies in front of the
 * gateway (at most 64); checked entry by entry, a bad one named.
 */
const trustedProxies = z
  .string()
  .trim()
  .transform((value, ctx) => {
    try {
      parseTrustedProxies(value)
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message })
      return z.NEVER
    }
    return value
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '') as readonly string[]
  })
  .default([])
const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes')

const stripeKey = (prefixes: readonly string[]) =>
  z
    .string()
    .trim()
    .refine((v) => prefixes.some((p) => v.startsWith(p)), {
      message: `must start with ${prefixes.join(' or ')}`,
    })
    .optional()

const stripeKeys = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const

/** drand's public relays of the League of Entropy, tried in turn: DRAND_URL's default in production. */
export const publicDrandRelays: readonly string[] = [
  'https://api.drand.sh',
  'https://api2.drand.sh',
  'https://api3.drand.sh',
  'https://drand.cloudflare.com',
]

/**
 * DRAND_URL: one drand relay or several, comma-separated, tried in turn. At most 8, each
 * http(s), none twice; a relay may name the chain's path (`https://api.drand.sh/<chain hash>`).
 */
const drandUrls = httpUrlList({ max: 8, noun: 'relay', baseOnly: false })

/** Half a Stripe configuration would take money it cannot verify, or show a form nobody serves. */
function allStripeKeysOrNone(
  config: Partial<Record<(typeof stripeKeys)[number], string>>,
  ctx: z.RefinementCtx,
) {
  const missing = stripeKeys.filter((key) => config[key] === undefined)
  if (missing.length === 0 || missing.length === stripeKeys.length) return
  for (const key of missing) {
    ctx.addIssue({
      code: 'custom',
      path: [key],
      message: 'set all three Stripe keys, or none for the offline provider',
    })
  }
}

/** Every environment variable the platform reads, in one place (DESIGN section 3). */
const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PORT: port.default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('.data'),
  /** Use this PostgreSQL instead of the embedded one. */
  DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
  /** Store events in EventStoreDB/KurrentDB; Postgres then holds read models only. */
  EVENTSTORE_URL: optionalUrl(['esdb', 'esdb+discover', 'kurrentdb', 'kurrentdb+discover', 'kurrent']),
  EMBEDDED_PG_PORT: port.default(54329),
  /** Opening a database connection (and, for the event store's pool, waiting for a free one). */
  DB_CONNECT_TIMEOUT_MS: milliseconds.default(defaultDatabaseTimeouts.connectMs),
  /** Waiting for a free connection in the read-model and command-side pool. */
  DB_ACQUIRE_TIMEOUT_MS: milliseconds.default(defaultDatabaseTimeouts.acquireMs),
  /** One statement of a request or a consumer; the server cancels it after this. */
  DB_STATEMENT_TIMEOUT_MS: milliseconds.default(defaultDatabaseTimeouts.statementMs),
  /** A transaction left idle this long is ended by the server. */
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: milliseconds.default(defaultDatabaseTimeouts.idleInTransactionMs),
  /**
   * How long a request may take before it is answered 503 with `Retry-After` (a frozen database,
   * a hung outside call); live streams, exports, backups, the admin's database jobs and test
   * emails, and uploads are exempt.
   */
  REQUEST_TIMEOUT_MS: milliseconds.default(10_000),
  /** One statement of an operator's job (a rebuild copies and swaps whole tables). */
  DB_JOB_STATEMENT_TIMEOUT_MS: milliseconds.default(60 * 60 * 1000),
  /**
   * How often a process tries the consumer leases it does not hold (a dead holder is replaced
   * within about this), and checks the connection of those it holds (a holder cut off from the
   * database stops its consumers within about twice this). From 10 ms, for tests.
   */
  LEASE_RETRY_MS: z.coerce
    .number()
    .int()
    .min(10)
    .max(60 * 1000)
    .default(5000),
  /** Mail goes here instead of the embedded MailDev. */
  SMTP_URL: optionalUrl(['smtp', 'smtps']),
  MAILDEV_SMTP_PORT: port.default(1025),
  MAILDEV_WEB_PORT: port.default(1080),
  COMMAND_SERVICE_PORT: port.default(3101),
  QUERY_SERVICE_PORT: port.default(3102),
  /** A consumers process answers `GET /metrics` here, and nothing else. */
  CONSUMERS_PORT: port.default(3103),
  /**
   * Where the gateway finds the services when they run as separate processes: one base URL, or
   * several comma-separated (instances of one service), which it spreads requests over.
   */
  COMMAND_SERVICE_URL: serviceUrls,
  QUERY_SERVICE_URL: serviceUrls,
  /**
   * How long a query sent with `X-Read-After` waits for the read models to show that position
   * (and an admin command for its own change), before answering anyway; 0: never waits.
   */
  READ_AFTER_TIMEOUT_MS: z.coerce.number().int().min(0).max(30_000).default(3000),
  /**
   * drand relays for draw randomness (e.g. https://api.drand.sh; the sealed chain's path is added
   * when absent), comma-separated, tried in turn. In production (on quicknet) drand's public
   * relays unless given (`publicDrandRelays`).
   */
  DRAND_URL: drandUrls,
  /**
   * The drand chain closes seal rounds on: drand's `quicknet`, or `test`, the TEST chain whose
   * secret key is published with the tests (the browser tests' relay signs its rounds). TEST MODE
   * only: refused beside Stripe keys, since anyone could know a round's value in advance.
   */
  DRAND_CHAIN: z.enum(['quicknet', 'test']).default('quicknet'),
  SEED_DEMO_DATA: flag.default(true),
  /** The admin account `npm start` ensures; unset: admin@prizeplatform.local on first start. */
  ADMIN_EMAIL: z.string().trim().toLowerCase().pipe(z.email()).optional(),
  /** Checked against the password rules where it is used, so a bad one is never echoed here. */
  ADMIN_PASSWORD: z.string().optional(),
  WEB_DIST_DIR: z.string().default('web/dist'),
  /** Stripe takes the payments when all three are set; none set: the offline test provider. */
  STRIPE_SECRET_KEY: stripeKey(['sk_', 'rk_']),
  STRIPE_PUBLISHABLE_KEY: stripeKey(['pk_']),
  STRIPE_WEBHOOK_SECRET: stripeKey(['whsec_']),
  /**
   * Who takes the payments: `stripe` (the three keys required) or `offline-test`, the offline
   * TEST MODE provider (no real money; every page and email says TEST MODE; refused beside Stripe
   * keys as contradictory). Unset: stripe when the keys are set, else offline-test, except in
   * production, where running without Stripe must be asked for by `PAYMENTS=offline-test`.
   */
  PAYMENTS: z.enum(['stripe', 'offline-test']).optional(),
  /** How long tickets stay reserved for an unpaid entry; fractions (down to 3 seconds) are for tests. */
  RESERVATION_MINUTES: z.coerce
    .number()
    .min(0.05)
    .max(24 * 60)
    .default(10),
  /**
   * Reservations (create-payment-intent, POST /api/entries) one signed-in user, and one client
   * address, may ask for in an hour; over it, 429. The bench raises them: its buyers share one address.
   */
  RESERVATIONS_PER_USER_HOUR: z.coerce.number().int().min(1).default(10),
  RESERVATIONS_PER_ADDRESS_HOUR: z.coerce.number().int().min(1).default(30),
  SKILL_QUESTIONS_PER_ADDRESS_HOUR: z.coerce.number().int().min(1).default(600),
  /**
   * Accounts one client address may create in an hour, by sign-up and by guest creation each;
   * over it, 429. The bench raises it: its buyers share one address.
   */
  ACCOUNTS_PER_ADDRESS_HOUR: z.coerce.number().int().min(1).default(20),
  /**
   * Who runs the site, as every email's footer and the contact card state it. Required in
   * production (so are COMPANY_ADDRESS and SUPPORT_EMAIL): outside it, a development value.
   */
  COMPANY_NAME: z.string().trim().min(1).max(200).optional(),
  /** The company's postal address, one line (emails must carry it). */
  COMPANY_ADDRESS: z.string().trim().min(1).max(300).optional(),
  /**
   * Issue 24: where free entries by post are sent, shown on the contact section, every
   * competition's free-entry box and the terms. Lines separated by commas or new lines (`\n`
   * written out is taken as one), 2 to 8 of them, each at most 100 characters. Required in
   * production; the embedded launcher sets a development address when it is unset elsewhere.
   */
  POSTAL_ADDRESS: z
    .string()
    .max(600)
    .transform(postalAddressLines)
    .pipe(
      z
        .array(z.string().max(100, 'each line must be at most 100 characters'))
        .min(2, 'must have at least 2 lines (separate lines with commas or \\n)')
        .max(8, 'must have at most 8 lines'),
    )
    .optional(),
  /** The published support address: the contact card, email footers and acknowledgements. */
  SUPPORT_EMAIL: z.string().trim().toLowerCase().pipe(z.email()).optional(),
  /** When support answers, in UK time: the site adds GMT or BST as the date says. */
  SUPPORT_HOURS: z.string().trim().min(1).max(120).default('Monday to Friday, 9am to 5pm'),
  /** The regulator or licence line the footer shows, as written; unset, there is none. */
  OPERATOR_LICENCE: z.string().trim().min(1).max(300).optional(),
  /** The independent body a complainant can go to after our final answer (name and https page). */
  COMPLAINTS_BODY_NAME: z.string().trim().min(1).max(150).optional(),
  COMPLAINTS_BODY_URL: z
    .string()
    .trim()
    .max(500)
    .refine((v) => URL.canParse(v) && new URL(v).protocol === 'https:', {
      message: 'must be an https:// URL',
    })
    .optional(),
  /** Entry references read `<PREFIX>-<YYYY>-<6 digits>`. */
  ENTRY_REFERENCE_PREFIX: z
    .string()
    .trim()
    .regex(/^[A-Z][A-Z0-9]{1,9}$/, 'must be 2 to 10 capital letters or digits, starting with a letter')
    .default('PRZ'),
  /**
   * The bearer token a Prometheus scraper sends for `/metrics` (`Authorization: Bearer <token>`).
   * Unset: `/metrics` answers only clients on loopback or a private network connecting directly.
   */
  METRICS_TOKEN: z.string().trim().min(16, 'must be at least 16 characters').max(256).optional(),
  /**
   * The reverse proxies in front of the gateway (addresses or CIDR ranges, comma-separated): from
   * them, the client's address is the right-most untrusted one of `X-Forwarded-For`. Empty: the
   * connection's address is the client's, and the header is ignored.
   */
  TRUSTED_PROXIES: trustedProxies,
  /**
   * The passphrase `npm run backup` encrypts a backup with and `npm run restore` reads it with,
   * when neither `--passphrase-file` nor a prompt on a terminal gives it. Never read by a service.
   */
  BACKUP_PASSPHRASE: z.string().trim().min(12, 'must be at least 12 characters').max(1024).optional(),
  /**
   * The key the draw seeds are sealed with at rest (32 bytes, as 64 hex digits or base64), or a
   * file holding it (`DRAW_SEED_KEY_FILE`, trimmed). Required in production (`NODE_ENV=production`
   * or an https `PUBLIC_URL`); elsewhere one is generated and kept in the database.
   */
  DRAW_SEED_KEY: z.string().trim().max(256).optional(),
  DRAW_SEED_KEY_FILE: z.string().trim().max(4096).optional(),
  /**
   * The key session tokens are signed with (HS256; 32 bytes or more, as hex digits or base64),
   * or a file holding it (`JWT_SECRET_FILE`, trimmed). Required in production; elsewhere one is
   * generated and kept in the database (`npm run rotate-keys` replaces it).
   */
  JWT_SECRET: z.string().trim().max(1024).optional(),
  JWT_SECRET_FILE: z.string().trim().max(4096).optional(),
  /**
   * After a rotation: the keys JWT_SECRET had before (comma-separated, at most 4), or a file
   * holding them. They verify the sessions they signed, never sign; drop each 7 days after.
   */
  JWT_PREVIOUS_SECRETS: z.string().trim().max(4200).optional(),
  JWT_PREVIOUS_SECRETS_FILE: z.string().trim().max(4096).optional(),
  /**
   * The key one-time tokens (verification, reset and newsletter links) are derived with, and the
   * command side's lookup hashes keyed with (32 bytes or more), or a file holding it
   * (`TOKEN_SECRET_FILE`). Required in production; elsewhere generated and kept in the database.
   * Changing it ends the links already sent and loses those lookups.
   */
  TOKEN_SECRET: z.string().trim().max(1024).optional(),
  TOKEN_SECRET_FILE: z.string().trim().max(4096).optional(),
})

/**
 * The TEST drand chain's secret key is public, so a draw sealed on it could be known in advance:
 * only the offline TEST MODE provider, never Stripe (real money), may run with it.
 */
function testChainOnlyOffline(
  config: { DRAND_CHAIN: 'quicknet' | 'test' } & Partial<Record<(typeof stripeKeys)[number], string>>,
  ctx: z.RefinementCtx,
) {
  if (config.DRAND_CHAIN !== 'test' || stripeKeys.every((key) => config[key] === undefined)) return
  ctx.addIssue({
    code: 'custom',
    path: ['DRAND_CHAIN'],
    message:
      'the TEST drand chain (whose secret key is public) is for TEST MODE only: unset the Stripe keys, or use quicknet',
  })
}

/**
 * Production: `NODE_ENV=production`, or a site served over https (PUBLIC_URL), which is what
 * the public reaches whatever NODE_ENV says.
 */
function isProductionSetting(config: { NODE_ENV: string; PUBLIC_URL?: string | undefined }): boolean {
  return config.NODE_ENV === 'production' || (config.PUBLIC_URL?.startsWith('https://') ?? false)
}

const stripeKeyList = stripeKeys.join(', ')

/**
 * Payments never pretend: PAYMENTS=stripe needs the keys, PAYMENTS=offline-test beside them is
 * contradictory, and production without the keys must say PAYMENTS=offline-test out loud.
 */
function paymentsDecided(
  config: {
    NODE_ENV: string
    PUBLIC_URL?: string | undefined
    PAYMENTS?: 'stripe' | 'offline-test' | undefined
  } & Partial<Record<(typeof stripeKeys)[number], string>>,
  ctx: z.RefinementCtx,
) {
  const keys = stripeKeys.filter((key) => config[key] !== undefined).length
  // Part of the keys: allStripeKeysOrNone names the missing ones.
  if (keys > 0 && keys < stripeKeys.length) return
  const stripe = keys === stripeKeys.length
  if (config.PAYMENTS === 'stripe' && !stripe) {
    ctx.addIssue({
      code: 'custom',
      path: ['PAYMENTS'],
      message: `PAYMENTS=stripe needs the Stripe keys: set ${stripeKeyList}`,
    })
  } else if (config.PAYMENTS === 'offline-test' && stripe) {
    ctx.addIssue({
      code: 'custom',
      path: ['PAYMENTS'],
      message: `offline-test (TEST MODE, no real money) contradicts the Stripe keys that are set: unset ${stripeKeyList} for TEST MODE, or unset PAYMENTS to take payments through Stripe`,
    })
  } else if (config.PAYMENTS === undefined && !stripe && isProductionSetting(config)) {
    ctx.addIssue({
      code: 'custom',
      path: ['PAYMENTS'],
      message: `this is production (NODE_ENV=production or an https PUBLIC_URL) and no Stripe keys are set, so no real payment could be taken: set ${stripeKeyList} to take payments through Stripe, or PAYMENTS=offline-test to run the offline TEST MODE provider on purpose (no real money; every page and email says TEST MODE)`,
    })
  }
}

/** A complaints body's page without its name would be a bare link: the name is needed. */
function complaintsBodyNamed(
  config: { COMPLAINTS_BODY_NAME?: string | undefined; COMPLAINTS_BODY_URL?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (config.COMPLAINTS_BODY_URL !== undefined && config.COMPLAINTS_BODY_NAME === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['COMPLAINTS_BODY_NAME'],
      message: 'COMPLAINTS_BODY_URL needs COMPLAINTS_BODY_NAME: the body the link goes to',
    })
  }
}

/**
 * What the site publishes about who runs it and where to write: production does not start
 * without each (a made-up company on a real-money site is a claim we cannot back).
 */
const requiredInProduction = {
  POSTAL_ADDRESS: 'set the address free entries by post are sent to, lines separated by commas',
  COMPANY_NAME: "set the operator's registered name, as emails and the contact card state it",
  COMPANY_ADDRESS: "set the operator's postal address, one line, as every email carries it",
  SUPPORT_EMAIL: 'set the support address the site and its emails publish',
} as const

/** Outside production (npm start, the tests): an example street and a `.local` address. */
export const developmentPublishedDetails = {
  COMPANY_NAME: 'Prize Platform Ltd',
  COMPANY_ADDRESS: '1 Example Street, London, EC1A 1AA, United Kingdom',
  SUPPORT_EMAIL: 'support@prizeplatform.local',
} as const

function publishedDetailsInProduction(
  config: { NODE_ENV: string; PUBLIC_URL?: string | undefined } & Partial<
    Record<keyof typeof requiredInProduction, unknown>
  >,
  ctx: z.RefinementCtx,
) {
  if (!isProductionSetting(config)) return
  for (const [name, what] of Object.entries(requiredInProduction)) {
    if (config[name as keyof typeof requiredInProduction] !== undefined) continue
    ctx.addIssue({
      code: 'custom',
      path: [name],
      message: `this is production (NODE_ENV=production or an https PUBLIC_URL): ${what}`,
    })
  }
}

const checked = schema
  .superRefine(complaintsBodyNamed)
  .superRefine(allStripeKeysOrNone)
  .superRefine(testChainOnlyOffline)
  .superRefine(paymentsDecided)
  .superRefine(publishedDetailsInProduction)

/** PAYMENTS as decided at start: who takes the payments. */
export type PaymentsMode = 'stripe' | 'offline-test'

export type Config = Omit<
  z.infer<typeof schema>,
  'PAYMENTS' | 'DRAND_URL' | keyof typeof developmentPublishedDetails
> & {
  readonly COMPANY_NAME: string
  readonly COMPANY_ADDRESS: string
  readonly SUPPORT_EMAIL: string
  readonly PUBLIC_URL: string
  readonly PAYMENTS: PaymentsMode
  /** The drand relays to try in turn (none: the admin enters the round's value). */
  readonly DRAND_URL: readonly string[] | undefined
}

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'ConfigError'
  }
}

/**
 * The bounds on database calls: `service` for requests, projections and reactors; `job` for an
 * operator's long statements (rebuild), which keep the same connection bounds.
 */
export function databaseTimeouts(config: Config, use: 'service' | 'job' = 'service'): DatabaseTimeouts {
  return {
    connectMs: config.DB_CONNECT_TIMEOUT_MS,
    acquireMs: config.DB_ACQUIRE_TIMEOUT_MS,
    statementMs: use === 'job' ? config.DB_JOB_STATEMENT_TIMEOUT_MS : config.DB_STATEMENT_TIMEOUT_MS,
    idleInTransactionMs: config.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
  }
}

/** Stripe takes the payments (the schema admits all three keys or none). */
export const stripeConfigured = (config: Config): boolean =>
  Boolean(config.STRIPE_SECRET_KEY && config.STRIPE_PUBLISHABLE_KEY && config.STRIPE_WEBHOOK_SECRET)

/** Production (NODE_ENV=production, or an https PUBLIC_URL): real money unless told otherwise. */
export const isProduction = (config: Pick<Config, 'NODE_ENV' | 'PUBLIC_URL'>): boolean =>
  isProductionSetting(config)

/**
 * TEST MODE: no real money moves, so every page and email says so. The offline provider
 * (PAYMENTS=offline-test), or Stripe with its test keys (`pk_test_`).
 */
export const testMode = (config: Pick<Config, 'PAYMENTS' | 'STRIPE_PUBLISHABLE_KEY'>): boolean =>
  config.PAYMENTS === 'offline-test' || (config.STRIPE_PUBLISHABLE_KEY?.startsWith('pk_test_') ?? false)

/** Variables whose values a refusal names but never shows: it ends up in logs. */
const secrets = new Set([
  'METRICS_TOKEN',
  'ADMIN_PASSWORD',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'BACKUP_PASSPHRASE',
  'DRAW_SEED_KEY',
  'JWT_SECRET',
  'JWT_PREVIOUS_SECRETS',
  'TOKEN_SECRET',
])

/** Reads and validates the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''))
  const result = checked.safeParse(present)
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => {
        const name = String(issue.path[0])
        const got = secrets.has(name)
          ? 'got a value not shown'
          : present[name] === undefined
            ? 'unset'
            : `got ${JSON.stringify(present[name])}`
        return `${issue.path.join('.')}: ${issue.message} (${got})`
      }),
    )
  }
  const config = result.data
  const payments: PaymentsMode = config.PAYMENTS ?? (config.STRIPE_SECRET_KEY ? 'stripe' : 'offline-test')
  // drand's public relays serve quicknet, not the TEST chain; a real-money site needs them.
  const drandDefault =
    config.DRAND_CHAIN === 'quicknet' && (isProductionSetting(config) || payments === 'stripe')
      ? publicDrandRelays
      : undefined
  return {
    ...config,
    COMPANY_NAME: config.COMPANY_NAME ?? developmentPublishedDetails.COMPANY_NAME,
    COMPANY_ADDRESS: config.COMPANY_ADDRESS ?? developmentPublishedDetails.COMPANY_ADDRESS,
    SUPPORT_EMAIL: config.SUPPORT_EMAIL ?? developmentPublishedDetails.SUPPORT_EMAIL,
    PUBLIC_URL: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    PAYMENTS: payments,
    DRAND_URL: config.DRAND_URL ?? drandDefault,
  }
}
