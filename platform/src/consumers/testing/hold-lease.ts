import { createLogger } from '../../logger'
import { createPgLeases } from '../pg-lease-session'

/**
 * A process that holds one lease, for the lease test to kill: takes LEASE_NAME on DATABASE_URL
 * (a consumer that does nothing) and prints `{"ready":[<leases held>]}`, then lives until killed.
 */
async function main() {
  const connectionString = process.env.DATABASE_URL
  const name = process.env.LEASE_NAME
  if (!connectionString || !name) throw new Error('DATABASE_URL and LEASE_NAME are required')
  const leases = createPgLeases({
    connectionString,
    logger: createLogger({ level: 'silent' }),
    retryMs: 50,
    connectMs: 5000,
    processName: 'lease-test-child',
  })
  leases.hold({ name, start: async () => ({ stop: async () => {} }) })
  await leases.start()
  process.stdout.write(`${JSON.stringify({ ready: leases.held() })}\n`)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
