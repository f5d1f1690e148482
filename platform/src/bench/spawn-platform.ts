import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'

export interface PlatformProcess {
  readonly url: string
  readonly pid: number
  stop(): Promise<void>
}

const entry = fileURLToPath(new URL('./platform-process.ts', import.meta.url))

/**
 * Starts `platform-process.ts` in a child process on `databaseUrl` and waits for its URL.
 * `BENCH_PROFILE=<dir>` writes the platform's CPU profile (`--cpu-prof`) there when it stops.
 */
export async function spawnPlatform(databaseUrl: string): Promise<PlatformProcess> {
  const profileDir = process.env.BENCH_PROFILE
  const child: ChildProcess = spawn(
    process.execPath,
    [...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), '--import', 'tsx', entry],
    { env: { ...process.env, BENCH_DATABASE_URL: databaseUrl }, stdio: ['ignore', 'pipe', 'inherit'] },
  )
  const exited = once(child, 'exit')
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream })
  const url = await new Promise<string>((resolve, reject) => {
    lines.on('line', (line) => {
      try {
        const parsed = JSON.parse(line) as { ready?: string }
        if (parsed.ready) resolve(parsed.ready)
      } catch {
        // A log line, not ours.
      }
    })
    void exited.then(() => reject(new Error('The bench platform exited before it was ready')))
  })
  return {
    url,
    pid: child.pid ?? 0,
    async stop() {
      child.kill('SIGTERM')
      await exited
    },
  }
}
