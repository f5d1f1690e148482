import { describe, expect, it } from 'vitest'
import { parseStat, treeTicks } from './process-cpu'

const stat = (pid: number, comm: string, ppid: number, [u, s, cu, cs]: number[]) =>
  `${pid} (${comm}) S ${ppid} 1 1 0 -1 4194560 100 0 0 0 ${u} ${s} ${cu} ${cs} 20 0 1 0 100 1000 10`

describe('process CPU from /proc', () => {
  it('reads the parent and the four CPU fields, whatever the command name holds', () => {
    expect(parseStat(stat(42, 'node', 7, [10, 5, 3, 2]))).toEqual({ pid: 42, ppid: 7, ticks: 20 })
    expect(parseStat(stat(43, 'postgres: a (b) c', 7, [1, 1, 0, 0]))).toEqual({ pid: 43, ppid: 7, ticks: 2 })
    expect(parseStat('garbage')).toBeUndefined()
  })

  it('adds up a process and everything below it, and nothing beside it', () => {
    const processes = [
      { pid: 1, ppid: 0, ticks: 1000 },
      { pid: 10, ppid: 1, ticks: 5 },
      { pid: 11, ppid: 10, ticks: 7 },
      { pid: 12, ppid: 11, ticks: 11 },
      { pid: 20, ppid: 1, ticks: 100 },
    ]
    expect(treeTicks(processes, 10)).toBe(23)
    expect(treeTicks(processes, 20)).toBe(100)
    expect(treeTicks(processes, 99)).toBe(0)
  })
})
