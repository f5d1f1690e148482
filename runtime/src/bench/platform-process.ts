import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createLogger, developmentPublishedDetails, freePort, loadConfig } from '@prizes/platform'
import { generateAdminPassword } from '../launcher/admin'
import { developmentPostalAddress, startPlatform } from '../launcher/platform'
import { startMemoryProbe } from './memory-probe'

/**
 * The platform as `npm start` runs it, for the bench, in a process of its own: the buyers run
 * in the bench's process, so the figures measure the platform and not the load generator (2
 * cores on this machine). Takes the database from BENCH_DATABASE_URL, prints one line
 * `{"ready":"<url>"}` once it listens, and stops on SIGTERM. Run it with `--cpu-prof` to see
 * where its time goes.
 */
async function main() {
  const databaseUrl = process.env.BENCH_DATABASE_URL
  if (!databaseUrl) throw new Error('BENCH_DATABASE_URL is required')
  const logger = createLogger({ level: 'warn', name: 'bench-platform' })
  const dataDir = await mkdtemp(path.join(tmpdir(), 'prizes-bench-platform-'))
  const [port, smtpPort, mailWebPort] = [await freePort(), await freePort(), await freePort()]
  const config = loadConfig({
    NODE_ENV: 'production',
    // The bench buys with the offline test cards: TEST MODE, said out loud as production requires.
    PAYMENTS: 'offline-test',
    // Production takes the draw seeds' and the tokens' keys from the environment (issue 23).
    DRAW_SEED_KEY: randomBytes(32).toString('hex'),
    JWT_SECRET: randomBytes(32).toString('hex'),
    TOKEN_SECRET: randomBytes(32).toString('hex'),
    // And where free entries by post go (issue 24): the development one, which says so.
    POSTAL_ADDRESS: developmentPostalAddress,
    ...developmentPublishedDetails,
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    MAILDEV_SMTP_PORT: String(smtpPort),
    MAILDEV_WEB_PORT: String(mailWebPort),
    ...(process.env.SMTP_URL ? { SMTP_URL: process.env.SMTP_URL } : {}),
    // The crash test shortens reservations, so a payment cut off by a kill is reconciled soon.
    ...(process.env.RESERVATION_MINUTES ? { RESERVATION_MINUTES: process.env.RESERVATION_MINUTES } : {}),
    // The addresses in pages (canonical links, the sitemap) are the ones the bench visits.
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // The built web app of this repository, wherever the bench was started from.
    WEB_DIST_DIR: fileURLToPath(new URL('../../../web/dist', import.meta.url)),
    // The Lighthouse case measures the home page with the demo competitions; the others start empty.
    SEED_DEMO_DATA: process.env.BENCH_SEED_DEMO_DATA === 'true' ? 'true' : 'false',
    // Every buyer is on 127.0.0.1, signs up and buys in a loop: the abuse limits would stop the run.
    RESERVATIONS_PER_USER_HOUR: '1000000000',
    RESERVATIONS_PER_ADDRESS_HOUR: '1000000000',
    ACCOUNTS_PER_ADDRESS_HOUR: '1000000000',
    // The entries export case signs in as an admin of its own, with a password it chose: an
    // admin an earlier case's start created keeps the password it had.
    ADMIN_EMAIL: process.env.BENCH_ADMIN_EMAIL ?? 'bench-admin@example.com',
    ADMIN_PASSWORD: process.env.BENCH_ADMIN_PASSWORD ?? generateAdminPassword(),
  })
  if (process.env.BENCH_MEMORY_FILE) startMemoryProbe(process.env.BENCH_MEMORY_FILE)
  const platform = await startPlatform(config, logger)
  const stop = async () => {
    await platform.stop()
    await rm(dataDir, { recursive: true, force: true })
    // The embedded MailDev's web UI (socket.io) keeps listening after its stop.
    process.exit(0)
  }
  process.once('SIGTERM', () => void stop())
  process.stdout.write(`${JSON.stringify({ ready: `http://127.0.0.1:${port}` })}\n`)
}

main().catch((error: unknown) => {
  console.error('Bench platform failed:', error)
  process.exit(1)
})
