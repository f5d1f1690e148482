/** A drand chain's timing: rounds start at `genesisTime` (Unix seconds), one each `period` s. */
export interface DrandChain {
  readonly chainHash: string
  readonly genesisTime: number
  readonly period: number
}

/** drand's quicknet chain (3 s rounds), the default for draws. */
export const quicknet: DrandChain = {
  chainHash: '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971',
  genesisTime: 1692803367,
  period: 3,
}

/**
 * The first round published at or after `time` (round 1 is at genesis). Closing names the round
 * for a moment shortly after the close (the caller adds a margin, e.g. a minute), so nobody,
 * the platform included, can know its value when the list is sealed.
 */
export function drandRound(time: Date, chain: DrandChain = quicknet): number {
  const elapsed = time.getTime() / 1000 - chain.genesisTime
  if (elapsed <= 0) return 1
  return Math.ceil(elapsed / chain.period) + 1
}
