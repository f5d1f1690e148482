import { describe, expect, test } from 'vitest'
import { ConfigError, isProduction, loadConfig, publicDrandRelays, testMode } from './config'

const stripeKeys = {
  STRIPE_SECRET_KEY: 'sk_live_abc',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_abc',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc',
}
/** What production needs beside the payment settings (issue 24): who runs it, where to write. */
const company = {
  COMPANY_NAME: 'Leeds Prizes Ltd',
  COMPANY_ADDRESS: '2 High Street, Leeds, LS1 1AA',
  SUPPORT_EMAIL: 'help@leedsprizes.example',
}
const postal = { POSTAL_ADDRESS: 'Free Entry, 2 High Street, Leeds, LS1 1AA', ...company }

describe('loadConfig', () => {
  test('defaults give the embedded platform on port 3000', () => {
    const config = loadConfig({})
    expect(config.PORT).toBe(3000)
    expect(config.DATABASE_URL).toBeUndefined()
    expect(config.PUBLIC_URL).toBe('http://localhost:3000')
    expect(config.SEED_DEMO_DATA).toBe(true)
  })

  test('reads and coerces what is set', () => {
    const config = loadConfig({ PORT: '8080', DATABASE_URL: 'postgres://u@h/db', SEED_DEMO_DATA: 'false' })
    expect(config).toMatchObject({ PORT: 8080, DATABASE_URL: 'postgres://u@h/db', SEED_DEMO_DATA: false })
    expect(config.PUBLIC_URL).toBe('http://localhost:8080')
  })

  test('fails fast naming every bad variable', () => {
    const attempt = () =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', EVENTSTORE_URL: 'http://es' })
    expect(attempt).toThrow(ConfigError)
    expect(attempt).toThrow(/PORT[\s\S]*DATABASE_URL[\s\S]*EVENTSTORE_URL/)
  })

  test('what the site publishes: support hours by default, no licence or complaints body unless set', () => {
    const config = loadConfig({})
    expect(config.SUPPORT_HOURS).toBe('Monday to Friday, 9am to 5pm')
    expect(config.OPERATOR_LICENCE).toBeUndefined()
    expect(config.COMPLAINTS_BODY_NAME).toBeUndefined()
    expect(
      loadConfig({ COMPLAINTS_BODY_NAME: 'The Ombudsman', COMPLAINTS_BODY_URL: 'https://ombudsman.example' })
        .COMPLAINTS_BODY_URL,
    ).toBe('https://ombudsman.example')
    expect(() => loadConfig({ COMPLAINTS_BODY_URL: 'https://ombudsman.example' })).toThrow(
      /COMPLAINTS_BODY_NAME/,
    )
    expect(() =>
      loadConfig({ COMPLAINTS_BODY_NAME: 'The Ombudsman', COMPLAINTS_BODY_URL: 'http://ombudsman.example' }),
    ).toThrow(/COMPLAINTS_BODY_URL/)
    expect(() => loadConfig({ OPERATOR_LICENCE: 'x'.repeat(301) })).toThrow(/OPERATOR_LICENCE/)
  })

  test('METRICS_TOKEN: unset by default; a short one is refused without being shown', () => {
    expect(loadConfig({}).METRICS_TOKEN).toBeUndefined()
    const token = 'a-long-enough-metrics-token'
    expect(loadConfig({ METRICS_TOKEN: token }).METRICS_TOKEN).toBe(token)
    const short = () => loadConfig({ METRICS_TOKEN: 'hunter2' })
    expect(short).toThrow(/METRICS_TOKEN: must be at least 16 characters \(got a value not shown\)/)
    expect(short).not.toThrow(/hunter2/)
  })

  test('TRUSTED_PROXIES: empty by default; addresses and ranges; a bad entry named', () => {
    expect(loadConfig({}).TRUSTED_PROXIES).toEqual([])
    expect(loadConfig({ TRUSTED_PROXIES: '172.30.0.10, 10.0.0.0/8,fd00::/8' }).TRUSTED_PROXIES).toEqual([
      '172.30.0.10',
      '10.0.0.0/8',
      'fd00::/8',
    ])
    expect(() => loadConfig({ TRUSTED_PROXIES: '127.0.0.1,proxy.local' })).toThrow(
      /TRUSTED_PROXIES: "proxy.local" is not an IPv4 or IPv6 address or CIDR range/,
    )
    expect(() => loadConfig({ TRUSTED_PROXIES: '10.0.0.0/40' })).toThrow(/TRUSTED_PROXIES: "10.0.0.0\/40"/)
  })

  test('REQUEST_TIMEOUT_MS: 10 s by default; bounded', () => {
    expect(loadConfig({}).REQUEST_TIMEOUT_MS).toBe(10_000)
    expect(loadConfig({ REQUEST_TIMEOUT_MS: '2500' }).REQUEST_TIMEOUT_MS).toBe(2500)
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '5' })).toThrow(/REQUEST_TIMEOUT_MS/)
  })

  test('accepts EventStoreDB and KurrentDB connection strings', () => {
    expect(loadConfig({ EVENTSTORE_URL: 'esdb://localhost:2113?tls=false' }).EVENTSTORE_URL).toBeDefined()
    expect(loadConfig({ EVENTSTORE_URL: 'kurrentdb://localhost:2113' }).EVENTSTORE_URL).toBeDefined()
  })

  test('payments: offline unless all three Stripe keys are set', () => {
    const offline = loadConfig({})
    expect(offline.STRIPE_SECRET_KEY).toBeUndefined()
    expect(offline.RESERVATION_MINUTES).toBe(10)
    expect(offline.ENTRY_REFERENCE_PREFIX).toBe('PRZ')
    const stripe = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      RESERVATION_MINUTES: '15',
      ENTRY_REFERENCE_PREFIX: 'WIN',
    })
    expect(stripe).toMatchObject({
      STRIPE_SECRET_KEY: 'sk_test_abc',
      RESERVATION_MINUTES: 15,
      ENTRY_REFERENCE_PREFIX: 'WIN',
    })
  })

  test('refuses part of a Stripe configuration, keys of the wrong kind and odd reservation settings', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(
      /STRIPE_PUBLISHABLE_KEY[\s\S]*STRIPE_WEBHOOK_SECRET/,
    )
    expect(() =>
      loadConfig({
        STRIPE_SECRET_KEY: 'pk_test_abc',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      }),
    ).toThrow(/STRIPE_SECRET_KEY: must start with sk_ or rk_/)
    expect(() => loadConfig({ RESERVATION_MINUTES: '0' })).toThrow(/RESERVATION_MINUTES/)
    expect(() => loadConfig({ RESERVATION_MINUTES: '0.01' })).toThrow(/RESERVATION_MINUTES/)
    expect(() => loadConfig({ ENTRY_REFERENCE_PREFIX: 'prz-' })).toThrow(/ENTRY_REFERENCE_PREFIX/)
  })

  test('DRAND_CHAIN: quicknet by default; the TEST chain only with the offline provider', () => {
    expect(loadConfig({}).DRAND_CHAIN).toBe('quicknet')
    expect(loadConfig({ DRAND_CHAIN: 'test' }).DRAND_CHAIN).toBe('test')
    const stripe = {
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
    }
    expect(loadConfig({ ...stripe, DRAND_CHAIN: 'quicknet' }).DRAND_CHAIN).toBe('quicknet')
    const real = () => loadConfig({ ...stripe, DRAND_CHAIN: 'test' })
    expect(real).toThrow(ConfigError)
    expect(real).toThrow(/DRAND_CHAIN: the TEST drand chain .* is for TEST MODE only/)
    expect(() => loadConfig({ DRAND_CHAIN: 'mainnet' })).toThrow(/DRAND_CHAIN/)
  })

  test('a reservation may last a fraction of a minute, for tests that watch it expire', () => {
    expect(loadConfig({ RESERVATION_MINUTES: '0.05' }).RESERVATION_MINUTES).toBe(0.05)
  })

  test('consumer leases are tried every 5 seconds unless told otherwise', () => {
    expect(loadConfig({}).LEASE_RETRY_MS).toBe(5000)
    expect(loadConfig({ LEASE_RETRY_MS: '50' }).LEASE_RETRY_MS).toBe(50)
    expect(() => loadConfig({ LEASE_RETRY_MS: '5' })).toThrow(/LEASE_RETRY_MS/)
  })

  test('service URLs: one or several comma-separated base URLs, each checked', () => {
    expect(loadConfig({}).COMMAND_SERVICE_URL).toBeUndefined()
    expect(loadConfig({ COMMAND_SERVICE_URL: 'http://command:3101' }).COMMAND_SERVICE_URL).toEqual([
      'http://command:3101',
    ])
    expect(
      loadConfig({ QUERY_SERVICE_URL: ' http://q1:3102 , https://q2.internal ' }).QUERY_SERVICE_URL,
    ).toEqual(['http://q1:3102', 'https://q2.internal'])
    expect(() => loadConfig({ COMMAND_SERVICE_URL: 'http://a:1,ftp://b' })).toThrow(
      /COMMAND_SERVICE_URL: "ftp:\/\/b" is not an http/,
    )
    expect(() => loadConfig({ COMMAND_SERVICE_URL: 'http://a:1,,http://b:1' })).toThrow(/"" is not an http/)
    expect(() => loadConfig({ QUERY_SERVICE_URL: 'http://a:1/api' })).toThrow(/base URL only/)
    expect(() => loadConfig({ QUERY_SERVICE_URL: 'http://a:1,http://a:1' })).toThrow(/listed twice/)
    const many = Array.from({ length: 65 }, (_, i) => `http://q${i}:3102`).join(',')
    expect(() => loadConfig({ QUERY_SERVICE_URL: many })).toThrow(/at most 64/)
  })

  test('the read-after wait is bounded', () => {
    expect(loadConfig({}).READ_AFTER_TIMEOUT_MS).toBe(3000)
    expect(loadConfig({ READ_AFTER_TIMEOUT_MS: '0' }).READ_AFTER_TIMEOUT_MS).toBe(0)
    expect(() => loadConfig({ READ_AFTER_TIMEOUT_MS: '60000' })).toThrow(/READ_AFTER_TIMEOUT_MS/)
  })

  describe('PAYMENTS: production never takes test payments without being told', () => {
    test('outside production: offline-test without keys, stripe with them', () => {
      expect(loadConfig({}).PAYMENTS).toBe('offline-test')
      expect(loadConfig({ NODE_ENV: 'test' }).PAYMENTS).toBe('offline-test')
      expect(loadConfig(stripeKeys).PAYMENTS).toBe('stripe')
      expect(loadConfig({ ...stripeKeys, PAYMENTS: 'stripe' }).PAYMENTS).toBe('stripe')
    })

    test('production without the Stripe keys refuses to start, naming the variables and the way out', () => {
      for (const env of [{ NODE_ENV: 'production' }, { PUBLIC_URL: 'https://prizes.example.com' }]) {
        const start = () => loadConfig(env)
        expect(start).toThrow(ConfigError)
        expect(start).toThrow(/PAYMENTS: this is production/)
        expect(start).toThrow(/STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET/)
        expect(start).toThrow(/PAYMENTS=offline-test/)
      }
      expect(loadConfig({ ...postal, NODE_ENV: 'production', ...stripeKeys }).PAYMENTS).toBe('stripe')
      const told = loadConfig({ ...postal, NODE_ENV: 'production', PAYMENTS: 'offline-test' })
      expect(told.PAYMENTS).toBe('offline-test')
      expect(testMode(told)).toBe(true)
    })

    test('stripe without keys is refused everywhere; offline-test beside keys is contradictory', () => {
      expect(() => loadConfig({ PAYMENTS: 'stripe' })).toThrow(
        /PAYMENTS: PAYMENTS=stripe needs the Stripe keys/,
      )
      const both = () => loadConfig({ ...stripeKeys, PAYMENTS: 'offline-test' })
      expect(both).toThrow(/PAYMENTS: offline-test .* contradicts the Stripe keys/)
      expect(both).not.toThrow(/sk_live_abc/)
      expect(() => loadConfig({ PAYMENTS: 'paypal' })).toThrow(/PAYMENTS/)
    })

    test('production and TEST MODE as the rest of the platform reads them', () => {
      expect(isProduction(loadConfig({}))).toBe(false)
      expect(isProduction(loadConfig({ PUBLIC_URL: 'http://prizes.internal' }))).toBe(false)
      expect(
        isProduction(loadConfig({ ...postal, PUBLIC_URL: 'https://prizes.example.com', ...stripeKeys })),
      ).toBe(true)
      expect(testMode(loadConfig({}))).toBe(true)
      expect(testMode(loadConfig(stripeKeys))).toBe(false)
      expect(testMode(loadConfig({ ...stripeKeys, STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' }))).toBe(true)
    })
  })

  describe('POSTAL_ADDRESS: the free route needs somewhere to post to', () => {
    test('is read as lines, separated by commas or new lines', () => {
      expect(loadConfig({}).POSTAL_ADDRESS).toBeUndefined()
      expect(
        loadConfig({ POSTAL_ADDRESS: 'Free Entry, 2 High St ,\n Leeds\\nLS1 1AA' }).POSTAL_ADDRESS,
      ).toEqual(['Free Entry', '2 High St', 'Leeds', 'LS1 1AA'])
    })

    test('is bounded: 2 to 8 lines of at most 100 characters', () => {
      expect(() => loadConfig({ POSTAL_ADDRESS: 'Leeds' })).toThrow(
        /POSTAL_ADDRESS: must have at least 2 lines/,
      )
      expect(() => loadConfig({ POSTAL_ADDRESS: Array(9).fill('x').join(',') })).toThrow(/at most 8 lines/)
      expect(() => loadConfig({ POSTAL_ADDRESS: `${'x'.repeat(101)}, Leeds` })).toThrow(
        /at most 100 characters/,
      )
      expect(() => loadConfig({ POSTAL_ADDRESS: 'x,'.repeat(400) })).toThrow(/POSTAL_ADDRESS/)
    })

    test('production does not start without it, naming the variable', () => {
      for (const env of [{ NODE_ENV: 'production' }, { PUBLIC_URL: 'https://prizes.example.com' }]) {
        const start = () => loadConfig({ ...env, ...stripeKeys })
        expect(start).toThrow(ConfigError)
        expect(start).toThrow(/POSTAL_ADDRESS: this is production/)
        expect(
          loadConfig({ ...env, ...stripeKeys, ...company, POSTAL_ADDRESS: 'A, B' }).POSTAL_ADDRESS,
        ).toEqual(['A', 'B'])
      }
    })
  })

  describe('COMPANY_NAME, COMPANY_ADDRESS, SUPPORT_EMAIL: who runs the site, as it publishes', () => {
    test('outside production, development values that say they are examples', () => {
      const config = loadConfig({})
      expect(config.COMPANY_ADDRESS).toMatch(/Example Street/)
      expect(config.SUPPORT_EMAIL).toMatch(/\.local$/)
      expect(loadConfig(company)).toMatchObject(company)
    })

    test('production does not start without each, naming every one missing', () => {
      for (const env of [{ NODE_ENV: 'production' }, { PUBLIC_URL: 'https://prizes.example.com' }]) {
        const base = { ...env, ...stripeKeys, ...postal }
        for (const name of Object.keys(company)) {
          const start = () => loadConfig({ ...base, [name]: undefined })
          expect(start).toThrow(new RegExp(`${name}: this is production`))
        }
        expect(() => loadConfig({ ...env, ...stripeKeys })).toThrow(
          /POSTAL_ADDRESS[\s\S]*COMPANY_NAME[\s\S]*COMPANY_ADDRESS[\s\S]*SUPPORT_EMAIL/,
        )
        expect(loadConfig(base)).toMatchObject(company)
      }
    })
  })

  describe('DRAND_URL', () => {
    test("one relay or several, tried in turn; in production drand's public relays by default", () => {
      expect(loadConfig({}).DRAND_URL).toBeUndefined()
      expect(loadConfig({ DRAND_URL: 'https://a.example , http://b.example:8080' }).DRAND_URL).toEqual([
        'https://a.example',
        'http://b.example:8080',
      ])
      expect(loadConfig({ ...postal, NODE_ENV: 'production', ...stripeKeys }).DRAND_URL).toEqual(
        publicDrandRelays,
      )
      expect(loadConfig({ ...postal, NODE_ENV: 'production', PAYMENTS: 'offline-test' }).DRAND_URL).toEqual(
        publicDrandRelays,
      )
      expect(loadConfig(stripeKeys).DRAND_URL).toEqual(publicDrandRelays)
      expect(publicDrandRelays).toEqual([
        'https://api.drand.sh',
        'https://api2.drand.sh',
        'https://api3.drand.sh',
        'https://drand.cloudflare.com',
      ])
      // The public relays serve quicknet only: the TEST chain needs a relay named.
      const testChain = loadConfig({
        ...postal,
        NODE_ENV: 'production',
        PAYMENTS: 'offline-test',
        DRAND_CHAIN: 'test',
      })
      expect(testChain.DRAND_URL).toBeUndefined()
      const given = loadConfig({
        ...postal,
        NODE_ENV: 'production',
        ...stripeKeys,
        DRAND_URL: 'https://relay.example',
      })
      expect(given.DRAND_URL).toEqual(['https://relay.example'])
    })

    test('bounded and checked', () => {
      expect(() => loadConfig({ DRAND_URL: 'ftp://relay' })).toThrow(
        /DRAND_URL: "ftp:\/\/relay" is not an http/,
      )
      expect(() => loadConfig({ DRAND_URL: 'https://a,https://a' })).toThrow(/listed twice/)
      const many = Array.from({ length: 9 }, (_, i) => `https://r${i}.example`).join(',')
      expect(() => loadConfig({ DRAND_URL: many })).toThrow(/at most 8 relays/)
    })
  })
})
