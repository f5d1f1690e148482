import { readFile, writeFile } from 'node:fs/promises'

/** A process's memory now and at its highest since the last reading, in bytes. */
export interface MemoryReading {
  readonly seq: number
  readonly now: { readonly rss: number; readonly heapUsed: number }
  readonly peak: { readonly rss: number; readonly heapUsed: number }
}

/**
 * In the measured process: samples `process.memoryUsage()` every 20 ms and, on SIGUSR2, writes
 * the current figures and the peaks since the last signal to `file`, then starts the peaks
 * again from now. The bench reads them from its own process (`readMemory`).
 */
export function startMemoryProbe(file: string): void {
  let seq = 0
  const current = () => {
    const { rss, heapUsed } = process.memoryUsage()
    return { rss, heapUsed }
  }
  let peak = current()
  const sample = () => {
    const now = current()
    peak = { rss: Math.max(peak.rss, now.rss), heapUsed: Math.max(peak.heapUsed, now.heapUsed) }
    return now
  }
  setInterval(sample, 20).unref()
  process.on('SIGUSR2', () => {
    const now = sample()
    seq += 1
    const reading: MemoryReading = { seq, now, peak }
    peak = now
    void writeFile(file, JSON.stringify(reading))
  })
}

/** From the bench: asks process `pid` for its reading and waits for it (one newer than `after`). */
export async function readMemory(pid: number, file: string, after: number): Promise<MemoryReading> {
  process.kill(pid, 'SIGUSR2')
  const deadline = Date.now() + 10_000
  for (;;) {
    try {
      const reading = JSON.parse(await readFile(file, 'utf8')) as MemoryReading
      if (reading.seq > after) return reading
    } catch {
      // Not written yet, or half written.
    }
    if (Date.now() > deadline) throw new Error(`no memory reading from process ${pid}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
