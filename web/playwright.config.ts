import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig, devices } from '@playwright/test'
import { e2eAdmin } from './e2e/support/admin'
import { drandRelayUrl } from './e2e/support/drand-relay'
import { encodePorts, portCount, readPorts } from './e2e/support/ports'
import { e2ePostalAddress } from './e2e/support/postal'

const here = dirname(fileURLToPath(import.meta.url))
/** The gateway's port; E2E_GATEWAY_PORT lets two runs share a machine. */
const port = Number(process.env.E2E_GATEWAY_PORT ?? 3917)
const baseURL = `http://127.0.0.1:${port}`

/** Ports the OS says are free now. Synchronous (a short child process) because the config must be. */
function freePorts(count: number): string[] {
  const script = `
    const net = require('node:net')
    Promise.all(Array.from({ length: ${count} }, () => new Promise((resolve) => {
      const server = net.createServer().listen(0, '127.0.0.1', () => resolve(server))
    }))).then((servers) => {
      console.log(servers.map((s) => s.address().port).join(','))
      for (const s of servers) s.close()
    })`
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim().split(',')
}

/**
 * The config is loaded by the runner and again by each worker. The runner picks a fresh data
 * directory and free ports once and hands them to the workers through the environment, so only
 * one directory is made per run (and removed when the runner exits).
 */
function runEnvironment(): Record<string, string> {
  if (!process.env.E2E_DATA_DIR) {
    const dataDir = mkdtempSync(join(tmpdir(), 'prizes-e2e-'))
    process.env.E2E_DATA_DIR = dataDir
    process.env.E2E_PORTS = encodePorts(freePorts(portCount))
    process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }))
  }
  const ports = readPorts()
  return {
    PORT: String(port),
    // Links in emails point at the address the browser uses, so following one keeps its cookies.
    PUBLIC_URL: baseURL,
    DATA_DIR: process.env.E2E_DATA_DIR,
    MAILDEV_SMTP_PORT: ports.smtp,
    MAILDEV_WEB_PORT: ports.mailWeb,
    EMBEDDED_PG_PORT: ports.postgres,
    COMMAND_SERVICE_PORT: ports.command,
    QUERY_SERVICE_PORT: ports.query,
    LOG_LEVEL: 'warn',
    // Every browser of the suite comes from one address, as the bench's buyers do; the limits
    // per address are proven by the integration tests, not by how many tests this suite has.
    ACCOUNTS_PER_ADDRESS_HOUR: '100000',
    RESERVATIONS_PER_ADDRESS_HOUR: '100000',
    // Every browser here is one address, asking for a skill question in each entry form.
    SKILL_QUESTIONS_PER_ADDRESS_HOUR: '100000',
    // The free route's address every page shows (issue 24), set here as production must set it.
    POSTAL_ADDRESS: e2ePostalAddress.join(', '),
    ADMIN_EMAIL: e2eAdmin.email,
    ADMIN_PASSWORD: e2eAdmin.password,
    // Draws seal rounds of the TEST drand chain and fetch them from the suite's relay, which
    // signs each once its time has come: the certificates of drawn competitions can PASS offline
    // (saying TEST MODE). The config allows that chain only without Stripe keys, as here.
    DRAND_CHAIN: 'test',
    DRAND_URL: drandRelayUrl(ports.drand),
  }
}

const environment = runEnvironment()
const drandPort = readPorts().drand

export default defineConfig({
  testDir: './e2e',
  workers: 1,
  reporter: 'list',
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: [
    {
      command: `npx tsx web/e2e/support/drand-relay.ts ${drandPort}`,
      cwd: resolve(here, '..'),
      url: `${drandRelayUrl(drandPort)}/info`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      command: 'npx tsx runtime/src/launcher/main.ts',
      cwd: resolve(here, '..'),
      env: environment,
      url: `${baseURL}/api/competitions`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    },
  ],
})
