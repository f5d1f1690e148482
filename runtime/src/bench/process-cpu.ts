import { execFileSync } from 'node:child_process'
import { readdir, readFile } from 'node:fs/promises'
import pg from 'pg'

/** One process as `/proc/<pid>/stat` tells it: its parent, and CPU in clock ticks. */
export interface ProcessTimes {
  readonly pid: number
  readonly ppid: number
  /** Its own user and system time, and that of its children it has waited for (ended ones). */
  readonly ticks: number
}

/**
 * `/proc/<pid>/stat`: the command name sits in parentheses and may itself hold spaces and
 * parentheses, so the fields are counted from the last `)`. Fields 4 (ppid) and 14 to 17
 * (utime, stime, cutime, cstime) are the ones used.
 */
export function parseStat(text: string): ProcessTimes | undefined {
  const open = text.indexOf('(')
  const close = text.lastIndexOf(')')
  if (open < 0 || close < open) return undefined
  const pid = Number(text.slice(0, open).trim())
  const fields = text
    .slice(close + 2)
    .trim()
    .split(/\s+/)
  // fields[0] is field 3 (state): field n is fields[n - 3].
  const ppid = Number(fields[1])
  const [utime, stime, cutime, cstime] = [11, 12, 13, 14].map((i) => Number(fields[i]))
  if (![pid, ppid, utime, stime, cutime, cstime].every(Number.isFinite)) return undefined
  return { pid, ppid, ticks: (utime ?? 0) + (stime ?? 0) + (cutime ?? 0) + (cstime ?? 0) }
}

/**
 * The CPU ticks of `root` and every process below it. A live process counts its own time; one
 * that ended is in its parent's children's time, so nothing counts twice.
 */
export function treeTicks(processes: readonly ProcessTimes[], root: number): number {
  const children = new Map<number, ProcessTimes[]>()
  for (const p of processes) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p])
  let total = 0
  const stack = processes.filter((p) => p.pid === root)
  for (let p = stack.pop(); p; p = stack.pop()) {
    total += p.ticks
    stack.push(...(children.get(p.pid) ?? []))
  }
  return total
}

async function allProcesses(): Promise<ProcessTimes[]> {
  const pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name))
  const read = await Promise.all(
    pids.map((pid) => readFile(`/proc/${pid}/stat`, 'utf8').then(parseStat, () => undefined)),
  )
  return read.filter((p): p is ProcessTimes => p !== undefined)
}

let ticksPerSecond: number | undefined
function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100
    } catch {
      ticksPerSecond = 100
    }
  }
  return ticksPerSecond
}

/** CPU seconds spent so far by each named process tree; a root not on this machine is left out. */
export async function cpuSeconds(roots: Readonly<Record<string, number | undefined>>) {
  const processes = await allProcesses()
  const seconds: Record<string, number> = {}
  for (const [name, root] of Object.entries(roots)) {
    if (root !== undefined) seconds[name] = treeTicks(processes, root) / clockTicks()
  }
  return seconds
}

/**
 * The PostgreSQL server's own process (the postmaster), when it runs on this machine: the parent
 * of the backend serving a connection. Undefined for a server elsewhere.
 */
export async function postgresServerPid(databaseUrl: string): Promise<number | undefined> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid')
    const backend = rows[0]?.pid
    const stat = await readFile(`/proc/${backend}/stat`, 'utf8').catch(() => undefined)
    return stat ? parseStat(stat)?.ppid : undefined
  } finally {
    await client.end()
  }
}
