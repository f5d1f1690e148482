/** Runs `op` in `workers` concurrent loops for `durationMs`; answers completed ops per second. */
export async function throughput(
  workers: number,
  durationMs: number,
  op: (worker: number, iteration: number) => Promise<void>,
): Promise<{ ops: number; perSecond: number }> {
  const deadline = performance.now() + durationMs
  const started = performance.now()
  const counts = await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      let iteration = 0
      while (performance.now() < deadline) {
        await op(worker, iteration)
        iteration += 1
      }
      return iteration
    }),
  )
  const seconds = (performance.now() - started) / 1000
  const ops = counts.reduce((a, b) => a + b, 0)
  return { ops, perSecond: ops / seconds }
}

/** The value at quantile q (0..1) of the samples, nearest-rank. */
export function quantile(samples: readonly number[], q: number): number {
  if (samples.length === 0) return Number.NaN
  const sorted = [...samples].sort((a, b) => a - b)
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))
  return sorted[rank] ?? Number.NaN
}

/** A plain text table: one header row, then rows, columns padded to fit. */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)))
  const line = (cells: readonly string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ')
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n')
}
