import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'

export interface PlatformProcess {
  readonly url: string
  readonly pid: number
  stop(): Promise<void>
}

const platformEntry = fileURLToPath(new URL('./platform-process.ts', import.meta.url))
const mailEntry = fileURLToPath(new URL('./mail-process.ts', import.meta.url))

export interface Ready extends Spawned {
  readonly ready: string
  /** The rest of the ready line: MailDev's web address, for one. */
  readonly line: Readonly<Record<string, unknown>>
}

export { mailEntry, platformEntry }

export interface Spawned {
  readonly child: ChildProcess
  readonly exited: Promise<unknown>
}

/**
 * Runs a TypeScript entry point with tsx in a child process, `env` over this process's own:
 * every process of the platform a test or the bench starts is started here. Its stdout is piped
 * (to be read) or shown with this process's; its stderr is shown.
 */
export function spawnEntry(
  entry: string,
  env: NodeJS.ProcessEnv,
  options: { nodeOptions?: string[]; stdout?: 'pipe' | 'inherit' } = {},
): Spawned {
  const child: ChildProcess = spawn(
    process.execPath,
    [...(options.nodeOptions ?? []), '--import', 'tsx', entry],
    {
      env: { ...process.env, ...env },
      stdio: ['ignore', options.stdout ?? 'pipe', 'inherit'],
    },
  )
  return { child, exited: once(child, 'exit') }
}

/** Starts a bench process and waits for the `{"ready": …}` line it prints. */
export async function spawnReady(
  entry: string,
  env: NodeJS.ProcessEnv,
  nodeOptions: string[] = [],
): Promise<Ready> {
  const { child, exited } = spawnEntry(entry, env, { nodeOptions })
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream })
  const line = await new Promise<Record<string, unknown>>((resolve, reject) => {
    lines.on('line', (text) => {
      try {
        const parsed = JSON.parse(text) as Record<string, unknown>
        if (typeof parsed.ready === 'string') resolve(parsed)
      } catch {
        // A log line, not ours.
      }
    })
    void exited.then(() => reject(new Error(`${entry} exited before it was ready`)))
  })
  return { ready: String(line.ready), line, child, exited }
}

/**
 * Starts `platform-process.ts` in a child process on `databaseUrl`, its mail going to MailDev in
 * another, and waits for its URL. `BENCH_PROFILE=<dir>` writes the platform's CPU profile
 * (`--cpu-prof`) there when it stops.
 */
export async function spawnPlatform(
  databaseUrl: string,
  env: Readonly<Record<string, string>> = {},
): Promise<PlatformProcess> {
  const mail = await spawnReady(mailEntry, {})
  const profileDir = process.env.BENCH_PROFILE
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []
  // BENCH_PLATFORM_HEAP_MB caps the platform's heap: a case that claims constant memory must pass under it.
  const heapMb = process.env.BENCH_PLATFORM_HEAP_MB
  const heap = heapMb ? [`--max-old-space-size=${Number(heapMb)}`] : []
  const platform = await spawnReady(
    platformEntry,
    { ...env, BENCH_DATABASE_URL: databaseUrl, SMTP_URL: mail.ready },
    [...profile, ...heap],
  )
  return {
    url: platform.ready,
    pid: platform.child.pid ?? 0,
    async stop() {
      platform.child.kill('SIGTERM')
      await platform.exited
      mail.child.kill('SIGTERM')
      await mail.exited
    },
  }
}
